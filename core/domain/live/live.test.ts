import { describe, expect, it } from "vitest";
import { randomSignOdds, seededRandom } from "../../seeded-random";
import type { SignProbs } from "../bet/chances";
import { ticketOdds } from "../bet/hit-odds";
import { fixPlayed, hitsDelta, liveShareText, livePlayers, livePlayersAfter, liveTicket, signOfScore, scoresShown } from "./live";
import { REDUCTIONS } from "../bet/reductions";
import { SIGNS, type Pick, type Sign } from "../signs";
import { expandColumns, plenoHit, type Slip } from "../bet/slip";

/**
 * Brute force, independent of the polynomials: every 14-sign column of the slip listed, every
 * outcome of the matches still to play enumerated with its probability under the model.
 */
function bruteForce(slip: Slip, probs: readonly SignProbs[], played: readonly (Sign | null)[]) {
  const columns = expandColumns(slip);
  const open = played.flatMap((s, i) => (s === null ? [i] : []));
  const best = new Array<number>(15).fill(0);
  for (let code = 0; code < 3 ** open.length; code++) {
    const result = [...played] as Sign[];
    let weight = 1;
    let rest = code;
    for (const i of open) {
      const k = rest % 3;
      rest = Math.floor(rest / 3);
      result[i] = SIGNS[k];
      weight *= probs[i][k];
    }
    const top = Math.max(...columns.map((c) => c.filter((s, i) => s === result[i]).length));
    best[top] += weight;
  }
  const now = columns.map((c) => c.filter((s, i) => s === played[i]).length);
  const alive = (k: number) => now.filter((h) => h + open.length >= k).length;
  return { best, hits: Math.max(...now), alive: { 10: alive(10), 11: alive(11), 12: alive(12), 13: alive(13), 14: alive(14) }, columns: columns.length };
}

function randomSlip(random: () => number, doubles: number, triples: number): Pick[] {
  const matches: Pick[] = Array.from({ length: 14 }, () => [SIGNS[Math.floor(random() * 3)]]);
  for (let i = 0; i < triples; i++) matches[i * 2] = ["1", "X", "2"];
  for (let i = 0; i < doubles; i++) matches[i * 2 + 1] = ["1", "2"];
  return matches;
}

function randomPlayed(random: () => number, count: number): (Sign | null)[] {
  const played: (Sign | null)[] = new Array(14).fill(null);
  const order = Array.from({ length: 14 }, (_, i) => i).sort(() => random() - 0.5);
  for (const i of order.slice(0, count)) played[i] = SIGNS[Math.floor(random() * 3)];
  return played;
}

describe("the ticket live, with the played matches fixed", () => {
  const cases: { name: string; doubles: number; triples: number; reduction: 1 | 2 | 3 | 4 | 5 | 6 | null; played: number }[] = [
    { name: "a single column, 8 played", doubles: 0, triples: 0, reduction: null, played: 8 },
    { name: "two doubles and a triple in full, 6 played", doubles: 2, triples: 1, reduction: null, played: 6 },
    { name: "four triples reduced, 7 played", doubles: 0, triples: 4, reduction: 1, played: 7 },
    { name: "seven doubles reduced, 9 played", doubles: 7, triples: 0, reduction: 2, played: 9 },
    { name: "three triples and three doubles reduced, 6 played", doubles: 3, triples: 3, reduction: 3, played: 6 },
    { name: "everything played", doubles: 1, triples: 1, reduction: null, played: 14 },
  ];
  for (const [seed, c] of cases.entries()) {
    it(`equals brute force: ${c.name}`, () => {
      const random = seededRandom(100 + seed);
      const matches = randomSlip(random, c.doubles, c.triples);
      const reduction = c.reduction ? REDUCTIONS[c.reduction] : null;
      const reduced = reduction ? matches.flatMap((m, i) => (m.length > 1 && reduction.triples + reduction.doubles > 0 ? [i] : [])) : [];
      const slip: Slip = { matches, pleno: null, reduction: reduction ? { id: reduction.id, matches: reduced } : null };
      const probs = randomSignOdds(random, 14, 0.05);
      const played = randomPlayed(random, c.played);
      const live = liveTicket(slip, probs, played, null, 0);
      const brute = bruteForce(slip, probs, played);
      expect(live.columns).toBe(brute.columns);
      expect(live.hits).toBe(brute.hits);
      expect(live.alive).toEqual(brute.alive);
      live.odds.best.forEach((p, k) => expect(p).toBeCloseTo(brute.best[k], 12));
      expect(live.odds.atLeast[10]).toBeCloseTo(
        brute.best.slice(10).reduce((a, b) => a + b, 0),
        12,
      );
      expect(live.categories.quinta).toBeCloseTo(brute.best[10], 12);
      expect(live.categories.primera).toBeCloseTo(brute.best[14], 12);
      expect(live.bestColumn.filter((s, i) => s === played[i]).length).toBe(live.hits);
    });
  }

  it("is the model's odds when nothing is played", () => {
    const random = seededRandom(7);
    const slip: Slip = { matches: randomSlip(random, 2, 1), pleno: null };
    const probs = randomSignOdds(random, 14, 0.05);
    expect(liveTicket(slip, probs, new Array<Sign | null>(14).fill(null), null, 0).odds).toEqual(ticketOdds(slip, probs, 0));
  });

  it("fixes only the played matches", () => {
    const probs: SignProbs[] = Array.from({ length: 14 }, () => [0.5, 0.3, 0.2]);
    const fixed = fixPlayed(probs, ["X", ...new Array<Sign | null>(13).fill(null)]);
    expect(fixed[0]).toEqual([0, 1, 0]);
    expect(fixed[1]).toEqual([0.5, 0.3, 0.2]);
  });

  it("takes the pleno as won or lost once it is played", () => {
    const slip: Slip = { matches: Array.from({ length: 14 }, (): Pick => ["1"]), pleno: { home: ["1"], away: ["0"] } };
    const played: Sign[] = new Array(14).fill("1");
    const probs: SignProbs[] = Array.from({ length: 14 }, () => [0.5, 0.3, 0.2]);
    expect(plenoHit(slip.pleno, { home: 1, away: 0 })).toBe(true);
    expect(liveTicket(slip, probs, played, { home: 1, away: 0 }, 0.1).categories.especial).toBe(1);
    expect(liveTicket(slip, probs, played, { home: 2, away: 0 }, 0.1).categories.especial).toBe(0);
    expect(liveTicket(slip, probs, played, null, 0.1).categories.especial).toBeCloseTo(0.1, 12);
  });
});

describe("the players live", () => {
  it("counts hits so far and still possible, and ranks them", () => {
    const played: (Sign | null)[] = ["1", "X", "2", ...new Array<Sign | null>(11).fill(null)];
    const all = (s: Sign): Pick[] => Array.from({ length: 14 }, () => [s]);
    const rows = livePlayers(
      [
        { name: "Ana", matches: all("1"), pleno: { home: 1, away: 0 } },
        { name: "Bea", matches: all("X"), pleno: null },
        { name: "Carlos", matches: ["1", "X", "2"].map((s) => [s as Sign]).concat(all("1").slice(3)), pleno: { home: 0, away: 0 } },
      ],
      played,
      null,
    );
    expect(rows).toEqual([
      { name: "Carlos", hits: 3, possible: 15, rank: 1 },
      { name: "Ana", hits: 1, possible: 13, rank: 2 },
      { name: "Bea", hits: 1, possible: 12, rank: 2 },
    ]);
  });
});

describe("the live words", () => {
  it("signs a score and says where the peña stands", () => {
    expect([signOfScore({ home: 2, away: 1 }), signOfScore({ home: 0, away: 0 }), signOfScore({ home: 0, away: 3 })]).toEqual(["1", "X", "2"]);
    const alive = { 10: 4, 11: 2, 12: 1, 13: 0, 14: 0 };
    expect(liveShareText("Peña", { hits: 7, alive }, 8)).toBe("Peña: Llevamos 7 de 8, vivos para 12.");
    expect(liveShareText("Peña", { hits: 2, alive: { 10: 0, 11: 0, 12: 0, 13: 0, 14: 0 } }, 8)).toBe("Peña: Llevamos 2 de 8, sin columnas vivas para premio.");
  });
});

describe("scoresShown: which provisional score a group sees", () => {
  const authors = ["group", "admin", "feed"] as const;
  it("takes the group's managers' over an admin's over the feed's, for every set of authors and any order", () => {
    // Every non-empty set of authors typing match 3, in every order they could be read in.
    const orders = (xs: readonly (typeof authors)[number][]): (typeof authors)[number][][] =>
      xs.length <= 1 ? [[...xs]] : xs.flatMap((x, i) => orders([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]));
    for (let mask = 1; mask < 8; mask++) {
      const typed = authors.filter((_, i) => mask & (1 << i));
      const expected = authors.find((a) => typed.includes(a));
      for (const order of orders(typed)) {
        const shown = scoresShown(order.map((source) => ({ position: 3, source })));
        expect(shown).toHaveLength(15);
        expect(shown[2]?.source).toBe(expected);
        expect(shown.filter((s) => s !== null)).toHaveLength(1);
      }
    }
  });

  it("keeps each match apart, the pleno included, and ignores positions outside 1–15", () => {
    const shown = scoresShown([
      { position: 1, source: "feed" as const },
      { position: 15, source: "admin" as const },
      { position: 16, source: "group" as const },
      { position: 0, source: "group" as const },
    ]);
    expect(shown.map((s) => s?.source ?? null)).toEqual(["feed", ...new Array(13).fill(null), "admin"]);
  });
});

describe("a score that changes one match, applied to the previous rows (decision 071)", () => {
  const PICKS: Pick[] = [[], ["1"], ["X"], ["2"], ["1", "X"], ["1", "2"], ["X", "2"], ["1", "X", "2"]];
  const STATES: (Sign | null)[] = [null, ...SIGNS];

  it("gives what a full recompute gives, for every pick and every change of every match", () => {
    const random = seededRandom(71);
    let cases = 0;
    for (let index = 0; index < 14; index++) {
      // One player per pick at the changed match; the other matches random (some unpicked), the pleno too.
      const players = PICKS.map((pick, n) => ({
        name: `jugador${n}`,
        matches: Array.from({ length: 14 }, (_, i) => (i === index ? pick : PICKS[Math.floor(random() * PICKS.length)])),
        pleno: random() < 0.8 ? { home: Math.floor(random() * 3), away: Math.floor(random() * 3) } : null,
      }));
      const others = Array.from({ length: 14 }, () => STATES[Math.floor(random() * STATES.length)]);
      const pleno = random() < 0.5 ? { home: 1, away: 1 } : null;
      const picksOf = new Map(players.map((p) => [p.name, p.matches]));
      for (const before of STATES)
        for (const after of STATES) {
          const playedBefore = others.map((s, i) => (i === index ? before : s));
          const playedAfter = others.map((s, i) => (i === index ? after : s));
          const rows = livePlayers(players, playedBefore, pleno);
          expect(livePlayersAfter(rows, picksOf, index, before, after)).toEqual(livePlayers(players, playedAfter, pleno));
          cases++;
        }
    }
    expect(cases).toBe(14 * 16);
  });

  it("moves a player's hits by at most one", () => {
    for (const pick of PICKS)
      for (const before of STATES)
        for (const after of STATES) {
          const d = hitsDelta(pick, before, after);
          expect(Math.abs(d.hits)).toBeLessThanOrEqual(1);
          expect(Math.abs(d.possible)).toBeLessThanOrEqual(1);
        }
    expect(hitsDelta(["1", "X"], "1", "2")).toEqual({ hits: -1, possible: -1 });
    expect(hitsDelta(["2"], null, "2")).toEqual({ hits: 1, possible: 0 });
    expect(hitsDelta(["2"], null, "1")).toEqual({ hits: 0, possible: -1 });
  });
});
