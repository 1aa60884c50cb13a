import { describe, expect, it } from "vitest";
import type http from "node:http";
import type { ServerBuild } from "@remix-run/node";
import { keptAnswer } from "../app/server/shelf/kept-pages.server";
import { keptEdge } from "./kept-edge";
import { routes } from "../tests/support/kept-routes";

describe("the server's edge (decision 077)", () => {
  const build = { entry: { module: { keptAnswer } }, assets: { version: "test" }, routes } as unknown as ServerBuild;
  /** Which requests the edge hands straight to Express (`app`), without an answer of its own. */
  const handedOn = (method: string, url: string, headers: http.IncomingHttpHeaders = {}) => {
    const handed: unknown[] = [];
    const edge = keptEdge(
      build,
      (req) => handed.push(req),
      () => {
        throw new Error("no security headers without an answer");
      },
    );
    const req = { method, url, headers } as http.IncomingMessage;
    edge(req, {} as http.ServerResponse);
    return handed.length === 1;
  };
  it("hands Express every request it cannot answer: another method, another page, no session cookie, a flash message, an address no URL is made of", () => {
    const session = { cookie: "__session=abc" };
    expect(handedOn("HEAD", "/grupo/7/directo", session)).toBe(true);
    expect(handedOn("POST", "/grupo/7/directo", session)).toBe(true);
    expect(handedOn("GET", "/grupo/7/predicciones", session)).toBe(true);
    expect(handedOn("GET", "/grupo/7/directo")).toBe(true);
    expect(handedOn("GET", "/grupo/7/directo", { cookie: "__session=abc; __toast=x" })).toBe(true);
    expect(handedOn("GET", "http://[", session)).toBe(true);
  });
});
