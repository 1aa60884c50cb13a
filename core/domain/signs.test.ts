import { describe, it, expect } from "vitest";
import { isSign, MATCHES, normalizePick, parseScore, pickKind, sameScore, SIGNS } from "./signs";

describe("signs", () => {
  it("has three signs and fourteen sign matches", () => {
    expect(SIGNS).toEqual(["1", "X", "2"]);
    expect(MATCHES).toBe(14);
  });

  it("recognises only the exact signs", () => {
    expect(["1", "X", "2"].every(isSign)).toBe(true);
    expect(["x", 1, "", null, undefined, "12"].some(isSign)).toBe(false);
  });
});

describe("normalizePick", () => {
  it("dedupes and orders signs as 1, X, 2", () => {
    expect(normalizePick(["2", "1", "2", "X"])).toEqual(["1", "X", "2"]);
  });

  it("accepts lowercase x, JSON numbers and padded signs", () => {
    expect(normalizePick(["x", 2, " 1 "])).toEqual(["1", "X", "2"]);
  });

  it("drops invalid values", () => {
    expect(normalizePick(["3", "Y", null, {}, "1"])).toEqual(["1"]);
  });

  it("reads a string as its characters and a lone value as a one-sign pick", () => {
    expect(normalizePick("x1")).toEqual(["1", "X"]);
    expect(normalizePick(2)).toEqual(["2"]);
  });

  it("gives an empty pick for nothing usable", () => {
    expect(normalizePick(undefined)).toEqual([]);
    expect(normalizePick(null)).toEqual([]);
    expect(normalizePick({})).toEqual([]);
  });
});

describe("pickKind", () => {
  it("names the pick by its number of distinct signs", () => {
    expect(pickKind([])).toBe("empty");
    expect(pickKind(["X"])).toBe("single");
    expect(pickKind(["1", "2"])).toBe("double");
    expect(pickKind(["1", "X", "2"])).toBe("triple");
  });

  it("does not count a repeated sign twice", () => {
    expect(pickKind(["1", "1"])).toBe("single");
  });
});

describe("parseScore", () => {
  it("reads camelCase and PascalCase goals, numbers or digit strings", () => {
    expect(parseScore({ home: 2, away: 0 })).toEqual({ home: 2, away: 0 });
    expect(parseScore({ Home: "10", Away: " 3 " })).toEqual({ home: 10, away: 3 });
  });

  it("rejects blanks, fractions, negatives and goals above the limit", () => {
    for (const bad of [{ home: "", away: 1 }, { home: 1.5, away: 1 }, { home: -1, away: 0 }, { home: 11, away: 0 }, null, 3]) {
      expect(parseScore(bad)).toBeNull();
    }
  });

  it("honours a lower limit such as the group-bet editor's 9", () => {
    expect(parseScore({ home: 10, away: 0 }, 9)).toBeNull();
    expect(parseScore({ home: 9, away: 0 }, 9)).toEqual({ home: 9, away: 0 });
  });
});

describe("sameScore", () => {
  it("is true only for two equal scores", () => {
    expect(sameScore({ home: 1, away: 1 }, { home: 1, away: 1 })).toBe(true);
    expect(sameScore({ home: 1, away: 1 }, { home: 1, away: 0 })).toBe(false);
    expect(sameScore(null, null)).toBe(false);
  });
});
