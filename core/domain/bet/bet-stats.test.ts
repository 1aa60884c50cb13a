import { describe, it, expect } from "vitest";
import { computeBetStats, meanHits, seasonMoney, mvpOf, parsePlayerSort, signDistribution, sortPlayers, type BetStatsEntry } from "./bet-stats";

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

describe("seasonMoney", () => {
  it("adds what the played tickets cost and the prizes known, counting the jornadas still pending", () => {
    expect(
      seasonMoney([
        { confirmed: true, costCents: 1500, prizeCents: 1230 },
        { confirmed: true, costCents: 3000, prizeCents: null },
        { confirmed: false, costCents: 0, prizeCents: null },
        { confirmed: true, costCents: 0, prizeCents: 0 },
      ]),
    ).toEqual({ costCents: 4500, prizeCents: 1230, pending: 1 });
    expect(seasonMoney([])).toEqual({ costCents: 0, prizeCents: 0, pending: 0 });
  });
});

describe("round figures", () => {
  it("averages the hits of those who played, and has none without players", () => {
    expect(meanHits([10, 12, 11])).toBe(11);
    expect(meanHits([])).toBeNull();
  });

  it("spreads the official signs over the matches that have one, as rounded percentages", () => {
    const official = ["1", "1", "X", "2", "1", null, "2", "1", "X", "1", "1", "2", "1", "X"] as const;
    expect(signDistribution([...official])).toEqual([
      { sign: "1", count: 7, pct: 54 },
      { sign: "X", count: 3, pct: 23 },
      { sign: "2", count: 3, pct: 23 },
    ]);
    expect(signDistribution([null, null]).map((d) => d.pct)).toEqual([0, 0, 0]);
  });

  it("names the MVP only when one player alone has the most hits", () => {
    expect(
      mvpOf([
        { name: "a", hits: 9 },
        { name: "b", hits: 12 },
        { name: "c", hits: 3 },
      ])?.name,
    ).toBe("b");
    expect(
      mvpOf([
        { name: "a", hits: 12 },
        { name: "b", hits: 12 },
      ]),
    ).toBeNull();
    expect(mvpOf([])).toBeNull();
  });

  const players = [
    { name: "ana", hits: 9, rank: 3, included: true },
    { name: "bea", hits: 12, rank: null, included: false },
    { name: "eva", hits: 7, rank: 1, included: true },
    { name: "fran", hits: 12, rank: null, included: false },
  ];
  const names = (sort: Parameters<typeof sortPlayers>[1]) => sortPlayers(players, sort).map((p) => p.name);

  it("sorts the players' grid by nothing, hits, rank or inclusion, keeping ties in order", () => {
    expect(names("none")).toEqual(["ana", "bea", "eva", "fran"]);
    expect(names("hits")).toEqual(["bea", "fran", "ana", "eva"]);
    expect(names("rank")).toEqual(["eva", "ana", "bea", "fran"]);
    expect(names("included")).toEqual(["eva", "ana", "bea", "fran"]);
  });

  it("reads an unknown sort as none", () => {
    expect(parsePlayerSort("hits")).toBe("hits");
    expect(parsePlayerSort("drop table")).toBe("none");
    expect(parsePlayerSort(null)).toBe("none");
  });
});
