import { signsByChance, type SignProbs } from "./chances";
import { blockBestDistribution, poissonBinomial } from "./hit-odds";
import { convolve, mulLinear } from "../polynomial";
import type { Cents } from "../money";
import { REDUCTION_IDS, REDUCTIONS, type Reduction, type ReductionId } from "./reductions";
import { MATCHES, SIGNS, type Pick, type Sign } from "../signs";
import { chargedBets } from "./slip";

/**
 * Where the doubles and triples pay most (decision 037). Every placement of D doubles and T
 * triples over the 14 matches is scored exactly, walking the matches depth first and carrying the
 * polynomial of the matches placed so far (one product by a + b·x per step), so a placement costs
 * a handful of multiplications. A single takes the most probable sign, a double the two most
 * probable: for a fixed placement nothing covers more.
 */

/** What the manager wants most: 10 or more hits, 12 or more, or the most prize on average. */
export type Target = "p10" | "p12" | "prize";
export const TARGETS: readonly Target[] = ["p10", "p12", "prize"];

export interface Objective {
  target: Target;
  /** For "prize": cents per 14-sign column by its hits (hit-odds' prizeWeights). */
  prizeWeights?: readonly number[];
  /**
   * Per match 1–14, the majority's sign every pick must keep (decision 097): a single stays that
   * sign, a double is it and the likelier of the other two. Null (or no list) leaves the match free.
   */
  keep?: readonly (Sign | null)[];
}

/** The signs of a match in the order a placement takes them: the kept sign first, then by chance. */
export function signOrder(p: SignProbs, keep: Sign | null = null): Sign[] {
  const byChance = signsByChance(p);
  return keep ? [keep, ...byChance.filter((s) => s !== keep)] : byChance;
}

export interface Placement {
  matches: Pick[];
  reduction: ReductionId | null;
  /** 0-based matches with a double / a triple. */
  doubles: number[];
  triples: number[];
  /** The objective's value: a probability, or cents for "prize". */
  value: number;
}

/** The leaf weights: Σ poly[k]·w[k] is the objective (poly the best-hits distribution, or expected columns for "prize"). */
function weightsOf(objective: Objective): number[] {
  if (objective.target === "prize") {
    if (!objective.prizeWeights) throw new RangeError("The prize target needs prize weights.");
    return [...objective.prizeWeights];
  }
  const from = objective.target === "p10" ? 10 : 12;
  return Array.from({ length: MATCHES + 1 }, (_, k) => (k >= from ? 1 : 0));
}

interface Coverage {
  /** Covered probability of a single, a double, a triple. */
  c: [number, number, number];
}

function coverages(probs: readonly SignProbs[], keep?: readonly (Sign | null)[]): Coverage[] {
  return probs.map((p, i) => {
    const sorted = signOrder(p, keep?.[i] ?? null).map((s) => p[SIGNS.indexOf(s)]);
    return { c: [sorted[0], sorted[0] + sorted[1], 1] };
  });
}

/** The pick of a match with `size` signs: the most probable ones (the kept sign first), in 1, X, 2 order. */
export function pickOf(p: SignProbs, size: 1 | 2 | 3, keep: Sign | null = null): Pick {
  const chosen = signOrder(p, keep).slice(0, size);
  return SIGNS.filter((s) => chosen.includes(s));
}

function placementOf(
  probs: readonly SignProbs[],
  sizes: readonly number[],
  value: number,
  reduction: ReductionId | null = null,
  keep?: readonly (Sign | null)[],
): Placement {
  return {
    matches: probs.map((p, i) => pickOf(p, sizes[i] as 1 | 2 | 3, keep?.[i] ?? null)),
    reduction,
    doubles: sizes.flatMap((s, i) => (s === 2 ? [i] : [])),
    triples: sizes.flatMap((s, i) => (s === 3 ? [i] : [])),
    value,
  };
}

/**
 * Visits every placement of `doubles` doubles and `triples` triples; `visit(sizes, value)` gets
 * each with its exact objective value (the sizes array is reused: copy it to keep it).
 */
function walkPlacements(
  probs: readonly SignProbs[],
  doubles: number,
  triples: number,
  objective: Objective,
  visit: (sizes: readonly number[], value: number) => void,
): void {
  const cov = coverages(probs, objective.keep);
  const w = weightsOf(objective);
  const prize = objective.target === "prize";
  const polys = Array.from({ length: MATCHES + 1 }, (_, d) => new Array<number>(d + 1).fill(0));
  polys[0][0] = 1;
  const sizes = new Array<number>(MATCHES).fill(1);
  const step = (i: number, d: number, t: number) => {
    if (i === MATCHES) {
      const poly = polys[MATCHES];
      let v = 0;
      for (let k = 0; k <= MATCHES; k++) v += poly[k] * w[k];
      visit(sizes, v);
      return;
    }
    const left = MATCHES - i;
    for (let size = 1; size <= 3; size++) {
      if (size === 1 && left <= d + t) continue;
      if (size === 2 && d === 0) continue;
      if (size === 3 && t === 0) continue;
      const c = cov[i].c[size - 1];
      // A best-hits distribution takes (1 − c) + c·x; the expected columns by hits take (size − c) + c·x.
      mulLinear(polys[i], (prize ? size : 1) - c, c, polys[i + 1]);
      sizes[i] = size;
      step(i + 1, d - (size === 2 ? 1 : 0), t - (size === 3 ? 1 : 0));
    }
    sizes[i] = 1;
  };
  step(0, Math.max(0, doubles), Math.max(0, triples));
}

/** The best placement of exactly `numDouble` doubles and `numTriple` triples, played in full. */
export function bestPlacement(probs: readonly SignProbs[], shape: { numDouble: number; numTriple: number }, objective: Objective): Placement {
  if (probs.length !== MATCHES) throw new RangeError(`Need ${MATCHES} matches.`);
  if (shape.numDouble + shape.numTriple > MATCHES) throw new RangeError("More multiples than matches.");
  let best: { sizes: number[]; value: number } | null = null;
  walkPlacements(probs, shape.numDouble, shape.numTriple, objective, (sizes, value) => {
    if (!best || value > best.value + 1e-15) best = { sizes: [...sizes], value };
  });
  const found = best as { sizes: number[]; value: number } | null;
  return placementOf(probs, found!.sizes, found!.value, null, objective.keep);
}

const rowDigits = new Map<ReductionId, number[][]>();
const digitsOf = (r: Reduction) => {
  let rows = rowDigits.get(r.id);
  if (!rows) rowDigits.set(r.id, (rows = r.table.map((row) => [...row].map(Number))));
  return rows;
};

/** The objective's value of a reduction played over the matches `sizes` marks (2 or 3), the rest singles. */
export function reductionValue(probs: readonly SignProbs[], reduction: Reduction, sizes: readonly number[], objective: Objective): number {
  const w = weightsOf(objective);
  const singles: number[] = [];
  const triples: number[][] = [];
  const doubles: number[][] = [];
  probs.forEach((p, i) => {
    if (sizes[i] === 1) singles.push(Math.max(...p));
    else if (sizes[i] === 3) triples.push([...p]);
    else {
      // A double's two signs in 1, X, 2 order: classes 0 and 1; class 2 is the sign left out.
      const out = SIGNS.indexOf(signOrder(p, objective.keep?.[i] ?? null)[2]);
      const kept = [0, 1, 2].filter((k) => k !== out);
      doubles.push([p[kept[0]], p[kept[1]], p[out]]);
    }
  });
  // Table order: the triples, then the doubles, each in slip order.
  const classProbs = [...triples, ...doubles];
  let block: number[];
  if (objective.target === "prize") {
    // Expected columns by hits: the sum over the reduction's rows of each row's Poisson-binomial.
    block = new Array<number>(classProbs.length + 1).fill(0);
    for (const row of digitsOf(reduction)) {
      poissonBinomial(row.map((d, k) => classProbs[k][d])).forEach((v, k) => (block[k] += v));
    }
  } else {
    block = blockBestDistribution(reduction, classProbs);
  }
  return convolve(poissonBinomial(singles), block).reduce((v, x, k) => v + x * (w[k] ?? 0), 0);
}

/** Reduction placements scored exactly at most, per reduction, before the search gives up proving. */
export const REDUCTION_EVALUATIONS = 1000;

/**
 * The best placement for an official reduction: every placement's full multiple bounds it from
 * above (the reduction plays a subset of those columns), so placements are tried by that bound,
 * best first, and the search stops once the bound cannot beat the best found: then the answer is
 * proven the best. A reduction whose best full multiple is already beaten by `floor` is not searched.
 * Past REDUCTION_EVALUATIONS exact scores (the Reducida 4ª has 84 084 placements) the search
 * stops with the best found and `proven: false`.
 */
export function bestReductionPlacement(
  probs: readonly SignProbs[],
  reduction: Reduction,
  objective: Objective,
  floor = -Infinity,
  limit = REDUCTION_EVALUATIONS,
): (Placement & { proven: boolean }) | null {
  const candidates: { sizes: number[]; bound: number }[] = [];
  walkPlacements(probs, reduction.doubles, reduction.triples, objective, (sizes, value) => {
    if (value > floor) candidates.push({ sizes: [...sizes], bound: value });
  });
  candidates.sort((a, b) => b.bound - a.bound);
  let best: Placement | null = null;
  let proven = true;
  for (const [k, c] of candidates.entries()) {
    if (best && c.bound <= best.value + 1e-15) break;
    if (k >= limit) {
      proven = false;
      break;
    }
    const value = reductionValue(probs, reduction, c.sizes, objective);
    if (value > floor && (!best || value > best.value + 1e-15)) best = placementOf(probs, c.sizes, value, reduction.id, objective.keep);
  }
  return best ? { ...best, proven } : null;
}

export interface Budget {
  cents: Cents;
  priceCents: Cents;
  /** Pleno combinations played: each multiplies the bets. */
  plenoCombinations: number;
}

/** What the lottery shop charges for `columns` 14-sign columns with the budget's pleno. */
export const costOf = (columns: number, budget: Budget): Cents => chargedBets(columns * budget.plenoCombinations) * budget.priceCents;

/**
 * The best bet a budget buys: for each number of triples, the most doubles whose full multiple
 * fits (one more multiple never lowers any target, so the smaller shapes are not needed), each
 * placed at its best; then each official reduction that fits, placed at its best. Null when not even
 * one column fits. `proven` is false when a reduction's search stopped before its bound closed: a
 * better placement of that reduction may exist (decision 037).
 */
export function bestForBudget(probs: readonly SignProbs[], budget: Budget, objective: Objective): (Placement & { proven: boolean }) | null {
  let best: (Placement & { proven: boolean }) | null = null;
  for (let t = 0; t <= MATCHES; t++) {
    let d = -1;
    for (let k = 0; k <= MATCHES - t; k++) if (costOf(2 ** k * 3 ** t, budget) <= budget.cents) d = k;
    if (d < 0) continue;
    const found = bestPlacement(probs, { numDouble: d, numTriple: t }, objective);
    if (!best || found.value > best.value + 1e-15) best = { ...found, proven: true };
  }
  for (const id of REDUCTION_IDS) {
    const r = REDUCTIONS[id];
    if (costOf(r.columns, budget) > budget.cents) continue;
    const found = bestReductionPlacement(probs, r, objective, best ? best.value + 1e-15 : -Infinity);
    if (found && (!best || found.value > best.value + 1e-15)) best = found;
  }
  return best;
}
