/**
 * What 'Compartir por WhatsApp' writes (decision 033): short Spanish texts that read well in a
 * chat, one line per item, built from what the page already shows. Pure; `whatsappUrl` makes the
 * plain link (https://wa.me/?text=…) that works without a script.
 */
import { formatEuros } from "../money";
import type { Pick, Score } from "../signs";

// One formatter, made once: toLocaleString builds a new one per call (2 % of a standings view's CPU under load).
const pointsFormat = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 2, useGrouping: false });
const points = (x: number) => pointsFormat.format(x);
const averageFormat = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 });

export function whatsappUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

export interface StandingsShare {
  groupName: string;
  seasonName: string;
  rows: { position: number; userName: string; totalPoints: number }[];
  /** The round the table is of, when it is one round's. */
  roundNumber?: number | null;
  size?: number;
}

/** "Clasificación de Peña X · 2025-26" and the top (five by position; level players share it). */
export function standingsShareText(s: StandingsShare): string {
  const size = s.size ?? 5;
  const top = s.rows.filter((r) => r.position <= size).sort((a, b) => a.position - b.position);
  const title = `🏆 Clasificación de ${s.groupName} · ${s.roundNumber ? `jornada ${s.roundNumber}` : `temporada ${s.seasonName}`}`;
  if (!top.length) return `${title}\nTodavía sin puntos.`;
  return [title, ...top.map((r) => `${r.position}. ${r.userName}: ${points(r.totalPoints)} pts`)].join("\n");
}

export interface BetShare {
  groupName: string;
  roundNumber: number;
  /** The 15 matches of the pool, by position (the 15th is the pleno's). */
  matches: { position: number; home: string; away: string }[];
  picks: Pick[];
  pleno: Score | null;
  /** The bets the shop charges (the ticket's, two at least). */
  bets: number;
  costCents: number;
  confirmed: boolean;
  /** Once the round has official results. */
  hits: number | null;
}

const signsOf = (pick: Pick) => (pick.length ? pick.join("") : "-");

/** The ticket as text: 'N. Local - Visitante: 1X' per match, the pleno, bets and cost; the hits after results. */
export function betShareText(b: BetShare): string {
  const byPosition = new Map(b.matches.map((m) => [m.position, m]));
  const lines = b.picks.map((pick, i) => {
    const m = byPosition.get(i + 1);
    return `${i + 1}. ${m ? `${m.home} - ${m.away}` : `Partido ${i + 1}`}: ${signsOf(pick)}`;
  });
  const plenoMatch = byPosition.get(15);
  const pleno = b.pleno ? `${b.pleno.home}-${b.pleno.away}` : "sin pleno";
  return [
    `🎟️ Quiniela grupal de ${b.groupName} · jornada ${b.roundNumber}${b.confirmed ? "" : " (sin confirmar)"}`,
    ...lines,
    `P15. ${plenoMatch ? `${plenoMatch.home} - ${plenoMatch.away}: ` : ""}${pleno}`,
    `${b.bets} ${b.bets === 1 ? "apuesta" : "apuestas"} · ${formatEuros(b.costCents)}`,
    ...(b.hits === null ? [] : [`Aciertos: ${b.hits} de 15`]),
  ].join("\n");
}

export interface RoundShare {
  groupName: string;
  roundNumber: number;
  betHits: number | null;
  averageHits: number | null;
  mvp: { username: string; hits: number } | null;
}

/** The jornada's summary: the bet's hits, the group's average, the MVP. */
export function roundShareText(r: RoundShare): string {
  return [
    `⚽ ${r.groupName} · jornada ${r.roundNumber}`,
    r.betHits === null ? "Sin quiniela grupal" : `Quiniela grupal: ${r.betHits} de 15`,
    ...(r.averageHits === null ? [] : [`Media del grupo: ${averageFormat.format(r.averageHits)} aciertos`]),
    r.mvp ? `MVP: ${r.mvp.username} (${r.mvp.hits} aciertos)` : "MVP: nadie en solitario",
  ].join("\n");
}
