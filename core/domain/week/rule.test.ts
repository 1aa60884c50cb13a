import { describe, expect, it } from "vitest";
import { madridLocalToUtc } from "../../dates";
import { absentPicks, autoRoundDates, nextWeekdayAt, rotaType, type PastTicket } from "./rule";
import { SIGNS, type Pick } from "../signs";

const at = (local: string) => madridLocalToUtc(local)!;

describe("the rota of round types by week", () => {
  it("gives every jornada number the type at its place in the rota, starting again after the last", () => {
    const rota = [1, 2, 3];
    for (let n = 1; n <= 40; n++) expect(rotaType(rota, n)).toBe(rota[(n - 1) % 3]);
    expect(rotaType([4], 17)).toBe(4);
  });

  it("refuses an empty rota", () => {
    expect(() => rotaType([], 1)).toThrow();
  });
});

describe("the dates of an automatic round", () => {
  const poolStart = at("2026-03-09T10:00"); // a Monday
  const poolClose = at("2026-03-15T16:00"); // Sunday

  it("opens at the publication and closes the chosen time before the official close", () => {
    const d = autoRoundDates({ poolStart, poolClose, openAt: { kind: "publication" }, closeBeforeMinutes: 60 })!;
    expect(d.openDate).toEqual(poolStart);
    expect(d.closeDate).toEqual(at("2026-03-15T15:00"));
  });

  it("opens on the first chosen weekday and hour after the publication, in Madrid time", () => {
    const d = autoRoundDates({ poolStart, poolClose, openAt: { kind: "weekly", weekday: 3, time: "18:30" }, closeBeforeMinutes: 90 })!;
    expect(d.openDate).toEqual(at("2026-03-11T18:30"));
    expect(d.closeDate).toEqual(at("2026-03-15T14:30"));
  });

  it("opens at the publication when the chosen weekday would fall after the close", () => {
    const d = autoRoundDates({ poolStart, poolClose, openAt: { kind: "weekly", weekday: 7, time: "20:00" }, closeBeforeMinutes: 60 })!;
    expect(d.openDate).toEqual(poolStart);
  });

  it("has no round when the lead swallows the whole pool", () => {
    expect(autoRoundDates({ poolStart, poolClose, openAt: { kind: "publication" }, closeBeforeMinutes: 7 * 24 * 60 })).toBeNull();
  });

  it("finds, for every weekday and from every hour of a week (summer time change included), the next such weekday at that hour", () => {
    const names = [1, 2, 3, 4, 5, 6, 7];
    for (let h = 0; h < 7 * 24; h++) {
      const from = new Date(at("2026-03-23T00:00").getTime() + h * 3_600_000);
      for (const weekday of names) {
        const next = nextWeekdayAt(from, weekday, "09:15");
        expect(next.getTime()).toBeGreaterThanOrEqual(from.getTime());
        expect(next.getTime() - from.getTime()).toBeLessThanOrEqual(7 * 24 * 3_600_000);
        const shown = new Intl.DateTimeFormat("en-GB", {
          timeZone: "Europe/Madrid",
          weekday: "short",
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        }).format(next);
        expect(shown).toBe(`${["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][weekday - 1]} 09:15`);
      }
    }
  });
});

describe("the picks of an absent member", () => {
  const row = (sign: "1" | "X" | "2"): Pick[] => Array.from({ length: 14 }, () => [sign]);

  it("plays on each match the sign chosen most often in the season, and the most frequent pleno", () => {
    const past: PastTicket[] = [
      { matches: row("1"), pleno: { home: 2, away: 1 } },
      { matches: row("X"), pleno: { home: 0, away: 0 } },
      { matches: row("1"), pleno: { home: 2, away: 1 } },
    ];
    expect(absentPicks(past, { numDouble: 0, numTriple: 0 })).toEqual({ matches: row("1"), pleno: { home: 2, away: 1 } });
  });

  it("breaks a tie by the newest ticket holding a tied sign", () => {
    const past: PastTicket[] = [
      { matches: row("2"), pleno: { home: 1, away: 0 } },
      { matches: row("1"), pleno: { home: 0, away: 1 } },
    ];
    expect(absentPicks(past, { numDouble: 0, numTriple: 0 })).toEqual({ matches: row("2"), pleno: { home: 1, away: 0 } });
  });

  it("always gives exactly the round type's doubles and triples, whatever the tickets held", () => {
    const types = [
      [0, 0],
      [2, 0],
      [0, 1],
      [2, 1],
      [4, 0],
      [0, 3],
    ];
    const tickets: PastTicket[][] = [
      [{ matches: row("1"), pleno: null }],
      [{ matches: Array.from({ length: 14 }, (_, i) => (i < 3 ? [...SIGNS] : ["1", "2"])) as Pick[], pleno: null }],
    ];
    for (const past of tickets)
      for (const [numDouble, numTriple] of types) {
        const picks = absentPicks(past, { numDouble, numTriple })!;
        expect(picks.matches.filter((m) => m.length === 2)).toHaveLength(numDouble);
        expect(picks.matches.filter((m) => m.length === 3)).toHaveLength(numTriple);
        expect(picks.matches.filter((m) => m.length === 1)).toHaveLength(14 - numDouble - numTriple);
      }
  });

  it("has nothing to play without an earlier ticket", () => {
    expect(absentPicks([], { numDouble: 0, numTriple: 0 })).toBeNull();
  });
});
