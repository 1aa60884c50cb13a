import { describe, expect, it } from "vitest";
import { randomSignOdds, seededRandom } from "../../seeded-random";
import type { SignProbs } from "../bet/chances";
import { CATEGORIES } from "../bet/scrutiny";
import {
  categoryFunds,
  estimatedEscrutinio,
  expectedSharedPrizes,
  expectedWinners,
  PRIZE_SHARE_BP,
  prizesPerWinner,
  PUBLIC_PLENO_HIT,
  publicHits,
  type Winners,
} from "./shared-prizes";
import { SIGNS, type Sign } from "../signs";

/** Every column of the public, each weighted by the product of its signs' shares: P(k hits), by enumeration. */
function enumerateHits(shares: readonly SignProbs[], results: readonly Sign[]): number[] {
  const out = new Array<number>(shares.length + 1).fill(0);
  const walk = (i: number, p: number, hits: number) => {
    if (i === shares.length) {
      out[hits] += p;
      return;
    }
    for (let s = 0; s < 3; s++) walk(i + 1, p * shares[i][s], hits + (SIGNS[s] === results[i] ? 1 : 0));
  };
  walk(0, 1, 0);
  return out;
}

const sharesOf = (seed: number, n: number) => randomSignOdds(seededRandom(seed), n, 0.05) as SignProbs[];
const resultsOf = (seed: number, n: number) => {
  const r = seededRandom(seed);
  return Array.from({ length: n }, () => SIGNS[Math.floor(r() * 3)]);
};

describe("publicHits", () => {
  it("equals the enumeration of every column of the public, for small and for all 14 matches", () => {
    for (const n of [1, 3, 6, 14]) {
      const shares = sharesOf(n, n);
      const results = resultsOf(100 + n, n);
      const exact = enumerateHits(shares, results);
      const got = publicHits(shares, results);
      expect(got).toHaveLength(n + 1);
      got.forEach((p, k) => expect(p).toBeCloseTo(exact[k], 12));
    }
  });
});

describe("expectedWinners", () => {
  it("is the bets times P(k hits) per category, the Especial the 14s that hit the pleno too", () => {
    const shares = sharesOf(3, 14);
    const results = resultsOf(4, 14);
    const exact = enumerateHits(shares, results);
    const w = expectedWinners(2_000_000, publicHits(shares, results));
    expect(w.primera).toBeCloseTo(2_000_000 * exact[14], 6);
    expect(w.segunda).toBeCloseTo(2_000_000 * exact[13], 6);
    expect(w.tercera).toBeCloseTo(2_000_000 * exact[12], 6);
    expect(w.cuarta).toBeCloseTo(2_000_000 * exact[11], 6);
    expect(w.quinta).toBeCloseTo(2_000_000 * exact[10], 6);
    expect(w.especial).toBeCloseTo(2_000_000 * exact[14] * PUBLIC_PLENO_HIT, 6);
  });
});

describe("prizesPerWinner", () => {
  const none: Winners = { especial: 0, primera: 0, segunda: 0, tercera: 0, cuarta: 0, quinta: 0 };

  it("gives 55 % of the takings to prizes, in the rules' shares", () => {
    expect(CATEGORIES.reduce((t, c) => t + PRIZE_SHARE_BP[c], 0)).toBe(5500);
    expect(categoryFunds(1_000_000_00)).toEqual({
      especial: 7_500_000,
      primera: 16_000_000,
      segunda: 7_500_000,
      tercera: 7_500_000,
      cuarta: 7_500_000,
      quinta: 9_000_000,
    });
  });

  it("splits each fund among its winners", () => {
    const p = prizesPerWinner(1_000_000_00, { especial: 1, primera: 2, segunda: 50, tercera: 1_000, cuarta: 10_000, quinta: 60_000 });
    expect(p).toEqual({ especial: 7_500_000, primera: 8_000_000, segunda: 150_000, tercera: 7_500, cuarta: 750, quinta: 150 });
  });

  it("pays nothing in the Especial and the 1ª without winners, and passes a lower fund without winners down", () => {
    const p = prizesPerWinner(1_000_000_00, { ...none, segunda: 0, tercera: 100, cuarta: 1_000, quinta: 100_000 });
    expect(p.especial).toBe(0);
    expect(p.primera).toBe(0);
    expect(p.segunda).toBe(0);
    // The 3ª takes the 2ª's fund too: (7.5 M + 7.5 M) / 100.
    expect(p.tercera).toBe(150_000);
  });

  it("never pays a lower category more than a higher one: both funds are shared among both", () => {
    // 2ª alone: 7.5 M / 100 = 75,000; 3ª alone: 7.5 M / 10 = 750,000 > 75,000, so they pool: 15 M / 110.
    const p = prizesPerWinner(1_000_000_00, { ...none, primera: 1, segunda: 100, tercera: 10, cuarta: 10_000, quinta: 100_000 });
    expect(p.segunda).toBe(Math.floor(15_000_000 / 110));
    expect(p.tercera).toBe(p.segunda);
    for (let k = 1; k < 5; k++) {
      const order = ["primera", "segunda", "tercera", "cuarta", "quinta"] as const;
      expect(p[order[k]]).toBeLessThanOrEqual(p[order[k - 1]]);
    }
  });

  it("pays nothing in a 5ª under 1,50 € a winner: 2025-26 jornada 40's 588,633 winners of 10 at 0,86 € were paid 0", () => {
    // Takings that give the 5ª's fund (9 %) 0,86 € for each of its 588,633 winners.
    const takings = Math.round((588_633 * 86) / 0.09);
    const winners: Winners = { especial: 0, primera: 3, segunda: 150, tercera: 2_500, cuarta: 30_000, quinta: 588_633 };
    const p = prizesPerWinner(takings, winners);
    expect(p.quinta).toBe(0);
    // Its fund goes to no other category of the jornada: the 4ª is its own fund over its winners.
    expect(p.cuarta).toBe(Math.floor(categoryFunds(takings).cuarta / 30_000));
    // At the minimum it is paid.
    expect(prizesPerWinner(1_000_000_00, { ...winners, quinta: 60_000 }).quinta).toBe(150);
    expect(prizesPerWinner(1_000_000_00, { ...winners, quinta: 60_001 }).quinta).toBe(0);
  });

  it("pays nothing in a 4ª under 1,00 € a winner, and its fund goes to the 3ª", () => {
    const winners: Winners = { especial: 0, primera: 1, segunda: 50, tercera: 1_000, cuarta: 75_001, quinta: 60_000 };
    const p = prizesPerWinner(1_000_000_00, winners);
    expect(p.cuarta).toBe(0);
    expect(p.tercera).toBe(Math.floor((7_500_000 + 7_500_000) / 1_000));
    // At 1,00 € it is paid; here the 5ª's 1,50 € would pay more, so the two share their funds (decision 044).
    expect(prizesPerWinner(1_000_000_00, { ...winners, cuarta: 75_000 }).cuarta).toBe(Math.floor((7_500_000 + 9_000_000) / 135_000));
  });

  it("with the bet valued among the winners, a category nobody else hits pays its whole fund", () => {
    expect(prizesPerWinner(1_000_000_00, none, true).primera).toBe(16_000_000);
  });
});

describe("estimatedEscrutinio", () => {
  it("rounds the expected winners and prices them from the takings", () => {
    const shares = sharesOf(11, 14);
    const results = resultsOf(12, 14);
    const e = estimatedEscrutinio(1_500_000_00, 75, shares, results);
    const expected = expectedWinners(2_000_000, publicHits(shares, results));
    for (const c of CATEGORIES) expect(e.winners[c]).toBe(Math.round(expected[c]));
    expect(e.prizes).toEqual(prizesPerWinner(1_500_000_00, e.winners));
  });
});

describe("expectedSharedPrizes", () => {
  it("is the escrutinio of the outcome when the outcome is certain", () => {
    const shares = sharesOf(21, 14);
    const certain = Array.from({ length: 14 }, (): SignProbs => [1, 0, 0]);
    const results = Array.from({ length: 14 }, (): Sign => "1");
    const exact = prizesPerWinner(290_000_000, expectedWinners(3_866_666, enumerateHits(shares, results)), true);
    expect(expectedSharedPrizes(shares, certain, 75)).toEqual(exact);
  });

  it("is the same every time, and pays more where the public bets against what happens", () => {
    const probs = sharesOf(22, 14);
    const followers = probs.map((p) => p);
    const contrarians = probs.map((p) => [p[2], p[1], p[0]] as SignProbs);
    expect(expectedSharedPrizes(followers, probs, 75)).toEqual(expectedSharedPrizes(followers, probs, 75));
    expect(expectedSharedPrizes(contrarians, probs, 75).quinta).toBeGreaterThan(expectedSharedPrizes(followers, probs, 75).quinta);
  });
});
