import { describe, it, expect } from "vitest";
import { computeClassification, sortClassification, type ClassificationInput } from "./standings";
import { DEFAULT_POINTS } from "../points";
import type { Pick, Sign } from "../signs";

const WIN = { home: 1, away: 0 };
const official = { matches: Array.from({ length: 14 }, (): Sign => "1"), pleno: WIN };
/** A ticket with `k` single hits against `official`, and optionally the exact pleno. */
const ticket = (k: number, pleno = false) => ({
  matches: Array.from({ length: 14 }, (_, i): Pick => (i < k ? ["1"] : ["2"])),
  pleno: pleno ? WIN : { home: 0, away: 0 },
});
const member = (userId: number, userName: string) => ({ userId, userName, avatarPath: null });
const predict = (userId: number, quinielaId: number, t: ReturnType<typeof ticket>) => ({ userId, quinielaId, ...t });
const classify = (over: Partial<ClassificationInput>) => computeClassification({ members: [], rounds: [], predictions: [], points: DEFAULT_POINTS, ...over });
const byName = (rows: ReturnType<typeof classify>) => Object.fromEntries(rows.map((r) => [r.userName, r]));

describe("computeClassification", () => {
  // Round 11 closes last although it is listed first: the close date decides which round is the last.
  const season = classify({
    members: [member(1, "ana"), member(2, "bea"), member(3, "carlos"), member(4, "dani"), member(5, "eva")],
    rounds: [
      { quinielaId: 11, closeDate: "2025-01-12T18:00:00Z", results: official },
      { quinielaId: 10, closeDate: new Date("2025-01-05T18:00:00Z"), results: official },
    ],
    predictions: [
      predict(1, 10, ticket(10, true)),
      predict(1, 11, ticket(8)),
      predict(2, 10, ticket(12)),
      predict(2, 11, ticket(12)),
      predict(3, 11, ticket(3)),
      predict(5, 10, ticket(0)),
    ],
    subGroupSize: 2,
  });
  const rows = byName(season);

  it("orders by points, then Wilson, then name; members level on points and Wilson share a position and the next skips", () => {
    expect(season.map((r) => [r.position, r.userName, r.totalPoints])).toEqual([
      [1, "bea", 24],
      [2, "ana", 23],
      [3, "carlos", 3],
      [4, "dani", 0],
      [4, "eva", 0],
    ]);
  });

  it("ranks 1, 2, 2, 4 when two are level on every criterion", () => {
    const rows = classify({
      members: [member(1, "ana"), member(2, "bea"), member(3, "carlos"), member(4, "dani")],
      rounds: [{ quinielaId: 1, results: official }],
      predictions: [predict(1, 1, ticket(12)), predict(2, 1, ticket(9)), predict(3, 1, ticket(9)), predict(4, 1, ticket(4))],
    });
    expect(rows.map((r) => [r.position, r.userName])).toEqual([
      [1, "ana"],
      [2, "bea"],
      [2, "carlos"],
      [4, "dani"],
    ]);
  });

  it("adds up hits and totals across the given rounds", () => {
    expect(rows.ana).toMatchObject({ simpleHits: 18, simpleTotal: 28, pleno15Hits: 1, pleno15Total: 2, hits: 19, n: 30 });
    expect(rows.ana.accuracy).toBeCloseTo(19 / 30);
    expect(rows.dani).toMatchObject({ hits: 0, n: 0, accuracy: 0, wilson: 0, lastRoundHits: null });
  });

  it("marks the top members by Wilson among those with attempts", () => {
    expect(season.filter((r) => r.isSubGroup).map((r) => r.userName)).toEqual(["bea", "ana"]);
  });

  it("records each member's hits in the latest round by close date", () => {
    expect(season.map((r) => r.lastRoundHits)).toEqual([12, 8, 3, null, null]);
  });

  it("gives burro to the leader, piña to the lowest non-zero total, bola and rinoceronte to the last round's extremes", () => {
    expect(season.map((r) => [r.userName, r.icons])).toEqual([
      ["bea", ["burro", "bola"]],
      ["ana", []],
      ["carlos", ["pina", "rinoceronte"]],
      ["dani", []],
      ["eva", []],
    ]);
  });

  it("breaks piña and rinoceronte ties toward the worse position, bola toward more points", () => {
    const rows = byName(
      classify({
        members: [member(1, "xavi"), member(2, "yago"), member(3, "zoe"), member(4, "wen")],
        rounds: [
          { quinielaId: 1, results: official },
          { quinielaId: 2, results: official },
        ],
        predictions: [predict(1, 2, ticket(5)), predict(2, 2, ticket(5)), predict(3, 2, ticket(9)), predict(4, 1, ticket(14)), predict(4, 2, ticket(9))],
      }),
    );
    expect([rows.xavi.position, rows.yago.position]).toEqual([3, 3]);
    expect(rows.yago.icons).toEqual(["pina", "rinoceronte"]);
    expect(rows.wen.icons).toEqual(["burro", "bola"]);
    expect(rows.zoe.icons).toEqual([]);
  });

  it("takes the last listed round as the last one when rounds have no dates", () => {
    const rows = classify({
      members: [member(1, "ana")],
      rounds: [
        { quinielaId: 7, results: official },
        { quinielaId: 3, closeDate: null, results: official },
      ],
      predictions: [predict(1, 7, ticket(14)), predict(1, 3, ticket(2))],
    });
    expect(rows[0].lastRoundHits).toBe(2);
  });

  it("hands out no icons and no sub-group without rounds", () => {
    const rows = classify({ members: [member(1, "ana"), member(2, "bea")] });
    expect(rows.every((r) => r.icons.length === 0 && !r.isSubGroup && r.lastRoundHits === null)).toBe(true);
    expect(rows.map((r) => r.userName)).toEqual(["ana", "bea"]);
  });

  it("ignores predictions of non-members and of rounds not given, and keeps the latest duplicate", () => {
    const rows = classify({
      members: [member(1, "ana")],
      rounds: [{ quinielaId: 1, results: official }],
      predictions: [predict(1, 1, ticket(3)), predict(1, 1, ticket(6)), predict(1, 99, ticket(14)), predict(2, 1, ticket(14))],
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ totalPoints: 6, simpleHits: 6, icons: ["burro", "pina", "bola", "rinoceronte"] });
  });

  it("leaves triples out of accuracy but counts them in the round's hits", () => {
    const t = ticket(13);
    t.matches[13] = ["1", "X", "2"];
    const [row] = classify({ members: [member(1, "ana")], rounds: [{ quinielaId: 1, results: official }], predictions: [predict(1, 1, t)] });
    expect(row).toMatchObject({ hits: 13, n: 14, allHits: 14, totalPoints: 13, lastRoundHits: 14 });
  });

  it("sorts names with Spanish collation", () => {
    const rows = classify({ members: [member(1, "Óscar"), member(2, "oscar"), member(3, "Pablo"), member(4, "Ñico"), member(5, "Nacho")] });
    expect(rows.map((r) => r.userName)).toEqual(["Nacho", "Ñico", "oscar", "Óscar", "Pablo"]);
  });
});

describe("sortClassification", () => {
  const rows = classify({
    members: [member(1, "ana"), member(2, "bea"), member(3, "carla")],
    rounds: [{ quinielaId: 1, results: official }],
    predictions: [
      predict(1, 1, ticket(2, true)),
      predict(2, 1, ticket(6)),
      predict(3, 1, { ...ticket(5), matches: ticket(5).matches.map((p, i) => (i < 3 ? (["1", "X"] as Pick) : p)) }),
    ],
  });
  const names = (by: Parameters<typeof sortClassification>[1]) => sortClassification(rows, by).map((r) => r.userName);

  it("returns a new array and keeps the official positions", () => {
    const sorted = sortClassification(rows, "name");
    expect(sorted).not.toBe(rows);
    expect(rows.map((r) => r.userName)).toEqual(["ana", "bea", "carla"]);
    expect(sorted.map((r) => r.position)).toEqual([1, 2, 3]);
  });

  it("orders by each column, best first, with position breaking ties", () => {
    expect(names("points")).toEqual(["ana", "bea", "carla"]);
    expect(names("hits")).toEqual(["bea", "carla", "ana"]);
    expect(names("accuracy")).toEqual(["bea", "carla", "ana"]);
    expect(names("wilson")).toEqual(["bea", "carla", "ana"]);
    expect(sortClassification(rows.slice().reverse(), "name").map((r) => r.userName)).toEqual(["ana", "bea", "carla"]);
  });
});
