import { describe, it, expect } from "vitest";
import { mergeGroupBet, type RankedPrediction } from "./group-bet";
import type { Pick, Score } from "./signs";

/** A user whose picks are all `base`, with some matches (index → pick) overridden. */
const user = (rank: number, username: string, base: Pick, over: Record<number, Pick> = {}, pleno: Score | null = null): RankedPrediction => ({
  userId: rank,
  username,
  rank,
  matches: Array.from({ length: 14 }, (_, i) => over[i] ?? base),
  pleno,
});
const merge = (ranked: RankedPrediction[], numDouble = 0, numTriple = 0, random?: () => number) =>
  mergeGroupBet({ ranked, numDouble, numTriple, random });

describe("mergeGroupBet", () => {
  it("picks the most voted sign per match and counts one vote per user per chosen sign", () => {
    const bet = merge([user(1, "ana", ["1"]), user(2, "bea", ["1", "X"]), user(3, "carlos", ["2"], { 0: ["1"] })]);
    expect(bet.matches[0]).toEqual(["1"]);
    expect(bet.votes[0]).toEqual({ "1": 3, X: 1, "2": 0 });
    expect(bet.explanations[0]).toBe("Partido 1: 1 (3 votos), X (1), 2 (0).");
    expect(bet.matches).toHaveLength(14);
    expect(bet.explanations).toHaveLength(14);
  });

  it("breaks a tie with the highest-ranked user's sign, whatever the input order", () => {
    const bet = merge([user(2, "bea", ["1"]), user(1, "ana", ["X"])]);
    expect(bet.matches[2]).toEqual(["X"]);
    expect(bet.explanations[2]).toBe("Partido 3: 1 (1 voto), X (1), 2 (0). Empate resuelto por el mejor clasificado (ana).");
  });

  it("skips ranked users who hold none of the tied signs", () => {
    const bet = merge([user(1, "ana", ["2"]), user(2, "bea", ["1"]), user(3, "carlos", ["X"]), user(4, "dani", ["1"]), user(5, "eva", ["X"])]);
    expect(bet.matches[0]).toEqual(["1"]);
    expect(bet.explanations[0]).toContain("(bea)");
  });

  it("draws at random among the tied signs when the deciding user holds several, and says so", () => {
    const ranked = [user(1, "ana", ["1", "X"]), user(2, "bea", ["1", "X"])];
    expect(merge(ranked, 0, 0, () => 0).matches[0]).toEqual(["1"]);
    const bet = merge(ranked, 0, 0, () => 0.999);
    expect(bet.matches[0]).toEqual(["X"]);
    expect(bet.explanations[0]).toBe("Partido 1: 1 (2 votos), X (2), 2 (0). Empate entre 1 y X resuelto al azar (X).");
  });

  it("gives triples, then doubles with the runner-up sign, to the matches with the weakest consensus", () => {
    const ranked = [user(1, "ana", ["1"]), user(2, "bea", ["1"], { 7: ["X"] }), user(3, "carlos", ["1"], { 4: ["X"], 7: ["2"] })];
    const bet = merge(ranked, 1, 1);
    expect(bet.matches[7]).toEqual(["1", "X", "2"]);
    expect(bet.matches[4]).toEqual(["1", "X"]);
    expect(bet.matches.filter((p) => p.length === 1)).toHaveLength(12);
    expect(bet.explanations[7]).toContain("Triple");
    expect(bet.explanations[4]).toContain("Doble con X");
  });

  it("measures consensus as a share of the votes cast and takes earlier matches first among equals", () => {
    // Match 2: X leads 1 and 2 by one vote of four; every other match is unanimous.
    const ranked = [user(1, "ana", ["1"], { 1: ["1", "X"] }), user(2, "bea", ["1"], { 1: ["X", "2"] })];
    const bet = merge(ranked, 2, 0, () => 0);
    expect(bet.matches[1]).toEqual(["1", "X"]);
    expect(bet.matches[0]).toEqual(["1", "X"]);
    expect(bet.explanations[0]).toContain("Empate entre X y 2 resuelto al azar (X).");
  });

  it("never hands out more doubles and triples than there are matches", () => {
    const bet = merge([user(1, "ana", ["1"])], 20, -3);
    expect(bet.matches.every((p) => p.length === 2)).toBe(true);
  });

  it("takes the most frequent pleno, a tie going to the highest-ranked user's score", () => {
    const s = (home: number, away: number) => ({ home, away });
    expect(merge([user(1, "a", ["1"], {}, s(1, 1)), user(2, "b", ["1"], {}, s(2, 0)), user(3, "c", ["1"], {}, s(2, 0))]).pleno).toEqual(s(2, 0));
    expect(merge([user(2, "b", ["1"], {}, s(2, 0)), user(1, "a", ["1"], {}, s(1, 1))]).pleno).toEqual(s(1, 1));
    expect(merge([user(1, "a", ["1"]), user(2, "b", ["1"], {}, s(0, 3))]).pleno).toEqual(s(0, 3));
    expect(merge([user(1, "a", ["1"])]).pleno).toBeNull();
  });

  it("gives an empty bet for an empty list of users", () => {
    const bet = merge([], 2, 1);
    expect(bet.matches).toEqual(Array.from({ length: 14 }, () => []));
    expect(bet.pleno).toBeNull();
    expect(bet.votes[13]).toEqual({ "1": 0, X: 0, "2": 0 });
    expect(bet.explanations[0]).toBe("Partido 1: 1 (0 votos), X (0), 2 (0). No hay usuarios incluidos.");
  });

  it("still fills a match nobody picked, at random", () => {
    const bet = merge([user(1, "ana", ["1"], { 3: [] })], 0, 0, () => 0.5);
    expect(bet.matches[3]).toEqual(["X"]);
    expect(bet.explanations[3]).toContain("Empate entre 1, X y 2 resuelto al azar (X).");
  });
});
