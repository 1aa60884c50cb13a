import type { SignProbs } from "../bet/chances";
import { poissonBinomial } from "../bet/hit-odds";
import type { Cents } from "../money";
import { CATEGORIES, CATEGORY_HITS, type Category } from "../bet/scrutiny";
import { SIGNS, type Sign } from "../signs";
import { seededRandom } from "../../seeded-random";

/**
 * Prizes are shared (decision 044): each category's fund is a fixed share of the jornada's takings,
 * split among all its winners, so a column right where everyone is right pays little. Given the
 * public's betting percentages of each match (the share of bets on 1, X and 2, as the operator
 * publishes them), a bet of the public hits match i with probability share_i(official sign), the
 * matches independently, so its hits follow a Poisson-binomial: winners of k hits ≈ bets × P(k).
 */

/** Each category's share of the takings, in basis points (55 % to prizes in all; decision 044). */
export const PRIZE_SHARE_BP: Readonly<Record<Category, number>> = {
  especial: 750,
  primera: 1600,
  segunda: 750,
  tercera: 750,
  cuarta: 750,
  quinta: 900,
};

/**
 * P(a bet of the public that hit the 14 also hits the pleno): the public's own split of the pleno
 * is not in the percentages table, so the median share of the 1ª's winners that also won the
 * Especial in the operator's escrutinios of 2023-24 to 2025-26 (12.5 %, from 0 to 50 %; decision 066).
 */
export const PUBLIC_PLENO_HIT = 0.125;

/**
 * The least prize per winning bet the operator pays in the 4ª and the 5ª (decision 066, inferred
 * from 220 real escrutinios: the 5ª was paid from 1,51 € a winner and never under 1,49 €, the 4ª
 * from 1,02 € and never under 0,98 €). Under it the category pays nothing: an unpaid 4ª's fund goes
 * to the 3ª, an unpaid 5ª's leaves the jornada's categories (it did not show up in the 4ª).
 */
export const MINIMUM_PRIZE_CENTS: Readonly<Partial<Record<Category, Cents>>> = { cuarta: 100, quinta: 150 };

/** P(k hits), k = 0..n, of a bet of the public against the official signs, exactly. */
export function publicHits(shares: readonly SignProbs[], results: readonly Sign[]): number[] {
  return poissonBinomial(shares.map((s, i) => s[SIGNS.indexOf(results[i])]));
}

export type Winners = Record<Category, number>;

/**
 * Winners of each category among `bets` bets whose hits follow `hits` (k = 0..14): bets × P(k); the
 * 14-hit bets also win the 1ª (decision 030), and the Especial is those of them that hit the pleno.
 */
export function expectedWinners(bets: number, hits: readonly number[], plenoHit = PUBLIC_PLENO_HIT): Winners {
  const top = hits.length - 1;
  const w = Object.fromEntries(CATEGORIES.map((c) => [c, bets * (hits[top - (14 - CATEGORY_HITS[c])] ?? 0)])) as Winners;
  w.especial = w.primera * plenoHit;
  return w;
}

/** Each category's fund of the takings, in cents (rounded down). */
export function categoryFunds(takingsCents: Cents): Record<Category, Cents> {
  return Object.fromEntries(CATEGORIES.map((c) => [c, Math.floor((takingsCents * PRIZE_SHARE_BP[c]) / 10_000)])) as Record<Category, Cents>;
}

/**
 * The prize per winning bet of each category, in cents, from the takings and the winners (whole
 * or expected), by the rules (decision 044): a category's fund split among its winners; the
 * Especial and the 1ª with no winner pay nothing (their fund is the next jornada's jackpot); a
 * category of the 2ª to the 5ª with no winner passes its fund to the next one down; and no
 * category pays more than one above it: if it would, the funds of both are added and shared among
 * the winners of both; the 4ª and the 5ª under their minimum prize pay nothing (MINIMUM_PRIZE_CENTS).
 * `atLeastOne`: count each category as having one winner more at least (the
 * bet being valued is among them), so a category nobody else hits pays its whole fund.
 */
export function prizesPerWinner(takingsCents: Cents, winners: Winners, atLeastOne = false): Record<Category, Cents> {
  const funds: Record<Category, number> = { ...categoryFunds(takingsCents) };
  const unpaid = new Set<Category>();
  const count = (c: Category) => (unpaid.has(c) ? 0 : atLeastOne ? Math.max(1, winners[c]) : winners[c]);
  const lower: Category[] = ["segunda", "tercera", "cuarta", "quinta"];
  for (const [k, c] of lower.entries()) {
    if (count(c) < 1 && k < lower.length - 1) {
      funds[lower[k + 1]] += funds[c];
      funds[c] = 0;
    }
  }
  // The minimum prize (decision 066): the 5ª under its minimum pays nothing and its fund leaves the
  // jornada; the 4ª under its own passes its fund to the 3ª (or, without 3ª winners, further up).
  if (count("quinta") >= 1 && funds.quinta / count("quinta") < MINIMUM_PRIZE_CENTS.quinta!) {
    unpaid.add("quinta");
    funds.quinta = 0;
  }
  if (count("cuarta") >= 1 && funds.cuarta / count("cuarta") < MINIMUM_PRIZE_CENTS.cuarta!) {
    const up = (["tercera", "segunda"] as const).find((c) => count(c) >= 1);
    if (up) funds[up] += funds.cuarta;
    unpaid.add("cuarta");
    funds.cuarta = 0;
  }
  const prize = Object.fromEntries(CATEGORIES.map((c) => [c, count(c) >= 1 ? funds[c] / count(c) : 0])) as Record<Category, number>;
  // The floor: from the 1ª down, a category that pays more than the one above joins it (and the
  // joined group with the one above it, if needed), all sharing the pooled funds equally.
  const order: Category[] = ["primera", ...lower];
  const groups: Category[][] = [];
  for (const c of order) {
    if (count(c) < 1) continue;
    groups.push([c]);
    const value = (g: Category[]) => g.reduce((t, x) => t + funds[x], 0) / g.reduce((t, x) => t + count(x), 0);
    while (groups.length > 1 && value(groups[groups.length - 1]) > value(groups[groups.length - 2])) {
      const last = groups.pop()!;
      groups[groups.length - 1].push(...last);
    }
  }
  for (const g of groups) {
    const each = g.reduce((t, x) => t + funds[x], 0) / g.reduce((t, x) => t + count(x), 0);
    for (const c of g) prize[c] = each;
  }
  return Object.fromEntries(CATEGORIES.map((c) => [c, Math.floor(prize[c])])) as Record<Category, Cents>;
}

/** Bets played in a jornada of these takings at this price per bet. */
export const betsOf = (takingsCents: Cents, priceCents: Cents) => Math.floor(takingsCents / Math.max(1, priceCents));

/**
 * The escrutinio of a jornada estimated from its takings and the public's percentages (the demo's
 * 'estimado' prizes): whole winners (the expected count rounded) and the prize each, in cents.
 */
export function estimatedEscrutinio(
  takingsCents: Cents,
  priceCents: Cents,
  shares: readonly SignProbs[],
  results: readonly Sign[],
): { winners: Record<Category, number>; prizes: Record<Category, Cents> } {
  const expected = expectedWinners(betsOf(takingsCents, priceCents), publicHits(shares, results));
  const winners = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(expected[c])])) as Winners;
  return { winners, prizes: prizesPerWinner(takingsCents, winners) };
}

/** Takings of a usual jornada of La Quiniela (2024-25), in cents: only the 1ª and the Especial, rarely won, depend on it. */
export const TYPICAL_TAKINGS_CENTS: Cents = 2_900_000_00;

/** Outcomes drawn to estimate the expected prizes: enough for a stable cent on the lower categories, a few milliseconds. */
export const PRIZE_SAMPLES = 2000;

/**
 * The prize per winning bet to expect in each category before the results (the 'premio esperado'
 * target). A prize depends on the outcome: when the favourites come in, many of the public hit and
 * each pays little. So outcomes are drawn from the chances `probs` (seeded: the same answer every
 * time); for each, the public's winners per category follow from the percentages (exactly, as
 * after the results) and the prizes from the funds, the bet valued counted among the winners. A
 * category of k hits takes the mean of its prize over the outcomes where the column of the
 * favourites (each match's likeliest sign) hits k, or k or more when none did (or, past that, the
 * most it hit): the prize a bet that follows the favourites, as a group bet does, meets when it
 * hits k.
 */
export function expectedSharedPrizes(
  shares: readonly SignProbs[],
  probs: readonly SignProbs[],
  priceCents: Cents,
  takingsCents: Cents = TYPICAL_TAKINGS_CENTS,
  samples = PRIZE_SAMPLES,
): Record<Category, Cents> {
  const random = seededRandom(44);
  const bets = betsOf(takingsCents, priceCents);
  const favourite = probs.map((p) => [0, 1, 2].reduce((a, b) => (p[b] > p[a] ? b : a)));
  const drawn: { hits: number; prizes: Record<Category, Cents> }[] = [];
  for (let n = 0; n < samples; n++) {
    let hits = 0;
    const results = probs.map((p, i) => {
      const u = random();
      const k = u < p[0] ? 0 : u < p[0] + p[1] ? 1 : 2;
      if (k === favourite[i]) hits++;
      return SIGNS[k];
    });
    drawn.push({ hits, prizes: prizesPerWinner(takingsCents, expectedWinners(bets, publicHits(shares, results)), true) });
  }
  const most = Math.max(...drawn.map((d) => d.hits));
  return Object.fromEntries(
    CATEGORIES.map((c) => {
      const k = CATEGORY_HITS[c] - (14 - probs.length);
      let pool = drawn.filter((d) => d.hits === k);
      if (!pool.length) pool = drawn.filter((d) => d.hits >= k);
      if (!pool.length) pool = drawn.filter((d) => d.hits === most);
      return [c, Math.floor(pool.reduce((t, d) => t + d.prizes[c], 0) / pool.length)];
    }),
  ) as Record<Category, Cents>;
}
