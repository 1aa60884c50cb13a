// The cache class both programs make their caches with (backend/caches.ts, app/server/shelf/caches.server.ts,
// where each program names every cache it has): lru-cache underneath, bounded by a count or by bytes,
// with a time to live, and reads in the order the spec says. No cache is made here: this module holds
// no state.
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
