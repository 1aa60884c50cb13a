import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cache as bffCache, CACHES as BFF_CACHES } from "../../app/server/shelf/caches.server";
import { cache as backendCache, CACHES as BACKEND_CACHES } from "../../backend/caches";

const MODULES = ["core/cache.ts"];

describe("the caches of each program are made in its cache module (docs/caching.md)", () => {
  it("is the only place that makes an lru-cache", () => {
    const files = execFileSync("git", ["grep", "-l", "--untracked", 'from "lru-cache"', "--", "app", "backend", "http", "core", "server.ts"], {
      encoding: "utf8",
    })
      .split("\n")
      .filter(Boolean);
    expect(files.sort()).toEqual([...MODULES].sort());
  });

  it("names every cache once, each with a bound", () => {
    const specs = [...Object.values(BFF_CACHES), ...Object.values(BACKEND_CACHES)];
    expect(new Set(specs.map((s) => s.name)).size).toBe(specs.length);
    for (const spec of specs) expect("max" in spec || "maxBytes" in spec, spec.name).toBe(true);
    expect(BFF_CACHES.keptPages).toMatchObject({ maxBytes: 32 * 1024 * 1024, order: "lru" });
    expect(BACKEND_CACHES.heldVersions).toMatchObject({ max: 100_000, order: "lru" });
  });
});

describe.each([
  ["the BFF's", bffCache],
  ["the backend's", backendCache],
])("%s cache", (_name, cache) => {
  it("drops the least recently read first when its order is lru", () => {
    const c = cache<number>({ name: "t", max: 2, order: "lru" });
    c.set("a", 1);
    c.set("b", 2);
    c.get("a");
    c.set("c", 3);
    expect([c.get("a"), c.get("b"), c.get("c")]).toEqual([1, undefined, 3]);
  });

  it("drops the first stored first when its order is fifo, a read moving nothing and storing again moving it last", () => {
    const c = cache<number>({ name: "t", max: 2, order: "fifo" });
    c.set("a", 1);
    c.set("b", 2);
    c.get("a");
    c.set("c", 3);
    expect([c.get("a"), c.get("b"), c.get("c")]).toEqual([undefined, 2, 3]);
    c.set("b", 20);
    c.set("d", 4);
    expect([c.get("b"), c.get("c"), c.get("d")]).toEqual([20, undefined, 4]);
  });

  it("keeps within a bound in bytes, the least recently read out first, the same key counted once", () => {
    const c = cache<Uint8Array>({ name: "t", maxBytes: 10, order: "lru" }, (v) => v.byteLength);
    c.set("a", new Uint8Array(4));
    c.set("a", new Uint8Array(4));
    c.set("b", new Uint8Array(4));
    c.get("a");
    c.set("c", new Uint8Array(4));
    expect([c.get("a")?.byteLength, c.get("b"), c.get("c")?.byteLength]).toEqual([4, undefined, 4]);
  });

  it("forgets an entry its time to live after it was stored, however often it is read", async () => {
    const c = cache<boolean>({ name: "t", max: 10, ttlMs: 60, order: "lru" });
    c.set("a", true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(c.get("a")).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(c.get("a")).toBeUndefined();
  });

  it("is never unbounded, and a bound in bytes needs an entry's size", () => {
    expect(() => cache({ name: "t", order: "lru" })).toThrow(/bound/);
    expect(() => cache({ name: "t", maxBytes: 10, order: "lru" })).toThrow(/size/);
  });
});
