import { describe, it, expect } from "vitest";
import { addBreakdown, emptyBreakdown, scorePrediction, type Results } from "./hits";
import type { Pick, Sign } from "./signs";

const all = <T>(v: T) => Array.from({ length: 14 }, () => v);
const results = (matches: (Sign | null)[], pleno: Results["pleno"] = { home: 1, away: 0 }): Results => ({ matches, pleno });

describe("scorePrediction", () => {
  it("counts every hit of a perfect ticket, up to 15", () => {
    const b = scorePrediction({ matches: all<Pick>(["1"]), pleno: { home: 1, away: 0 } }, results(all<Sign>("1")));
    expect(b).toMatchObject({ simpleHits: 14, simpleTotal: 14, pleno15Hits: 1, pleno15Total: 1, hits: 15 });
  });

  it("hits a match when the official sign is among the chosen ones, by pick kind", () => {
    const matches: Pick[] = all<Pick>(["2"]);
    matches[0] = ["1", "X"];
    matches[1] = ["1", "2"];
    matches[2] = ["1", "X", "2"];
    const b = scorePrediction({ matches, pleno: null }, results(all<Sign>("X"), null));
    expect(b).toEqual({
      simpleHits: 0,
      simpleTotal: 11,
      dobleHits: 1,
      dobleTotal: 2,
      tripleHits: 1,
      tripleTotal: 1,
      pleno15Hits: 0,
      pleno15Total: 0,
      hits: 2,
    });
  });

  it("leaves matches without an official result out of the totals", () => {
    const official: (Sign | null)[] = all<Sign | null>(null);
    official[4] = "2";
    const b = scorePrediction({ matches: all<Pick>(["2"]), pleno: null }, { matches: official.slice(0, 10), pleno: null });
    expect(b).toMatchObject({ simpleHits: 1, simpleTotal: 1, hits: 1 });
  });

  it("counts the pleno only once it is official, and a hit only when exact", () => {
    const p = { matches: all<Pick>([]), pleno: { home: 2, away: 2 } };
    expect(scorePrediction(p, results(all(null), null)).pleno15Total).toBe(0);
    expect(scorePrediction(p, results(all(null), { home: 2, away: 1 }))).toMatchObject({ pleno15Hits: 0, pleno15Total: 1 });
    expect(scorePrediction(p, results(all(null), { home: 2, away: 2 }))).toMatchObject({ pleno15Hits: 1, hits: 1 });
    expect(scorePrediction({ ...p, pleno: null }, results(all(null)))).toMatchObject({ pleno15Hits: 0, pleno15Total: 1 });
  });

  it("counts a blank or missing pick as a missed single", () => {
    const b = scorePrediction({ matches: [], pleno: null }, results(all<Sign>("1"), null));
    expect(b).toMatchObject({ simpleHits: 0, simpleTotal: 14, hits: 0 });
  });
});

describe("breakdown sums", () => {
  it("starts from zero and adds field by field", () => {
    const a = scorePrediction({ matches: all<Pick>(["1"]), pleno: { home: 1, away: 0 } }, results(all<Sign>("1")));
    expect(addBreakdown(emptyBreakdown(), a)).toEqual(a);
    expect(addBreakdown(a, a)).toMatchObject({ simpleHits: 28, simpleTotal: 28, pleno15Hits: 2, hits: 30 });
    expect(Object.values(emptyBreakdown()).every((v) => v === 0)).toBe(true);
  });
});
