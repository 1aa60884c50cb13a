// Every cache of the BFF, named, with its bound, its time to live and what goes out first, in one list
// (docs/caching.md says for each its key, what clears it and what a second instance sees). A cache is
// made only from here, by `cache` (core/cache.ts, on lru-cache); the backend's are in backend/caches.ts.
import { cache, type Cache, type CacheSpec } from "#core/cache";

export { cache, type Cache, type CacheSpec };

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
