import type { DrawSummary, SelaeDraw } from "#core/contract/lottery";
import { madridLocalToUtc } from "#core/dates";
import { MATCHES, type Score, type Sign } from "../signs";
import { officialTeamName } from "./official-jornada";
import { operatorKey, teamKey, type TeamMatch } from "./team-names";

function readSign(value: string | null | undefined): Sign | null {
  const s = (value ?? "").trim().toUpperCase();
  return s === "1" || s === "X" || s === "2" ? s : null;
}

/** "2 - 2", "2-2" or the combination's "22"; "M" (three or more) gives no exact score. */
export function readScore(value: string | null | undefined): Score | null {
  const s = (value ?? "").replace(/\s+/g, "");
  const m = /^(\d{1,2})-(\d{1,2})$/.exec(s) ?? /^(\d)(\d)$/.exec(s);
  if (!m) return null;
  const [home, away] = [Number(m[1]), Number(m[2])];
  return home <= 10 && away <= 10 ? { home, away } : null;
}

/**
 * The pleno as the operator marks it, 0, 1, 2 or M (three or more) per side, in every token form seen
 * ("M-2", "2-M", "M2", "0M", "0-0", "22"), as the score the app stores: M is kept as 3, the least it
 * may be (decision 064), so the slip's escrutinio reads M again. A pleno decided by lot comes so, with
 * no `marcador`.
 */
export function readPlenoMarks(value: string | null | undefined): Score | null {
  const s = (value ?? "").replace(/\s+/g, "").toUpperCase();
  const m = /^([0-2M])-?([0-2M])$/.exec(s);
  if (!m) return null;
  const goals = (mark: string) => (mark === "M" ? 3 : Number(mark));
  return { home: goals(m[1]), away: goals(m[2]) };
}

/** Two readings of the pleno agree when they mark the same: "4 - 1" and "M-1" are one pleno. */
const sameMarks = (a: Score, b: Score) => Math.min(a.home, 3) === Math.min(b.home, 3) && Math.min(a.away, 3) === Math.min(b.away, 3);

/** The combination's 15 tokens, " - " between them; a pleno written "M-2" in it stays one token. */
function combinationTokens(combinacion: string | null | undefined): string[] {
  const text = (combinacion ?? "").trim();
  if (!text) return [];
  const spaced = text.split(/\s+-\s+/).map((t) => t.trim());
  if (spaced.length === MATCHES + 1) return spaced;
  const tight = text.split("-").map((t) => t.trim());
  return tight.length === MATCHES + 2 ? [...tight.slice(0, MATCHES), `${tight[MATCHES]}-${tight[MATCHES + 1]}`] : tight.filter(Boolean);
}

type DrawReading = { ok: true; draw: DrawSummary } | { ok: false; message: string };

/**
 * Reads one draw of the service into signs and the pleno. Signs come padded ("X "), match 15 as a
 * score ("2-2", marcador "2 - 2") and again in `combinacion`; where two sources disagree the body is
 * refused rather than half-trusted. A draw is played only when all 14 signs and the pleno are known.
 */
export function readDraw(draw: SelaeDraw): DrawReading {
  const day = draw.fecha_sorteo.slice(0, 10);
  const drawnAt = madridLocalToUtc(draw.fecha_sorteo.slice(0, 16).replace(" ", "T"));
  if (!drawnAt)
    return {
      ok: false,
      message: `Fecha de sorteo no válida: ${draw.fecha_sorteo}`,
    };
  const partidos = draw.partidos.map((p, i) => ({ ...p, position: p.posicion ?? i + 1 })).sort((a, b) => a.position - b.position);
  if (partidos.some((p, i) => p.position !== i + 1))
    return {
      ok: false,
      message: "Los partidos del sorteo no van del 1 al 15.",
    };

  const tokens = combinationTokens(draw.combinacion);
  if (tokens.length && tokens.length !== MATCHES + 1)
    return {
      ok: false,
      message: `La combinación del sorteo no tiene 15 signos: ${draw.combinacion}`,
    };

  const matches: DrawSummary["matches"] = [];
  for (const p of partidos) {
    const fromMatch = p.position <= MATCHES ? readSign(p.signo) : null;
    const fromCombination = p.position <= MATCHES ? readSign(tokens[p.position - 1]) : null;
    if (fromMatch && fromCombination && fromMatch !== fromCombination) {
      return {
        ok: false,
        message: `El partido ${p.position} trae dos signos distintos (${fromMatch} y ${fromCombination}).`,
      };
    }
    const score = p.marcador?.trim() ? p.marcador.trim() : null;
    matches.push({
      position: p.position,
      home: p.local.trim(),
      away: p.visitante.trim(),
      sign: fromMatch ?? fromCombination,
      score,
      ...(p.idLocal || p.idVisitante ? { homeId: p.idLocal?.trim() || null, awayId: p.idVisitante?.trim() || null } : {}),
    });
  }

  const last = partidos[MATCHES];
  // The exact score (marcador) first; the signo's and the combination's marks when there is none (a pleno by lot).
  const plenoSources = [
    readScore(last.marcador),
    readScore(last.signo),
    readScore(tokens[MATCHES]),
    readPlenoMarks(last.signo),
    readPlenoMarks(tokens[MATCHES]),
  ].filter((s): s is Score => s !== null);
  if (plenoSources.some((s) => !sameMarks(s, plenoSources[0]))) {
    return {
      ok: false,
      message: "El pleno al quince del sorteo no coincide entre marcador y combinación.",
    };
  }
  const pleno = plenoSources[0] ?? null;
  const played = matches.slice(0, MATCHES).every((m) => m.sign !== null) && pleno !== null;
  return {
    ok: true,
    draw: {
      drawDate: day,
      drawnAt: drawnAt.toISOString(),
      jornada: draw.jornada ?? draw.numero ?? null,
      played,
      matches,
      pleno,
    },
  };
}

/** "20260426" → "2026-04-26". */
export const dashedDate = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

/** "2026-04-26" → "20260426". */
export const compactDate = (day: string) => day.replaceAll("-", "");

/** A calendar day ("YYYY-MM-DD") moved by n days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

interface PoolSide {
  position: number;
  home: string;
  away: string;
  homeTeamId: number | null;
  awayTeamId: number | null;
}

/**
 * The matches where a draw and a pool name different teams, as "3: «Getafe – Barcelona» / «Getafe –
 * Girona»"; empty when all 15 agree. A draw's name counts as a pool's team when the alias
 * normalisation (team-names) takes it to that team, read through the one reader of the operator's names
 * (`officialTeamName`, decision 064): " (m)" dropped, " (f)" kept, since a women's team is a team of its own.
 */
export function matchMismatches(
  draw: readonly { position: number; home: string; away: string; homeId?: string | null; awayId?: string | null }[],
  pool: readonly PoolSide[],
  index: Map<string, TeamMatch>,
): string[] {
  // The operator's club id first (decision 091), then the name or an alias.
  const same = (drawName: string, poolName: string, poolTeamId: number | null, operatorId?: string | null) => {
    const name = officialTeamName(drawName);
    const team = (operatorId ? index.get(operatorKey(operatorId)) : undefined) ?? index.get(teamKey(name)) ?? index.get(teamKey(drawName));
    if (team && poolTeamId !== null) return team.id === poolTeamId;
    return teamKey(team?.name ?? name) === teamKey(poolName);
  };
  const out: string[] = [];
  for (const d of draw) {
    const p = pool.find((m) => m.position === d.position);
    if (!p || !same(d.home, p.home, p.homeTeamId, d.homeId) || !same(d.away, p.away, p.awayTeamId, d.awayId)) {
      out.push(`${d.position}: «${d.home} – ${d.away}» / «${p ? `${p.home} – ${p.away}` : "sin partido"}»`);
    }
  }
  return out;
}
