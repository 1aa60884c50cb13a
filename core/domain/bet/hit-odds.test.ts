import { describe, expect, it } from "vitest";
import type { SignProbs } from "./chances";
import { bestTable, expectedPrize, poissonBinomial, prizeWeights, ticketOdds, winChances } from "./hit-odds";
import { REDUCTIONS } from "./reductions";
import { scrutinize } from "./scrutiny";
import { SIGNS, type Pick, type Sign } from "../signs";
import { expandColumns, type Slip } from "./slip";
import { randomSignOdds, seededRandom as seeded } from "../../seeded-random";

const randomProbs = (random: () => number): SignProbs[] => randomSignOdds(random, 14, 0.05);

/**
 * Brute force: every outcome of the matches whose probabilities differ from certainty is
 * enumerated, and the ticket is scrutinised against each (the others are fixed at their sign).
 */
function bruteForce(slip: Slip, probs: SignProbs[], free: number[]): { best: number[]; expected: number[]; some: number[] } {
  const best = new Array<number>(15).fill(0);
  const expected = new Array<number>(15).fill(0);
  const some = new Array<number>(15).fill(0);
  const fixed: Sign[] = probs.map((p) => SIGNS[p.indexOf(Math.max(...p))]);
  const n = free.length;
  for (let code = 0; code < 3 ** n; code++) {
    const result = [...fixed];
    let weight = 1;
    let rest = code;
    for (let k = n - 1; k >= 0; k--) {
      const s = rest % 3;
      rest = Math.floor(rest / 3);
      result[free[k]] = SIGNS[s];
      weight *= probs[free[k]][s];
    }
    const s = scrutinize(slip, { matches: result, pleno: { home: 9, away: 9 } });
    best[s.best.hits] += weight;
    s.hitsHistogram.forEach((c, k) => {
      expected[k] += weight * c;
      if (c > 0) some[k] += weight;
    });
  }
  return { best, expected, some };
}

/** Probabilities certain (1) outside `free`, so the brute force stays small. */
function certainOutside(probs: SignProbs[], free: number[]): SignProbs[] {
  return probs.map((p, i) => (free.includes(i) ? p : ([1, 0, 0] as SignProbs)));
}

describe("the hit distribution of a ticket", () => {
  it("is a Poisson-binomial that adds up to 1", () => {
    const d = poissonBinomial([0.5, 0.25, 1]);
    expect(d).toEqual([0, 0.375, 0.5, 0.125]);
  });

  it("matches brute force on a full multiple with doubles and triples", () => {
    const random = seeded(3);
    const free = [0, 2, 4, 6, 8, 10, 13];
    const probs = certainOutside(randomProbs(random), free);
    const matches: Pick[] = probs.map((): Pick => ["1"]);
    matches[2] = ["1", "X"];
    matches[6] = ["X", "2"];
    matches[8] = ["1", "X", "2"];
    matches[13] = ["2"];
    const slip: Slip = { matches, pleno: null };
    const odds = ticketOdds(slip, probs, 0);
    const brute = bruteForce(slip, probs, free);
    odds.best.forEach((p, k) => expect(p).toBeCloseTo(brute.best[k], 12));
    odds.expectedColumns.forEach((p, k) => expect(p).toBeCloseTo(brute.expected[k], 12));
  });

  for (const id of [1, 2, 3, 4] as const) {
    it(`matches brute force through the ${REDUCTIONS[id].name}`, () => {
      const random = seeded(10 + id);
      const r = REDUCTIONS[id];
      const reduced = Array.from({ length: r.triples + r.doubles }, (_, k) => k + 1);
      const free = [...reduced, 12];
      const probs = certainOutside(randomProbs(random), free);
      const matches: Pick[] = probs.map((): Pick => ["1"]);
      reduced.forEach((m, k) => (matches[m] = k < r.triples ? ["1", "X", "2"] : k % 2 ? ["1", "2"] : ["X", "2"]));
      matches[12] = ["1", "X"];
      // The triples and doubles are mixed in slip order when the reduction has both.
      if (r.triples && r.doubles) [matches[1], matches[reduced.at(-1)!]] = [matches[reduced.at(-1)!], matches[1]];
      const slip: Slip = { matches, pleno: null, reduction: { id, matches: reduced } };
      expect(expandColumns(slip).length).toBe(r.columns * 2);
      const odds = ticketOdds(slip, probs, 0);
      const brute = bruteForce(slip, probs, free);
      odds.best.forEach((p, k) => expect(p).toBeCloseTo(brute.best[k], 12));
      odds.expectedColumns.forEach((p, k) => expect(p).toBeCloseTo(brute.expected[k], 12));
    });
  }

  it("gives the chance of cobrar each category (some column with exactly its hits) as brute force does, full multiple and reductions", () => {
    const random = seeded(7);
    const free = [0, 2, 4, 6, 8, 10, 13];
    // Probabilities certain outside `free` at a sign the ticket misses on some matches, so 10 to 13 hits all happen.
    const probs = randomProbs(random).map((p, i): SignProbs => (free.includes(i) ? p : i % 3 === 0 ? [0, 1, 0] : [1, 0, 0]));
    const matches: Pick[] = probs.map((): Pick => ["1"]);
    matches[2] = ["1", "X"];
    matches[4] = ["X", "2"];
    matches[6] = ["X", "2"];
    matches[8] = ["1", "X", "2"];
    matches[13] = ["2"];
    const slip: Slip = { matches, pleno: null };
    const wins = winChances(slip, probs, 0.25);
    const brute = bruteForce(slip, probs, free);
    const byHits = { primera: 14, segunda: 13, tercera: 12, cuarta: 11, quinta: 10 } as const;
    for (const [c, k] of Object.entries(byHits)) expect(wins[c as keyof typeof byHits]).toBeCloseTo(brute.some[k], 12);
    expect(wins.especial).toBeCloseTo(brute.some[14] * 0.25, 12);
    // A multiple ticket cobra more often than its best column has exactly those hits.
    expect(wins.quinta).toBeGreaterThan(ticketOdds(slip, probs, 0).best[10]);
    for (const id of [1, 2, 3, 4] as const) {
      const r = REDUCTIONS[id];
      const reduced = Array.from({ length: r.triples + r.doubles }, (_, k) => k + 1);
      const rfree = [...reduced, 12];
      const rprobs = randomProbs(seeded(20 + id)).map((p, i): SignProbs => (rfree.includes(i) ? p : i % 4 === 0 ? [0, 0, 1] : [1, 0, 0]));
      const rmatches: Pick[] = rprobs.map((): Pick => ["1"]);
      reduced.forEach((m, k) => (rmatches[m] = k < r.triples ? ["1", "X", "2"] : k % 2 ? ["1", "2"] : ["X", "2"]));
      // A double outside the reduction as well.
      rmatches[12] = ["1", "X"];
      const rslip: Slip = { matches: rmatches, pleno: null, reduction: { id, matches: reduced } };
      const rwins = winChances(rslip, rprobs, 0);
      const rbrute = bruteForce(rslip, rprobs, rfree);
      for (const [c, k] of Object.entries(byHits)) expect(rwins[c as keyof typeof byHits]).toBeCloseTo(rbrute.some[k], 12);
    }
  }, 30_000);

  it("knows a reduction's guarantee: with every result inside the marks, the best row misses at most maxMisses", () => {
    for (const id of [1, 2, 3, 4, 5, 6] as const) {
      const r = REDUCTIONS[id];
      const n = r.triples + r.doubles;
      const table = bestTable(r);
      // Only outcomes without a "neither" class on doubles (digit 2 on a double position).
      for (let code = 0; code < table.length; code += id === 6 ? 7 : 1) {
        const digits = code.toString(3).padStart(n, "0");
        if ([...digits].slice(r.triples).includes("2")) continue;
        expect(table[code]).toBeGreaterThanOrEqual(n - r.maxMisses);
      }
    }
  });

  it("gives the expected prize as the columns' expected hits times the prizes, the Especial with the pleno", () => {
    const probs = Array.from({ length: 14 }, (): SignProbs => [1, 0, 0]);
    const matches: Pick[] = probs.map((): Pick => ["1"]);
    matches[0] = ["1", "X"];
    const slip: Slip = { matches, pleno: { home: ["1"], away: ["0", "1"] } };
    const odds = ticketOdds(slip, probs, 0.5);
    // Two columns: one with 14 hits, one with 13; two pleno combinations.
    expect(odds.expectedColumns[14]).toBe(1);
    expect(odds.expectedColumns[13]).toBe(1);
    const prizes = { especial: 1000, primera: 100, segunda: 10, tercera: 3, cuarta: 2, quinta: 1 };
    expect(expectedPrize(odds, prizes)).toBeCloseTo(0.5 * 1000 + 2 * 100 + 2 * 10, 9);
    const w = prizeWeights(prizes, 0.5, 2);
    expect(odds.expectedColumns.reduce((t, c, k) => t + c * w[k], 0)).toBeCloseTo(expectedPrize(odds, prizes), 9);
    expect(odds.atLeast.especial).toBeCloseTo(0.5, 12);
  });
});
