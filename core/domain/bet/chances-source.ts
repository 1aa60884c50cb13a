import { MIN_FIT_MATCHES, scoreForecast, type HistoryRound, type RoundModel, type SignProbs } from "./chances";
import { preMatchView, type Fixture, type PlayedMatch } from "./pre-match";
import { publicProbs } from "./prior-calibration";

/**
 * Whose chances every page shows (decisions 045 and 066): one choice per jornada and group, made
 * here and nowhere else, read by the bet page, its print view, the live page and the kiosk.
 *
 * - The prior is the «valoración previa»: the pre-match view of the matches (core/domain/bet/pre-match,
 *   the app's own rating of the teams, not a market), or the public's betting percentages of the
 *   jornada where they are known, unless the season's past jornadas say the view did better.
 *   Percentages the app estimated itself (the demo's, decision 044) are never the prior: they are
 *   the view tilted toward the favourite, so they know nothing the view does not and claim more
 *   (decision 072); real ones are tempered first (`publicProbs`): the public over-bets favourites.
 * - The peña's model (decision 037) leans on the prior by how much it has learnt: its weight is
 *   n / (n + SHRINK_MATCHES) for n matches with results before the jornada (0 in the first one, a
 *   quarter after one jornada, three quarters after nine), the rest is the prior's.
 * - Once the model has been fitted (three jornadas), it is kept only where, on the jornadas already
 *   played, it has beaten the prior; otherwise the prior alone.
 */

export type ChancesSource = "model" | "prior";
/** Which prior: the app's pre-match view, or the public's percentages of the jornada. */
export type PriorKind = "pre-match" | "public";

/** The model weighs n / (n + this) for n matches with results: three jornadas give it half. */
export const SHRINK_MATCHES = 42;

/** The pre-match view of round `target`, from the rounds with results before it (their 14 matches, in close order). */
export function preMatchOf(history: readonly HistoryRound[], fixtures: readonly (readonly Fixture[])[], target: number): SignProbs[] {
  return preMatchView(playedBefore(history, fixtures, target), fixtures[target] ?? []);
}

function playedBefore(history: readonly HistoryRound[], fixtures: readonly (readonly Fixture[])[], target: number): PlayedMatch[] {
  const played: PlayedMatch[] = [];
  for (let r = 0; r < target; r++) {
    const results = history[r].results;
    if (!results) continue;
    (fixtures[r] ?? []).forEach((f, i) => {
      const sign = results[i];
      if (sign) played.push({ home: f.home, away: f.away, sign });
    });
  }
  return played;
}

/** Mean log loss of a view over the rounds before `target` with results (where `view` gives one), each viewed from the rounds before it. */
export function pastLogLoss(
  history: readonly HistoryRound[],
  target: number,
  view: (round: number) => readonly SignProbs[] | null,
): { loss: number | null; matches: number } {
  let loss = 0;
  let matches = 0;
  for (let r = 0; r < target; r++) {
    const results = history[r].results;
    const probs = results ? view(r) : null;
    if (!results || !probs?.length) continue;
    results.forEach((s, i) => {
      if (s === null || !probs[i]) return;
      loss += scoreForecast(probs[i], s).logLoss;
      matches++;
    });
  }
  return { loss: matches ? loss / matches : null, matches };
}

/** Mean log loss of the pre-match view over the rounds before `target`, each viewed from the rounds before it. */
export function preMatchLogLoss(history: readonly HistoryRound[], fixtures: readonly (readonly Fixture[])[], target: number) {
  return pastLogLoss(history, target, (r) => (fixtures[r]?.length ? preMatchOf(history, fixtures, r) : null));
}

/** Per match, (1 − w) · prior + w · model. */
export function shrink(prior: readonly SignProbs[], model: readonly SignProbs[], weight: number): SignProbs[] {
  return model.map((m, i) => {
    const p = prior[i];
    if (!p || weight >= 1) return m;
    return [0, 1, 2].map((k) => (1 - weight) * p[k] + weight * m[k]) as unknown as SignProbs;
  });
}

export interface ChosenChances {
  source: ChancesSource;
  prior: PriorKind;
  probs: SignProbs[];
  /** The peña model's share of `probs` when it is the source (n / (n + SHRINK_MATCHES)); 0 when the prior is. */
  weight: number;
  /** Mean log loss on the season's past matches: the model's as fitted, the prior's; null without any. */
  modelLogLoss: number | null;
  priorLogLoss: number | null;
}

export interface ChancesInput {
  history: readonly HistoryRound[];
  fixtures: readonly (readonly Fixture[])[];
  /** The public's percentages of each round, where known (as shares of the bets), aligned with `history`. */
  shares?: readonly (readonly SignProbs[] | null)[];
  /** The rounds whose percentages the app estimated from the pre-match view rather than read (source 'estimate'). */
  estimated?: readonly boolean[];
  target: number;
  model: RoundModel;
}

/**
 * The one source of the jornada's probabilities (see above). The public's percentages, read and
 * tempered, are the prior where the jornada has them, unless at least three jornadas with both show
 * the pre-match view with the lower log loss (across 989 real jornadas the public's beat a table's
 * rating, decision 066).
 */
export function chooseChances({ history, fixtures, shares = [], estimated = [], target, model }: ChancesInput): ChosenChances {
  const hasView = Boolean(fixtures[target]?.length);
  const withShares = (r: number) => (shares[r]?.length === 14 && !estimated[r] ? publicProbs(shares[r]!) : null);
  const ownShares = withShares(target);
  const preMatch = preMatchLogLoss(history, fixtures, target);
  let prior: PriorKind = "pre-match";
  let priorProbs: SignProbs[] | null = hasView ? preMatchOf(history, fixtures, target) : null;
  let priorLoss = preMatch.loss;
  if (ownShares) {
    const publicLoss = pastLogLoss(history, target, withShares);
    const sameMatches = pastLogLoss(history, target, (r) => (withShares(r) && fixtures[r]?.length ? preMatchOf(history, fixtures, r) : null));
    const preMatchWins = publicLoss.matches >= MIN_FIT_MATCHES && sameMatches.loss !== null && publicLoss.loss !== null && sameMatches.loss < publicLoss.loss;
    if (!preMatchWins || !priorProbs) {
      prior = "public";
      priorProbs = ownShares;
      priorLoss = publicLoss.loss;
    }
  }
  const modelLoss = model.fit.logLoss;
  const n = model.fit.matches;
  const weight = priorProbs ? n / (n + SHRINK_MATCHES) : 1;
  const priorWins = model.fit.fitted && priorLoss !== null && modelLoss !== null && priorLoss < modelLoss;
  if (priorProbs && (priorWins || weight === 0)) {
    return { source: "prior", prior, probs: priorProbs, weight: 0, modelLogLoss: modelLoss, priorLogLoss: priorLoss };
  }
  return {
    source: "model",
    prior,
    probs: priorProbs ? shrink(priorProbs, model.probs, weight) : model.probs,
    weight,
    modelLogLoss: modelLoss,
    priorLogLoss: priorLoss,
  };
}
