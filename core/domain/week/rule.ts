import { madridLocalToUtc, wallClock } from "../../dates";
import { mergeGroupBet } from "../bet/group-bet";
import type { Pick, Score } from "../signs";

/** When a peña's automatic round opens: at the pool's publication, or at a weekday and hour (Madrid). */
export type OpenAt = { kind: "publication" } | { kind: "weekly"; weekday: number; time: string };

/** Weekdays 1 (lunes) … 7 (domingo), as the form lists them. */
export const WEEKDAYS = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"] as const;

/**
 * The round type of a jornada under a rota of types by week: the pool's number in its season picks
 * the rota's place, jornada 1 the first type, and the rota starts again after its last.
 */
export function rotaType(rota: readonly number[], poolNumber: number): number {
  if (!rota.length) throw new Error("La rota necesita al menos un tipo.");
  const k = (((Math.trunc(poolNumber) - 1) % rota.length) + rota.length) % rota.length;
  return rota[k];
}

/** The first `weekday` (1 Monday … 7 Sunday) at `time` (Madrid) at or after `from`, counted in Madrid calendar days. */
export function nextWeekdayAt(from: Date, weekday: number, time: string): Date {
  const p = wallClock(from);
  for (let d = 0; d <= 7; d++) {
    const day = new Date(Date.UTC(+p.year, +p.month - 1, +p.day + d));
    if ((day.getUTCDay() || 7) !== weekday) continue;
    const at = madridLocalToUtc(`${day.toISOString().slice(0, 10)}T${time}`);
    if (at && at.getTime() >= from.getTime()) return at;
  }
  throw new Error(`Hora no válida: ${time}`);
}

/**
 * The dates of a peña's automatic round of a pool: it closes `closeBeforeMinutes` before the
 * official close (so the slip can still be stamped) and opens at the pool's publication, or at the
 * first chosen weekday and hour after it. An opening that would fall at or after that close opens
 * at the publication instead; null when even then nothing is left to play.
 */
export function autoRoundDates(input: {
  poolStart: Date;
  poolClose: Date;
  openAt: OpenAt;
  closeBeforeMinutes: number;
}): { openDate: Date; closeDate: Date } | null {
  const closeDate = new Date(input.poolClose.getTime() - input.closeBeforeMinutes * 60_000);
  if (closeDate.getTime() <= input.poolStart.getTime()) return null;
  const weekly = input.openAt.kind === "weekly" ? nextWeekdayAt(input.poolStart, input.openAt.weekday, input.openAt.time) : null;
  const openDate = weekly && weekly.getTime() < closeDate.getTime() ? weekly : input.poolStart;
  return { openDate, closeDate };
}

/** One earlier ticket of a player (or the group's bet), newest first. */
export interface PastTicket {
  matches: Pick[];
  pleno: Score | null;
}

/**
 * The picks an absent member plays: on each match the sign they chose most often
 * in the tickets given (their season's predictions, or last week's group bet), the round type's
 * doubles and triples on the matches where they were least constant, and their most frequent pleno.
 * A tie goes to the newest ticket holding a tied sign. Null when there is nothing to go by.
 */
export function absentPicks(past: readonly PastTicket[], type: { numDouble: number; numTriple: number }): { matches: Pick[]; pleno: Score } | null {
  const usable = past.filter((t) => t.matches.length === 14 && t.matches.every((m) => m.length > 0));
  if (!usable.length) return null;
  const merged = mergeGroupBet({
    ranked: usable.map((t, k) => ({ userId: 0, username: `#${k + 1}`, rank: k + 1, matches: t.matches, pleno: t.pleno })),
    numDouble: type.numDouble,
    numTriple: type.numTriple,
    random: () => 0,
  });
  return { matches: merged.matches, pleno: merged.pleno ?? { home: 1, away: 1 } };
}
