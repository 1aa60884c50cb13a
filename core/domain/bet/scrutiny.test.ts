import { describe, expect, it } from "vitest";
import { REDUCTION_IDS, REDUCTIONS } from "./reductions";
import { CATEGORIES, scrutinize, type Category, type OfficialResult } from "./scrutiny";
import { PLENO_MARKS, type PlenoMark, type Slip } from "./slip";
import { SIGNS, type Pick, type Sign } from "../signs";

const T: Pick = ["1", "X", "2"];
const S1: Pick = ["1"];

const allOnes: Sign[] = Array<Sign>(14).fill("1");

describe("scrutinize", () => {
  it("scores a one-column slip into its category, the pleno counting only with 14 hits", () => {
    const slip: Slip = { matches: Array.from({ length: 14 }, () => S1), pleno: { home: ["2"], away: ["1"] } };
    const r14: OfficialResult = { matches: allOnes, pleno: { home: 2, away: 1 } };
    const s = scrutinize(slip, r14, { especial: 1_000_000, primera: 50_000 });
    expect(s.winners).toEqual({ especial: 1, primera: 1, segunda: 0, tercera: 0, cuarta: 0, quinta: 0 });
    expect(s.best).toEqual({ signs: allOnes, hits: 14, plenoHit: true, category: "especial" });
    expect(s.totalPrize).toBe(1_050_000);
    expect(scrutinize(slip, r14, {}, { especialAlsoWinsPrimera: false }).winners.primera).toBe(0);

    const r13: OfficialResult = { matches: ["X", ...allOnes.slice(1)], pleno: { home: 2, away: 1 } };
    const t = scrutinize(slip, r13, { segunda: 1234 });
    expect(t.winners).toEqual({ especial: 0, primera: 0, segunda: 1, tercera: 0, cuarta: 0, quinta: 0 });
    expect(t.best).toMatchObject({ hits: 13, plenoHit: false, category: "segunda" });
    expect(t.prizes.segunda).toBe(1234);
  });

  it("counts a full multiple by combinatorics: 2 triples hit, one wrong triple costs nothing", () => {
    const slip: Slip = { matches: [T, T, ...Array.from({ length: 12 }, () => S1)], pleno: { home: ["0", "1"], away: ["0"] } };
    const result: OfficialResult = { matches: ["X", "2", ...allOnes.slice(2)], pleno: { home: 1, away: 0 } };
    const s = scrutinize(slip, result);
    expect(s.columns).toBe(9);
    expect(s.bets).toBe(18);
    expect(s.hitsHistogram.slice(12)).toEqual([4, 4, 1]);
    // Each column is two bets (two pleno scores): 14 hits twice, of which one with the pleno.
    expect(s.winners).toMatchObject({ especial: 1, primera: 2, segunda: 8, tercera: 8 });
    expect(s.best.signs.slice(0, 2)).toEqual(["X", "2"]);
  });

  it("counts a reduction's columns row by row", () => {
    const slip: Slip = { matches: [T, T, T, T, ...Array.from({ length: 10 }, () => S1)], pleno: null, reduction: { id: 1, matches: [0, 1, 2, 3] } };
    const s = scrutinize(slip, { matches: allOnes, pleno: { home: 0, away: 0 } });
    expect(s.columns).toBe(9);
    // "0000" is a row: one 14; the ternary Hamming code has 8 words at distance 3 from it... none at 1 or 2.
    expect(s.winners.primera).toBe(1);
    expect(s.hitsHistogram.slice(10)).toEqual([0, 8, 0, 0, 1]);
    expect(s.winners.especial).toBe(0);
  });

  it("stays fast on 3^14 columns", () => {
    const start = performance.now();
    const s = scrutinize({ matches: Array.from({ length: 14 }, () => T), pleno: null }, { matches: allOnes, pleno: { home: 0, away: 0 } });
    expect(s.columns).toBe(3 ** 14);
    expect(s.hitsHistogram.reduce((a, b) => a + b, 0)).toBe(3 ** 14);
    expect(s.hitsHistogram[13]).toBe(28);
    expect(performance.now() - start).toBeLessThan(50);
  });

  it("agrees with a brute-force escrutinio on random slips and results", () => {
    let seed = 20261125;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return Math.floor((seed / 2 ** 32) * n);
    };
    const randomPick = (size: number): Pick => {
      const left = [...SIGNS];
      while (left.length > size) left.splice(rand(left.length), 1);
      return left;
    };
    const prizes: Record<Category, number> = { especial: 700_000, primera: 90_000, segunda: 1_500, tercera: 120, cuarta: 0, quinta: 0 };
    for (let trial = 0; trial < 300; trial++) {
      const useReduction = trial % 2 === 0;
      const id = REDUCTION_IDS[rand(6)];
      const red = REDUCTIONS[id];
      const order = Array.from({ length: 14 }, (_, i) => i).sort(() => rand(3) - 1);
      const sizes = Array<number>(14).fill(1);
      let reducedMatches: number[] = [];
      if (useReduction) {
        reducedMatches = order.slice(0, red.triples + red.doubles);
        reducedMatches.forEach((m, k) => (sizes[m] = k < red.triples ? 3 : 2));
      }
      // A few more multiples outside the reduction, kept small enough to enumerate.
      for (const m of order.slice(reducedMatches.length, reducedMatches.length + 1 + rand(useReduction ? 3 : 8))) sizes[m] = 1 + rand(3);
      const matches = sizes.map(randomPick);
      const plenoMarks = (): PlenoMark[] => PLENO_MARKS.filter(() => rand(3) === 0).concat(rand(2) ? ["1"] : []);
      const home = [...new Set(plenoMarks())];
      const away = [...new Set(plenoMarks())];
      const slip: Slip = {
        matches,
        pleno: home.length && away.length ? { home, away } : null,
        reduction: useReduction ? { id, matches: reducedMatches } : null,
      };
      // Results mostly inside the marks, so that high categories happen.
      const result: OfficialResult = {
        matches: matches.map((p) => (rand(5) === 0 ? SIGNS[rand(3)] : p[rand(p.length)])),
        pleno: { home: rand(5), away: rand(5) },
      };
      const fast = scrutinize(slip, result, prizes);
      const slow = bruteForce(slip, result, prizes);
      expect(fast.columns, `trial ${trial}`).toBe(slow.columns);
      expect(fast.winners, `trial ${trial}`).toEqual(slow.winners);
      expect(fast.totalPrize, `trial ${trial}`).toBe(slow.totalPrize);
      expect(fast.best.hits, `trial ${trial}`).toBe(slow.bestHits);
      // The best column reported is one of the slip's and has the hits said.
      expect(slow.columnKeys.has(fast.best.signs.join(""))).toBe(true);
      expect(fast.best.signs.filter((s, i) => s === result.matches[i]).length).toBe(fast.best.hits);
    }
  });
});

/**
 * An independent escrutinio: lists every column (the reduction's rows read straight off the table,
 * the rest by counting in mixed radix), every pleno score for each, and files each bet.
 */
function bruteForce(slip: Slip, result: OfficialResult, prizes: Record<Category, number>) {
  const reduced = slip.reduction ? [...slip.reduction.matches].sort((a, b) => a - b) : [];
  const red = slip.reduction ? REDUCTIONS[slip.reduction.id] : null;
  const free = slip.matches.map((_, i) => i).filter((i) => !reduced.includes(i));
  const blocks: Map<number, Sign>[] = [];
  if (red) {
    const triples = reduced.filter((m) => slip.matches[m].length === 3);
    const doubles = reduced.filter((m) => slip.matches[m].length === 2);
    for (const row of red.table) {
      const block = new Map<number, Sign>();
      triples.forEach((m, k) => block.set(m, (["1", "X", "2"] as const)[Number(row[k])]));
      doubles.forEach((m, k) => {
        const marked = SIGNS.filter((s) => slip.matches[m].includes(s));
        block.set(m, marked[Number(row[triples.length + k])]);
      });
      blocks.push(block);
    }
  } else blocks.push(new Map());
  const freeCount = free.reduce((n, m) => n * slip.matches[m].length, 1);
  const goals = (g: number): PlenoMark => (g >= 3 ? "M" : (String(g) as PlenoMark));
  const scores = slip.pleno ? slip.pleno.home.flatMap((h) => slip.pleno!.away.map((a) => [h, a])) : [["-", "-"]];
  const winners: Record<Category, number> = { especial: 0, primera: 0, segunda: 0, tercera: 0, cuarta: 0, quinta: 0 };
  const columnKeys = new Set<string>();
  let bestHits = -1;
  let columns = 0;
  for (const block of blocks) {
    for (let n = 0; n < freeCount; n++) {
      const column: Sign[] = [];
      let rest = n;
      for (let m = 0; m < 14; m++) {
        if (block.has(m)) column.push(block.get(m)!);
        else {
          const marks = slip.matches[m];
          column.push(marks[rest % marks.length]);
          rest = Math.floor(rest / marks.length);
        }
      }
      columns++;
      columnKeys.add(column.join(""));
      const hits = column.filter((s, i) => s === result.matches[i]).length;
      bestHits = Math.max(bestHits, hits);
      for (const [h, a] of scores) {
        const plenoRight = h === goals(result.pleno.home) && a === goals(result.pleno.away);
        if (hits === 14 && plenoRight) winners.especial++;
        if (hits === 14) winners.primera++;
        if (hits === 13) winners.segunda++;
        if (hits === 12) winners.tercera++;
        if (hits === 11) winners.cuarta++;
        if (hits === 10) winners.quinta++;
      }
    }
  }
  const totalPrize = CATEGORIES.reduce((sum, c) => sum + winners[c] * prizes[c], 0);
  return { columns, winners, totalPrize, bestHits, columnKeys };
}
