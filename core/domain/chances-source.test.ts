import { describe, expect, it } from "vitest";
import { seededRandom } from "../seeded-random";
import { roundModel, scoreForecast, type HistoryRound } from "./chances";
import { chooseChances, marketLogLoss, marketView } from "./chances-source";
import { preMatchView } from "./pre-match";
import { SIGNS, type Sign } from "./signs";

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

describe("marketView", () => {
  it("is the pre-match view from the earlier rounds' results only", () => {
    const { fixtures, history } = season();
    const played = fixtures.slice(0, 3).flatMap((f, r) => f.map((m, i) => ({ ...m, sign: history[r].results![i]! })));
    expect(marketView(history, fixtures, 3)).toEqual(preMatchView(played, fixtures[3]));
  });
});

describe("marketLogLoss", () => {
  it("averages the log loss of each past round's own view", () => {
    const { fixtures, history } = season();
    let sum = 0;
    for (let r = 0; r < 4; r++) marketView(history, fixtures, r).forEach((p, i) => (sum += scoreForecast(p, history[r].results![i]!).logLoss));
    expect(marketLogLoss(history, fixtures, 4)).toEqual({ loss: sum / 56, matches: 56 });
  });
});

describe("chooseChances", () => {
  it("takes the pre-match view where it beats random votes on the rounds played, and says so", () => {
    const { fixtures, history } = season();
    const model = roundModel(history, 15);
    const chosen = chooseChances(history, fixtures, 15, model);
    expect(chosen.source).toBe("market");
    expect(chosen.marketLogLoss!).toBeLessThan(chosen.modelLogLoss!);
    expect(chosen.probs).toEqual(marketView(history, fixtures, 15));
  });

  it("keeps the model before three jornadas with results", () => {
    const { fixtures, history } = season();
    const model = roundModel(history, 2);
    expect(chooseChances(history, fixtures, 2, model)).toMatchObject({ source: "model", probs: model.probs });
  });
});
