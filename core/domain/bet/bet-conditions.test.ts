import { describe, expect, it } from "vitest";
import { conditionCountsOf, type ConditionRound } from "./bet-conditions";

// The rule as written: a member is required in a round when they predicted some round of the group
// opened before it and are not blocked in it; submitted when they also predicted this one.
function byDefinition(rounds: ConditionRound[], picks: Set<string>, members: number[], blocked: Set<string>) {
  return new Map(
    rounds.map((round) => {
      const required = members.filter(
        (u) => !blocked.has(`${round.id}:${u}`) && rounds.some((e) => e.openedAt < round.openedAt && picks.has(`${e.quinielaId}:${u}`)),
      );
      return [
        round.quinielaId,
        {
          required: required.length,
          submitted: required.filter((u) => picks.has(`${round.quinielaId}:${u}`)).length,
          predictions: [...picks].filter((k) => k.startsWith(`${round.quinielaId}:`)).length,
        },
      ];
    }),
  );
}

describe("conditionCountsOf", () => {
  it("equals the rule's definition for every picks and blocks of 3 rounds and 2 members, with two rounds opened at once", () => {
    const rounds: ConditionRound[] = [
      { id: 11, quinielaId: 1, openedAt: 100 },
      { id: 12, quinielaId: 2, openedAt: 200 },
      { id: 13, quinielaId: 3, openedAt: 200 },
    ];
    const members = [7, 8];
    const cells = rounds.flatMap((r) => members.map((u) => ({ r, u })));
    let checked = 0;
    for (let pickBits = 0; pickBits < 1 << cells.length; pickBits++) {
      for (let blockBits = 0; blockBits < 1 << cells.length; blockBits++) {
        const picks = new Set(cells.filter((_, i) => pickBits & (1 << i)).map(({ r, u }) => `${r.quinielaId}:${u}`));
        const blocked = new Set(cells.filter((_, i) => blockBits & (1 << i)).map(({ r, u }) => `${r.id}:${u}`));
        const got = conditionCountsOf({
          rounds,
          picks: [...picks].map((k) => ({ quinielaId: Number(k.split(":")[0]), userId: Number(k.split(":")[1]) })),
          members,
          blocked,
        });
        expect(got).toEqual(byDefinition(rounds, picks, members, blocked));
        checked++;
      }
    }
    expect(checked).toBe(4096);
  });

  it("counts no one who left the group, and picks of pools that are not the group's rounds only as that pool's predictions", () => {
    const rounds: ConditionRound[] = [
      { id: 1, quinielaId: 10, openedAt: 1 },
      { id: 2, quinielaId: 20, openedAt: 2 },
    ];
    const picks = [
      { quinielaId: 10, userId: 1 },
      { quinielaId: 10, userId: 2 },
      { quinielaId: 20, userId: 2 },
      { quinielaId: 99, userId: 3 },
    ];
    const counts = conditionCountsOf({ rounds, picks, members: [1, 3], blocked: new Set() });
    expect(counts.get(20)).toEqual({ required: 1, submitted: 0, predictions: 1 });
    expect(counts.get(10)).toEqual({ required: 0, submitted: 0, predictions: 2 });
  });
});
