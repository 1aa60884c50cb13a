import { selaeBody, type DrawSummary, type LogLine, type LookupResult, type SelaeBody, type StoredIn } from "#core/contract/lottery";
import { firstIssue } from "#core/contract/common";
import { formatDate, madridLocalToUtc } from "#core/dates";
import { addDays, compactDate, dashedDate, matchMismatches, readDraw } from "#core/domain/official/lottery";
import { sharesFromDraw } from "#core/domain/official/public-shares";
import { importPrizes } from "./prizes";
import { recordStep } from "./step-log";
import { setPublicShares } from "./public-shares";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { ApiError, badRequest } from "../../errors";
import { lotteryClient } from "./client";
import { poolById, setResults } from "../catalogue/quiniela";
import { madridToday } from "#core/dates";
import { learnOperatorIds, loadTeamIndex } from "../catalogue/team";
import { roundChanged } from "../shelf/round-change";

/** A played draw that fits no pool, or more than one: reported, stored nowhere. */
class NoPoolError extends ApiError {
  constructor(message: string) {
    super(409, message);
  }
}

/** After this many days in a row without a played draw, the automatic search stops (decision 012). */
const EMPTY_DAYS_TO_STOP = 7;
const WEEK_MS = 7 * 86_400_000;

/** The day ("YYYY-MM-DD") of the last draw whose results were stored, or null. */
export async function lastDrawDate(db: Db): Promise<string | null> {
  const row = await db.one<{ day: string | null }>("select to_char(max(draw_date), 'YYYY-MM-DD') as day from lottery_draws");
  return row?.day ?? null;
}

interface Candidate {
  id: number;
  season_id: number;
  season_name: string;
}

/**
 * The pool a played draw belongs to (decision 012): the pools closing in the seven days up to the
 * end of the draw's day (Madrid), kept only when all 15 matches name the same teams (through the
 * alias normalisation); several left, the season current on the draw's day decides; still several,
 * or none, it is an error and nothing is stored.
 */
async function poolForDraw(db: Db, draw: DrawSummary, known?: number): Promise<StoredIn> {
  if (known !== undefined) return importedPool(db, draw, known);
  const dayEnd = madridLocalToUtc(`${draw.drawDate}T23:59`)!;
  const inWeek = await db.query<Candidate>(
    `select q.id, q.season_id, s.name as season_name
       from quinielas q join seasons s on s.id = q.season_id
      where q.closing_date <= $1 and q.closing_date > $2 and q.owner_group_id is null
      order by q.closing_date, q.id`,
    [dayEnd, new Date(dayEnd.getTime() - WEEK_MS)],
  );
  const when = formatDate(draw.drawDate);
  if (!inWeek.length) throw new NoPoolError(`Ninguna quiniela cierra en la semana del sorteo del ${when}: no se ha guardado nada.`);
  const index = await loadTeamIndex(db);
  const agreeing: (Candidate & { name: string })[] = [];
  const differing: string[] = [];
  for (const candidate of inWeek) {
    const pool = await poolById(db, candidate.id);
    const wrong = matchMismatches(draw.matches, pool.matches, index);
    if (wrong.length) differing.push(`${pool.name} (${wrong.slice(0, 3).join("; ")}${wrong.length > 3 ? "; …" : ""})`);
    else agreeing.push({ ...candidate, name: pool.name });
  }
  if (!agreeing.length) {
    throw new NoPoolError(
      `Los partidos del sorteo del ${when} no coinciden con ninguna quiniela de esa semana: ${differing.join(" · ")}. No se ha guardado nada.`,
    );
  }
  let chosen = agreeing;
  if (chosen.length > 1) {
    const season = await db.one<{ id: number }>("select id from seasons where start_date <= $1::date order by start_date desc, id desc limit 1", [
      draw.drawDate,
    ]);
    chosen = agreeing.filter((c) => c.season_id === season?.id);
  }
  if (chosen.length !== 1) {
    throw new NoPoolError(
      `El sorteo del ${when} encaja con varias quinielas (${agreeing.map((c) => `${c.name} de ${c.season_name}`).join(", ")}): no se ha guardado nada.`,
    );
  }
  return {
    quinielaId: chosen[0].id,
    name: chosen[0].name,
    seasonName: chosen[0].season_name,
  };
}

/**
 * The pool imported from this very draw (decision 046): no week to search, but its 15 matches must
 * still be the draw's, or nothing is stored.
 */
async function importedPool(db: Db, draw: DrawSummary, quinielaId: number): Promise<StoredIn> {
  const pool = await poolById(db, quinielaId);
  const season = await db.one<{ name: string }>("select name from seasons where id = $1", [pool.seasonId]);
  const wrong = matchMismatches(draw.matches, pool.matches, await loadTeamIndex(db));
  if (wrong.length) {
    throw new NoPoolError(
      `Los partidos del sorteo del ${formatDate(draw.drawDate)} no coinciden con ${pool.name}, importada de ese sorteo (${wrong.slice(0, 3).join("; ")}): no se ha guardado nada.`,
    );
  }
  return { quinielaId, name: pool.name, seasonName: season?.name ?? "" };
}

/** The public's percentages when the lottery's answer carries them (decision 044); read loosely, never failing the import. */
async function importShares(tx: Db, at: Date, quinielaId: number, payload: unknown): Promise<void> {
  const shares = sharesFromDraw(payload && typeof payload === "object" ? (payload as { partidos?: unknown }).partidos : undefined);
  if (shares) await setPublicShares(tx, at, null, quinielaId, shares, "lottery");
}

/** The operator's ids of a stored draw's clubs, paired with the pool's team at the same place. */
function poolOperatorIds(draw: DrawSummary, pool: Awaited<ReturnType<typeof poolById>>): { operatorId: string; teamId: number }[] {
  const pairs: { operatorId: string; teamId: number }[] = [];
  for (const d of draw.matches) {
    const p = pool.matches.find((m) => m.position === d.position);
    if (d.homeId && p?.homeTeamId) pairs.push({ operatorId: d.homeId, teamId: p.homeTeamId });
    if (d.awayId && p?.awayTeamId) pairs.push({ operatorId: d.awayId, teamId: p.awayTeamId });
  }
  return pairs;
}

/** Stores a played draw's results in its pool, through the manual screen's path, in one transaction. */
async function storeDraw(deps: Deps, draw: DrawSummary, payload: unknown, known?: number): Promise<StoredIn> {
  const stored = await deps.db.tx(async (tx) => {
    const txDeps = { ...deps, db: tx };
    const target = await poolForDraw(tx, draw, known);
    const signs = draw.matches.slice(0, 14).map((m) => m.sign);
    await setResults(txDeps, null, { quinielaId: target.quinielaId, matches: signs, plain15: draw.pleno }, "loterias");
    await importPrizes(tx, deps.clock(), target.quinielaId, payload);
    await importShares(tx, deps.clock(), target.quinielaId, payload);
    await tx.query(
      `insert into lottery_draws (draw_date, jornada, quiniela_id, payload) values ($1, $2, $3, $4)
       on conflict (draw_date) do update set jornada = excluded.jornada, quiniela_id = excluded.quiniela_id, payload = excluded.payload`,
      [draw.drawDate, Number(draw.jornada) || null, target.quinielaId, JSON.stringify(payload)],
    );
    await recordStep(tx, deps.clock(), {
      key: `resultados:${target.quinielaId}`,
      kind: "resultados",
      outcome: "ok",
      message: storedMessage(draw, target),
      quinielaId: target.quinielaId,
    });
    return target;
  });
  // The draw's matches are the pool's: each club the draw names by the operator's id keeps that id (decision 091).
  await learnOperatorIds(deps.db, poolOperatorIds(draw, await poolById(deps.db, stored.quinielaId)));
  // Complete results close the pool's rounds, and the escrutinio's prizes are credited (decision 039).
  await roundChanged(deps, { quinielaId: stored.quinielaId });
  return stored;
}

const storedMessage = (draw: DrawSummary, to: StoredIn) => `Resultados del sorteo del ${formatDate(draw.drawDate)} guardados en ${to.name} (${to.seasonName}).`;

/** Reads a body's draws (each with the service's own object, kept as received), refusing the whole body if any is malformed. */
function readBody(body: SelaeBody): { draw: DrawSummary; source: unknown }[] {
  if (typeof body === "string") return [];
  return body.map((source) => {
    const reading = readDraw(source);
    if (!reading.ok) throw badRequest(`La respuesta de Loterías no es válida: ${reading.message}`);
    return { draw: reading.draw, source };
  });
}

/**
 * The single-date lookup: fetch one day's draw, show it, and store its results when it is played;
 * in the pool `known` when the pool was imported from that draw, else in the pool its week and matches name.
 */
export async function lookupDate(deps: Deps, yyyymmdd: string, known?: number): Promise<LookupResult> {
  const { raw, body } = await lotteryClient(deps.config, deps.fetch).fetchDate(yyyymmdd);
  const day = dashedDate(yyyymmdd);
  let draws: ReturnType<typeof readBody>;
  try {
    draws = readBody(body);
  } catch (error) {
    // The service sent something we cannot trust: a gateway failure, not the admin's bad input.
    if (error instanceof ApiError) throw new ApiError(502, error.message);
    throw error;
  }
  const found = draws.find((d) => d.draw.drawDate === day) ?? draws[0] ?? null;
  const draw = found?.draw ?? null;
  const base = { fecha: day, draw, raw, stored: null };
  if (!draw)
    return {
      ...base,
      status: "sin-sorteo",
      mensaje: `No hay sorteo de La Quiniela el ${formatDate(day)}.`,
    };
  if (!draw.played)
    return {
      ...base,
      status: "sin-resultados",
      mensaje: `El sorteo del ${formatDate(draw.drawDate)} todavía no tiene resultados.`,
    };
  try {
    const stored = await storeDraw(deps, draw, found!.source, known);
    return {
      ...base,
      status: "ok",
      mensaje: storedMessage(draw, stored),
      stored,
    };
  } catch (error) {
    if (error instanceof NoPoolError) return { ...base, status: "sin-quiniela", mensaje: error.message };
    throw error;
  }
}

/** POST /Loteria/RegistrarQuiniela: a lottery body in, every played draw in it stored, a message out. */
export async function registerBody(deps: Deps, input: unknown): Promise<{ message: string }> {
  const parsed = selaeBody.safeParse(input);
  if (!parsed.success) throw badRequest(`El cuerpo no es un resultado de Loterías válido: ${firstIssue(parsed.error)}`);
  const draws = readBody(parsed.data);
  if (!draws.length) throw badRequest("El cuerpo no trae ningún sorteo.");
  const unplayed = draws.find((d) => !d.draw.played);
  if (unplayed) throw badRequest(`El sorteo del ${formatDate(unplayed.draw.drawDate)} todavía no tiene resultados.`);
  // Every draw is checked against its pool before any is stored, so a bad one stores nothing.
  for (const { draw } of draws) await poolForDraw(deps.db, draw);
  const messages: string[] = [];
  for (const { draw, source } of draws) messages.push(storedMessage(draw, await storeDraw(deps, draw, source)));
  return { message: messages.join(" ") };
}

/** The day the automatic search starts: after the last stored draw, else at the current season's first pool without results. */
async function searchStart(deps: Deps): Promise<string | null> {
  const last = await lastDrawDate(deps.db);
  if (last) return addDays(last, 1);
  const today = madridToday(deps.clock());
  const row = await deps.db.one<{ start_date: Date | string }>(
    `select q.start_date from quinielas q
      where q.season_id = (select id from seasons where start_date <= $1::date order by start_date desc, id desc limit 1)
        and q.owner_group_id is null and not exists (select 1 from quiniela_results r where r.quiniela_id = q.id)
      order by q.start_date, q.number limit 1`,
    [today],
  );
  return row ? madridToday(new Date(row.start_date)) : null;
}

let searching = false;

/**
 * The automatic search: walks day by day from searchStart up to today (Madrid), looking up each day
 * and storing what it finds, and stops after 7 days in a row without a played draw or at the first
 * failure of the service. Each checked day is reported through `onLine` as it is done. Exported for
 * other features (the group bet runs it after generating).
 */
export async function searchForward(deps: Deps, onLine: (line: LogLine) => void | Promise<void>): Promise<{ stored: number; failed: boolean }> {
  if (searching) {
    await onLine({
      fecha: "",
      status: "error",
      mensaje: "Ya hay una búsqueda automática en curso.",
    });
    return { stored: 0, failed: true };
  }
  searching = true;
  try {
    const today = madridToday(deps.clock());
    const start = await searchStart(deps);
    if (!start) {
      await onLine({
        fecha: "",
        status: "sin-sorteo",
        mensaje: "No hay sorteos guardados ni quinielas sin resultados en la temporada actual: nada que buscar.",
      });
      return { stored: 0, failed: false };
    }
    if (start > today) {
      await onLine({
        fecha: start,
        status: "ok",
        mensaje: "Ya están guardados todos los sorteos hasta hoy.",
      });
      return { stored: 0, failed: false };
    }
    let stored = 0;
    let empty = 0;
    for (let day = start; day <= today && empty < EMPTY_DAYS_TO_STOP; day = addDays(day, 1)) {
      try {
        const result = await lookupDate(deps, compactDate(day));
        if (result.status === "ok") stored++;
        empty = result.status === "ok" || result.status === "sin-quiniela" ? 0 : empty + 1;
        await onLine({
          fecha: day,
          status: result.status,
          mensaje: result.mensaje,
        });
      } catch (error) {
        const mensaje = error instanceof ApiError ? error.message : "Error en búsqueda automática";
        await recordStep(deps.db, deps.clock(), {
          key: "resultados",
          kind: "resultados",
          outcome: "error",
          message: `Resultados del ${formatDate(day)}: ${mensaje}`,
        });
        await onLine({ fecha: day, status: "error", mensaje });
        return { stored, failed: true };
      }
    }
    await recordStep(deps.db, deps.clock(), {
      key: "resultados",
      kind: "resultados",
      outcome: "ok",
      message: `Búsqueda de resultados hasta el ${formatDate(today)}: ${stored} sorteo(s) guardado(s).`,
    });
    return { stored, failed: false };
  } finally {
    searching = false;
  }
}
