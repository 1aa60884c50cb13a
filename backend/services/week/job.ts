import type { Deps } from "../../context";
import { LOCK_KEYS, onceAcrossInstances } from "../../db/advisory";
import { followOfficialCloses, openNewRounds } from "./open-rounds";
import { startJob } from "../../jobs";

/** What one run of the week's job did. */
export interface WeekRun {
  opened: number;
  moved: number;
}

/**
 * One run of each peña's standing rule (decision 048) before the close: open the new jornadas and
 * follow a moved official close. What the rule does at the close (the absent members' picks, the
 * bet, the managers' mail: ./bet-at-close.ts) is the first step of the round's close, run by the
 * close room (../close/close-job.ts, decision 098). Every step claims its row first, so running it
 * twice (two instances, a restart) does each thing once.
 */
export async function runWeek(deps: Deps): Promise<WeekRun> {
  const opened = await openNewRounds(deps);
  const moved = await followOfficialCloses(deps);
  return { opened, moved };
}

/** The scheduler's run: with several instances on one PostgreSQL, the one holding the lock does it. */
export async function runWeekOnce(deps: Deps): Promise<WeekRun> {
  const run = await onceAcrossInstances(deps.db, LOCK_KEYS.week, () => runWeek(deps));
  return run.ran ? run.value : { opened: 0, moved: 0 };
}

const total = (r: WeekRun) => r.opened + r.moved;

/** Runs shortly after start and then every WEEK_JOB_INTERVAL_MS (a minute); the returned function stops it. */
export function startWeekJob(deps: Deps, options: { log: (message: string) => void }): () => Promise<void> {
  let last: WeekRun = { opened: 0, moved: 0 };
  return startJob({
    name: "week",
    run: async () => {
      last = await runWeekOnce(deps);
      return total(last);
    },
    firstRunMs: Math.min(5_000, deps.config.weekJobIntervalMs),
    intervalMs: deps.config.weekJobIntervalMs,
    doneLine: () => `Semana automática: ${last.opened} jornadas abiertas, ${last.moved} cierres movidos`,
    failedLine: (reason) => `La semana automática falló: ${reason}`,
    log: options.log,
  });
}
