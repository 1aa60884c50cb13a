import { describe, expect, it } from "vitest";
import { seededRandom } from "../../seeded-random";
import { roundModel, scoreForecast, type HistoryRound, type SignProbs } from "./chances";
import { chooseChances, preMatchLogLoss, preMatchOf, shrink, SHRINK_MATCHES } from "./chances-source";
import { preMatchView, publicShares } from "./pre-match";
import { publicProbs } from "./prior-calibration";
import { SIGNS, type Sign } from "../signs";

const TEAMS = Array.from({ length: 28 }, (_, k) => `Equipo ${k}`);
/** Sixteen rounds of 14 fixtures between strong and weak teams; the voters pick at random. */
function season(rounds = 16) {
  const random = seededRandom(9);
  // The strong teams (0–13) play at home in even rounds and away in odd ones, win 60 % of their matches and draw 25 %.
  const fixtures = Array.from({ length: rounds }, (_, r) =>
    Array.from({ length: 14 }, (_, i) => (r % 2 ? { home: TEAMS[14 + ((i + r) % 14)], away: TEAMS[i] } : { home: TEAMS[i], away: TEAMS[14 + ((i + r) % 14)] })),
  );
  const history: HistoryRound[] = fixtures.map((_, r) => ({
    results: Array.from({ length: 14 }, (): Sign => {
      const u = random();
      if (u < 0.25) return "X";
      return u < 0.85 === (r % 2 === 0) ? "1" : "2";
    }),
    pleno: null,
    predictions: [1, 2, 3].map((userId) => ({ userId, matches: Array.from({ length: 14 }, () => [SIGNS[Math.floor(random() * 3)]]) })),
  }));
  return { fixtures, history };
}

describe("preMatchOf", () => {
  it("is the pre-match view from the earlier rounds' results only", () => {
    const { fixtures, history } = season();
    const played = fixtures.slice(0, 3).flatMap((f, r) => f.map((m, i) => ({ ...m, sign: history[r].results![i]! })));
    expect(preMatchOf(history, fixtures, 3)).toEqual(preMatchView(played, fixtures[3]));
  });
});

describe("preMatchLogLoss", () => {
  it("averages the log loss of each past round's own view", () => {
    const { fixtures, history } = season();
    let sum = 0;
    for (let r = 0; r < 4; r++) preMatchOf(history, fixtures, r).forEach((p, i) => (sum += scoreForecast(p, history[r].results![i]!).logLoss));
    expect(preMatchLogLoss(history, fixtures, 4)).toEqual({ loss: sum / 56, matches: 56 });
  });
});

describe("chooseChances", () => {
  it("takes the pre-match view where it beats random votes on the rounds played, and says so", () => {
    const { fixtures, history } = season();
    const model = roundModel(history, 15);
    const chosen = chooseChances({ history, fixtures, target: 15, model });
    expect(chosen).toMatchObject({ source: "prior", prior: "pre-match", weight: 0 });
    expect(chosen.priorLogLoss!).toBeLessThan(chosen.modelLogLoss!);
    expect(chosen.probs).toEqual(preMatchOf(history, fixtures, 15));
  });

  it("in the first jornada, with nothing learnt, is the prior alone", () => {
    const { fixtures, history } = season();
    const model = roundModel(history, 0);
    expect(chooseChances({ history, fixtures, target: 0, model })).toMatchObject({ source: "prior", weight: 0, probs: preMatchOf(history, fixtures, 0) });
  });

  it("before three jornadas leans the model on the prior by the matches it has learnt from", () => {
    const { fixtures, history } = season();
    for (const target of [1, 2]) {
      const model = roundModel(history, target);
      const weight = (14 * target) / (14 * target + SHRINK_MATCHES);
      const chosen = chooseChances({ history, fixtures, target, model });
      expect(chosen).toMatchObject({ source: "model", prior: "pre-match", weight });
      const prior = preMatchOf(history, fixtures, target);
      chosen.probs.forEach((p, i) => p.forEach((x, k) => expect(x).toBeCloseTo((1 - weight) * prior[i][k] + weight * model.probs[i][k], 12)));
    }
  });

  it("uses the jornada's public percentages as the prior unless the past ones lost to the pre-match view", () => {
    const { fixtures, history } = season();
    const flat: SignProbs[] = Array.from({ length: 14 }, () => [0.34, 0.33, 0.33]);
    const model = roundModel(history, 1);
    // Only the target jornada has percentages: nothing says they lose, so they are the prior.
    const shares = history.map((_, r) => (r === 1 ? flat : null));
    const early = chooseChances({ history, fixtures, shares, target: 1, model });
    expect(early.prior).toBe("public");
    expect(early.probs).toEqual(shrink(publicProbs(flat), model.probs, early.weight));
    // Flat percentages every jornada lose to the view of strong and weak teams once there are three jornadas of both.
    const everywhere = history.map(() => flat);
    const late = chooseChances({ history, fixtures, shares: everywhere, target: 15, model: roundModel(history, 15) });
    expect(late.prior).toBe("pre-match");
  });

  it("never takes percentages the app estimated as the prior, nor measures them as the public's (decision 072)", () => {
    const { fixtures, history } = season();
    // The demo's estimate: the view tilted toward the favourite, sharper than the view and knowing nothing more.
    const shares = history.map((_, r) => preMatchOf(history, fixtures, r).map((p) => publicShares(p)));
    const estimated = history.map(() => true);
    for (const target of [0, 1, 2, 15]) {
      const model = roundModel(history, target);
      const chosen = chooseChances({ history, fixtures, shares, estimated, target, model });
      expect(chosen.prior).toBe("pre-match");
      expect(chosen).toEqual(chooseChances({ history, fixtures, target, model }));
    }
    // The same numbers read from the operator are the public's: the prior of the first jornada, tempered.
    const first = chooseChances({ history, fixtures, shares, target: 0, model: roundModel(history, 0) });
    expect(first).toMatchObject({ source: "prior", prior: "public", probs: publicProbs(shares[0]) });
  });
});
