import type { SignProbs } from "../bet/chances";
import { ticketOdds, winChances, type TicketOdds } from "../bet/hit-odds";
import { scorePrediction } from "../hits";
import { CATEGORIES, columnsByHits, type Category } from "../bet/scrutiny";
import { MATCHES, normalizePick, type Pick, type Score, type Sign } from "../signs";
import { plenoHit, slipColumns, type Slip } from "../bet/slip";

/**
 * The jornada in play (decision 051): what the played matches already say of the
 * players' predictions and of the group's ticket, and what the chances model (decision 037) says
 * of the rest with the played matches fixed. Pure: the provisional or official signs come in.
 */

/** The sign a score gives: 1 home win, X draw, 2 away win. */
export const signOfScore = (s: Score): Sign => (s.home > s.away ? "1" : s.home === s.away ? "X" : "2");

/** The model's probabilities with each played match certain at its sign. */
export function fixPlayed(probs: readonly SignProbs[], played: readonly (Sign | null)[]): SignProbs[] {
  return probs.map((p, i) => {
    const s = played[i] ?? null;
    if (s === null) return p;
    return (s === "1" ? [1, 0, 0] : s === "X" ? [0, 1, 0] : [0, 0, 1]) as SignProbs;
  });
}

export interface LivePlayerInput {
  name: string;
  matches: readonly Pick[];
  pleno: Score | null;
}

export interface LivePlayer {
  name: string;
  /** Hits of the played matches (and of the pleno, once played). */
  hits: number;
  /** Hits at most when the round ends: the hits plus every match (and pleno) still to play with a sign picked. */
  possible: number;
  /** 1-based, shared by equal hits (competition ranking: 1, 1, 3). */
  rank: number;
}

/** Each player's hits so far and still possible, ranked by hits, then possible, then name. */
export function livePlayers(players: readonly LivePlayerInput[], played: readonly (Sign | null)[], pleno: Score | null): LivePlayer[] {
  const rows = players.map((p) => {
    const b = scorePrediction({ matches: [...p.matches], pleno: p.pleno }, { matches: [...played], pleno });
    let open = 0;
    for (let i = 0; i < MATCHES; i++) if ((played[i] ?? null) === null && normalizePick(p.matches[i] ?? []).length > 0) open++;
    if (pleno === null && p.pleno !== null) open++;
    return { name: p.name, hits: b.hits, possible: b.hits + open, rank: 0 };
  });
  return rankLivePlayers(rows);
}

/** Sorted by hits, then possible, then name; ranked 1, 1, 3 by hits. */
function rankLivePlayers(rows: LivePlayer[]): LivePlayer[] {
  rows.sort((a, b) => b.hits - a.hits || b.possible - a.possible || a.name.localeCompare(b.name, "es"));
  rows.forEach((r, k) => (r.rank = k > 0 && rows[k - 1].hits === r.hits ? rows[k - 1].rank : k + 1));
  return rows;
}

/**
 * What one match's sign going from `before` to `after` (null: not played) does to a player's hits
 * and hits still possible (decision 071): −1 if the pick held `before`, +1 if it holds `after`; a
 * match played or unplayed moves the "to play" part of `possible` by one when something was picked.
 */
export function hitsDelta(pick: Pick, before: Sign | null, after: Sign | null): { hits: number; possible: number } {
  const hit = (s: Sign | null) => (s !== null && pick.includes(s) ? 1 : 0);
  const picked = normalizePick(pick).length > 0 ? 1 : 0;
  const open = (s: Sign | null) => (s === null ? picked : 0);
  const hits = hit(after) - hit(before);
  return { hits, possible: hits + open(after) - open(before) };
}

/**
 * The players' rows after match `index` (0-based, 1–14) went from `before` to `after`, from the
 * rows before it and each player's picks by name: the same rows `livePlayers` gives with the new
 * signs, without scoring anyone again (decision 071). A player without picks here is left as is.
 */
export function livePlayersAfter(
  rows: readonly LivePlayer[],
  picksOf: ReadonlyMap<string, readonly Pick[]>,
  index: number,
  before: Sign | null,
  after: Sign | null,
): LivePlayer[] {
  return rankLivePlayers(
    rows.map((r) => {
      const d = hitsDelta(picksOf.get(r.name)?.[index] ?? [], before, after);
      return { name: r.name, hits: r.hits + d.hits, possible: r.possible + d.possible, rank: 0 };
    }),
  );
}

export const ALIVE_HITS = [10, 11, 12, 13, 14] as const;
export type AliveHits = (typeof ALIVE_HITS)[number];

export interface LiveTicket {
  /** 14-sign columns played. */
  columns: number;
  /** The best column's hits among the played matches. */
  hits: number;
  /** A column with those hits (the first in slip order among equals). */
  bestColumn: Sign[];
  /** Columns that can still reach 10, 11, 12, 13 and 14 hits: those hits so far plus every match to play. */
  alive: Record<AliveHits, number>;
  /** The ticket's odds under the model with the played matches fixed. */
  odds: TicketOdds;
  /** P(the best column has each category's hits): the Especial, then exactly 14, 13, 12, 11 and 10 hits. */
  categories: Record<Category, number>;
  /** P(the ticket cobra each category): some column has exactly its hits (decision 066). */
  wins: Record<Category, number>;
}

/** Who typed a provisional score, as stored: the group's managers, an admin, or the live feed. */
export type ScoreAuthor = "group" | "admin" | "feed";
const PRECEDENCE: Record<ScoreAuthor, number> = { group: 0, admin: 1, feed: 2 };

/**
 * The provisional score a group sees for each match 1–15 (decision 051): its own managers' over an
 * admin's over the live feed's; null where nobody typed one. Official results replace them all
 * upstream: a match with an official sign never reads these.
 */
export function scoresShown<T extends { position: number; source: ScoreAuthor }>(entries: readonly T[]): (T | null)[] {
  const shown: (T | null)[] = new Array(MATCHES + 1).fill(null);
  for (const entry of entries) {
    const k = entry.position - 1;
    if (k < 0 || k > MATCHES) continue;
    const held = shown[k];
    if (!held || PRECEDENCE[entry.source] < PRECEDENCE[held.source]) shown[k] = entry;
  }
  return shown;
}

/**
 * The ticket live: `played` the sign of each match played so far (null to play), `pleno` the
 * pleno's score when played, `probs` the model's probabilities and `plenoModel` its chance that
 * the played pleno marks hold (used while the pleno is to play).
 */
export function liveTicket(slip: Slip, probs: readonly SignProbs[], played: readonly (Sign | null)[], pleno: Score | null, plenoModel: number): LiveTicket {
  const columns = slipColumns(slip);
  // Potential hits: a match to play counts as a hit for every column that covers it (all do).
  const { histogram: potential, best: bestColumn, bestHits: hits } = columnsByHits(slip, played);
  const atLeast = (k: number) => potential.slice(k).reduce((a, b) => a + b, 0);
  const alive = Object.fromEntries(ALIVE_HITS.map((k) => [k, atLeast(k)])) as Record<AliveHits, number>;
  const plenoChance = pleno === null ? plenoModel : plenoHit(slip.pleno, pleno) ? 1 : 0;
  const odds = ticketOdds(slip, fixPlayed(probs, played), plenoChance);
  const categories = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  categories.especial = odds.atLeast.especial;
  categories.primera = odds.best[14];
  categories.segunda = odds.best[13];
  categories.tercera = odds.best[12];
  categories.cuarta = odds.best[11];
  categories.quinta = odds.best[10];
  const wins = winChances(slip, fixPlayed(probs, played), plenoChance);
  return { columns, hits, bestColumn, alive, odds, categories, wins };
}

/** The WhatsApp line: "Llevamos 7 de 8, vivos para 12" (the most hits a column can still reach, 10 or more). */
export function liveShareText(groupName: string, ticket: { hits: number; alive: Record<AliveHits, number> } | null, playedCount: number): string {
  const head = `${groupName}: `;
  if (!ticket) return `${head}${playedCount} de 14 partidos jugados.`;
  const top = [...ALIVE_HITS].reverse().find((k) => ticket.alive[k] > 0);
  return `${head}Llevamos ${ticket.hits} de ${playedCount}, ${top ? `vivos para ${top}` : "sin columnas vivas para premio"}.`;
}
