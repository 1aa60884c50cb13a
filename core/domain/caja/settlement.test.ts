import { describe, expect, it } from "vitest";
import { equalShares, settle, type SettlementMember } from "./settlement";

const member = (userId: number, balanceCents: number, position: number | null, tookPart = true): SettlementMember => ({
  userId,
  username: `u${userId}`,
  balanceCents,
  position,
  tookPart,
});

describe("the season's settlement", () => {
  it("shares the fund equally among those who took part, the best's prize first, and pays each their balance plus their share", () => {
    const s = settle({
      potCents: 10_000,
      members: [member(1, 1000, 2), member(2, 0, 1), member(3, -500, 3), member(4, 0, null, false)],
      bestPrizeCents: 500,
      pinaPenaltyCents: 0,
      bestUserId: 2,
      pinaUserId: 3,
    });
    // Fund: 100,00 € − (10,00 − 5,00) = 95,00 €; the best takes 5,00 €, 90,00 € in three shares of 30,00 €.
    expect(s.fundCents).toBe(9500);
    expect(s.lines.map((l) => [l.userId, l.shareCents, l.prizeCents, l.payoutCents])).toEqual([
      [2, 3000, 500, 3500],
      [1, 3000, 0, 4000],
      [3, 3000, 0, 2500],
      [4, 0, 0, 0],
    ]);
    expect(s.owing).toEqual([]);
  });

  it("takes the piña's penalty from their share and shares it with everyone who took part", () => {
    const s = settle({
      potCents: 900,
      members: [member(1, 0, 1), member(2, 0, 2), member(3, 0, 3)],
      bestPrizeCents: 0,
      pinaPenaltyCents: 300,
      bestUserId: 1,
      pinaUserId: 3,
    });
    expect(s.lines.map((l) => l.payoutCents)).toEqual([400, 400, 100]);
  });

  it("gives the odd cents to the better standings positions (largest remainder, ties by position)", () => {
    const s = settle({
      potCents: 1001,
      members: [member(9, 0, 3), member(8, 0, 1), member(7, 0, 2)],
      bestPrizeCents: 0,
      pinaPenaltyCents: 0,
      bestUserId: null,
      pinaUserId: null,
    });
    expect(s.lines.map((l) => [l.userId, l.payoutCents])).toEqual([
      [8, 334],
      [7, 334],
      [9, 333],
    ]);
  });

  it("names who would still owe money instead of paying the others with it", () => {
    const s = settle({
      potCents: 0,
      members: [member(1, 500, 1), member(2, -500, 2)],
      bestPrizeCents: 0,
      pinaPenaltyCents: 0,
      bestUserId: null,
      pinaUserId: null,
    });
    expect(s.owing.map((l) => [l.userId, l.payoutCents])).toEqual([[2, -500]]);
  });

  it("adds up to the pot to the cent, with shares a cent apart at most, for every pot, balance and group size enumerated", () => {
    let cases = 0;
    for (let n = 1; n <= 6; n++) {
      for (let pot = -250; pot <= 1300; pot += 7) {
        for (const spread of [0, 1, 13, 250]) {
          for (const prize of [0, 500]) {
            const members = Array.from({ length: n }, (_, i) => member(100 - i, ((i * spread) % 41) - 20, n - i, i !== 1));
            const s = settle({ potCents: pot, members, bestPrizeCents: prize, pinaPenaltyCents: 0, bestUserId: members[0].userId, pinaUserId: null });
            expect(s.lines.reduce((sum, l) => sum + l.payoutCents, 0)).toBe(pot);
            const shares = s.lines.filter((l) => members.find((m) => m.userId === l.userId)!.tookPart).map((l) => l.shareCents);
            expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
            for (const l of s.lines) expect(Number.isInteger(l.payoutCents) && Number.isInteger(l.shareCents)).toBe(true);
            // The extra cents sit with the best positions: shares never grow down the standings.
            const sizes = shares.map(Math.abs);
            for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThanOrEqual(sizes[i - 1]);
            cases++;
          }
        }
      }
    }
    expect(cases).toBeGreaterThan(10_000);
  });

  it("equal shares of a negative fund are charges, a cent apart at most", () => {
    for (let total = -100; total <= 100; total++) {
      for (let n = 1; n <= 7; n++) {
        const shares = equalShares(total, n);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }
    }
  });
});
