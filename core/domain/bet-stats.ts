import { MATCHES } from "./signs";

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
