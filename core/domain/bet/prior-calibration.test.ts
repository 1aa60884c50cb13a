import { describe, expect, it } from "vitest";
import type { SignProbs } from "./chances";
import { fitTemperature, PUBLIC_RELIABILITY, PUBLIC_TEMPERATURE, publicProbs, reliabilityError, temper, temperedShare } from "./prior-calibration";

describe("temper", () => {
  const views: SignProbs[] = [
    [0.45, 0.28, 0.27],
    [0.7, 0.2, 0.1],
    [0.2, 0.3, 0.5],
    [1, 0, 0],
  ];
  it("keeps a view at T = 1, sums to one, keeps the signs' order and flattens the favourite for T > 1", () => {
    for (const p of views) {
      temper(p, 1).forEach((x, k) => expect(x).toBeCloseTo(p[k], 15));
      for (const t of [1.2, PUBLIC_TEMPERATURE, 2, 3]) {
        const q = temper(p, t);
        expect(q[0] + q[1] + q[2]).toBeCloseTo(1, 15);
        for (const [a, b] of [
          [0, 1],
          [0, 2],
          [1, 2],
        ])
          expect(Math.sign(q[a] - q[b])).toBe(Math.sign(p[a] - p[b]));
        if (p[1] > 0) expect(Math.max(...q)).toBeLessThan(Math.max(...p));
      }
    }
  });

  it("approaches even chances as T grows", () => {
    temper([0.7, 0.2, 0.1], 1e6).forEach((x) => expect(x).toBeCloseTo(1 / 3, 5));
  });
});

describe("the public's temperature", () => {
  it("is the least-squares fit of the real table, checked against every T from 0.5 to 4 in steps of 0.001", () => {
    expect(fitTemperature()).toBe(PUBLIC_TEMPERATURE);
    const best = reliabilityError(PUBLIC_TEMPERATURE);
    // The fit's grid is 0.01 wide: no T on a grid ten times finer does better by more than its half step's worth.
    for (let k = 500; k <= 4000; k++) expect(reliabilityError(k / 1000)).toBeGreaterThan(best - 2e-5);
  });

  it("halves the table's error, and brings the over-bet moderate favourites (50–80 %) nearer to what came in", () => {
    expect(reliabilityError(PUBLIC_TEMPERATURE)).toBeLessThan(reliabilityError(1) / 2);
    const favourites = PUBLIC_RELIABILITY.filter((x) => x.share > 0.55);
    expect(favourites).toHaveLength(3);
    for (const b of favourites) expect(Math.abs(temperedShare(b.share, PUBLIC_TEMPERATURE) - b.real)).toBeLessThan(Math.abs(b.share - b.real));
  });

  it("turns a jornada's percentages into probabilities match by match", () => {
    const shares: SignProbs[] = [
      [0.6, 0.25, 0.15],
      [0.34, 0.33, 0.33],
    ];
    expect(publicProbs(shares)).toEqual(shares.map((s) => temper(s, PUBLIC_TEMPERATURE)));
  });
});
