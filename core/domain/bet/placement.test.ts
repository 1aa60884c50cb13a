import { describe, expect, it } from "vitest";
import type { SignProbs } from "./chances";
import { prizeWeights, ticketOdds } from "./hit-odds";
import { bestForBudget, bestPlacement, bestReductionPlacement, costOf, pickOf, reductionValue, type Objective } from "./placement";
import { REDUCTIONS } from "./reductions";
import type { Pick } from "../signs";
import type { Slip } from "./slip";
import { randomSignOdds, seededRandom } from "../../seeded-random";

/** Probabilities that vary from match to match, the same on every run. */
const varied = (seed: number): SignProbs[] => randomSignOdds(seededRandom(seed), 14, 0.1);

/** Every way to give `d` doubles and `t` triples to 14 matches, as sizes per match. */
function* shapes(d: number, t: number, i = 0, sizes: number[] = []): Generator<number[]> {
  if (i === 14) {
    if (d === 0 && t === 0) yield [...sizes];
    return;
  }
  for (const s of [1, 2, 3]) {
    if ((s === 2 && d === 0) || (s === 3 && t === 0)) continue;
    sizes.push(s);
    yield* shapes(d - (s === 2 ? 1 : 0), t - (s === 3 ? 1 : 0), i + 1, sizes);
    sizes.pop();
  }
}

const prizes = { especial: 50_000_000, primera: 10_000_000, segunda: 100_000, tercera: 4000, cuarta: 400, quinta: 150 };

function valueOf(slip: Slip, probs: SignProbs[], objective: Objective): number {
  const odds = ticketOdds(slip, probs, 0.1);
  if (objective.target === "p10") return odds.atLeast[10];
  if (objective.target === "p12") return odds.atLeast[12];
  return odds.expectedColumns.reduce((t, c, k) => t + c * objective.prizeWeights![k], 0);
}

const objectives: Objective[] = [{ target: "p10" }, { target: "p12" }, { target: "prize", prizeWeights: prizeWeights(prizes, 0.1, 1) }];

describe("the best placement of doubles and triples", () => {
  for (const objective of objectives) {
    it(`is the best of every placement, scored by the ticket's odds (${objective.target})`, () => {
      const probs = varied(7);
      let best = -1;
      for (const sizes of shapes(2, 1)) {
        const slip: Slip = { matches: probs.map((p, i) => pickOf(p, sizes[i] as 1 | 2 | 3)), pleno: null };
        best = Math.max(best, valueOf(slip, probs, objective));
      }
      const found = bestPlacement(probs, { numDouble: 2, numTriple: 1 }, objective);
      expect(found.value).toBeCloseTo(best, 12);
      expect(valueOf({ matches: found.matches, pleno: null }, probs, objective)).toBeCloseTo(found.value, 12);
      expect(found.doubles).toHaveLength(2);
      expect(found.triples).toHaveLength(1);
    });
  }

  it("puts a double on the two most probable signs and a single on the most probable", () => {
    expect(pickOf([0.2, 0.5, 0.3], 1)).toEqual(["X"]);
    expect(pickOf([0.2, 0.5, 0.3], 2)).toEqual(["X", "2"]);
    expect(pickOf([0.2, 0.5, 0.3], 3)).toEqual(["1", "X", "2"]);
  });

  it("puts the double where the favourite is weakest when one double is all there is", () => {
    const probs = Array.from({ length: 14 }, (): SignProbs => [0.8, 0.1, 0.1]);
    probs[5] = [0.4, 0.35, 0.25];
    const found = bestPlacement(probs, { numDouble: 1, numTriple: 0 }, { target: "p10" });
    expect(found.doubles).toEqual([5]);
    expect(found.matches[5]).toEqual(["1", "X"]);
  });

  for (const id of [1, 2] as const) {
    it(`finds the best placement of the ${REDUCTIONS[id].name} exactly, checked against every placement`, () => {
      const r = REDUCTIONS[id];
      const probs = varied(11 + id);
      for (const objective of objectives) {
        let best = -1;
        for (const sizes of shapes(r.doubles, r.triples)) {
          const value = reductionValue(probs, r, sizes, objective);
          best = Math.max(best, value);
        }
        const found = bestReductionPlacement(probs, r, objective)!;
        expect(found.value).toBeCloseTo(best, 12);
        const reduced = [...found.triples, ...found.doubles].sort((a, b) => a - b);
        const slip: Slip = { matches: found.matches, pleno: null, reduction: { id, matches: reduced } };
        expect(valueOf(slip, probs, objective)).toBeCloseTo(found.value, 12);
      }
    });
  }

  it("spends a budget on the shape that pays most, within the budget", () => {
    const probs = varied(5);
    const budget = { cents: 1200, priceCents: 75, plenoCombinations: 1 };
    const found = bestForBudget(probs, budget, { target: "p10" })!;
    const columns = found.reduction ? REDUCTIONS[found.reduction].columns : 2 ** found.doubles.length * 3 ** found.triples.length;
    expect(costOf(columns, budget)).toBeLessThanOrEqual(1200);
    // Sixteen columns at most: every full multiple of 16 columns or fewer is no better.
    for (const [d, t] of [
      [4, 0],
      [2, 1],
      [0, 2],
    ]) {
      expect(found.value).toBeGreaterThanOrEqual(bestPlacement(probs, { numDouble: d, numTriple: t }, { target: "p10" }).value - 1e-12);
    }
    expect(bestForBudget(probs, { ...budget, cents: 100 }, { target: "p10" })).toBeNull();
  });

  it("keeps the picks of a placement consistent with its doubles and triples", () => {
    const found = bestPlacement(varied(3), { numDouble: 4, numTriple: 2 }, { target: "p12" });
    found.matches.forEach((m: Pick, i) => expect(m.length).toBe(found.triples.includes(i) ? 3 : found.doubles.includes(i) ? 2 : 1));
  });
});
