import type { RoundState } from "./round-status";

export interface ListedRound {
  quinielaId: number;
  numberQuiniela: number;
  openDate: string;
  state: RoundState;
}

/** The rounds a player can still predict (docs/architecture.md#screens-and-who-reaches-them): not closed, by open date then number. */
export function predictableRounds<T extends ListedRound>(rounds: T[]): T[] {
  return rounds
    .filter((r) => r.state !== "closed")
    .sort((a, b) => new Date(a.openDate).getTime() - new Date(b.openDate).getTime() || a.numberQuiniela - b.numberQuiniela);
}

/**
 * The round the predictions screen opens: the one asked for by its link (even closed, to see the
 * warning and the picks that stand), else the first open one, else the first still to open.
 */
export function chosenRound<T extends ListedRound>(rounds: T[], asked: number | null | undefined): T | undefined {
  const available = predictableRounds(rounds);
  return rounds.find((r) => r.quinielaId === asked) ?? available.find((r) => r.state === "open") ?? available[0];
}
