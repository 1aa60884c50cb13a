/**
 * The round's digest (decision 036): what each member of a group reads by e-mail once a jornada's
 * official results are in. Pure: the season's standings after the round and the round's own rows
 * (both from core/domain/standings/standings) give the top 5 with their movement and the MVP; the
 * texts are built here too, so a test reads exactly what the member gets.
 */

import type { Category } from "../bet/scrutiny";
import { formatEuros, type Cents } from "../money";
import { wilsonLowerBound } from "../wilson";

/** The part of a standings row the digest needs (a ClassificationRow has all of it). */
export interface DigestStandingsRow {
  userId: number;
  userName: string;
  position: number;
  totalPoints: number;
  /** Hits and answered picks behind Wilson (simple + double + pleno), additive across rounds. */
  hits: number;
  n: number;
  wilson: number;
  /** The round's hits (max 15) in the round's own rows; null when the member did not predict it. */
  lastRoundHits: number | null;
}

export interface TopRow {
  position: number;
  userName: string;
  totalPoints: number;
  /** The position before this jornada counted. */
  before: number;
}

export interface RoundDigest {
  top: TopRow[];
  /** The members with most hits in the round (several when level), and those hits. */
  mvp: { names: string[]; hits: number } | null;
  /** Mean hits of those who predicted the round; null when nobody did. */
  average: number | null;
  players: number;
}

/** A float sum of point values read back at the cent, so 10.3 − 0.3 compares equal to 10. */
const cents = (x: number) => Math.round(x * 100) / 100;

/**
 * Each member's position before this round counted: the season's points, hits and answered picks
 * less the round's, ranked the standings' way (points, then Wilson; level on both shares the
 * position and the next one skips: 1, 2, 2, 4; the name only orders the listing).
 */
export function positionsBefore(season: readonly DigestStandingsRow[], round: readonly DigestStandingsRow[]): Map<number, number> {
  const inRound = new Map(round.map((r) => [r.userId, r]));
  const rows = season.map((s) => {
    const r = inRound.get(s.userId);
    const hits = s.hits - (r?.hits ?? 0);
    const n = s.n - (r?.n ?? 0);
    return { userId: s.userId, userName: s.userName, points: cents(s.totalPoints - (r?.totalPoints ?? 0)), wilson: wilsonLowerBound(hits, n) };
  });
  rows.sort((a, b) => b.points - a.points || b.wilson - a.wilson || a.userName.localeCompare(b.userName, "es") || a.userId - b.userId);
  const positions = new Map<number, number>();
  rows.forEach((row, i) => {
    const above = rows[i - 1];
    positions.set(row.userId, above && above.points === row.points && above.wilson === row.wilson ? positions.get(above.userId)! : i + 1);
  });
  return positions;
}

export function roundDigest(season: readonly DigestStandingsRow[], round: readonly DigestStandingsRow[], topSize = 5): RoundDigest {
  const before = positionsBefore(season, round);
  const ordered = [...season].sort((a, b) => a.position - b.position || a.userName.localeCompare(b.userName, "es"));
  const top = ordered
    .filter((r) => r.position <= topSize)
    .map((r) => ({ position: r.position, userName: r.userName, totalPoints: r.totalPoints, before: before.get(r.userId) ?? r.position }));
  const played = round.filter((r) => r.lastRoundHits !== null);
  const hits = played.map((r) => r.lastRoundHits ?? 0);
  const best = hits.length ? Math.max(...hits) : null;
  return {
    top,
    mvp:
      best === null
        ? null
        : {
            hits: best,
            names: played
              .filter((r) => r.lastRoundHits === best)
              .map((r) => r.userName)
              .sort((a, b) => a.localeCompare(b, "es")),
          },
    average: hits.length ? hits.reduce((a, b) => a + b, 0) / hits.length : null,
    players: played.length,
  };
}

/** "sube 2", "baja 1", "=": how a row moved since before the jornada. */
export function movement(row: Pick<TopRow, "position" | "before">): string {
  const delta = row.before - row.position;
  if (delta > 0) return `sube ${delta}`;
  if (delta < 0) return `baja ${-delta}`;
  return "=";
}

const decimal = (x: number, digits = 2) => x.toLocaleString("es-ES", { maximumFractionDigits: digits, useGrouping: false });

/** "Ana", "Ana y Bea", "Ana, Bea y Carlos". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} y ${names[names.length - 1]}`;
}

/** What the group bet scored: its hits of 14 and the pleno apart, the category it won and its prize. */
export interface DigestBet {
  /** Hits among matches 1–14 (of the ticket's best column). */
  hits: number;
  pleno: boolean;
  confirmed: boolean;
  /** The best category won; null: no prize. Undefined: no escrutinio (the ticket is not complete). */
  category?: Category | null;
  /** The ticket's whole prize, once every category it won has its official prize; null before. */
  prizeCents?: Cents | null;
}

const CATEGORY_TEXT: Record<Category, string> = {
  especial: "categoría Especial",
  primera: "1ª categoría",
  segunda: "2ª categoría",
  tercera: "3ª categoría",
  cuarta: "4ª categoría",
  quinta: "5ª categoría",
};

/** «Quiniela grupal: 13 aciertos de 14 y el pleno: 2ª categoría, 1.234.567,89 €.» */
export function betLine(bet: DigestBet): string {
  const hits = `${bet.hits} ${bet.hits === 1 ? "acierto" : "aciertos"} de 14 ${bet.pleno ? "y el pleno" : "sin el pleno"}`;
  const prize =
    bet.category === undefined
      ? ""
      : bet.category === null
        ? ": sin premio"
        : `: ${CATEGORY_TEXT[bet.category]}, ${bet.prizeCents === null || bet.prizeCents === undefined ? "premio aún sin publicar" : formatEuros(bet.prizeCents)}`;
  return `Quiniela grupal${bet.confirmed ? "" : " (sin confirmar)"}: ${hits}${prize}.`;
}

export interface DigestMail {
  username: string;
  groupName: string;
  number: number;
  /** The member's own hits; null when they did not predict the round. */
  myHits: number | null;
  /** The group bet's escrutinio; null when the group had no bet this round. */
  bet: DigestBet | null;
  digest: RoundDigest;
  roundUrl: string;
  unsubscribeUrl: string;
  /** The photo of the group bet's stamped ticket (decision 090): where members see it, and whether it came before the first match; null: none. */
  receipt?: { url: string; beforeStart: boolean } | null;
}

/** The digest's word on the resguardo, when the group had a bet (decision 090). */
function receiptFact(m: DigestMail): string | null {
  if (m.bet === null || m.receipt === undefined) return null;
  if (m.receipt === null) return "Resguardo del boleto: nadie subió la foto del boleto sellado.";
  return `Resguardo del boleto: ${m.receipt.beforeStart ? "subido antes del primer partido" : "subido después del comienzo de la jornada"}.`;
}

function lines(m: DigestMail): { title: string; facts: string[]; table: string[] } {
  const { digest } = m;
  const facts = [
    m.myHits === null ? "No enviaste pronóstico en esta jornada." : `Tus aciertos: ${m.myHits} de 15.`,
    m.bet === null ? "El grupo no tuvo quiniela grupal esta jornada." : betLine(m.bet),
  ];
  if (digest.average !== null) facts.push(`Media del grupo: ${decimal(digest.average, 1)} aciertos (${digest.players} jugadores).`);
  if (digest.mvp) facts.push(`MVP: ${joinNames(digest.mvp.names)}, con ${digest.mvp.hits} aciertos.`);
  const table = digest.top.map((r) => `${r.position}. ${r.userName}: ${decimal(r.totalPoints)} pts (${movement(r)})`);
  return { title: `Jornada ${m.number} de ${m.groupName}`, facts, table };
}

export function digestSubject(m: Pick<DigestMail, "number" | "groupName">): string {
  return `Quiniela de peñas: resumen de la jornada ${m.number} de ${m.groupName}`;
}

export function digestText(m: DigestMail): string {
  const { title, facts, table } = lines(m);
  return [
    `Hola, ${m.username}:`,
    "",
    `${title}: ya están los resultados oficiales.`,
    "",
    ...facts,
    ...(receiptFact(m) ? [receiptFact(m)!, ...(m.receipt ? [`Ver el resguardo: ${m.receipt.url}`] : [])] : []),
    "",
    "Clasificación (los 5 primeros; entre paréntesis, cómo se movieron con esta jornada):",
    ...table,
    "",
    `Ver la jornada: ${m.roundUrl}`,
    "",
    `¿No quieres este resumen? Desactívalo aquí: ${m.unsubscribeUrl}`,
  ].join("\n");
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function digestHtml(m: DigestMail): string {
  const { title, facts, table } = lines(m);
  const li = (items: string[]) => items.map((x) => `<li>${escapeHtml(x)}</li>`).join("");
  return [
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; line-height: 1.4">',
    `<p>Hola, ${escapeHtml(m.username)}:</p>`,
    `<h1 style="font-size: 1.2em">${escapeHtml(title)}</h1>`,
    `<ul>${li(facts)}</ul>`,
    ...(receiptFact(m) ? [`<p>${escapeHtml(receiptFact(m)!)}${m.receipt ? ` <a href="${escapeHtml(m.receipt.url)}">Ver el resguardo</a>` : ""}</p>`] : []),
    '<h2 style="font-size: 1em">Clasificación (los 5 primeros)</h2>',
    `<ol style="list-style: none; padding: 0">${li(table)}</ol>`,
    `<p><a href="${escapeHtml(m.roundUrl)}">Ver la jornada</a></p>`,
    `<p style="color: #555; font-size: 0.9em">¿No quieres este resumen? <a href="${escapeHtml(m.unsubscribeUrl)}">Desactívalo</a>.</p>`,
    "</body></html>",
  ].join("\n");
}
