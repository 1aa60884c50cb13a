import { IMPORT_BUSY, type StepsDone } from "#core/contract/jornadas";
import { compactDate } from "#core/domain/official/lottery";
import { readJornada, readNextDraws, type OfficialJornada } from "#core/domain/official/official-jornada";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { ApiError } from "../../errors";
import { lotteryClient } from "./client";
import { recordStep } from "./step-log";
import { COLUMNS, json, keepJornada, type JornadaInput, type JornadaRow } from "./jornada-to-pool";
import { poolById, updatePool, writeKickOffs } from "../catalogue/quiniela";

/** How many next draws `proximosv3` is asked for: this week's and the midweek's, with one to spare. */
export const NEXT_DRAWS = 3;

const message = (error: unknown) => (error instanceof ApiError ? error.message : "Error desconocido consultando Loterías.");

let importing = false;

/**
 * The next jornada, in by itself: `proximosv3` for the next draws, and for each
 * with a published close, `fechav3` for its 15 matches; each kept by keepJornada. Failures of the
 * service (403, 406 after the backoff, a garbage body) are steps with the service's message.
 */
export async function importNextDraws(deps: Deps): Promise<StepsDone> {
  if (importing) return { ok: false, messages: [IMPORT_BUSY] };
  importing = true;
  const messages: string[] = [];
  let ok = true;
  const fail = async (key: string, drawKey: string | null, text: string) => {
    ok = false;
    messages.push(text);
    await recordStep(deps.db, deps.clock(), { key, kind: "proximas", outcome: "error", message: text, drawKey });
  };
  try {
    const client = lotteryClient(deps.config, deps.fetch);
    let body: unknown;
    try {
      body = (await client.fetchNext(NEXT_DRAWS)).body;
    } catch (error) {
      await fail("proximas", null, `Próximas jornadas: ${message(error)}`);
      return { ok, messages };
    }
    const next = readNextDraws(body);
    if (!next.ok) {
      await fail("proximas", null, `Próximas jornadas: la respuesta de Loterías no es válida (${next.message}).`);
      return { ok, messages };
    }
    const open = next.value.filter((d) => d.closesAt);
    for (const draw of open) {
      try {
        const read = readJornada((await client.fetchJornada(compactDate(draw.drawDate))).body);
        if (!read.ok) throw new ApiError(502, `la respuesta de Loterías para el sorteo del ${draw.drawDate} no es válida (${read.message}).`);
        const j: OfficialJornada = read.value;
        const kept = await keepJornada(deps, {
          key: draw.drawId,
          source: "lottery",
          drawDate: draw.drawDate,
          numero: j.numero,
          jornada: j.jornada ?? draw.jornada,
          temporada: j.temporada,
          opensAt: draw.opensAt,
          closesAt: draw.closesAt!,
          matches: j.matches,
        });
        messages.push(kept.message);
      } catch (error) {
        await fail(`proximas:${draw.drawId}`, draw.drawId, `Sorteo del ${draw.drawDate}: ${message(error)}`);
      }
    }
    // Jornadas held earlier (names, season) are tried again from what was read then.
    for (const held of await heldJornadas(deps.db, deps.clock(), new Set(open.map((d) => d.drawId)))) messages.push((await keepJornada(deps, held)).message);
    if (ok) {
      const text = open.length
        ? `Próximas jornadas consultadas: ${open.length} con cierre publicado.`
        : "Próximas jornadas consultadas: ninguna con cierre publicado todavía.";
      await recordStep(deps.db, deps.clock(), { key: "proximas", kind: "proximas", outcome: "ok", message: text });
      messages.unshift(text);
    }
    return { ok, messages };
  } finally {
    importing = false;
  }
}

/** The held jornadas (pending names or season) not already being kept in this run, as inputs again. */
async function heldJornadas(db: Db, now: Date, skip: Set<string>): Promise<JornadaInput[]> {
  const rows = await db.query<JornadaRow & { numero: number | null }>(
    `select ${COLUMNS} from official_jornadas where status in ('pendiente', 'temporada-nueva') and closes_at > $1 order by closes_at`,
    [now],
  );
  return rows.filter((r) => !skip.has(r.draw_key)).map(inputOf);
}

const inputOf = (r: JornadaRow & { numero?: number | null }): JornadaInput => ({
  key: r.draw_key,
  source: r.source,
  drawDate: r.draw_date,
  numero: r.numero ?? null,
  jornada: r.jornada,
  temporada: r.temporada,
  opensAt: r.opens_at ? new Date(r.opens_at) : null,
  closesAt: new Date(r.closes_at),
  matches: json(r.pending_matches ?? r.matches),
});

/** 'Reintentar' of a held jornada: kept again from what was read. */
export async function retryJornada(deps: Deps, drawKey: string): Promise<StepsDone> {
  const row = await deps.db.one<JornadaRow>(`select ${COLUMNS} from official_jornadas where draw_key = $1`, [drawKey]);
  if (!row) return importNextDraws(deps);
  return { ok: true, messages: [(await keepJornada(deps, { ...inputOf(row), matches: json(row.matches) })).message] };
}

/**
 * A held change kept again from its pending matches, once the admin said who an unknown name is: with
 * every team the same as the pool's, it is no change and the jornada is 'creada' again; else it
 * waits for 'Aceptar el cambio', now with every name known (decision 091).
 */
export async function rekeepChange(deps: Deps, drawKey: string): Promise<StepsDone> {
  const row = await deps.db.one<JornadaRow>(`select ${COLUMNS} from official_jornadas where draw_key = $1`, [drawKey]);
  if (!row || row.status !== "cambio" || !row.pending_matches) return retryJornada(deps, drawKey);
  return { ok: true, messages: [(await keepJornada(deps, { ...inputOf(row), matches: json(row.pending_matches) })).message] };
}

/** 'Aceptar el cambio': the operator's new matches of a jornada whose players had picked, applied by the admin. */
export async function acceptChange(deps: Deps, actorId: number, drawKey: string): Promise<StepsDone> {
  const done = await deps.db.tx(async (tx) => {
    const row = await tx.one<JornadaRow>(`select ${COLUMNS} from official_jornadas where draw_key = $1 for update`, [drawKey]);
    if (!row || row.status !== "cambio" || !row.pending_matches || row.quiniela_id === null) return null;
    const pool = await poolById(tx, row.quiniela_id);
    await updatePool({ ...deps, db: tx }, actorId, pool.id, {
      startDate: new Date(pool.startDate),
      closingDate: new Date(pool.closingDate),
      matches: json(row.pending_matches),
    });
    await writeKickOffs(tx, pool.id, json(row.pending_matches));
    await tx.query(
      "update official_jornadas set status = 'creada', matches = pending_matches, pending_matches = null, message = null, updated_at = $2 where draw_key = $1",
      [drawKey, deps.clock()],
    );
    return pool;
  });
  if (!done) throw new ApiError(409, "Esa jornada no tiene ningún cambio pendiente.");
  const text = `Cambio de partidos aceptado en ${done.name}.`;
  await recordStep(deps.db, deps.clock(), {
    key: `importada:${drawKey}:estado`,
    kind: "importada",
    outcome: "ok",
    message: text,
    quinielaId: done.id,
    drawKey,
  });
  return { ok: true, messages: [text] };
}
