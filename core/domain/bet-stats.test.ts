import { describe, it, expect } from "vitest";
import { computeBetStats, type BetStatsEntry } from "./bet-stats";

const entry = (numberQuiniela: number, betHits: number, pleno15Exact = false): BetStatsEntry => ({
  numberQuiniela,
  betHits,
  pleno15Exact,
  closedAt: null,
});

describe("computeBetStats", () => {
  // Deliberately unordered: everything is read in jornada order.
  const stats = computeBetStats([entry(3, 11), entry(1, 10, true), entry(2, 8), entry(5, 12, true), entry(4, 12), entry(6, 8)]);

  it("averages hits over the counted jornadas and as a rounded share of 15", () => {
    expect(stats.counted).toBe(6);
    expect(stats.average).toBeCloseTo(61 / 6);
    expect(stats.averagePct).toBe(68);
    expect(stats.plenos).toBe(2);
  });

  it("takes the trend as last minus previous jornada", () => {
    expect(stats.trend).toBe(-4);
    expect(computeBetStats([entry(2, 9), entry(1, 7)]).trend).toBe(2);
    expect(computeBetStats([entry(1, 7)]).trend).toBeNull();
  });

  it("counts streaks of jornadas with 10 or more hits", () => {
    expect(stats.bestStreak).toBe(3);
    expect(stats.currentStreak).toBe(0);
    expect(computeBetStats([entry(1, 9), entry(2, 10), entry(3, 15)]).currentStreak).toBe(2);
  });

  it("lists the jornadas with most and fewest hits and the top three", () => {
    expect(stats.most).toEqual([4, 5]);
    expect(stats.fewest).toEqual([2, 6]);
    expect(stats.top3).toEqual([
      { numberQuiniela: 5, betHits: 12 },
      { numberQuiniela: 4, betHits: 12 },
      { numberQuiniela: 3, betHits: 11 },
    ]);
  });

  it("builds a histogram of 16 buckets indexed by hits, clamping odd values", () => {
    expect(stats.histogram).toHaveLength(16);
    expect(stats.histogram[12]).toBe(2);
    expect(stats.histogram[8]).toBe(2);
    const odd = computeBetStats([entry(1, 20), entry(2, -1), entry(3, NaN)]);
    expect(odd.histogram[15]).toBe(1);
    expect(odd.histogram[0]).toBe(2);
  });

  it("is all zeros and empty lists without entries", () => {
    expect(computeBetStats([])).toEqual({
      average: 0,
      averagePct: 0,
      counted: 0,
      plenos: 0,
      trend: null,
      bestStreak: 0,
      currentStreak: 0,
      most: [],
      fewest: [],
      top3: [],
      histogram: Array.from({ length: 16 }, () => 0),
    });
  });
});
