import { MIN_FIT_MATCHES, scoreForecast, type HistoryRound, type RoundModel, type SignProbs } from "./chances";
import { preMatchView, type Fixture, type PlayedMatch } from "./pre-match";

/**
 * Whose chances the bet page shows (issue 35): the peña's model (decision 037) is kept only where it
 * beats the pre-match view of the matches (core/domain/pre-match, the 'market' of the backtest) on
 * the season's jornadas already played; otherwise the page uses the pre-match view, and says so.
 */

export type ChancesSource = "model" | "market";

/** The pre-match view of round `target`, from the rounds with results before it (their 14 matches, in close order). */
export function marketView(history: readonly HistoryRound[], fixtures: readonly (readonly Fixture[])[], target: number): SignProbs[] {
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

/** Mean log loss of the pre-match view over the rounds before `target`, each viewed from the rounds before it. */
export function marketLogLoss(
  history: readonly HistoryRound[],
  fixtures: readonly (readonly Fixture[])[],
  target: number,
): { loss: number | null; matches: number } {
  let loss = 0;
  let matches = 0;
  for (let r = 0; r < target; r++) {
    const results = history[r].results;
    if (!results || !fixtures[r]?.length) continue;
    const view = marketView(history, fixtures, r);
    results.forEach((s, i) => {
      if (s === null || !view[i]) return;
      loss += scoreForecast(view[i], s).logLoss;
      matches++;
    });
  }
  return { loss: matches ? loss / matches : null, matches };
}

export interface ChosenChances {
  source: ChancesSource;
  probs: SignProbs[];
  /** Mean log loss of each on the season's past matches (the model's as fitted); null without any. */
  modelLogLoss: number | null;
  marketLogLoss: number | null;
}

/**
 * The model where it has been fitted and beats the pre-match view on the past matches (fewer than
 * three jornadas of either: the model, as before); the pre-match view otherwise.
 */
export function chooseChances(history: readonly HistoryRound[], fixtures: readonly (readonly Fixture[])[], target: number, model: RoundModel): ChosenChances {
  const market = marketLogLoss(history, fixtures, target);
  const modelLoss = model.fit.logLoss;
  const useMarket =
    model.fit.fitted && market.loss !== null && market.matches >= MIN_FIT_MATCHES && modelLoss !== null && market.loss < modelLoss && fixtures[target]?.length;
  return {
    source: useMarket ? "market" : "model",
    probs: useMarket ? marketView(history, fixtures, target) : model.probs,
    modelLogLoss: modelLoss,
    marketLogLoss: market.loss,
  };
}
