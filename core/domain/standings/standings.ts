import { addBreakdown, emptyBreakdown, scorePrediction, type Breakdown, type Results } from "../hits";
import { pointsOf, type PointValues } from "../points";
import type { Pick, Score } from "../signs";
import { accuracy, wilsonLowerBound } from "../wilson";

export type Icon = "burro" | "pina" | "bola" | "rinoceronte";

export interface ClassificationRow {
  position: number;
  userId: number;
  userName: string;
  avatarPath: string | null;
  totalPoints: number;
  simpleHits: number;
  dobleHits: number;
  pleno15Hits: number;
  simpleTotal: number;
  dobleTotal: number;
  pleno15Total: number;
  /** simpleHits + dobleHits + pleno15Hits: the numerator of accuracy and Wilson, so triples are left out. */
  hits: number;
  /**
   * The game's hit count (core/domain/hits, docs/architecture.md#hits): every match whose official sign is
   * among the chosen signs, triples included, plus each exact pleno. At most 15 per round; the
   * figure every screen calls "aciertos" (decision 013).
   */
  allHits: number;
  n: number;
  accuracy: number;
  wilson: number;
  isSubGroup: boolean;
  icons: Icon[];
  /** All hits (max 15) in the last round with results; null when the user did not predict it. */
  lastRoundHits: number | null;
}

export interface ClassificationInput {
  members: { userId: number; userName: string; avatarPath: string | null }[];
  /** Only rounds with official results: every round given here counts. */
  rounds: { quinielaId: number; closeDate?: Date | string | null; results: Results }[];
  predictions: { userId: number; quinielaId: number; matches: Pick[]; pleno: Score | null }[];
  points: PointValues;
  subGroupSize?: number;
}

export type ClassificationSort = "points" | "hits" | "accuracy" | "wilson" | "name";

const byName = (a: { userName: string }, b: { userName: string }) => a.userName.localeCompare(b.userName, "es");

function closeTime(d: Date | string | null | undefined): number {
  const t = d == null ? NaN : new Date(d).getTime();
  return Number.isNaN(t) ? -Infinity : t;
}

/** Latest close date wins; with no usable dates the caller's order decides (last element). */
function lastRoundId(rounds: ClassificationInput["rounds"]): number | null {
  let best: { id: number; t: number } | null = null;
  for (const r of rounds) {
    const t = closeTime(r.closeDate);
    if (best === null || t >= best.t) best = { id: r.quinielaId, t };
  }
  return best?.id ?? null;
}

export function computeClassification(input: ClassificationInput): ClassificationRow[] {
  const { members, rounds, predictions, points, subGroupSize = 5 } = input;
  const results = new Map(rounds.map((r) => [r.quinielaId, r.results]));
  const lastId = lastRoundId(rounds);

  // One prediction per user and round; a later duplicate replaces an earlier one, as an update would.
  const perUser = new Map<number, Map<number, Breakdown>>();
  for (const p of predictions) {
    const r = results.get(p.quinielaId);
    if (!r) continue;
    const byRound = perUser.get(p.userId) ?? new Map<number, Breakdown>();
    byRound.set(p.quinielaId, scorePrediction(p, r));
    perUser.set(p.userId, byRound);
  }

  const rows: ClassificationRow[] = members.map((m) => {
    const byRound = perUser.get(m.userId);
    const b = [...(byRound?.values() ?? [])].reduce(addBreakdown, emptyBreakdown());
    const hits = b.simpleHits + b.dobleHits + b.pleno15Hits;
    const n = b.simpleTotal + b.dobleTotal + b.pleno15Total;
    return {
      position: 0,
      userId: m.userId,
      userName: m.userName,
      avatarPath: m.avatarPath,
      totalPoints: pointsOf(b, points),
      simpleHits: b.simpleHits,
      dobleHits: b.dobleHits,
      pleno15Hits: b.pleno15Hits,
      simpleTotal: b.simpleTotal,
      dobleTotal: b.dobleTotal,
      pleno15Total: b.pleno15Total,
      hits,
      allHits: b.hits,
      n,
      accuracy: accuracy(hits, n),
      wilson: wilsonLowerBound(hits, n),
      isSubGroup: false,
      icons: [],
      lastRoundHits: lastId === null ? null : (byRound?.get(lastId)?.hits ?? null),
    };
  });

  rows.sort((a, b) => b.totalPoints - a.totalPoints || b.wilson - a.wilson || byName(a, b) || a.userId - b.userId);
  rankRows(rows);

  rows
    .filter((r) => r.n > 0)
    .sort((a, b) => b.wilson - a.wilson || a.position - b.position)
    .slice(0, Math.max(0, subGroupSize))
    .forEach((r) => (r.isSubGroup = true));

  // Rows are sorted by points first, so "more points, then better position" is simply the lowest
  // position, and "fewer points, then worse position" the highest one.
  const first = (rs: ClassificationRow[]) => rs[0];
  const last = (rs: ClassificationRow[]) => rs[rs.length - 1];
  const participants = rows.filter((r) => perUser.has(r.userId));
  const scored = rows.filter((r) => r.totalPoints > 0);
  const inLast = rows.filter((r) => r.lastRoundHits !== null);
  const lastHits = inLast.map((r) => r.lastRoundHits ?? 0);
  const most = Math.max(...lastHits);
  const fewest = Math.min(...lastHits);
  const winners: [Icon, ClassificationRow | undefined][] = [
    ["burro", first(participants)],
    ["pina", last(scored)],
    ["bola", first(inLast.filter((r) => r.lastRoundHits === most))],
    ["rinoceronte", last(inLast.filter((r) => r.lastRoundHits === fewest))],
  ];
  for (const [icon, row] of winners) row?.icons.push(icon);
  return rows;
}

/**
 * Standard competition ranking (1, 2, 2, 4): members level on points and on Wilson, the only
 * tie-break on merit, share a position, and the next one skips. The name only decides who is listed
 * first, and the icons' "then by position" ties go to the one listed first (or last).
 */
function rankRows(sorted: ClassificationRow[]) {
  sorted.forEach((r, i) => {
    const above = sorted[i - 1];
    r.position = above && above.totalPoints === r.totalPoints && above.wilson === r.wilson ? above.position : i + 1;
  });
}

const COMPARATORS: Record<ClassificationSort, (a: ClassificationRow, b: ClassificationRow) => number> = {
  points: () => 0,
  hits: (a, b) => b.allHits - a.allHits,
  accuracy: (a, b) => b.accuracy - a.accuracy,
  wilson: (a, b) => b.wilson - a.wilson,
  name: byName,
};

/** Re-orders for display only: positions keep the official points order. */
export function sortClassification(rows: readonly ClassificationRow[], by: ClassificationSort): ClassificationRow[] {
  return [...rows].sort((a, b) => COMPARATORS[by](a, b) || a.position - b.position);
}
