/**
 * La caja de la peña (decision 032): what the ledger's movements add up to. Every amount is an
 * integer number of cents; nothing here is stored, it is summed again from the movements each time.
 *
 * Three kinds of account, so that every movement balances:
 * - each member's account: positive is money the peña owes the member ('A favor'), negative is
 *   money the member owes the peña ('Debe');
 * - the pot (bote): the money the peña really holds, in cash or in the bank;
 * - the peña's fund: what the pot holds beyond what it owes its members (quotas and fines earned,
 *   prizes won, tickets paid).
 * At every moment pot = Σ member balances + fund.
 */

export const MOVEMENT_KINDS = ["payment", "quota", "ticket", "prize", "fine", "payout", "correction"] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
/** Every kind but the correction, which only a reversal writes. */
export type BaseKind = Exclude<MovementKind, "correction">;

/**
 * The sign a movement's amount is stored with: as the member's balance sees it (payment and prize
 * raise it; quota, fine and payout lower it), or, for a movement of no member, as the pot sees it
 * (a pot-level prize raises it, a ticket lowers it). A correction is the exact opposite of the
 * movement it reverses.
 */
export const KIND_SIGN: Record<BaseKind, 1 | -1> = { payment: 1, prize: 1, quota: -1, fine: -1, payout: -1, ticket: -1 };

export interface LedgerMovement {
  kind: MovementKind;
  /** The kind of the movement a correction reverses; the movement's own kind otherwise. */
  baseKind: BaseKind;
  userId: number | null;
  amountCents: number;
}

/** What one movement does to the pot: money in (payments, a pot prize), money out (payouts, tickets). */
export function potEffect(m: LedgerMovement): number {
  switch (m.baseKind) {
    case "payment":
    case "payout":
      return m.amountCents;
    case "ticket":
      return m.amountCents;
    case "prize":
      return m.userId === null ? m.amountCents : 0;
    default:
      return 0;
  }
}

/** What one movement does to its member's balance (nothing for the pot's own movements). */
export const memberEffect = (m: LedgerMovement): number => (m.userId === null ? 0 : m.amountCents);

export interface CajaTotals {
  pot: number;
  fund: number;
  /** Each member's balance, for every member with a movement. */
  balances: Map<number, number>;
}

export function cajaTotals(movements: readonly LedgerMovement[]): CajaTotals {
  let pot = 0;
  const balances = new Map<number, number>();
  for (const m of movements) {
    pot += potEffect(m);
    if (m.userId !== null) balances.set(m.userId, (balances.get(m.userId) ?? 0) + memberEffect(m));
  }
  let members = 0;
  for (const b of balances.values()) members += b;
  return { pot, fund: pot - members, balances };
}

/** The stored amount for an amount typed as positive cents: signed by its kind. */
export const signedAmount = (kind: BaseKind, cents: number): number => KIND_SIGN[kind] * Math.abs(cents);
