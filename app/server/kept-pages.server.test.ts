import { describe, expect, it } from "vitest";
import type http from "node:http";
import type { ServerBuild } from "@remix-run/node";
import { keptEdge, mayBeKept } from "../../web-http";
import { encodingFor, keptAnswer, versionCallOf } from "./kept-pages.server";
import * as live from "~/routes/grupo.$groupId.directo";
import * as standings from "~/routes/grupo.$groupId.temporada.$seasonId.clasificacion";
import * as results from "~/routes/grupo.$groupId.resultados-y-apuestas";
import * as predictions from "~/routes/grupo.$groupId.predictions";
import * as kiosk from "~/routes/kiosk.$token";

describe("a kept page's encoding (decision 067)", () => {
  it("takes brotli, else gzip, else none, and honours q=0", () => {
    expect(encodingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(encodingFor("gzip")).toBe("gzip");
    expect(encodingFor("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(encodingFor("*")).toBe("br");
    expect(encodingFor("*, br;q=0")).toBe("gzip");
    expect(encodingFor("identity")).toBe("identity");
    expect(encodingFor(null)).toBe("identity");
  });
});

describe("which answers a browser may keep", () => {
  const answer = (headers: Record<string, string>) => new Response("x", { headers });
  it("is a page that asks for it (private, no-cache) and carries a strong validator", () => {
    expect(mayBeKept(answer({ "cache-control": "private, no-cache", etag: '"abc"' }))).toBe(true);
  });
  it("is never a page without a validator, with a weak one, or one that did not ask", () => {
    expect(mayBeKept(answer({ "cache-control": "private, no-cache" }))).toBe(false);
    expect(mayBeKept(answer({ "cache-control": "private, no-cache", etag: 'W/"abc"' }))).toBe(false);
    expect(mayBeKept(answer({ etag: '"abc"' }))).toBe(false);
    expect(mayBeKept(answer({ "cache-control": "public, max-age=60", etag: '"abc"' }))).toBe(false);
  });
});

/** The build's routes as Remix makes them of app/routes' file names, with the route modules' own handles. */
const routes = {
  root: { path: "", module: {} },
  "routes/grupo.$groupId.directo": { parentId: "root", path: "grupo/:groupId/directo", module: { handle: live.handle } },
  "routes/grupo.$groupId.temporada.$seasonId.clasificacion": {
    parentId: "root",
    path: "grupo/:groupId/temporada/:seasonId/clasificacion",
    module: { handle: standings.handle },
  },
  "routes/grupo.$groupId.resultados-y-apuestas": { parentId: "root", path: "grupo/:groupId/resultados-y-apuestas", module: { handle: results.handle } },
  "routes/grupo.$groupId.predictions": { parentId: "root", path: "grupo/:groupId/predictions", module: { handle: predictions.handle } },
  "routes/kiosk.$token": { parentId: "root", path: "kiosk/:token", module: { handle: kiosk.handle } },
};

describe("which version call answers each kept page (decisions 067, 070, 082)", () => {
  const call = (address: string) => versionCallOf(new URL(address, "http://localhost"), routes);
  it("is the page's own, with the query that picks its view", () => {
    expect(call("/grupo/7/directo?pausa=1")).toBe("/Group/7/LiveVersion");
    expect(call("/grupo/7/directo?quiniela=12")).toBe("/Group/7/LiveVersion?quinielaId=12");
    expect(call("/grupo/7/temporada/3/clasificacion?orden=wilson&quiniela=12")).toBe("/group/7/season/3/StandingsVersion");
    expect(call("/grupo/7/resultados-y-apuestas")).toBe("/Bet/RoundSummaryVersion?groupId=7");
    expect(call("/grupo/7/resultados-y-apuestas?jornada=5&temporada=2&orden=hits")).toBe("/Bet/RoundSummaryVersion?groupId=7&numberQuiniela=5&seasonId=2");
    expect(call("/grupo/7/resultados-y-apuestas?jornada=1.5")).toBe("/Bet/RoundSummaryVersion?groupId=7");
    // Remix matches a route in any casing: so does the edge.
    expect(call("/Grupo/7/Directo")).toBe("/Group/7/LiveVersion");
  });
  it("is none for any other page", () => {
    for (const address of [
      "/grupo/7/predictions",
      "/grupo/7/temporada/3/clasificacion.csv",
      "/grupo/7/directo/marcadores",
      "/kiosk/abc",
      "/grupo/x/directo",
      "/grupo/%E0%A4%A/directo",
    ]) {
      expect(call(address), address).toBeNull();
    }
  });
});

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
