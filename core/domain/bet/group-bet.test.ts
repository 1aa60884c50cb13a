import { describe, it, expect } from "vitest";
import { CLOSED_CAN_GENERATE, generationConditions, mergeGroupBet, resolveTopN, ticketColumns, ticketCost, type RankedPrediction } from "./group-bet";
import type { Pick, Score } from "../signs";

/** A user whose picks are all `base`, with some matches (index → pick) overridden. */
const user = (rank: number, username: string, base: Pick, over: Record<number, Pick> = {}, pleno: Score | null = null): RankedPrediction => ({
  userId: rank,
  username,
  rank,
  matches: Array.from({ length: 14 }, (_, i) => over[i] ?? base),
  pleno,
});
const merge = (ranked: RankedPrediction[], numDouble = 0, numTriple = 0, random?: () => number) => mergeGroupBet({ ranked, numDouble, numTriple, random });

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

describe("mergeGroupBet: the remaining tie branches", () => {
  it("breaks a three-way tie with the best-ranked user's sign and names that user", () => {
    const bet = merge([user(3, "carlos", ["2"]), user(1, "ana", ["X"]), user(2, "bea", ["1"])]);
    expect(bet.matches[0]).toEqual(["X"]);
    expect(bet.explanations[0]).toBe("Partido 1: 1 (1 voto), X (1), 2 (1). Empate resuelto por el mejor clasificado (ana).");
  });

  it("breaks a tie for a double's second sign by rank too, and explains both choices", () => {
    // Match 1: 1 has two votes, X and 2 one each; the best-ranked holder of X or 2 is bea (2).
    const ranked = [user(1, "ana", ["1"]), user(2, "bea", ["1"], { 0: ["2"] }), user(3, "carlos", ["1"], { 0: ["X"] }), user(4, "dani", ["1"], { 0: ["1"] })];
    const bet = merge(ranked, 1, 0);
    expect(bet.matches[0]).toEqual(["1", "2"]);
    expect(bet.explanations[0]).toBe(
      "Partido 1: 1 (2 votos), X (1), 2 (1). Doble con 2 por ser de los partidos con menos consenso. Empate resuelto por el mejor clasificado (bea).",
    );
  });

  it("draws a double's second sign at random when nobody holds either tied sign", () => {
    const bet = merge([user(1, "ana", ["1"])], 1, 0, () => 0.9);
    expect(bet.matches[0]).toEqual(["1", "2"]);
    expect(bet.explanations[0]).toContain("Empate entre X y 2 resuelto al azar (2).");
  });

  it("gives a pleno tie to the best-ranked user holding one of the tied scores, not the first in the list", () => {
    const s = (home: number, away: number) => ({ home, away });
    const bet = merge([user(3, "c", ["1"], {}, s(0, 0)), user(2, "b", ["1"], {}, s(3, 1)), user(1, "a", ["1"], {}, s(2, 2))]);
    expect(bet.pleno).toEqual(s(2, 2));
  });
});

describe("the ticket", () => {
  const picks = (doubles: number, triples: number): Pick[] =>
    Array.from({ length: 14 }, (_, i): Pick => (i < triples ? ["1", "X", "2"] : i < triples + doubles ? ["1", "X"] : ["1"]));

  it("has 2^doubles × 3^triples columns", () => {
    expect(ticketColumns(picks(0, 0))).toBe(1);
    expect(ticketColumns(picks(2, 0))).toBe(4);
    expect(ticketColumns(picks(2, 1))).toBe(12);
    expect(ticketColumns(picks(0, 3))).toBe(27);
    expect(ticketColumns(picks(4, 0))).toBe(16);
  });

  it("costs columns × the price per bet, in integer cents", () => {
    expect(ticketCost(12, 75)).toBe(900);
    expect(ticketCost(27, 75)).toBe(2025);
    expect(ticketCost(1, 30)).toBe(30);
    expect(ticketCost(3 ** 14, 75)).toBe(358_722_675);
    expect(() => ticketCost(1, 0.75)).toThrow(RangeError);
  });
});

describe("resolveTopN", () => {
  it("keeps a typed integer of at least 1 and turns anything else typed into 1", () => {
    expect(resolveTopN("5", 3, 12)).toBe(5);
    expect(resolveTopN(7, null, 2)).toBe(7);
    expect(resolveTopN("0", 3, 12)).toBe(1);
    expect(resolveTopN("-4", 3, 12)).toBe(1);
    expect(resolveTopN("2.5", 3, 12)).toBe(1);
    expect(resolveTopN("abc", 3, 12)).toBe(1);
  });

  it("with nothing typed uses the last N of the group, else the number of predictions, else 1", () => {
    expect(resolveTopN(undefined, 4, 12)).toBe(4);
    expect(resolveTopN("", null, 12)).toBe(12);
    expect(resolveTopN(null, null, 0)).toBe(1);
  });
});

// The conditions: docs/architecture.md#the-group-bet.
describe("generationConditions", () => {
  it("allows generating a closed round whoever is missing", () => {
    expect(generationConditions({ closed: true, required: 5, submitted: 1 })).toEqual({ allowed: true, missing: 4, reasons: [CLOSED_CAN_GENERATE] });
  });

  it("allows an open round once every user with history has sent, or when nobody has history", () => {
    expect(generationConditions({ closed: false, required: 3, submitted: 3 }).allowed).toBe(true);
    expect(generationConditions({ closed: false, required: 0, submitted: 0 }).allowed).toBe(true);
  });

  it("waits on an open round with users missing, and says how many", () => {
    const c = generationConditions({ closed: false, required: 5, submitted: 3 });
    expect(c.allowed).toBe(false);
    expect(c.reasons).toContain("Faltan 2 usuario(s) con historial de predicción por enviar en esta jornada.");
  });
});
