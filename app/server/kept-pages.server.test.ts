import { describe, expect, it } from "vitest";
import { mayBeKept } from "../../web-http";
import { encodingFor } from "./kept-pages.server";

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
