import { describe, expect, it } from "vitest";
import { chosenRound, predictableRounds, type ListedRound } from "./predictable-rounds";

const round = (quinielaId: number, openDate: string, state: ListedRound["state"], numberQuiniela = quinielaId): ListedRound => ({
  quinielaId,
  numberQuiniela,
  openDate,
  state,
});

describe("predictable rounds", () => {
  const closed = round(1, "2025-01-01T10:00:00Z", "closed");
  const later = round(2, "2025-03-01T10:00:00Z", "not-open");
  const open = round(3, "2025-02-01T10:00:00Z", "open");
  const sameDay = round(4, "2025-02-01T10:00:00Z", "open", 2);

  it("leaves closed rounds out and sorts by open date, then number", () => {
    expect(predictableRounds([closed, later, open, sameDay]).map((r) => r.quinielaId)).toEqual([4, 3, 2]);
  });

  it("opens the round asked for, even closed; else the first open; else the first to open", () => {
    expect(chosenRound([closed, later, open], 1)).toBe(closed);
    expect(chosenRound([closed, later, open], 99)).toBe(open);
    expect(chosenRound([closed, later], null)).toBe(later);
    expect(chosenRound([closed], undefined)).toBeUndefined();
  });
});
