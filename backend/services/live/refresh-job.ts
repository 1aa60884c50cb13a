import type { Deps } from "../../context";
import { LOCK_KEYS, onceAcrossInstances } from "../../db/advisory";
import { startJob } from "../../jobs";
import { refreshLiveView, refreshScoresOnly, staleLiveViews } from "./view";

/**
 * After a score, every group playing that pool has a new live view (decision 071). Instead of
 * 10,000 groups computing theirs at their readers' next view, all in the same minute, this job
 * walks the playing groups whose shared view is stale in batches and brings each up to date under
 * the same single flight a reader joins; a reader who comes before their group's turn computes it
 * as always. One instance at a time (an advisory lock); idempotent: a pass only looks for views not
 * under the version the database gives now, so two passes, or two instances, never do one twice.
 */
const REFRESH_INTERVAL_MS = 2_000;
/** Groups per statement that finds the stale ones. */
const REFRESH_BATCH = 200;
/** Views computed at once: a few of the pool's connections, the rest left to readers. */
const AT_ONCE = 3;
/** A pass stops after this long and the next one goes on, so the lock is never held for minutes. */
const PASS_MS = 20_000;

/**
 * The scores' state of the pools in play (their highest provisional rev and official results'
 * version), one small statement: while it is what the last pass left all current, the pass looks no
 * further, so the job costs nothing between goals. A new prediction or bet is no score: its
 * group's next reader computes it, as before this job.
 */
async function scoresState(deps: Deps): Promise<string> {
  const now = deps.clock();
  const row = await deps.db.one<{ s: string | null }>(
    `select string_agg(concat_ws(':', q.id,
              greatest((select max(rev) from provisional_results p where p.quiniela_id = q.id), (select rev from provisional_clears c where c.quiniela_id = q.id)),
              (select version from quiniela_results r where r.quiniela_id = q.id)), ',' order by q.id) as s
       from quinielas q where q.closing_date <= $1 and q.closing_date > $2`,
    [now, new Date(now.getTime() - 4 * 24 * 60 * 60 * 1000)],
  );
  return row?.s ?? "";
}
/** Per database (a process may run several backends, as the tests do): the scores' state the last pass left all current. */
const allCurrentAt = new WeakMap<Deps["db"], string>();

/** One pass: how many views it brought up to date, and how many it found stale (0 when another instance holds the lock). */
export async function refreshLiveViews(deps: Deps, options: { batch?: number; passMs?: number } = {}): Promise<{ refreshed: number; batches: number }> {
  const state = await scoresState(deps);
  if (state === allCurrentAt.get(deps.db)) return { refreshed: 0, batches: 0 };
  const run = await onceAcrossInstances(deps.db, LOCK_KEYS.liveViews, async () => {
    const until = Date.now() + (options.passMs ?? PASS_MS);
    let refreshed = 0;
    let batches = 0;
    while (Date.now() < until) {
      const stale = await staleLiveViews(deps, options.batch ?? REFRESH_BATCH);
      if (!stale.length) {
        allCurrentAt.set(deps.db, state);
        break;
      }
      batches++;
      // Views whose players and bet did not change: the ±1 rule, a few statements per pool for the whole batch.
      for (const pool of new Set(stale.filter((s) => s.scoresOnly).map((s) => s.round.quiniela_id)))
        refreshed += await refreshScoresOnly(
          deps,
          stale.filter((s) => s.scoresOnly && s.round.quiniela_id === pool),
        );
      // The rest (no shared row yet, a new prediction or bet, official results): computed whole, under the readers' single flight.
      const whole = stale.filter((s) => !s.scoresOnly);
      for (let i = 0; i < whole.length; i += AT_ONCE) {
        await Promise.all(whole.slice(i, i + AT_ONCE).map((s) => refreshLiveView(deps, s)));
        refreshed += Math.min(AT_ONCE, whole.length - i);
      }
    }
    return { refreshed, batches };
  });
  return run.ran ? run.value : { refreshed: 0, batches: 0 };
}

/** Every two seconds: the playing groups' live views brought up to date after a score (the log says how many). */
export function startLiveRefresh(deps: Deps, options: { log: (message: string) => void }): () => Promise<void> {
  let batches = 0;
  return startJob({
    run: async () => {
      const pass = await refreshLiveViews(deps);
      batches = pass.batches;
      return pass.refreshed;
    },
    firstRunMs: 5_000,
    intervalMs: REFRESH_INTERVAL_MS,
    doneLine: (n) => `Directo: ${n} vistas de grupo al día tras un marcador (${batches} ${batches === 1 ? "tanda" : "tandas"})`,
    failedLine: (reason) => `La actualización del directo falló: ${reason}`,
    log: options.log,
  });
}
