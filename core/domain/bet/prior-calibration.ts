import type { SignProbs } from "./chances";

/**
 * The public's betting percentages as probabilities (decision 072). A percentage is how the public
 * bets, not how often a sign comes in: over 989 real jornadas (2009/10–2025/26, 13,846 matches; the
 * public project jcmallo/1X2, `analisis/HALLAZGOS.md`) the public over-bets moderate favourites by
 * up to 11 points and under-bets outsiders. Its table, by bucket of the betting market's
 * probability: the public's mean share of the sign and how often the sign came in.
 */
export const PUBLIC_RELIABILITY: readonly { share: number; real: number }[] = [
  { share: 0.219, real: 0.25 },
  { share: 0.498, real: 0.446 },
  { share: 0.638, real: 0.554 },
  { share: 0.746, real: 0.636 },
  { share: 0.823, real: 0.784 },
];

/** p_i ∝ p_i^(1/T): T > 1 flattens a view toward even chances, T = 1 leaves it as it is. */
export function temper(p: SignProbs, t: number): SignProbs {
  const w = p.map((x) => Math.max(x, 0) ** (1 / t));
  const total = w[0] + w[1] + w[2];
  return total > 0 ? [w[0] / total, w[1] / total, w[2] / total] : p;
}

/** One sign against the other two, tempered: what `temper` does to a share s of the 3-way split, seen two-way. */
export const temperedShare = (s: number, t: number) => {
  const a = s ** (1 / t);
  const b = (1 - s) ** (1 / t);
  return a / (a + b);
};

/** The squared error of the table's buckets once the shares are tempered by `t`. */
export const reliabilityError = (t: number, table = PUBLIC_RELIABILITY) => table.reduce((e, b) => e + (temperedShare(b.share, t) - b.real) ** 2, 0);

/**
 * The temperature that brings the table's shares closest to what came in (least squares), found by
 * trying every T from 1 to 3 in steps of 0.01: the bias is toward the favourite, so T ≥ 1.
 */
export function fitTemperature(table = PUBLIC_RELIABILITY): number {
  let best = 1;
  for (let k = 100; k <= 300; k++) if (reliabilityError(k / 100, table) < reliabilityError(best, table)) best = k / 100;
  return best;
}

/** `fitTemperature()` of the table above, kept as a constant (the unit test fits it again). */
export const PUBLIC_TEMPERATURE = 1.38;

/** The jornada's public percentages as the prior's probabilities: tempered by PUBLIC_TEMPERATURE. */
export const publicProbs = (shares: readonly SignProbs[]): SignProbs[] => shares.map((s) => temper(s, PUBLIC_TEMPERATURE));
