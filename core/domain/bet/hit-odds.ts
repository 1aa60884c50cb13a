import { probOf, type SignProbs } from "./chances";
import { convolve, mulLinear } from "../polynomial";
import { reducedColumns, REDUCTIONS, type Reduction, type ReductionId } from "./reductions";
import { CATEGORIES, type Category } from "./scrutiny";
import { MATCHES, normalizePick, type Pick } from "../signs";
import { plenoCombinations, reducedMatches, type Slip } from "./slip";

/**
 * What a ticket can do under the chances model (decision 037), exactly: the matches are independent
 * under the model, so the best column's hits of a full multiple are a Poisson-binomial over each
 * match's covered probability; a reduction's block is summed over every outcome of its matches.
 */

/** Poisson-binomial: P(k successes) of independent events of probabilities `ps`. */
export function poissonBinomial(ps: readonly number[]): number[] {
  let poly = [1];
  for (const p of ps) poly = mulLinear(poly, 1 - p, p);
  return poly;
}

/** P(the official sign is among the pick's signs). */
export const covered = (pick: Pick, p: SignProbs) => normalizePick(pick).reduce((t, s) => t + probOf(p, s), 0);

/**
 * For each outcome of a reduction's matches, the best row's hits: outcome classes per position in
 * table order (triples first, then doubles), base 3, most significant first. A triple's class is its
 * sign (0 → 1, 1 → X, 2 → 2); a double's is 0 or 1 (which of its two signs) or 2 (neither: no row
 * hits it). Depends only on the table, so it is built once per reduction (3^11 entries at most).
 */
const bestTables = new Map<ReductionId, Uint8Array>();
export function bestTable(reduction: Reduction): Uint8Array {
  const cached = bestTables.get(reduction.id);
  if (cached) return cached;
  const n = reduction.triples + reduction.doubles;
  const rows = reduction.table.map((r) => [...r].map(Number));
  const size = 3 ** n;
  const table = new Uint8Array(size);
  const hits = new Int32Array(rows.length);
  const digits = new Array<number>(n).fill(0);
  const walk = (pos: number, index: number) => {
    if (pos === n) {
      let max = 0;
      for (let r = 0; r < rows.length; r++) if (hits[r] > max) max = hits[r];
      table[index] = max;
      return;
    }
    for (let c = 0; c < 3; c++) {
      digits[pos] = c;
      for (let r = 0; r < rows.length; r++) if (rows[r][pos] === c) hits[r]++;
      walk(pos + 1, index * 3 + c);
      for (let r = 0; r < rows.length; r++) if (rows[r][pos] === c) hits[r]--;
    }
  };
  walk(0, 0);
  bestTables.set(reduction.id, table);
  return table;
}

const buffers = new Map<number, Float64Array>();

/**
 * P(best row hits = k) of a reduction's block, given each position's class probabilities (table
 * order, [class 0, class 1, class 2]). Exact: every outcome of the block, weighted.
 */
export function blockBestDistribution(reduction: Reduction, classProbs: readonly (readonly number[])[]): number[] {
  const table = bestTable(reduction);
  const n = classProbs.length;
  const dist = new Array<number>(n + 1).fill(0);
  let weights = buffers.get(table.length);
  if (!weights) buffers.set(table.length, (weights = new Float64Array(table.length)));
  weights[0] = 1;
  // Breadth first over positions: weights of the first `pos` digits, expanded in place from the back.
  let width = 1;
  for (let pos = 0; pos < n; pos++) {
    const [p0, p1, p2] = classProbs[pos];
    for (let j = width - 1; j >= 0; j--) {
      const w = weights[j];
      weights[3 * j] = w * p0;
      weights[3 * j + 1] = w * p1;
      weights[3 * j + 2] = w * p2;
    }
    width *= 3;
  }
  for (let j = 0; j < width; j++) dist[table[j]] += weights[j];
  return dist;
}

/** The reduced matches in table order (triples then doubles, each in slip order), with their class probabilities. */
function blockClasses(slip: Slip, probs: readonly SignProbs[]): { order: number[]; classProbs: number[][] } {
  const matches = reducedMatches(slip);
  const marks = slip.matches.map(normalizePick);
  const triples = matches.filter((i) => marks[i].length === 3);
  const doubles = matches.filter((i) => marks[i].length === 2);
  const order = [...triples, ...doubles];
  const classProbs = order.map((i) =>
    marks[i].length === 3 ? [...probs[i]] : [probOf(probs[i], marks[i][0]), probOf(probs[i], marks[i][1]), 1 - covered(marks[i], probs[i])],
  );
  return { order, classProbs };
}

export interface TicketOdds {
  /** P(best column has exactly k hits), k = 0..14. */
  best: number[];
  /** P(best column ≥ 10, 11, 12, 13, 14 hits) and P(14 + pleno). */
  atLeast: { 10: number; 11: number; 12: number; 13: number; 14: number; especial: number };
  /** Expected number of 14-sign columns with k hits, k = 0..14 (to weigh prizes). */
  expectedColumns: number[];
  plenoChance: number;
  plenoCombinations: number;
}

const tail = (dist: readonly number[], k: number) => dist.slice(k).reduce((a, b) => a + b, 0);

/** The ticket's odds under the model: `probs` per match, `plenoChance` that the played pleno marks hold the score. */
export function ticketOdds(slip: Slip, probs: readonly SignProbs[], plenoChance: number): TicketOdds {
  if (slip.matches.length !== MATCHES || probs.length !== MATCHES) throw new RangeError(`Need ${MATCHES} matches and ${MATCHES} probabilities.`);
  const reduced = new Set(reducedMatches(slip));
  let best: number[] = [1];
  let expected: number[] = [1];
  slip.matches.forEach((pick, i) => {
    if (reduced.has(i)) return;
    const marks = normalizePick(pick);
    const c = covered(marks, probs[i]);
    best = mulLinear(best, 1 - c, c);
    expected = mulLinear(expected, marks.length - c, c);
  });
  if (slip.reduction) {
    const reduction = REDUCTIONS[slip.reduction.id];
    const { order, classProbs } = blockClasses(slip, probs);
    best = convolve(best, blockBestDistribution(reduction, classProbs));
    const marksInSlipOrder = [...reduced].sort((a, b) => a - b);
    const rows = reducedColumns(
      reduction,
      marksInSlipOrder.map((i) => slip.matches[i]),
    );
    const block = new Array<number>(order.length + 1).fill(0);
    for (const row of rows) {
      let poly = [1];
      row.forEach((s, k) => {
        const q = probOf(probs[marksInSlipOrder[k]], s);
        poly = mulLinear(poly, 1 - q, q);
      });
      poly.forEach((v, k) => (block[k] += v));
    }
    expected = convolve(expected, block);
  }
  const pad = (p: number[]) => Array.from({ length: MATCHES + 1 }, (_, k) => p[k] ?? 0);
  best = pad(best);
  expected = pad(expected);
  return {
    best,
    atLeast: { 10: tail(best, 10), 11: tail(best, 11), 12: tail(best, 12), 13: tail(best, 13), 14: best[14], especial: best[14] * plenoChance },
    expectedColumns: expected,
    plenoChance,
    plenoCombinations: plenoCombinations(slip.pleno),
  };
}

export type PrizePerCategory = Readonly<Record<Category, number>>;

/** Hits of each category below the Especial. */
const HITS_OF: Record<Exclude<Category, "especial">, number> = { primera: 14, segunda: 13, tercera: 12, cuarta: 11, quinta: 10 };

/**
 * Expected prize in cents at the given prize per winning bet: every pleno combination is a bet with
 * every column for the 1ª–5ª; the Especial is the 14-hit columns times the chance of the pleno.
 */
export function expectedPrize(odds: TicketOdds, prizes: PrizePerCategory): number {
  let total = odds.expectedColumns[14] * odds.plenoChance * prizes.especial;
  for (const c of CATEGORIES) if (c !== "especial") total += odds.expectedColumns[HITS_OF[c]] * odds.plenoCombinations * prizes[c];
  return total;
}

/** Prize per 14-sign column by its hits, k = 0..14, for the optimiser: expectedPrize = Σ E[columns k] · w[k]. */
export function prizeWeights(prizes: PrizePerCategory, plenoChance: number, plenoCombos: number): number[] {
  const w = new Array<number>(MATCHES + 1).fill(0);
  for (const c of CATEGORIES) if (c !== "especial") w[HITS_OF[c]] = plenoCombos * prizes[c];
  w[14] += plenoChance * prizes.especial;
  return w;
}

/**
 * Prize per winning bet when a category has no entered prize in the season (decision 037): usual
 * orders of magnitude of La Quiniela's prizes, not official figures, said so on the screen.
 */
export const FALLBACK_PRIZES: PrizePerCategory = {
  especial: 50_000_000,
  primera: 15_000_000,
  segunda: 150_000,
  tercera: 8_000,
  cuarta: 800,
  quinta: 200,
};

/**
 * For each outcome of a reduction's matches (indexed as in bestTable), the set of hits its rows
 * reach, as a bit mask (bit j: some row hits exactly j of the block). Built once per reduction.
 */
const maskTables = new Map<ReductionId, Uint16Array>();
export function rowHitsTable(reduction: Reduction): Uint16Array {
  const cached = maskTables.get(reduction.id);
  if (cached) return cached;
  const n = reduction.triples + reduction.doubles;
  const rows = reduction.table.map((r) => [...r].map(Number));
  const table = new Uint16Array(3 ** n);
  const hits = new Int32Array(rows.length);
  const walk = (pos: number, index: number) => {
    if (pos === n) {
      let mask = 0;
      for (let r = 0; r < rows.length; r++) mask |= 1 << hits[r];
      table[index] = mask;
      return;
    }
    for (let c = 0; c < 3; c++) {
      for (let r = 0; r < rows.length; r++) if (rows[r][pos] === c) hits[r]++;
      walk(pos + 1, index * 3 + c);
      for (let r = 0; r < rows.length; r++) if (rows[r][pos] === c) hits[r]--;
    }
  };
  walk(0, 0);
  maskTables.set(reduction.id, table);
  return table;
}

/** P(the block's rows reach exactly the hits of each mask), over every outcome of the block. */
function maskDistribution(reduction: Reduction, classProbs: readonly (readonly number[])[]): Map<number, number> {
  const table = rowHitsTable(reduction);
  let weights = [1];
  for (const [p0, p1, p2] of classProbs) {
    const next = new Array<number>(weights.length * 3);
    weights.forEach((w, j) => {
      next[3 * j] = w * p0;
      next[3 * j + 1] = w * p1;
      next[3 * j + 2] = w * p2;
    });
    weights = next;
  }
  const out = new Map<number, number>();
  weights.forEach((w, j) => out.set(table[j], (out.get(table[j]) ?? 0) + w));
  return out;
}

/**
 * P(the ticket cobra each category): some column of it has exactly the category's hits (the
 * Especial: 14 and the pleno). A multiple ticket wins several categories at once, so these are
 * not the best column's odds: with a double right, its other column has one hit less (decision 066).
 * Exact: a match played as a single is hit by every column or by none; one played as a double or
 * triple outside a reduction is hit by as many columns as miss it, so with A singles hit and B
 * multiples hit the ticket's columns reach every count from A to A + B; a reduction's rows reach
 * the hits its table gives for each outcome of its matches.
 */
export function winChances(slip: Slip, probs: readonly SignProbs[], plenoChance: number): Record<Category, number> {
  if (slip.matches.length !== MATCHES || probs.length !== MATCHES) throw new RangeError(`Need ${MATCHES} matches and ${MATCHES} probabilities.`);
  const reduced = new Set(reducedMatches(slip));
  const singles: number[] = [];
  const multiples: number[] = [];
  slip.matches.forEach((pick, i) => {
    if (reduced.has(i)) return;
    const marks = normalizePick(pick);
    (marks.length > 1 ? multiples : singles).push(covered(marks, probs[i]));
  });
  const a = poissonBinomial(singles);
  const b = poissonBinomial(multiples);
  const masks = slip.reduction ? maskDistribution(REDUCTIONS[slip.reduction.id], blockClasses(slip, probs).classProbs) : new Map([[1, 1]]);
  const exactly = new Array<number>(MATCHES + 1).fill(0);
  const reach = new Array<boolean>(MATCHES + 1);
  for (const [mask, pm] of masks) {
    for (let i = 0; i < a.length; i++) {
      for (let j = 0; j < b.length; j++) {
        const w = pm * a[i] * b[j];
        if (w === 0) continue;
        reach.fill(false);
        for (let h = 0; 1 << h <= mask; h++) if (mask & (1 << h)) for (let k = i + h; k <= i + j + h && k <= MATCHES; k++) reach[k] = true;
        for (let k = 0; k <= MATCHES; k++) if (reach[k]) exactly[k] += w;
      }
    }
  }
  return {
    especial: exactly[14] * plenoChance,
    primera: exactly[14],
    segunda: exactly[13],
    tercera: exactly[12],
    cuarta: exactly[11],
    quinta: exactly[10],
  };
}
