import { describe, expect, it } from "vitest";
import { lastPlaced, stampOrder, stamperAfter, stamperAt } from "./customs";

describe("the jornada's last placed", () => {
  it("is the fewest hits among those who predicted; a tie goes to the worse position in the jornada", () => {
    const rows = [
      { userId: 1, position: 1, hits: 9 },
      { userId: 2, position: 2, hits: 4 },
      { userId: 3, position: 3, hits: 4 },
      { userId: 4, position: 4, hits: null },
    ];
    expect(lastPlaced(rows)).toBe(3);
    // Order of the rows does not matter.
    expect(lastPlaced([...rows].reverse())).toBe(3);
    expect(lastPlaced([{ userId: 5, position: 1, hits: 0 }])).toBe(5);
    expect(lastPlaced([{ userId: 5, position: 1, hits: null }])).toBeNull();
    expect(lastPlaced([])).toBeNull();
  });

  it("matches a brute force over every small jornada", () => {
    for (let mask = 0; mask < 4 ** 4; mask++) {
      const rows = [0, 1, 2, 3].map((i) => {
        const v = Math.floor(mask / 4 ** i) % 4;
        return { userId: 10 + i, position: i + 1, hits: v === 3 ? null : v };
      });
      const played = rows.filter((r) => r.hits !== null);
      const fewest = Math.min(...played.map((r) => r.hits!));
      const expected = played.length ? played.filter((r) => r.hits === fewest).at(-1)!.userId : null;
      expect(lastPlaced(rows)).toBe(expected);
    }
  });
});

describe("the rota of who stamps the ticket", () => {
  it("follows the manager's list, drops who left, appends who it leaves out in join order", () => {
    expect(stampOrder([], [5, 3, 8])).toEqual([5, 3, 8]);
    expect(stampOrder([8, 5], [5, 3, 8])).toEqual([8, 5, 3]);
    expect(stampOrder([9, 8, 8, 3], [5, 3, 8])).toEqual([8, 3, 5]);
  });

  it("advances one place per jornada with a bet and starts over at the end", () => {
    const order = [8, 5, 3];
    expect([0, 1, 2, 3, 4].map((n) => stamperAt(order, n))).toEqual([
      { current: 8, next: 5 },
      { current: 5, next: 3 },
      { current: 3, next: 8 },
      { current: 8, next: 5 },
      { current: 5, next: 3 },
    ]);
    expect(stamperAt([7], 12)).toEqual({ current: 7, next: 7 });
    expect(stamperAt([], 3)).toBeNull();
  });

  it("takes the turn after the last fixed stamper, so a newcomer at the rota's end moves no turn", () => {
    expect(stamperAfter([8, 5, 3], 5, 7)).toEqual({ current: 3, next: 8 });
    // A newcomer (4) joins the end: the turn after 5 is still 3, and 4 comes before 8 starts over.
    expect(stamperAfter([8, 5, 3, 4], 5, 7)).toEqual({ current: 3, next: 4 });
    expect(stamperAfter([8, 5, 3, 4], 3, 8)).toEqual({ current: 4, next: 8 });
    // No stamper fixed before, or one who left: the rota counted from its start.
    expect(stamperAfter([8, 5, 3], null, 0)).toEqual({ current: 8, next: 5 });
    expect(stamperAfter([8, 5, 3], 9, 4)).toEqual({ current: 5, next: 3 });
    expect(stamperAfter([], 5, 1)).toBeNull();
  });
});
