import type { SignProbs } from "./chances";
import { categoryFunds, MINIMUM_PRIZE_CENTS, PRIZE_SHARE_BP, TYPICAL_TAKINGS_CENTS, betsOf } from "../caja/shared-prizes";
import { expectedPrize, type TicketOdds } from "./hit-odds";
import type { Cents } from "../money";
import { CATEGORIES, CATEGORY_HITS, type Category } from "./scrutiny";
import { SIGNS, type Sign } from "../signs";

/**
 * An expected prize a pari-mutuel pool can pay (decision 097). Each category's prize is its fund
 * (the rules' share of the takings) split among its winners, so what this ticket would be paid if
 * it hits k depends on how many others hit k with it, and that on how popular its signs are:
 *
 *     prize(k) ≈ share(k) × takings / (1 + E[other winners of k | this column hits k])
 *
 * The other winners are the jornada's bets (takings / price) times P(a bet of the public hits k,
 * given this column hits k): match by match, when the column's sign comes in a public bet is right
 * with the public's share of that sign; when it does not, with the public's share of the sign that
 * did come in, weighed by the chances. One pass over the 14 matches gives both counts jointly.
 * Never the season's average prize: a ticket of favourites that hits shares with many.
 */

/** The pool's payback by the rules: the categories' shares of the takings, 55 % in all (decision 044). */
export const PAYBACK_BP = CATEGORIES.reduce((t, c) => t + PRIZE_SHARE_BP[c], 0);
/** «el juego devuelve el 55 % de lo apostado»: the rules' payback, or the one an answer carries, in basis points. */
export const paybackLine = (basisPoints: number = PAYBACK_BP) => `el juego devuelve el ${basisPoints / 100}\u00a0% de lo apostado`;

/**
 * The Especial's winners as a share of the 1ª's, pooled (Σ Especial winners / Σ 1ª winners) over
 * 220 real escrutinios of 2023-24 to 2025-26: 7.8 % (their median is 0 and their mean 11.7 %; the
 * pooled share is the one an expected count of winners needs). Decision 097.
 */
export const ESPECIAL_SHARE_POOLED = 0.078;

export interface SharedPrizeInput {
  /** The ticket's column the prizes are valued for: per match, the sign it plays (its likeliest where it plays several). */
  column: readonly Sign[];
  /** The chances of each match. */
  probs: readonly SignProbs[];
  /** The public's percentages of each match (shares of the bets), the jornada's or estimated. */
  shares: readonly SignProbs[];
  priceCents: Cents;
  takingsCents?: Cents;
  /** The Especial's jackpot (bote) the operator published for the jornada, in cents; 0 when none. */
  jackpotCents?: Cents;
  especialShare?: number;
}

/** Joint P(the column hits j, a bet of the public hits m), j, m = 0..14. */
export function jointHits(column: readonly Sign[], probs: readonly SignProbs[], shares: readonly SignProbs[]): number[][] {
  const n = column.length;
  let joint = [[1]];
  for (let i = 0; i < n; i++) {
    const c = SIGNS.indexOf(column[i]);
    const p = probs[i];
    const q = shares[i];
    const pc = p[c];
    const a = q[c];
    const other = [0, 1, 2].filter((k) => k !== c);
    const b = pc < 1 ? other.reduce((t, k) => t + p[k] * q[k], 0) / (1 - pc) : 0;
    const next = Array.from({ length: i + 2 }, () => new Array<number>(i + 2).fill(0));
    for (let j = 0; j <= i; j++)
      for (let m = 0; m <= i; m++) {
        const w = joint[j][m];
        if (w === 0) continue;
        next[j + 1][m + 1] += w * pc * a;
        next[j + 1][m] += w * pc * (1 - a);
        next[j][m + 1] += w * (1 - pc) * b;
        next[j][m] += w * (1 - pc) * (1 - b);
      }
    joint = next;
  }
  return joint;
}

/** Expected winners of each category among the other bets, given this column hits that category's hits. */
export function otherWinners(input: SharedPrizeInput): Record<Category, number> {
  const bets = betsOf(input.takingsCents ?? TYPICAL_TAKINGS_CENTS, input.priceCents);
  const joint = jointHits(input.column, input.probs, input.shares);
  const n = input.column.length;
  const given = (k: number) => {
    const row = joint[k] ?? [];
    const total = row.reduce((t, x) => t + x, 0);
    return total > 1e-300 ? row[k] / total : 0;
  };
  const w = Object.fromEntries(CATEGORIES.map((c) => [c, bets * given(CATEGORY_HITS[c] - (14 - n))])) as Record<Category, number>;
  w.especial = w.primera * (input.especialShare ?? ESPECIAL_SHARE_POOLED);
  return w;
}

/**
 * The prize per winning bet of each category if this column wins it, in cents (rounded down): its
 * fund over one winner more than the others expected; the Especial's fund with the jackpot. The
 * 4ª and the 5ª under their minimum prize pay nothing (decision 066).
 */
export function sharedPrizes(input: SharedPrizeInput): Record<Category, Cents> {
  const funds = categoryFunds(input.takingsCents ?? TYPICAL_TAKINGS_CENTS);
  const others = otherWinners(input);
  return Object.fromEntries(
    CATEGORIES.map((c) => {
      const fund = funds[c] + (c === "especial" ? (input.jackpotCents ?? 0) : 0);
      const prize = Math.floor(fund / (1 + others[c]));
      const least = MINIMUM_PRIZE_CENTS[c];
      return [c, least !== undefined && prize < least ? 0 : prize];
    }),
  ) as Record<Category, Cents>;
}

/** The column a multiple ticket's prizes are valued for: each match's likeliest sign among those it plays. */
export function mainColumn(matches: readonly (readonly Sign[])[], probs: readonly SignProbs[]): Sign[] {
  return matches.map((pick, i) => {
    const signs = pick.length ? pick : SIGNS;
    return signs.reduce((best, s) => (probs[i][SIGNS.indexOf(s)] > probs[i][SIGNS.indexOf(best)] ? s : best), signs[0]);
  });
}

/** What a ticket can expect on average: its expected prize, its cost and the expected loss (cost − prize), in whole cents. */
export function expectation(odds: TicketOdds, prizes: Record<Category, Cents>, costCents: Cents): { expectedPrizeCents: Cents; expectedLossCents: Cents } {
  const expectedPrizeCents = Math.round(expectedPrize(odds, prizes));
  return { expectedPrizeCents, expectedLossCents: costCents - expectedPrizeCents };
}
