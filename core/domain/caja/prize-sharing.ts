import { type Cents, splitWeighted } from "../money";

/**
 * The prize-sharing record of a big prize (decision 035): each member's share of a prize the peña
 * won, in euros and percent, weighted by what each contributed, and the 'gravamen especial sobre los
 * premios de determinadas loterías y apuestas' (Ley 35/2006 del IRPF, disposición adicional
 * trigésima tercera) each one bears on their share.
 *
 * The law: a prize of up to 40.000 € is exempt; above it, 20 % of what exceeds it. For a prize of
 * shared ownership the exempt amount is prorated among the co-owners by their share, so each member
 * pays 20 % of what their share exceeds their share of the 40.000 €.
 *
 * Rounding, stated once:
 * - shares: the prize in proportion to the contributions, each rounded down, the cents left over
 *   one each to the largest remainders (`splitWeighted`); they add up to the prize exactly;
 * - exempt shares: the threshold split by the same weights and the same method; they add up to
 *   the threshold exactly;
 * - percentages: in hundredths of a percent, split the same way from 100,00 %, so they add up to it;
 * - each levy: rate × max(0, share − exempt share), rounded to the nearest cent, half a cent up.
 * A prize at or under the threshold pays nothing at all, whatever a share's rounding says.
 */

/** 40.000 €: the exempt amount of each prize since 2020. */
export const PRIZE_EXEMPT_CENTS: Cents = 4_000_000;
/** The levy's rate, in percent. */
export const PRIZE_LEVY_PERCENT = 20;

export interface Contribution {
  userId: number;
  username: string;
  /** What the member put in: a weight, in cents (0: no share). */
  cents: Cents;
}

export interface PrizeShareLine {
  userId: number;
  username: string;
  contributionCents: Cents;
  /** Their share in hundredths of a percent: 3333 is 33,33 %. */
  percentHundredths: number;
  shareCents: Cents;
  exemptCents: Cents;
  /** What the share exceeds the exempt share by (0 when it does not). */
  taxableCents: Cents;
  levyCents: Cents;
  /** shareCents − levyCents: what the member takes home. */
  netCents: Cents;
}

export interface PrizeSharing {
  prizeCents: Cents;
  thresholdCents: Cents;
  levyPercent: number;
  /** The prize is above the threshold: the levy applies. */
  taxed: boolean;
  lines: PrizeShareLine[];
  levyCents: Cents;
  netCents: Cents;
}

/** rate % of `cents`, to the nearest cent, half a cent up. */
export const levyOf = (cents: Cents, percent: number): Cents => Math.floor((cents * percent + 50) / 100);

export function sharePrize(
  prizeCents: Cents,
  contributions: readonly Contribution[],
  thresholdCents = PRIZE_EXEMPT_CENTS,
  levyPercent = PRIZE_LEVY_PERCENT,
): PrizeSharing {
  if (!Number.isSafeInteger(levyPercent) || levyPercent < 0 || levyPercent > 100) throw new RangeError("The levy is a whole percent from 0 to 100.");
  const weights = contributions.map((c) => c.cents);
  const shares = splitWeighted(prizeCents, weights);
  const exempt = splitWeighted(thresholdCents, weights);
  const percents = splitWeighted(10_000, weights);
  const taxed = prizeCents > thresholdCents;
  const lines = contributions.map((c, i) => {
    const taxableCents = taxed ? Math.max(0, shares[i] - exempt[i]) : 0;
    const levyCents = levyOf(taxableCents, levyPercent);
    return {
      userId: c.userId,
      username: c.username,
      contributionCents: c.cents,
      percentHundredths: percents[i],
      shareCents: shares[i],
      exemptCents: exempt[i],
      taxableCents,
      levyCents,
      netCents: shares[i] - levyCents,
    };
  });
  const levyCents = lines.reduce((sum, l) => sum + l.levyCents, 0);
  return { prizeCents, thresholdCents, levyPercent, taxed, lines, levyCents, netCents: prizeCents - levyCents };
}

/** Hundredths of a percent as Spanish text: 3333 → "33,33 %". */
export const percentText = (hundredths: number) => `${Math.floor(hundredths / 100)},${String(hundredths % 100).padStart(2, "0")}\u00a0%`;
