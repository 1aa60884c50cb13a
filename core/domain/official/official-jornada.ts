import { madridLocalToUtc } from "../../dates";

/**
 * The official jornada as the lottery operator publishes it before it is played (decision 046):
 * the next draws (`proximosv3`), a draw's 15 matches (`fechav3` before the draw) and the 15 lines of
 * the official betting page that an admin may paste. Pure: no clock, no database.
 */

export interface OfficialMatch {
  home: string;
  away: string;
  /** The operator's own ids of the two clubs (`idLocal`, `idVisitante`), when the answer carries them (decision 091). */
  homeId?: string | null;
  awayId?: string | null;
  /** The match's official start (UTC, ISO), when the answer gives it (`fecha`, Madrid wall time; decision 093). */
  kickOff?: string | null;
}

/** A draw announced by `proximosv3`: its day, its id, and its official opening and close (UTC), null when not published yet. */
export interface NextDraw {
  drawId: string;
  drawDate: string;
  jornada: string | null;
  opensAt: Date | null;
  closesAt: Date | null;
}

/** A draw's jornada read from `fechav3` (or pasted): its 15 matches in the operator's order. */
export interface OfficialJornada {
  drawId: string | null;
  drawDate: string | null;
  numero: number | null;
  jornada: string | null;
  temporada: string | null;
  matches: OfficialMatch[];
  /** The earliest kick-off among the matches (UTC), when the answer gives them. */
  firstKickOff: Date | null;
}

export type Reading<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A team as the operator names it, for our catalogue: the men's marker " (M)" / " (m)" (since August
 * 2026) is dropped; the women's " (F)" is kept, since it names another team. The one reader of the
 * operator's names: the jornada's import, the paste and the played draw's check all go through it
 * (decision 064), so a Liga F match is the same match before and after its draw.
 */
export function officialTeamName(name: string): string {
  return name
    .replace(/\s*\(m\)\s*$/i, "")
    .replace(/\s*\(f\)\s*$/i, " (F)")
    .replace(/\s+/g, " ")
    .trim();
}

const record = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : null);
/** A stamp as text, its slashes unescaped: the service's JSON encoder writes "2026\/09\/29 20:45:00", and a copied body may keep the backslashes. */
const stampText = (v: unknown): string | null => text(v)?.replace(/\\+\//g, "/") ?? null;

/** "2026-09-29 20:45:00", "2026/09/29 20:45" or "2026\\/09\\/29 20:45:00", Madrid wall time, as a UTC instant; null when absent or unreadable. */
export function madridStamp(value: unknown): Date | null {
  const t = stampText(value);
  if (!t) return null;
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[ T](\d{2}):(\d{2}))?/.exec(t);
  if (!m) return null;
  return madridLocalToUtc(`${m[1]}-${m[2]}-${m[3]}T${m[4] ?? "00"}:${m[5] ?? "00"}`);
}

const dayOf = (value: unknown) => {
  const m = /^(\d{4})[-/](\d{2})[-/](\d{2})/.exec(stampText(value) ?? "");
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
};

/** A `proximosv3` answer: a list of draws; the "no draw" sentence (a JSON string) is an empty list. */
export function readNextDraws(body: unknown): Reading<NextDraw[]> {
  if (typeof body === "string") return { ok: true, value: [] };
  const list = Array.isArray(body) ? body : record(body) ? [body] : null;
  if (!list) return { ok: false, message: "la respuesta no es una lista de sorteos" };
  const draws: NextDraw[] = [];
  for (const [i, item] of list.entries()) {
    if (!record(item)) return { ok: false, message: `el sorteo ${i + 1} no es un objeto` };
    const drawDate = dayOf(item.fecha ?? item.fecha_sorteo);
    const drawId = text(item.id_sorteo);
    if (!drawDate || !drawId) return { ok: false, message: `el sorteo ${i + 1} no trae fecha o id_sorteo` };
    if (item.game_id !== undefined && item.game_id !== "LAQU") continue;
    draws.push({
      drawId,
      drawDate,
      jornada: text(item.jornada),
      opensAt: madridStamp(item.apertura),
      closesAt: madridStamp(item.cierre),
    });
  }
  return { ok: true, value: draws };
}

/** One draw of a `fechav3` answer (a list, one object, or the "no draw" string), read for its 15 matches. */
export function readJornada(body: unknown): Reading<OfficialJornada> {
  if (typeof body === "string") return { ok: false, message: "Loterías dice que no hay sorteo ese día" };
  const item = Array.isArray(body) ? body[0] : body;
  if (Array.isArray(body) && body.length !== 1) return { ok: false, message: `se esperaba un sorteo y llegan ${body.length}` };
  if (!record(item)) return { ok: false, message: "la respuesta no es un sorteo" };
  const partidos = item.partidos;
  if (!Array.isArray(partidos) || partidos.length !== 15) {
    return { ok: false, message: `el sorteo no trae 15 partidos (${Array.isArray(partidos) ? partidos.length : "ninguno"})` };
  }
  const matches: OfficialMatch[] = [];
  let firstKickOff: Date | null = null;
  // The operator's order is the array's, unless each match carries its `posicion`.
  const ordered = partidos.every((p) => record(p) && Number(p.posicion) >= 1)
    ? [...partidos].sort((a, b) => Number((a as { posicion: unknown }).posicion) - Number((b as { posicion: unknown }).posicion))
    : partidos;
  for (const [i, p] of ordered.entries()) {
    const home = record(p) ? text(p.local) : null;
    const away = record(p) ? text(p.visitante) : null;
    if (!home || !away) return { ok: false, message: `el partido ${i + 1} no trae local y visitante` };
    const ids = record(p) ? { homeId: text(p.idLocal), awayId: text(p.idVisitante) } : { homeId: null, awayId: null };
    const kickOff = record(p) ? madridStamp(p.fecha ?? p.fecha_completa) : null;
    matches.push({
      home: officialTeamName(home),
      away: officialTeamName(away),
      ...(ids.homeId || ids.awayId ? ids : {}),
      ...(kickOff ? { kickOff: kickOff.toISOString() } : {}),
    });
    if (kickOff && (!firstKickOff || kickOff < firstKickOff)) firstKickOff = kickOff;
  }
  const numero = Number(text(item.numero));
  return {
    ok: true,
    value: {
      drawId: text(item.id_sorteo),
      drawDate: dayOf(item.fecha_sorteo ?? item.fecha),
      numero: Number.isInteger(numero) && numero > 0 ? numero : null,
      jornada: text(item.jornada),
      temporada: text(item.temporada),
      matches,
      firstKickOff,
    },
  };
}

/** The first year a season's name or the operator's `temporada` carries ("2026-2027", "Temporada 2026-27"), or null. */
export function seasonYear(name: string | null): number | null {
  const m = /(?:^|\D)((?:19|20)\d{2})(?:\D|$)/.exec(name ?? "");
  return m ? Number(m[1]) : null;
}

const LINE = /^\s*(?:(?:P\s*)?\d{1,2}\s*[.)ºª:-]?\s+)?(.+?)\s+[-–—]\s+(.+?)\s*$/i;

/** The 15th row's own label, where the other rows have their 1 X 2 cells: «Pleno al 15», «PLENO AL QUINCE», «Pleno». */
const PLENO_LABEL = /^pleno(?:\s+al)?(?:\s+(?:15|quince))?$/i;

/**
 * A row of a table copied from a browser (a newspaper's or the operator's page): its cells are
 * separated by tabs, "1⇥Girona⇥Rayo Vallecano⇥1 X 2" (⇥ a tab). The number in front and the sign or pleno
 * columns after the names ("1 X 2", "1", "0 1 2 M", "45%", the 15th row's «Pleno al 15») are not names; the two cells left are.
 * A row that is a "Local - Visitante" cell among such columns is read as one line. Null: not a table row.
 */
function tableRow(raw: string): { home: string; away: string } | null {
  if (!raw.includes("\t")) return null;
  const cells = raw
    .split("\t")
    .map((c) => c.trim())
    .filter(Boolean);
  if (cells.length && /^(?:P\s*)?\d{1,2}\s*[.)ºª:]?$/i.test(cells[0])) cells.shift();
  const names = cells.filter((c) => !/^(?:[12XM0](?:\s+|$))+$|^[\d\s.,%]+$/i.test(c) && !PLENO_LABEL.test(c));
  if (names.length === 2) return { home: names[0], away: names[1] };
  if (names.length === 1) {
    const m = LINE.exec(names[0]);
    return m ? { home: m[1], away: m[2] } : null;
  }
  return null;
}

/**
 * What an admin pastes on /call-quiniela: the operator's JSON answer (`fechav3`), or the 15 lines of
 * the official betting page, "Local (M) - Visitante (M)", numbered ("1.", "1)", "15", "P15") or not,
 * or a table's 15 rows copied from a browser, tab-separated (decision 064).
 * A bad paste is refused with a Spanish message naming the line.
 */
export function parsePastedJornada(pasted: string): Reading<OfficialJornada> {
  const trimmed = pasted.trim();
  if (!trimmed) return { ok: false, message: "Pega la respuesta de Loterías o los 15 partidos." };
  if (trimmed.startsWith("[") || trimmed.startsWith("{") || trimmed.startsWith('"')) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (error) {
      return { ok: false, message: `El JSON pegado no es válido (${(error as Error).message}).` };
    }
    const read = readJornada(json);
    return read.ok ? read : { ok: false, message: `La respuesta pegada no sirve: ${read.message}.` };
  }
  const lines = trimmed.split(/\r?\n/);
  const matches: OfficialMatch[] = [];
  for (const [i, raw] of lines.entries()) {
    if (!raw.trim()) continue;
    const line = LINE.exec(raw);
    const m = tableRow(raw) ?? (line ? { home: line[1], away: line[2] } : null);
    const home = m ? officialTeamName(m.home) : "";
    const away = m ? officialTeamName(m.away) : "";
    if (!m || !/\p{L}/u.test(home) || !/\p{L}/u.test(away)) {
      return { ok: false, message: `Línea ${i + 1}: «${raw.trim().slice(0, 60)}» no es un partido «Local - Visitante».` };
    }
    if (matches.length === 15) return { ok: false, message: `Línea ${i + 1}: sobra un partido; la quiniela tiene 15.` };
    matches.push({ home, away });
  }
  if (matches.length !== 15) return { ok: false, message: `Hay ${matches.length} partidos; la quiniela tiene 15.` };
  return { ok: true, value: { drawId: null, drawDate: null, numero: null, jornada: null, temporada: null, matches, firstKickOff: null } };
}
