import { describe, expect, it } from "vitest";
import { type BaseKind, cajaTotals, type LedgerMovement, signedAmount } from "./caja";

const move = (kind: BaseKind, userId: number | null, cents: number): LedgerMovement => ({
  kind,
  baseKind: kind,
  userId,
  amountCents: signedAmount(kind, cents),
});
const reversal = (m: LedgerMovement): LedgerMovement => ({ ...m, kind: "correction", amountCents: -m.amountCents });

describe("the caja's totals", () => {
  it("a member's balance is payments and prizes credited, less quotas, fines and payouts", () => {
    const totals = cajaTotals([move("payment", 1, 1000), move("quota", 1, 150), move("fine", 1, 50), move("prize", 1, 300), move("payout", 1, 200)]);
    expect(totals.balances.get(1)).toBe(1000 - 150 - 50 + 300 - 200);
    expect(totals.pot).toBe(1000 - 200);
  });

  it("the pot's own money: a prize comes in, a ticket goes out, and no member's balance moves", () => {
    const totals = cajaTotals([move("prize", null, 1240), move("ticket", null, 300)]);
    expect(totals).toEqual({ pot: 940, fund: 940, balances: new Map() });
  });

  it("a correction undoes exactly what it reverses", () => {
    for (const kind of ["payment", "quota", "fine", "payout", "prize", "ticket"] as const) {
      const m = move(kind, kind === "ticket" ? null : 7, 123);
      expect(cajaTotals([m, reversal(m)])).toEqual({ pot: 0, fund: 0, balances: kind === "ticket" ? new Map() : new Map([[7, 0]]) });
    }
  });

  it("pot = Σ member balances + fund, for every ledger of up to three movements over two members and the pot", () => {
    const options: LedgerMovement[] = [];
    for (const kind of ["payment", "quota", "fine", "payout", "prize", "ticket"] as const) {
      for (const userId of kind === "ticket" ? [null] : kind === "prize" ? [null, 1, 2] : [1, 2]) options.push(move(kind, userId, 37 + options.length));
    }
    options.push(reversal(options[0]), reversal(options[5]));
    let checked = 0;
    const walk = (ledger: LedgerMovement[]) => {
      const { pot, fund, balances } = cajaTotals(ledger);
      expect(pot).toBe([...balances.values()].reduce((a, b) => a + b, 0) + fund);
      for (const v of [pot, fund, ...balances.values()]) expect(Number.isInteger(v)).toBe(true);
      checked++;
      if (ledger.length < 3) for (const m of options) walk([...ledger, m]);
    };
    walk([]);
    expect(checked).toBe(1 + options.length + options.length ** 2 + options.length ** 3);
  });
});
