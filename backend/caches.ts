// Every cache of the backend, named, with its bound, its time to live and what goes out first, in one
// list (docs/caching.md says for each its key, what clears it and what a second instance sees). A
// cache is made only here, by `cache`, on lru-cache; the BFF's are in app/server/caches.server.ts,
// with the same small class (the two programs share only core/, which holds no state).
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

/** The backend's caches, per instance (per `heldVersions` or `signInLimits` call where they are made in one), in memory. */
export const CACHES = {
  /** A kept page's version per token and address, held until a write or a date it depends on (decision 077); a few hundred bytes each. */
  heldVersions: { name: "held versions", max: 100_000, order: "lru" },
  /** A group's live view per round under its version (decisions 027, 071); the shared row is in live_views. */
  liveViews: { name: "live views", max: 256, order: "fifo" },
  /** A bet's chances under a digest of everything they are computed from (decision 056). */
  chances: { name: "chances", max: 64, order: "lru" },
  /** Sign-in successes per account and address in the last minute, which move its failures' count to a fresh key (decision 014). */
  signInSuccesses: { name: "sign-in successes", max: 50_000, ttlMs: 60_000, order: "lru" },
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
