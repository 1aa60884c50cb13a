import type { OfficialStep, StepsDone } from "#core/contract/jornadas";
import { formatDate, utcToMadridLocal } from "#core/dates";
import { compactDate } from "#core/domain/official/lottery";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { claimRun, recordStep, type StepRow } from "./step-log";
import { importNextDraws, retryJornada } from "./next-jornadas";
import { lookupDate, searchForward } from "./draw-results";
import { refreshPrizes } from "./prizes";
import { madridToday } from "#core/dates";
import { ApiError, badRequest, notFound } from "../../errors";

type Retry = (deps: Deps, step: { quinielaId: number | null; groupId: number | null; drawKey: string | null }) => Promise<{ ok: boolean; messages: string[] }>;

/** How the panel's 'Reintentar' tries each kind of lottery step again (decision 046): a kind not here cannot be retried. */
const RETRIES: Record<string, Retry> = {
  proximas: (deps) => importNextDraws(deps),
  importada: (deps, step) => (step.drawKey ? retryJornada(deps, step.drawKey) : importNextDraws(deps)),
  premios: (deps) => refreshPrizes(deps),
  // A refused escrutinio, asked again for its pool alone (decision 091).
  escrutinio: (deps, step) => refreshPrizes(deps, step.quinielaId),
  resultados: async (deps) => {
    const messages: string[] = [];
    const done = await searchForward(deps, (line) => {
      if (line.status === "ok" || line.status === "error") messages.push(line.mensaje);
    });
    return { ok: !done.failed, messages };
  },
};

export async function listSteps(db: Db, limit = 60): Promise<OfficialStep[]> {
  const rows = await db.query<StepRow>(
    "select id, kind, quiniela_id, group_id, draw_key, outcome, message, at from official_steps order by at desc, id desc limit $1",
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    quinielaId: r.quiniela_id,
    groupId: r.group_id,
    drawKey: r.draw_key,
    outcome: r.outcome,
    message: r.message,
    at: new Date(r.at).toISOString(),
    retryable: r.outcome !== "ok" && Object.hasOwn(RETRIES, r.kind),
  }));
}

export async function retryStep(deps: Deps, id: number): Promise<{ ok: boolean; messages: string[] }> {
  const row = await deps.db.one<StepRow>("select id, kind, quiniela_id, group_id, draw_key, outcome, message, at from official_steps where id = $1", [id]);
  if (!row) throw notFound("Ese paso ya no existe.");
  const retry = Object.hasOwn(RETRIES, row.kind) ? RETRIES[row.kind] : undefined;
  if (!retry || row.outcome === "ok") throw badRequest("Ese paso no se puede reintentar.");
  return retry(deps, { quinielaId: row.quiniela_id, groupId: row.group_id, drawKey: row.draw_key });
}

/** The slot of `now` (Madrid time) for runs every `intervalMs` (three hours in real use): one instance runs each slot. */
export const slotKey = (now: Date, intervalMs = 3 * 3_600_000) => {
  // Madrid's wall clock to the millisecond: its minute, plus what has passed of it.
  const local = Date.parse(`${utcToMadridLocal(now)}:00Z`) + (now.getTime() % 60_000);
  const start = new Date(Math.floor(local / intervalMs) * intervalMs).toISOString();
  return `proximas:${intervalMs % 3_600_000 === 0 ? start.slice(0, 13) : start.slice(0, 19)}`;
};

/**
 * The results of the jornadas imported from the operator: once a pool has closed and its draw's day
 * has come (Madrid), its own draw is looked up until it is played, and stored in that pool (no week to
 * guess: decision 046). The prizes and the public's shares come with it; closing the round follows.
 */
export async function fetchDueResults(deps: Deps): Promise<StepsDone> {
  const rows = await deps.db.query<{ day: string; quiniela_id: number }>(
    `select to_char(j.draw_date, 'YYYY-MM-DD') as day, j.quiniela_id
       from official_jornadas j join quinielas q on q.id = j.quiniela_id
      where j.draw_date between $1::date - 14 and $1::date and q.closing_date <= $2
        and not exists (select 1 from quiniela_results r where r.quiniela_id = q.id)
      order by j.draw_date`,
    [madridToday(deps.clock()), deps.clock()],
  );
  const messages: string[] = [];
  for (const row of rows) {
    try {
      const found = await lookupDate(deps, compactDate(row.day), row.quiniela_id);
      if (found.status === "ok" || found.status === "sin-quiniela") messages.push(found.mensaje);
      if (found.status === "sin-quiniela") {
        await recordStep(deps.db, deps.clock(), {
          key: `resultados:${row.quiniela_id}`,
          kind: "resultados",
          outcome: "error",
          message: found.mensaje,
          quinielaId: row.quiniela_id,
        });
      }
    } catch (error) {
      const text = `Resultados del sorteo del ${formatDate(row.day)}: ${error instanceof ApiError ? error.message : "error desconocido"}`;
      await recordStep(deps.db, deps.clock(), {
        key: `resultados:${row.quiniela_id}`,
        kind: "resultados",
        outcome: "error",
        message: text,
        quinielaId: row.quiniela_id,
      });
      return { ok: false, messages: [...messages, text] };
    }
  }
  return { ok: true, messages };
}

/**
 * The official jornada's automatic steps, once per slot across instances: the next jornadas imported,
 * the results of the imported ones that are due, and the prizes of the last draws refreshed. null when
 * another instance (or an earlier tick) had the slot.
 */
export async function runOfficialSteps(deps: Deps): Promise<StepsDone | null> {
  if (!(await claimRun(deps.db, slotKey(deps.clock(), deps.config.lotteryImportIntervalMs), deps.clock()))) return null;
  const imported = await importNextDraws(deps);
  const results = await fetchDueResults(deps);
  const prizes = await refreshPrizes(deps);
  return { ok: imported.ok && results.ok && prizes.ok, messages: [...imported.messages, ...results.messages, ...prizes.messages] };
}
