import { describe, expect, it } from "vitest";
import { randomSignOdds, seededRandom } from "./seeded-random";

describe("seededRandom", () => {
  it("gives the same numbers for the same seed, others for another, all in [0, 1)", () => {
    const a = Array.from({ length: 1000 }, seededRandom(7));
    expect(Array.from({ length: 1000 }, seededRandom(7))).toEqual(a);
    expect(Array.from({ length: 1000 }, seededRandom(8))).not.toEqual(a);
    expect(a.every((x) => x >= 0 && x < 1)).toBe(true);
    // Spread over the interval: each tenth holds roughly a tenth of them.
    for (let d = 0; d < 10; d++) expect(a.filter((x) => Math.floor(x * 10) === d).length).toBeGreaterThan(60);
  });

  it("makes probability triples that sum to 1 with every sign at least possible", () => {
    for (const p of randomSignOdds(seededRandom(1), 200, 0.05)) {
      expect(p[0] + p[1] + p[2]).toBeCloseTo(1, 12);
      expect(Math.min(...p)).toBeGreaterThan(0);
    }
  });
});
