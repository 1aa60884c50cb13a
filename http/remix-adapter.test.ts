import { describe, expect, it } from "vitest";
import { mayBeKept } from "./remix-adapter";

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
