import type { SignProbs } from "./chances";
import type { Sign } from "../signs";

/**
 * The pre-match view of a match: what a follower of the league expects before kick-off,
 * from the season's earlier results alone. Each team has a rating on a logit scale (0 at the start
 * of the season); a match's signs follow an ordered logit of d = rating(home) − rating(away) + H:
 *
 *     P(1) = σ(d − c),  P(2) = σ(−d − c),  P(X) = 1 − P(1) − P(2)
 *
 * with H the home advantage and c the width of the draw. After each result the two ratings move
 * by K · (score − expected score), Elo's rule, with a win 1, a draw ½ and a loss 0. At H = 0.35 and
 * c = 0.6 two equal teams give about 45 % / 28 % / 27 %, the long-run shares of Spanish league
 * football. It is the app's «valoración previa» of a match (its own rating of the teams, not a
 * betting market: decision 066), the prior of the chances, and the view the demo's players start from.
 */

export interface RatingParams {
  /** Home advantage, in logit units. */
  home: number;
  /** Half-width of the draw band. */
  draw: number;
  /** Elo's K: how far one result moves a rating. */
  k: number;
}

export const RATING_PARAMS: RatingParams = { home: 0.35, draw: 0.6, k: 0.25 };

export interface PlayedMatch {
  home: string;
  away: string;
  sign: Sign;
}

export interface Fixture {
  home: string;
  away: string;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
/** Team names compared as the catalogue does: case and spaces aside. */
export const teamKey = (name: string) => name.trim().toLowerCase();

/** P(1), P(X), P(2) of a match between teams of these ratings. */
export function ratingProbs(home: number, away: number, params: RatingParams = RATING_PARAMS): SignProbs {
  const d = home - away + params.home;
  const p1 = sigmoid(d - params.draw);
  const p2 = sigmoid(-d - params.draw);
  return [p1, Math.max(0, 1 - p1 - p2), p2];
}

/** Every team's rating after the played matches, in the order given. */
export function teamRatings(played: readonly PlayedMatch[], params: RatingParams = RATING_PARAMS): Map<string, number> {
  const ratings = new Map<string, number>();
  for (const m of played) {
    const h = teamKey(m.home);
    const a = teamKey(m.away);
    const rh = ratings.get(h) ?? 0;
    const ra = ratings.get(a) ?? 0;
    const p = ratingProbs(rh, ra, params);
    const expected = p[0] + p[1] / 2;
    const score = m.sign === "1" ? 1 : m.sign === "X" ? 0.5 : 0;
    ratings.set(h, rh + params.k * (score - expected));
    ratings.set(a, ra - params.k * (score - expected));
  }
  return ratings;
}

/** The pre-match view of each fixture from the matches played before it (in the order they were played). */
export function preMatchView(played: readonly PlayedMatch[], fixtures: readonly Fixture[], params: RatingParams = RATING_PARAMS): SignProbs[] {
  const ratings = teamRatings(played, params);
  return fixtures.map((f) => ratingProbs(ratings.get(teamKey(f.home)) ?? 0, ratings.get(teamKey(f.away)) ?? 0, params));
}

/**
 * How the betting public splits its vote on a match of pre-match view `p`: toward the
 * favourite more than the odds say (the shares follow p^γ, γ > 1, so a moderate favourite is
 * over-bet by several points) and away from the draw, which the public under-bets.
 */
export function publicShares(p: SignProbs, gamma = 1.6, drawWeight = 0.8): SignProbs {
  const w = [p[0] ** gamma, p[1] ** gamma * drawWeight, p[2] ** gamma];
  const t = w[0] + w[1] + w[2];
  return [w[0] / t, w[1] / t, w[2] / t];
}
