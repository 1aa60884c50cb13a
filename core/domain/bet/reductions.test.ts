import { describe, expect, it } from "vitest";
import { reducedColumns, reductionFor, REDUCTION_IDS, REDUCTIONS, type Reduction } from "./reductions";
import type { Pick } from "../signs";

/** The radix of each table position: triples first (3 signs), then doubles (2). */
const radices = (r: Reduction) => [...Array<number>(r.triples).fill(3), ...Array<number>(r.doubles).fill(2)];

/** Every outcome of the reduced matches, as digit arrays in the table's positions. */
function outcomes(rad: number[]): number[][] {
  let all: number[][] = [[]];
  for (const r of rad) all = all.flatMap((o) => Array.from({ length: r }, (_, v) => [...o, v]));
  return all;
}

const rowsOf = (r: Reduction) => r.table.map((row) => [...row].map(Number));
const misses = (row: number[], outcome: number[]) => row.reduce((n, d, i) => n + (d === outcome[i] ? 0 : 1), 0);

describe("the six reductions", () => {
  it("have the official names, marks and sizes, and say that no table is verified", () => {
    const sizes = REDUCTION_IDS.map((id) => {
      const r = REDUCTIONS[id];
      return [r.name, r.triples, r.doubles, r.columns, r.table.length, r.verified];
    });
    expect(sizes).toEqual([
      ["Reducida 1ª", 4, 0, 9, 9, false],
      ["Reducida 2ª", 0, 7, 16, 16, false],
      ["Reducida 3ª", 3, 3, 24, 24, false],
      ["Reducida 4ª", 2, 6, 64, 64, false],
      ["Reducida 5ª", 8, 0, 81, 81, false],
      ["Reducida 6ª", 0, 11, 132, 132, false],
    ]);
    for (const id of REDUCTION_IDS) expect(REDUCTIONS[id].source).toMatch(/Decision 030/);
  });

  it("have distinct rows whose digits fit each position (0–2 for a triple, 0–1 for a double)", () => {
    for (const id of REDUCTION_IDS) {
      const r = REDUCTIONS[id];
      const rad = radices(r);
      expect(new Set(r.table).size, r.name).toBe(r.columns);
      for (const row of rowsOf(r)) {
        expect(row.length).toBe(rad.length);
        row.forEach((d, i) => expect(Number.isInteger(d) && d >= 0 && d < rad[i], `${r.name} ${row.join("")}`).toBe(true));
      }
    }
  });

  // The guarantee, computed: for every outcome inside the marks, the best column's misses among the
  // reduced matches; the worst case over all outcomes is the guarantee (1 → 13 hits, 2 → 12 when
  // the fixed signs are right). Also the distribution of that best, outcome by outcome.
  const expected: Record<number, { worst: number; distribution: Record<number, number> }> = {
    1: { worst: 1, distribution: { 0: 9, 1: 72 } },
    2: { worst: 1, distribution: { 0: 16, 1: 112 } },
    3: { worst: 1, distribution: { 0: 24, 1: 192 } },
    4: { worst: 1, distribution: { 0: 64, 1: 512 } },
    5: { worst: 2, distribution: { 0: 81, 1: 1296, 2: 5184 } },
    6: { worst: 2, distribution: { 0: 132, 1: 1420, 2: 496 } },
  };

  for (const id of REDUCTION_IDS) {
    const r = REDUCTIONS[id];
    it(`${r.name}: every outcome inside its marks has a column with at most ${r.maxMisses} miss(es)`, () => {
      const rows = rowsOf(r);
      const distribution: Record<number, number> = {};
      let worst = 0;
      const all = outcomes(radices(r));
      for (const o of all) {
        const best = Math.min(...rows.map((row) => misses(row, o)));
        distribution[best] = (distribution[best] ?? 0) + 1;
        worst = Math.max(worst, best);
      }
      expect(worst).toBe(r.maxMisses);
      expect(distribution).toEqual(expected[id].distribution);
      // The chance of all the reduced matches right (14 with the fixed signs right) is columns / outcomes.
      expect(distribution[0] / all.length).toBeCloseTo(r.columns / all.length, 12);
      expect(14 - r.maxMisses).toBe(r.maxMisses === 1 ? 13 : 12);
    });
  }

  it("1ª and 2ª are perfect codes: each outcome is within one miss of exactly one column (a Hamming code)", () => {
    for (const id of [1, 2] as const) {
      const rows = rowsOf(REDUCTIONS[id]);
      for (const o of outcomes(radices(REDUCTIONS[id]))) expect(rows.filter((row) => misses(row, o) <= 1).length).toBe(1);
    }
  });

  it("a reduced double whose result falls outside its two signs costs at most one more miss", () => {
    // Worst case, over every outcome with exactly one reduced double outside its marks (counted as a
    // miss in every column), of the best column's misses among the reduced matches.
    const worstOutside: Record<number, number> = {};
    for (const id of REDUCTION_IDS) {
      const r = REDUCTIONS[id];
      if (r.doubles === 0) continue;
      const rows = rowsOf(r);
      let worst = 0;
      for (const o of outcomes(radices(r))) {
        for (let d = r.triples; d < r.triples + r.doubles; d++) {
          const out = [...o];
          out[d] = 2; // the double's third sign: no row has it
          worst = Math.max(worst, Math.min(...rows.map((row) => misses(row, out))));
        }
      }
      worstOutside[id] = worst;
      expect(worst).toBeLessThanOrEqual(r.maxMisses + 1);
    }
    expect(worstOutside).toEqual({ 2: 2, 3: 2, 4: 2, 6: 3 });
  });

  it("finds the reduction of a number of reduced doubles and triples", () => {
    expect(reductionFor(6, 2)?.name).toBe("Reducida 4ª");
    expect(reductionFor(0, 4)?.columns).toBe(9);
    expect(reductionFor(7, 0)?.columns).toBe(16);
    expect(reductionFor(11, 0)?.columns).toBe(132);
    expect(reductionFor(5, 5)).toBeNull();
  });

  it("maps a table onto the reduced matches: triples first, then doubles, each in slip order", () => {
    const picks: Pick[] = [
      ["X", "2"],
      ["1", "X", "2"],
      ["1", "2"],
      ["1", "X", "2"],
      ["1", "X"],
      ["1", "X", "2"],
    ];
    const columns = reducedColumns(REDUCTIONS[3], picks);
    expect(columns).toHaveLength(24);
    // Row "011010": triples (matches 2, 4, 6) take 1, X, X; doubles (matches 1, 3, 5) take their
    // signs 0, 1, 0: X of X2, 2 of 12, 1 of 1X.
    const k = REDUCTIONS[3].table.indexOf("011010");
    expect(k).toBeGreaterThanOrEqual(0);
    expect(columns[k]).toEqual(["X", "1", "2", "X", "1", "X"]);
    for (const c of columns) c.forEach((s, i) => expect(picks[i]).toContain(s));
    expect(() => reducedColumns(REDUCTIONS[1], [["1", "X", "2"]])).toThrow(RangeError);
    expect(() => reducedColumns(REDUCTIONS[2], Array<Pick>(7).fill(["1"]))).toThrow(RangeError);
  });
});
