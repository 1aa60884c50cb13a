import { describe, expect, it } from "vitest";
import { levyOf, percentText, PRIZE_EXEMPT_CENTS, sharePrize } from "./prize-sharing";

const people = (cents: number[]) => cents.map((c, i) => ({ userId: i + 1, username: `m${i + 1}`, cents: c }));

describe("the prize-sharing record of a big prize", () => {
  it("shares the Agencia Tributaria's examples: a 50.000 € prize shared by three, the Gordo's 400.000 € alone, a décimo paid 15 € and 5 €", () => {
    const three = sharePrize(5_000_000, people([500, 500, 500]));
    expect(three.lines.map((l) => l.shareCents)).toEqual([1_666_667, 1_666_667, 1_666_666]);
    expect(three.lines.map((l) => l.exemptCents)).toEqual([1_333_334, 1_333_333, 1_333_333]);
    // 20 % of the 10.000 € above the exemption is 2.000 €; each member's levy is rounded on its own
    // (3.333,33 € and 3.333,34 € above their exempt shares: 666,67 € each), so a cent more in all.
    expect(three.lines.map((l) => l.taxableCents)).toEqual([333_333, 333_334, 333_333]);
    expect(three.lines.map((l) => l.levyCents)).toEqual([66_667, 66_667, 66_667]);
    expect(three.netCents).toBe(5_000_000 - 200_001);
    const gordo = sharePrize(40_000_000, people([2000]));
    expect(gordo.lines[0]).toMatchObject({
      exemptCents: 4_000_000,
      taxableCents: 36_000_000,
      levyCents: 7_200_000,
      netCents: 32_800_000,
      percentHundredths: 10_000,
    });
    const unequal = sharePrize(40_000_000, people([1500, 500]));
    expect(unequal.lines.map((l) => l.exemptCents)).toEqual([3_000_000, 1_000_000]);
    expect(unequal.lines.map((l) => percentText(l.percentHundredths))).toEqual(["75,00\u00a0%", "25,00\u00a0%"]);
  });

  it("a prize at or under the threshold pays nothing", () => {
    for (const prize of [1, 1_000_000, PRIZE_EXEMPT_CENTS - 1, PRIZE_EXEMPT_CENTS]) {
      const s = sharePrize(prize, people([300, 700, 1]));
      expect(s.taxed).toBe(false);
      expect(s.levyCents).toBe(0);
      expect(s.lines.every((l) => l.netCents === l.shareCents)).toBe(true);
    }
  });

  it("rounds each levy to the nearest cent, half a cent up", () => {
    expect([0, 1, 2, 3, 7, 8, 12, 13].map((c) => levyOf(c, 20))).toEqual([0, 0, 0, 1, 1, 2, 2, 3]);
    expect(levyOf(5, 10)).toBe(1);
  });

  it("over an enumeration of prizes and contributions: shares sum to the prize, exempt shares to the threshold, percents to 100 %, each levy exactly its rule", () => {
    const prizes = [0, 1, 99, 3_999_999, 4_000_000, 4_000_001, 4_000_007, 5_000_000, 12_345_678, 40_000_000, 999_999_999];
    const sets = [
      [1],
      [1, 1],
      [150, 150, 300],
      [1, 2, 3, 4, 5],
      [0, 7, 0, 13],
      [999, 1, 1, 1, 1, 1, 1],
      [450, 450, 450, 450, 450, 450, 450, 450, 450, 450, 450, 450, 450],
    ];
    const thresholds = [PRIZE_EXEMPT_CENTS, 1_000_000, 0];
    for (const prize of prizes)
      for (const weights of sets)
        for (const threshold of thresholds)
          for (const rate of [20, 0, 100]) {
            const s = sharePrize(prize, people(weights), threshold, rate);
            const sum = (f: (l: (typeof s.lines)[number]) => number) => s.lines.reduce((a, l) => a + f(l), 0);
            expect(sum((l) => l.shareCents)).toBe(prize);
            expect(sum((l) => l.exemptCents)).toBe(threshold);
            expect(sum((l) => l.percentHundredths)).toBe(10_000);
            expect(sum((l) => l.netCents) + s.levyCents).toBe(prize);
            const total = weights.reduce((a, b) => a + b, 0);
            for (const [i, l] of s.lines.entries()) {
              // Each share is its exact proportion rounded down or up; a zero weight gets nothing.
              expect(Math.abs(l.shareCents * total - prize * weights[i])).toBeLessThan(total);
              if (weights[i] === 0) expect([l.shareCents, l.exemptCents, l.levyCents]).toEqual([0, 0, 0]);
              const excess = prize > threshold ? Math.max(0, l.shareCents - l.exemptCents) : 0;
              expect(l.taxableCents).toBe(excess);
              expect(l.levyCents).toBe(Math.floor((excess * rate + 50) / 100));
            }
            // The members' levies together stay within a cent each of the levy on the whole prize.
            const whole = prize > threshold ? ((prize - threshold) * rate) / 100 : 0;
            expect(Math.abs(s.levyCents - whole)).toBeLessThanOrEqual(weights.length);
          }
  });
});
