import { describe, expect, it } from "vitest";
import type { Pick } from "../signs";
import {
  chargedBets,
  expandColumns,
  plenoCombinations,
  plenoHit,
  plenoMark,
  plenoMarksOf,
  plenoPickOf,
  slipBets,
  slipColumns,
  slipCost,
  slipProblems,
  type Slip,
} from "./slip";

const T: Pick = ["1", "X", "2"];
const D: Pick = ["1", "X"];
const S: Pick = ["1"];
/** A slip with `d` doubles and `t` triples first, the rest single signs, and a one-score pleno. */
const slip = (d: number, t: number, extra: Partial<Slip> = {}): Slip => ({
  matches: Array.from({ length: 14 }, (_, i) => (i < t ? T : i < t + d ? D : S)),
  pleno: { home: ["1"], away: ["0"] },
  ...extra,
});

describe("the pleno al 15 marks", () => {
  it("marks each team's goals as 0, 1, 2 or M (three or more)", () => {
    expect(plenoMarksOf({ home: 3, away: 1 })).toEqual({ home: "M", away: "1" });
    expect(plenoMarksOf({ home: 0, away: 2 })).toEqual({ home: "0", away: "2" });
    for (let g = 0; g <= 10; g++) expect(plenoMark(g)).toBe(["0", "1", "2"][g] ?? "M");
    for (const bad of [-1, 11, 1.5, NaN]) expect(() => plenoMark(bad)).toThrow(RangeError);
  });

  it("plays every home × away combination as its own bet", () => {
    expect(plenoCombinations(null)).toBe(1);
    expect(plenoCombinations(plenoPickOf({ home: 4, away: 4 }))).toBe(1);
    expect(plenoCombinations({ home: ["0", "1"], away: ["M"] })).toBe(2);
    expect(plenoCombinations({ home: ["0", "1", "2", "M"], away: ["0", "1", "2", "M"] })).toBe(16);
    expect(plenoHit({ home: ["1", "M"], away: ["1"] }, { home: 5, away: 1 })).toBe(true);
    expect(plenoHit({ home: ["1", "M"], away: ["1"] }, { home: 2, away: 1 })).toBe(false);
    expect(plenoHit(null, { home: 0, away: 0 })).toBe(false);
  });
});

describe("bets and cost of a slip", () => {
  it("counts 2^doubles × 3^triples columns for a full multiple, times the pleno combinations", () => {
    expect(slipColumns(slip(0, 0))).toBe(1);
    expect(slipColumns(slip(4, 2))).toBe(144);
    expect(slipColumns(slip(6, 2))).toBe(576);
    expect(slipColumns(slip(0, 14))).toBe(3 ** 14);
    expect(slipBets(slip(4, 2, { pleno: { home: ["0", "1"], away: ["0", "1", "2"] } }))).toBe(144 * 6);
  });

  it("charges at least two bets, at the price per bet in cents", () => {
    expect(chargedBets(1)).toBe(2);
    expect(chargedBets(0)).toBe(2);
    expect(chargedBets(9)).toBe(9);
    expect(slipCost(slip(0, 0))).toBe(150);
    expect(slipCost(slip(4, 2))).toBe(10800);
    expect(slipCost(slip(6, 2))).toBe(43200);
    expect(slipCost(slip(6, 2, { reduction: { id: 4, matches: [0, 1, 2, 3, 4, 5, 6, 7] } }))).toBe(4800);
    expect(slipCost(slip(0, 0), 50)).toBe(100);
    expect(() => slipCost(slip(0, 0), 0.75)).toThrow(RangeError);
  });

  it("plays a reduction's columns times the full development of the multiples outside it", () => {
    // 4ª on 2 triples + 6 doubles, plus one more triple and one more double played in full.
    const s: Slip = { matches: [T, T, D, D, D, D, D, D, T, D, S, S, S, S], pleno: null, reduction: { id: 4, matches: [0, 1, 2, 3, 4, 5, 6, 7] } };
    expect(slipColumns(s)).toBe(64 * 3 * 2);
    expect(slipCost(s)).toBe(64 * 6 * 75);
    expect(slipColumns({ ...s, matches: [T, T, T, T, S, S, S, S, S, S, S, S, S, S], reduction: { id: 1, matches: [0, 1, 2, 3] } })).toBe(9);
  });

  it("says in Spanish what makes a slip unplayable", () => {
    expect(slipProblems(slip(4, 2))).toEqual([]);
    expect(slipProblems({ ...slip(0, 0), matches: [] })).toEqual(["El boleto tiene 14 partidos."]);
    expect(slipProblems({ ...slip(0, 0), matches: [[], ...slip(0, 0).matches.slice(1)] })).toEqual(["El partido 1 no tiene signo."]);
    expect(slipProblems(slip(4, 2, { reduction: { id: 4, matches: [0, 1, 2, 3, 4, 5] } }))).toEqual([
      "La Reducida 4ª se juega sobre 2 triples y 6 dobles marcados.",
    ]);
    expect(slipProblems(slip(6, 2, { reduction: { id: 4, matches: [0, 0, 2, 3, 4, 5, 6, 7] } }))).toEqual([
      "La reducida se aplica a partidos distintos del 1 al 14.",
    ]);
    expect(slipProblems(slip(0, 0, { pleno: { home: [], away: ["1"] } }))).toEqual(["El pleno al 15 necesita al menos una marca por equipo."]);
    expect(() => slipColumns({ ...slip(0, 0), matches: [] })).toThrow(RangeError);
  });

  it("lists its columns: all distinct and inside the marks", () => {
    const s = slip(2, 1, { reduction: null });
    const columns = expandColumns(s);
    expect(columns).toHaveLength(12);
    expect(new Set(columns.map((c) => c.join(""))).size).toBe(12);
    const reduced: Slip = {
      matches: [D, T, D, D, T, D, D, D, S, S, S, T, S, T],
      pleno: null,
      reduction: { id: 2, matches: [0, 2, 3, 5, 6, 7, 9].map((i) => i) },
    };
    reduced.matches[9] = D;
    const listed = expandColumns(reduced);
    expect(listed).toHaveLength(16 * 3 ** 4);
    for (const c of listed) c.forEach((sign, i) => expect(reduced.matches[i]).toContain(sign));
    expect(() => expandColumns(slip(0, 14))).toThrow(RangeError);
  });
});
