import type { LogLine } from "#core/contract/lottery";
import { utcToMadridLocal } from "#core/dates";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { searchForward } from "./draw-results";
import { runOfficialSteps } from "./steps";
import { madridToday } from "#core/dates";
import { LOCK_KEYS } from "../../db/advisory";
import { observeJob } from "../../metrics";

/** Monday and Thursday (Madrid), from 09:00: the weekend's and the midweek's draws are in by then. */
const RUN_DAYS = new Set([1, 4]);
const RUN_FROM_HOUR = 9;
const CHECK_EVERY_MS = 10 * 60_000;
async function claimDay(db: Db, day: string, now: Date): Promise<boolean> {
  const rows = await db.query("insert into lottery_import_runs (run_day, started_at) values ($1, $2) on conflict (run_day) do nothing returning run_day", [
    day,
    now,
  ]);
  return rows.length === 1;
}

/**
 * One scheduled run of the automatic search. Instances sharing one PostgreSQL take an advisory lock
 * and claim the day, so only one of them runs it; true when this call ran it.
 */
export async function runScheduledImport(deps: Deps, onLine: (line: LogLine) => void = () => {}): Promise<boolean> {
  const day = madridToday(deps.clock());
  if (deps.db.kind === "postgres") {
    return deps.db.tx(async (tx) => {
      const lock = await tx.one<{ ok: boolean }>("select pg_try_advisory_xact_lock($1::bigint) as ok", [LOCK_KEYS.lotteryImport]);
      if (!lock?.ok || !(await claimDay(tx, day, deps.clock()))) return false;
      // The search writes through its own connections; this transaction only holds the lock and the claim.
      await searchForward(deps, onLine);
      return true;
    });
  }
  // Embedded PGlite serves one process: claiming the day is enough.
  if (!(await claimDay(deps.db, day, deps.clock()))) return false;
  await searchForward(deps, onLine);
  return true;
}

/**
 * LOTTERY_AUTO_IMPORT=1: checks every 10 minutes (or LOTTERY_IMPORT_INTERVAL_MS, if shorter) whether a
 * scheduled run is due (the results' search on Monday and Thursday; the next jornadas, the results of
 * the imported ones and the prizes every three hours or LOTTERY_IMPORT_INTERVAL_MS). Returns the stop function.
 */
export function startAutoImport(deps: Deps, log: (message: string) => void): () => void {
  const tick = async () => {
    // The next jornada, the results of the imported ones and the last prizes: every three hours (LOTTERY_IMPORT_INTERVAL_MS), any day (decision 046).
    const official = await runOfficialSteps(deps);
    if (official) for (const message of official.messages) log(`Jornadas de Loterías: ${message}`);
    const local = utcToMadridLocal(deps.clock());
    const weekday = new Date(`${local.slice(0, 10)}T12:00:00Z`).getUTCDay();
    if (!RUN_DAYS.has(weekday) || Number(local.slice(11, 13)) < RUN_FROM_HOUR) return;
    let stored = 0;
    const ran = await runScheduledImport(deps, (line) => {
      if (line.status === "ok") stored++;
      if (line.status === "error") log(`Importación de Loterías: ${line.fecha} ${line.mensaje}`);
    });
    if (ran) log(`Importación de Loterías: ${stored} sorteo(s) guardado(s).`);
  };
  const run = () => {
    observeJob("lottery-import", tick).catch((error: unknown) => log(`Importación de Loterías fallida: ${(error as Error).message}`));
  };
  const timer = setInterval(run, Math.min(CHECK_EVERY_MS, deps.config.lotteryImportIntervalMs));
  timer.unref();
  // A fresh start does not wait ten minutes for the next jornada.
  const first = setTimeout(run, 2_000);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
