import { type Cents, splitWeighted } from "../money";

/**
 * 'Liquidación de la temporada' (decision 032): what each member takes home when the season's books
 * close, to the cent, adding up exactly to the pot.
 *
 * The peña's fund (pot − Σ member balances: what the pot holds beyond what it owes its members) is
 * shared: the season's best gets the prize first (the information page's gift, default 5 €, never
 * more than the fund), the piña's penalty is taken from their share and shared with the rest, and
 * what is left goes in equal shares to the members who took part. Each member's payout is their
 * balance plus their share, so the payouts add up to the pot.
 *
 * Rounding: equal shares are exact proportions rounded down, and the cents left over go one each
 * to the largest remainders (largest-remainder method); equal shares have equal remainders, so
 * the tie goes to the better standings position. No share differs from another by more than a cent.
 */

export interface SettlementMember {
  userId: number;
  username: string;
  balanceCents: Cents;
  /** Season standings position (1 is the best); null for someone with no standings row. */
  position: number | null;
  /** Played at least one round of the season. */
  tookPart: boolean;
}

export interface SettlementInput {
  potCents: Cents;
  members: SettlementMember[];
  bestPrizeCents: Cents;
  pinaPenaltyCents: Cents;
  /** The season's best (standings leader) and its piña; null when there is none. */
  bestUserId: number | null;
  pinaUserId: number | null;
}

export interface SettlementLine {
  userId: number;
  username: string;
  balanceCents: Cents;
  /** The equal share of the fund. */
  shareCents: Cents;
  prizeCents: Cents;
  /** Zero or negative. */
  penaltyCents: Cents;
  /** shareCents + prizeCents + penaltyCents: what the settlement credits (or charges) the member. */
  creditCents: Cents;
  /** balanceCents + creditCents: what the pot pays them; negative, what they still owe. */
  payoutCents: Cents;
}

export interface Settlement {
  potCents: Cents;
  fundCents: Cents;
  lines: SettlementLine[];
  /** Members who would still owe money: the settlement waits for their payment. */
  owing: SettlementLine[];
}

/** Standings order: position first (members without one last), then user id, so the order is total. */
const byStanding = (a: SettlementMember, b: SettlementMember) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.userId - b.userId;

/** Shares `total` (of either sign) in equal parts, one cent more to the first members of `ordered`. */
export function equalShares(total: Cents, count: number): Cents[] {
  if (count === 0) return [];
  const shares = splitWeighted(Math.abs(total), Array<number>(count).fill(1));
  return total < 0 ? shares.map((s) => (s === 0 ? 0 : -s)) : shares;
}

export function settle(input: SettlementInput): Settlement {
  const members = [...input.members].sort(byStanding);
  const owed = members.reduce((sum, m) => sum + m.balanceCents, 0);
  const fund = input.potCents - owed;
  const participants = members.filter((m) => m.tookPart);
  const best = participants.find((m) => m.userId === input.bestUserId);
  const pina = participants.length > 1 ? participants.find((m) => m.userId === input.pinaUserId && m.userId !== input.bestUserId) : undefined;
  const prize = best && fund > 0 ? Math.min(input.bestPrizeCents, fund) : 0;
  const penalty = pina ? input.pinaPenaltyCents : 0;
  const shares = equalShares(fund - prize + penalty, participants.length);
  const shareOf = new Map(participants.map((m, i) => [m.userId, shares[i]]));
  const lines = members.map((m) => {
    const shareCents = shareOf.get(m.userId) ?? 0;
    const prizeCents = m === best ? prize : 0;
    const penaltyCents = m === pina && penalty ? -penalty : 0;
    const creditCents = shareCents + prizeCents + penaltyCents;
    return {
      userId: m.userId,
      username: m.username,
      balanceCents: m.balanceCents,
      shareCents,
      prizeCents,
      penaltyCents,
      creditCents,
      payoutCents: m.balanceCents + creditCents,
    };
  });
  return { potCents: input.potCents, fundCents: fund, lines, owing: lines.filter((l) => l.payoutCents < 0) };
}
