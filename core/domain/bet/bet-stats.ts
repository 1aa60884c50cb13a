import { MATCHES, SIGNS, type Sign } from "../signs";

export interface BetStatsEntry {
  numberQuiniela: number;
  betHits: number;
  pleno15Exact: boolean;
  closedAt: string | null;
}

export interface BetStats {
  average: number;
  /** Average as a percentage of the 15 possible hits, rounded. */
  averagePct: number;
  counted: number;
  plenos: number;
  /** Hits of the last jornada minus the previous one; null with fewer than two. */
  trend: number | null;
  bestStreak: number;
  currentStreak: number;
  most: number[];
  fewest: number[];
  top3: { numberQuiniela: number; betHits: number }[];
  /** Jornadas per hit count; index = hits, 0..15. */
  histogram: number[];
}

export const MAX_HITS = MATCHES + 1;
export const STREAK_MIN_HITS = 10;

// Stored values are read tolerantly upstream; keep the charts inside 0..15 whatever arrives.
const clampHits = (h: number) => Math.min(MAX_HITS, Math.max(0, Math.round(Number.isFinite(h) ? h : 0)));

export function computeBetStats(entries: readonly BetStatsEntry[]): BetStats {
  const rows = entries
    .map((e) => ({ numberQuiniela: e.numberQuiniela, betHits: clampHits(e.betHits), pleno: e.pleno15Exact }))
    .sort((a, b) => a.numberQuiniela - b.numberQuiniela);
  const hits = rows.map((r) => r.betHits);
  const counted = rows.length;
  const average = counted ? hits.reduce((s, h) => s + h, 0) / counted : 0;

  let bestStreak = 0;
  let currentStreak = 0;
  for (const h of hits) {
    currentStreak = h >= STREAK_MIN_HITS ? currentStreak + 1 : 0;
    bestStreak = Math.max(bestStreak, currentStreak);
  }

  const jornadasWith = (h: number) => rows.filter((r) => r.betHits === h).map((r) => r.numberQuiniela);
  const histogram = Array.from({ length: MAX_HITS + 1 }, () => 0);
  for (const h of hits) histogram[h]++;

  return {
    average,
    averagePct: Math.round((average / MAX_HITS) * 100),
    counted,
    plenos: rows.filter((r) => r.pleno).length,
    trend: counted >= 2 ? hits[counted - 1] - hits[counted - 2] : null,
    bestStreak,
    currentStreak,
    most: counted ? jornadasWith(Math.max(...hits)) : [],
    fewest: counted ? jornadasWith(Math.min(...hits)) : [],
    // Among equal hits the more recent jornada ranks first: it is the one players remember.
    top3: [...rows]
      .sort((a, b) => b.betHits - a.betHits || b.numberQuiniela - a.numberQuiniela)
      .slice(0, 3)
      .map(({ numberQuiniela, betHits }) => ({ numberQuiniela, betHits })),
    histogram,
  };
}

/** The mean of some hit counts; null without any (no one predicted). */
export function meanHits(hits: readonly number[]): number | null {
  return hits.length ? hits.reduce((s, h) => s + h, 0) / hits.length : null;
}

/** How the official 1/X/2 signs of a round were spread, as counts and rounded shares of the matches with a sign. */
export function signDistribution(official: readonly (Sign | null)[]): { sign: Sign; count: number; pct: number }[] {
  const known = official.filter((s): s is Sign => s !== null);
  return SIGNS.map((sign) => {
    const count = known.filter((s) => s === sign).length;
    return { sign, count, pct: known.length ? Math.round((count / known.length) * 100) : 0 };
  });
}

/** The MVP of a round: the sole player with the most hits; nobody when the top is shared or no one played. */
export function mvpOf<P extends { hits: number }>(players: readonly P[]): P | null {
  if (!players.length) return null;
  const max = Math.max(...players.map((p) => p.hits));
  const top = players.filter((p) => p.hits === max);
  return top.length === 1 ? top[0] : null;
}

const PLAYER_SORTS = ["none", "hits", "rank", "included"] as const;
export type PlayerSort = (typeof PLAYER_SORTS)[number];

export const parsePlayerSort = (raw: string | null | undefined): PlayerSort => PLAYER_SORTS.find((s) => s === raw) ?? "none";

/**
 * The players' grid orders: as given (none), most hits first, best group-bet rank first (the
 * unranked after), or those in the group bet first. Ties keep the given order.
 */
export function sortPlayers<P extends { hits: number; rank: number | null; included: boolean }>(players: readonly P[], sort: PlayerSort): P[] {
  const rank = (p: P) => p.rank ?? Infinity;
  const compare: Record<PlayerSort, (a: P, b: P) => number> = {
    none: () => 0,
    hits: (a, b) => b.hits - a.hits,
    rank: (a, b) => (rank(a) === rank(b) ? 0 : rank(a) < rank(b) ? -1 : 1),
    included: (a, b) => Number(b.included) - Number(a.included) || (rank(a) === rank(b) ? 0 : rank(a) < rank(b) ? -1 : 1),
  };
  return [...players].sort(compare[sort]);
}

/** The money of the season's tickets: what the peña put in and what it won (decision 034). */
export interface SeasonMoney {
  costCents: number;
  /** The sum of the known prizes. */
  prizeCents: number;
  /** Jornadas played whose prize is not known yet (left out of prizeCents). */
  pending: number;
}

export function seasonMoney(entries: readonly { confirmed?: boolean; costCents?: number; prizeCents?: number | null }[]): SeasonMoney {
  const played = entries.filter((e) => e.confirmed);
  return {
    costCents: played.reduce((s, e) => s + (e.costCents ?? 0), 0),
    prizeCents: played.reduce((s, e) => s + (e.prizeCents ?? 0), 0),
    pending: played.filter((e) => e.prizeCents === null || e.prizeCents === undefined).length,
  };
}
