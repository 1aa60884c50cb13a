// Every cache of the backend, named, with its bound, its time to live and what goes out first, in one
// list (docs/caching.md says for each its key, what clears it and what a second instance sees). A
// cache is made only from here, by `cache` (core/cache.ts, on lru-cache); the BFF's are in
// app/server/shelf/caches.server.ts.
import { cache, type CacheSpec } from "#core/cache";

export { cache };

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
