import { MATCHES, normalizePick, SIGNS, type Pick, type Score, type Sign } from "../signs";
import { PLENO_MARKS, plenoMarksOf, type PlenoPick } from "./slip";

/**
 * The chances of a round from the peña's own votes (decision 037): a small model, pure.
 *
 * Per match, each sign s gets a score
 *
 *     score(s) = α · log base(s) + β · Σ_members w_m · [s ∈ pick_m] / |pick_m|
 *
 * and the probabilities are the softmax of the scores. `base` is the share of 1/X/2 over the
 * season's results so far (with a small prior), `w_m` is the member's log-likelihood ratio for a
 * single pick, log(2a/(1 − a)) with `a` the member's smoothed accuracy on their single picks of the
 * season so far: a member right one time in three says nothing (w = 0), a better one says more.
 * With β = 1 and α = 1 this is naive Bayes over independent members; α and β are fitted by grid
 * search on maximum likelihood over the group's past rounds with results, so votes that follow the
 * same favourites (not independent) are weighed down as much as the season's data says.
 */

/** Probabilities of 1, X and 2, in that order; they add up to 1. */
export type SignProbs = readonly [number, number, number];

export interface ModelParams {
  /** Weight of the base rates' log. */
  alpha: number;
  /** Weight of the members' weighted votes. */
  beta: number;
}

/** Before enough rounds with results to fit: base rates as they are, votes at half the naive-Bayes weight. */
export const DEFAULT_PARAMS: ModelParams = { alpha: 1, beta: 0.5 };
/** Fewer matches with results than this (three jornadas) and the parameters are not fitted. */
export const MIN_FIT_MATCHES = 42;
export const ALPHA_GRID = Array.from({ length: 21 }, (_, k) => k / 10);
export const BETA_GRID = Array.from({ length: 31 }, (_, k) => k / 20);

/**
 * The prior of the base rates: roughly the long-run shares of home wins, draws and away wins of
 * Spanish league football, worth one jornada (14 matches), so the first rounds are not all 1s.
 */
export const PRIOR_BASE: SignProbs = [0.46, 0.28, 0.26];
export const PRIOR_MATCHES = 14;
/** A member's accuracy is pulled toward the group's, as if they had this many more single picks. */
export const ACCURACY_PRIOR_PICKS = 20;
const ACCURACY_CAP = 0.9;

const idx = (s: Sign) => (s === "1" ? 0 : s === "X" ? 1 : 2);

/** Shares of 1/X/2 among `counts` results, with the prior. */
export function baseRates(counts: readonly [number, number, number]): SignProbs {
  const n = counts[0] + counts[1] + counts[2] + PRIOR_MATCHES;
  return [0, 1, 2].map((k) => (counts[k] + PRIOR_BASE[k] * PRIOR_MATCHES) / n) as unknown as SignProbs;
}

export interface SingleRecord {
  /** Single picks that matched the official sign. */
  hits: number;
  /** Single picks on matches with an official sign. */
  total: number;
}

/** A member's smoothed accuracy on single picks: (hits + k·pooled) / (total + k). */
export function smoothedAccuracy(record: SingleRecord, pooled: number): number {
  return (record.hits + ACCURACY_PRIOR_PICKS * pooled) / (record.total + ACCURACY_PRIOR_PICKS);
}

/** The weight of a member's vote: log(2a/(1 − a)), 0 at a chance-level a ≤ 1/3, a capped at 0.9. */
export function memberWeight(accuracy: number): number {
  const a = Math.min(ACCURACY_CAP, accuracy);
  return a <= 1 / 3 ? 0 : Math.log((2 * a) / (1 - a));
}

export interface Voter {
  /** The member's picks of the round, matches 1–14. */
  matches: readonly Pick[];
  weight: number;
}

/** Per match, Σ w_m · [s ∈ pick] / |pick| for 1, X and 2: what the model reads of the votes. */
export function voteSums(voters: readonly Voter[]): [number, number, number][] {
  const sums = Array.from({ length: MATCHES }, (): [number, number, number] => [0, 0, 0]);
  for (const v of voters) {
    for (let i = 0; i < MATCHES; i++) {
      const pick = normalizePick(v.matches[i] ?? []);
      for (const s of pick) sums[i][idx(s)] += v.weight / pick.length;
    }
  }
  return sums;
}

function softmax(a: number, b: number, c: number): SignProbs {
  const m = Math.max(a, b, c);
  const ea = Math.exp(a - m);
  const eb = Math.exp(b - m);
  const ec = Math.exp(c - m);
  const t = ea + eb + ec;
  return [ea / t, eb / t, ec / t];
}

/** One match's probabilities from the base rates and its vote sums. */
export function matchProbs(base: SignProbs, sums: readonly number[], params: ModelParams): SignProbs {
  const score = (k: number) => params.alpha * Math.log(base[k]) + params.beta * sums[k];
  return softmax(score(0), score(1), score(2));
}

/** A past round as the fit sees it: what was known before its close, and its official signs. */
export interface FitRound {
  base: SignProbs;
  sums: [number, number, number][];
  results: readonly (Sign | null)[];
}

export interface Fit {
  params: ModelParams;
  /** False when there were too few matches with results: DEFAULT_PARAMS then. */
  fitted: boolean;
  matches: number;
  /** Mean log loss (natural log) of the chosen parameters on the fitted matches; null without any. */
  logLoss: number | null;
}

/** Mean log loss of `params` over the rounds' matches with an official sign. */
export function logLossOf(rounds: readonly FitRound[], params: ModelParams): { loss: number; matches: number } {
  let loss = 0;
  let matches = 0;
  for (const r of rounds) {
    r.results.forEach((s, i) => {
      if (s === null) return;
      const p = matchProbs(r.base, r.sums[i], params);
      loss -= Math.log(Math.max(1e-12, p[idx(s)]));
      matches++;
    });
  }
  return { loss: matches ? loss / matches : 0, matches };
}

/** α and β by grid search on maximum likelihood (least mean log loss) over the past rounds. */
export function fitParams(rounds: readonly FitRound[]): Fit {
  const { matches } = logLossOf(rounds, DEFAULT_PARAMS);
  if (matches < MIN_FIT_MATCHES) return { params: DEFAULT_PARAMS, fitted: false, matches, logLoss: matches ? logLossOf(rounds, DEFAULT_PARAMS).loss : null };
  let best = { params: DEFAULT_PARAMS, loss: Infinity };
  for (const alpha of ALPHA_GRID) {
    for (const beta of BETA_GRID) {
      const { loss } = logLossOf(rounds, { alpha, beta });
      if (loss < best.loss - 1e-12) best = { params: { alpha, beta }, loss };
    }
  }
  return { params: best.params, fitted: true, matches, logLoss: best.loss };
}

/** A round of the group's season, in close order. */
export interface HistoryRound {
  /** The 14 official signs, or null while the round has no results. */
  results: readonly (Sign | null)[] | null;
  /** The pleno's official score, when known. */
  pleno: Score | null;
  predictions: readonly { userId: number; matches: readonly Pick[] }[];
}

export interface RoundModel {
  /** Per match 1–14: P(1), P(X), P(2). */
  probs: SignProbs[];
  fit: Fit;
  base: SignProbs;
  /** Rounds with results the model learnt from. */
  pastRounds: number;
  voters: number;
  /** Per team, P(0), P(1), P(2), P(M) goals as the pleno marks them. */
  pleno: { home: number[]; away: number[] };
}

/** Long-run shares of 0, 1, 2 and 3+ goals for the home and the away side, worth ten plenos. */
export const PLENO_PRIOR = { home: [0.24, 0.34, 0.24, 0.18], away: [0.34, 0.36, 0.19, 0.11] };
const PLENO_PRIOR_MATCHES = 10;

/**
 * The model of round `target` of `history`, from the rounds before it only: the base rates and
 * the members' records up to each past round, the fit over those rounds, and the target's votes.
 */
export function roundModel(history: readonly HistoryRound[], target: number): RoundModel {
  const records = new Map<number, SingleRecord>();
  const counts: [number, number, number] = [0, 0, 0];
  const goals = { home: [0, 0, 0, 0], away: [0, 0, 0, 0] };
  const past: FitRound[] = [];
  const votersOf = (round: HistoryRound): Voter[] => {
    let hits = 0;
    let total = 0;
    for (const r of records.values()) {
      hits += r.hits;
      total += r.total;
    }
    const pooled = total ? hits / total : 0.45;
    return round.predictions.map((p) => ({
      matches: p.matches,
      weight: memberWeight(smoothedAccuracy(records.get(p.userId) ?? { hits: 0, total: 0 }, pooled)),
    }));
  };
  let pastRounds = 0;
  for (let r = 0; r < target; r++) {
    const round = history[r];
    if (!round.results) continue;
    past.push({ base: baseRates(counts), sums: voteSums(votersOf(round)), results: round.results });
    pastRounds++;
    for (const p of round.predictions) {
      const rec = records.get(p.userId) ?? { hits: 0, total: 0 };
      round.results.forEach((s, i) => {
        const pick = normalizePick(p.matches[i] ?? []);
        if (s === null || pick.length !== 1) return;
        rec.total++;
        if (pick[0] === s) rec.hits++;
      });
      records.set(p.userId, rec);
    }
    for (const s of round.results) if (s !== null) counts[idx(s)]++;
    if (round.pleno) {
      const m = plenoMarksOf({ home: Math.min(round.pleno.home, 10), away: Math.min(round.pleno.away, 10) });
      goals.home[PLENO_MARKS.indexOf(m.home)]++;
      goals.away[PLENO_MARKS.indexOf(m.away)]++;
    }
  }
  const fit = fitParams(past);
  const base = baseRates(counts);
  const round = history[target];
  const sums = voteSums(votersOf(round));
  const share = (c: number[], prior: number[]) => {
    const n = c.reduce((a, b) => a + b, 0) + PLENO_PRIOR_MATCHES;
    return c.map((x, k) => (x + prior[k] * PLENO_PRIOR_MATCHES) / n);
  };
  return {
    probs: sums.map((s) => matchProbs(base, s, fit.params)),
    fit,
    base,
    pastRounds,
    voters: round.predictions.length,
    pleno: { home: share(goals.home, PLENO_PRIOR.home), away: share(goals.away, PLENO_PRIOR.away) },
  };
}

/** P(the played pleno marks hold the official score), the two sides taken as independent. */
export function plenoChance(pleno: PlenoPick | null, model: { home: number[]; away: number[] }): number {
  if (!pleno) return 0;
  const side = (marks: readonly string[], p: number[]) => PLENO_MARKS.reduce((t, m, k) => t + (marks.includes(m) ? p[k] : 0), 0);
  return side(pleno.home, model.home) * side(pleno.away, model.away);
}

/** Signs of a match from the most to the least probable (ties in 1, X, 2 order). */
export function signsByChance(p: SignProbs): Sign[] {
  return [0, 1, 2].sort((a, b) => p[b] - p[a] || a - b).map((k) => SIGNS[k]);
}

/** Brier score (sum over the three signs) and log loss of one forecast against the official sign. */
export function scoreForecast(p: SignProbs, s: Sign): { brier: number; logLoss: number } {
  const k = idx(s);
  const brier = p.reduce((t, q, j) => t + (q - (j === k ? 1 : 0)) ** 2, 0);
  return { brier, logLoss: -Math.log(Math.max(1e-12, p[k])) };
}

/** The probability of a sign, by its name. */
export const probOf = (p: SignProbs, s: Sign) => p[idx(s)];
