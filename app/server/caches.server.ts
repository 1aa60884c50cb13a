// Every cache of the BFF, named, with its bound, its time to live and what goes out first, in one list
// (docs/caching.md says for each its key, what clears it and what a second instance sees). A cache is
// made only here, by `cache`, on lru-cache; the backend's are in backend/caches.ts.
import { LRUCache } from "lru-cache";

/** What a cache is: its name, its bound (entries, or bytes as its `sizeOf` counts them), its time to live. */
export interface CacheSpec {
  /** How docs/caching.md names it. */
  readonly name: string;
  /** At most this many entries. */
  readonly max?: number;
  /** At most this many bytes, as the `sizeOf` given to `cache` counts an entry. */
  readonly maxBytes?: number;
  /** An entry is gone this long after it was stored (a read does not make it younger). */
  readonly ttlMs?: number;
  /**
   * What goes out first when the bound is reached: "lru", the least recently read or stored (a read
   * moves an entry last); "fifo", the first stored (a read moves nothing, storing again moves it last).
   */
  readonly order: "lru" | "fifo";
}

const MiB = 1024 * 1024;

/** The BFF's caches, per instance, in memory. */
export const CACHES = {
  /** A kept page's rendered bytes by validator (decisions 067, 077), sent by the edge for a validator seen before. */
  keptPages: { name: "kept pages", maxBytes: 32 * MiB, order: "lru" },
  /** A group's standings rows per season and scope, with their tables rendered per sort (decision 027). */
  heldStandings: { name: "held standings", max: 64, order: "lru" },
  /** A round's tickets for results and bets, with their cards rendered per sort (decision 027). */
  heldTickets: { name: "held tickets", max: 64, order: "lru" },
  /** A text many views repeat (a page's cut of the stylesheet) as an encoded, compressed fragment (decision 038). */
  fragmentTexts: { name: "fragment texts", max: 256, order: "fifo" },
  /** The build's stylesheets, read and parsed once; a build has one or two, so the bound is never met. */
  stylesheets: { name: "stylesheets", max: 64, order: "fifo" },
  /** A stylesheet's rules a set of classes uses, per sheet (decision 038). */
  styleCuts: { name: "style cuts", max: 256, order: "fifo" },
  /** The build's manifest cut to the routes a page matched, per build; bounded by the routes, so never met. */
  prunedManifests: { name: "pruned manifests", max: 1024, order: "fifo" },
  /** A session token the backend accepted, believed 10 s without asking again (decision 014). */
  validTokens: { name: "valid tokens", max: 10_000, ttlMs: 10_000, order: "lru" },
  /** An office screen's last good reading, shown through a backend restart or a network cut (decision 008). */
  kioskLastGood: { name: "kiosk last good", max: 500, order: "lru" },
  /** The admin's team list as logos by team name, the same for everyone. */
  teamLogos: { name: "team logos", max: 1, ttlMs: 60_000, order: "lru" },
  /** Whether an https logo answers with an image. */
  remoteLogoChecks: { name: "remote logo checks", max: 500, ttlMs: 10 * 60_000, order: "lru" },
} as const satisfies Record<string, CacheSpec>;

/** A cache made from its spec: lru-cache underneath, reads that follow the spec's order. */
export class Cache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  readonly #entries: LRUCache<K, V>;

  constructor(
    readonly spec: CacheSpec,
    sizeOf?: (value: V, key: K) => number,
  ) {
    if (spec.maxBytes !== undefined && !sizeOf) throw new Error(`${spec.name}: a bound in bytes needs the size of an entry`);
    if (spec.max === undefined && spec.maxBytes === undefined) throw new Error(`${spec.name}: a cache needs a bound`);
    // lru-cache takes an option left undefined as not set.
    const options = { max: spec.max, maxSize: spec.maxBytes, sizeCalculation: spec.maxBytes !== undefined ? sizeOf : undefined, ttl: spec.ttlMs };
    this.#entries = new LRUCache<K, V>(options as LRUCache.Options<K, V, unknown>);
  }

  get(key: K): V | undefined {
    return this.spec.order === "lru" ? this.#entries.get(key) : this.#entries.peek(key);
  }

  /** Stores `value` under `key`, last in the order; the first in the order go out past the bound. */
  set(key: K, value: V): V {
    this.#entries.set(key, value);
    return value;
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** The cache `spec` names, made (a cache of a bound in bytes says how big an entry is: `sizeOf`). */
export function cache<V extends NonNullable<unknown>, K extends NonNullable<unknown> = string>(
  spec: CacheSpec,
  sizeOf?: (value: V, key: K) => number,
): Cache<K, V> {
  return new Cache<K, V>(spec, sizeOf);
}
