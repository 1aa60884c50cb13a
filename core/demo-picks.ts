/**
 * The demo's players: they pick from the pre-match view of each match (what was known
 * before it, core/domain/bet/pre-match), tilted toward the favourite as the public is, each with a
 * taste of their own, and all the players of a peña share its hunches of the week, so their picks
 * are correlated the way a real peña's are: they follow the same favourites and miss together.
 * Seeded (core/seeded-random): every load of the demo is the same demo.
 */
import type { SignProbs } from "./domain/bet/chances";
import { publicShares } from "./domain/bet/pre-match";
import { SIGNS, type Pick, type Score, type Sign } from "./domain/signs";
import { seededRandom } from "./seeded-random";

export const TASTES = ["favourite follower", "home fan", "draw lover", "long-shot hunter", "all-rounder"] as const;
export type Taste = (typeof TASTES)[number];

/** A string's seed (the demo's names and jornadas). */
export const hashSeed = (s: string) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

/** The taste of a player, fixed by their name. */
export function tasteOf(name: string): Taste {
  return TASTES[Math.floor(seededRandom(hashSeed(`taste/${name}`))() * TASTES.length)];
}

/** A normal deviate (Box–Muller) from the seeded generator. */
export function normal(random: () => number): number {
  const u = Math.max(1e-12, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** The peña's hunch of the week on each match: a shift of each sign's log-weight, the same for all its players. */
export function groupHunches(random: () => number, matches: number, spread = 0.35): number[][] {
  return Array.from({ length: matches }, () => SIGNS.map(() => spread * normal(random)));
}

/** Per taste: extra log-weight of 1, X and 2, and how sharply the player follows their favourite (1: as the public; more: sharper). */
const TASTE_SHAPE: Record<Taste, { bias: [number, number, number]; sharpness: number; longShot: number }> = {
  "favourite follower": { bias: [0, 0, 0], sharpness: 3, longShot: 0 },
  "home fan": { bias: [0.6, 0, 0], sharpness: 2, longShot: 0 },
  "draw lover": { bias: [0, 0.8, 0], sharpness: 2, longShot: 0 },
  "long-shot hunter": { bias: [0, 0, 0], sharpness: 1.2, longShot: 0.6 },
  "all-rounder": { bias: [0, 0, 0], sharpness: 2, longShot: 0 },
};

/** How a player weighs the signs of a match: the public's shares, the peña's hunch, their taste and a whim of their own. */
export function playerWeights(random: () => number, view: SignProbs, hunch: readonly number[], taste: Taste): [number, number, number] {
  const shape = TASTE_SHAPE[taste];
  const shares = publicShares(view);
  const least = [0, 1, 2].reduce((a, b) => (view[b] < view[a] ? b : a));
  const log = [0, 1, 2].map(
    (k) => shape.sharpness * (Math.log(shares[k]) + hunch[k] + 0.25 * normal(random)) + shape.bias[k] + (k === least ? shape.longShot : 0),
  );
  const m = Math.max(...log);
  const w = log.map((x) => Math.exp(x - m));
  const t = w[0] + w[1] + w[2];
  return [w[0] / t, w[1] / t, w[2] / t];
}

function draw(random: () => number, w: readonly number[]): number {
  let u = random();
  for (let k = 0; k < w.length - 1; k++) {
    if (u < w[k]) return k;
    u -= w[k];
  }
  return w.length - 1;
}

/** A Poisson deviate of mean `mean`, at most `max`. */
function poisson(random: () => number, mean: number, max: number): number {
  let k = 0;
  let p = Math.exp(-mean);
  let cdf = p;
  const u = random();
  while (u > cdf && k < max) {
    k++;
    p *= mean / k;
    cdf += p;
  }
  return k;
}

/**
 * A player's slip of a jornada: one sign a match drawn from their weights, a double (their two
 * likeliest signs) or a triple where the type asks for them, on the matches they are least sure
 * of, and a pleno guessed as people guess scores. Nothing of it reads a result.
 */
export function demoTicket(
  random: () => number,
  views: readonly SignProbs[],
  hunches: readonly (readonly number[])[],
  taste: Taste,
  type: { numDouble: number; numTriple: number },
): { matches: Pick[]; pleno: Score } {
  const weights = views.map((v, i) => playerWeights(random, v, hunches[i], taste));
  const matches: Pick[] = weights.map((w) => [SIGNS[draw(random, w)]]);
  const doubt = weights.map((w, i) => ({ i, sure: Math.max(...w) })).sort((a, b) => a.sure - b.sure || a.i - b.i);
  doubt.slice(0, type.numTriple).forEach(({ i }) => (matches[i] = [...SIGNS]));
  doubt.slice(type.numTriple, type.numTriple + type.numDouble).forEach(({ i }) => {
    const chosen = matches[i][0];
    const second = [0, 1, 2].filter((k) => SIGNS[k] !== chosen).sort((a, b) => weights[i][b] - weights[i][a])[0];
    matches[i] = SIGNS.filter((s): s is Sign => s === chosen || s === SIGNS[second]);
  });
  return { matches, pleno: { home: poisson(random, 1.5, 6), away: poisson(random, 1.1, 6) } };
}
