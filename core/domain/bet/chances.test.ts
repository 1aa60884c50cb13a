import { describe, expect, it } from "vitest";
import {
  baseRates,
  DEFAULT_PARAMS,
  fitParams,
  matchProbs,
  memberWeight,
  plenoChance,
  PRIOR_BASE,
  roundModel,
  scoreForecast,
  signsByChance,
  smoothedAccuracy,
  voteSums,
  type FitRound,
  type HistoryRound,
  type SignProbs,
} from "./chances";
import { SIGNS, type Pick, type Sign } from "../signs";
import { seededRandom as seeded } from "../../seeded-random";

const draw = (random: () => number, p: readonly number[]): Sign => {
  const u = random();
  return u < p[0] ? "1" : u < p[0] + p[1] ? "X" : "2";
};

/** A season of `rounds` jornadas: players right with probability `skill[k]`, a random other sign otherwise. */
function season(rounds: number, skill: number[], seed = 1): HistoryRound[] {
  const random = seeded(seed);
  return Array.from({ length: rounds }, () => {
    const results = Array.from({ length: 14 }, () => draw(random, PRIOR_BASE));
    const predictions = skill.map((a, userId) => ({
      userId,
      matches: results.map((s): Pick => {
        if (random() < a) return [s];
        const others = SIGNS.filter((o) => o !== s);
        return [others[random() < 0.5 ? 0 : 1]];
      }),
    }));
    return { results, pleno: { home: 1, away: 0 }, predictions };
  });
}

describe("the chances model", () => {
  it("starts from the prior and learns the season's shares of 1, X and 2", () => {
    expect(baseRates([0, 0, 0])).toEqual(PRIOR_BASE);
    const b = baseRates([100, 0, 0]);
    expect(b[0]).toBeGreaterThan(0.9);
    expect(b[0] + b[1] + b[2]).toBeCloseTo(1, 12);
  });

  it("weighs a member by their smoothed accuracy: nothing at chance, more the better they are", () => {
    expect(memberWeight(1 / 3)).toBeCloseTo(0, 12);
    expect(memberWeight(0.2)).toBe(0);
    expect(memberWeight(0.6)).toBeGreaterThan(memberWeight(0.5));
    expect(memberWeight(0.99)).toBe(memberWeight(0.9));
    // No picks yet: the group's accuracy.
    expect(smoothedAccuracy({ hits: 0, total: 0 }, 0.5)).toBe(0.5);
    expect(smoothedAccuracy({ hits: 80, total: 100 }, 0.5)).toBeCloseTo(90 / 120, 12);
  });

  it("reads a double as half a vote for each of its signs, a triple as no vote", () => {
    const sums = voteSums([
      { matches: Array.from({ length: 14 }, (): Pick => ["1", "X"]), weight: 2 },
      { matches: Array.from({ length: 14 }, (): Pick => ["1", "X", "2"]), weight: 3 },
    ]);
    expect(sums[0]).toEqual([2, 2, 1]);
    const p = matchProbs([1 / 3, 1 / 3, 1 / 3], sums[0], { alpha: 1, beta: 1 });
    expect(p[0]).toBeCloseTo(p[1], 12);
    expect(p[0]).toBeGreaterThan(p[2]);
    expect(p[0] + p[1] + p[2]).toBeCloseTo(1, 12);
  });

  it("fits the blend: votes of good independent players get a large weight, votes of random ones none", () => {
    const good = season(12, [0.6, 0.6, 0.55, 0.65, 0.6], 3);
    const random = season(12, [1 / 3, 1 / 3, 1 / 3, 1 / 3], 4);
    const fitOf = (history: HistoryRound[]) => roundModel([...history, history[0]], history.length).fit;
    const g = fitOf(good);
    const r = fitOf(random);
    expect(g.fitted).toBe(true);
    expect(g.params.beta).toBeGreaterThan(0.5);
    expect(r.params.beta).toBeLessThan(g.params.beta);
    expect(g.logLoss!).toBeLessThan(Math.log(3));
  });

  it("keeps the default parameters until three jornadas have results", () => {
    const rounds: FitRound[] = [{ base: PRIOR_BASE, sums: voteSums([]), results: Array.from({ length: 14 }, (): Sign => "1") }];
    expect(fitParams(rounds)).toMatchObject({ params: DEFAULT_PARAMS, fitted: false, matches: 14 });
  });

  it("uses only what was known before the round: later results change nothing", () => {
    const history = season(8, [0.6, 0.5, 0.45], 9);
    const before = roundModel(history, 5);
    const changed = history.map((r, k) => (k >= 5 ? { ...r, results: r.results!.map((): Sign => "2") } : r));
    expect(roundModel(changed, 5).probs).toEqual(before.probs);
    expect(before.pastRounds).toBe(5);
    expect(before.voters).toBe(3);
    before.probs.forEach((p) => expect(p[0] + p[1] + p[2]).toBeCloseTo(1, 12));
  });

  it("gives the pleno's chance from the marks played, each side on its own", () => {
    const model = { home: [0.25, 0.25, 0.25, 0.25], away: [0.5, 0.3, 0.1, 0.1] };
    expect(plenoChance({ home: ["1"], away: ["0"] }, model)).toBeCloseTo(0.125, 12);
    expect(plenoChance({ home: ["1", "2"], away: ["0", "M"] }, model)).toBeCloseTo(0.3, 12);
    expect(plenoChance(null, model)).toBe(0);
  });

  it("scores a forecast by Brier score and log loss, and orders signs by chance", () => {
    const p: SignProbs = [0.5, 0.3, 0.2];
    expect(scoreForecast(p, "1").brier).toBeCloseTo(0.25 + 0.09 + 0.04, 12);
    expect(scoreForecast(p, "X").logLoss).toBeCloseTo(-Math.log(0.3), 12);
    expect(signsByChance([0.2, 0.4, 0.4])).toEqual(["X", "2", "1"]);
  });
});
