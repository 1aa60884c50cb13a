import type { Deps } from "../../context";
import { LOCK_KEYS, onceAcrossInstances } from "../../db/advisory";
import { startJob } from "../../jobs";
import { refreshLiveView, refreshScoresOnly, staleLiveViews } from "./view";

/**
 * At a round's close every group playing it gets its live row, computed whole before any score, so
 * the jornada's first goal is a ±1 update like the others (decision 076). After a score, every
 * group playing that pool has a new live view (decision 071). Instead of
 * 10,000 groups computing theirs at their readers' next view, all in the same minute, this job
 * walks the playing groups whose shared view is stale in batches and brings each up to date under
 * the same single flight a reader joins; a reader who comes before their group's turn computes it
 * as always. One instance at a time (an advisory lock); idempotent: a pass only looks for views not
 * under the version the database gives now, so two passes, or two instances, never do one twice.
 */
const REFRESH_INTERVAL_MS = 2_000;
/** Views brought up per batch (the stale set is found once per state of the scores: decision 076). */
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

/** Whether the last pass left every playing group's view current under the scores' state of now: one small statement (the bench waits on it). */
export async function liveViewsCurrent(deps: Deps): Promise<boolean> {
  return allCurrentAt.get(deps.db) === (await scoresState(deps));
}

export interface RefreshPass {
  /** Views brought up to date. */
  refreshed: number;
  /** Of them, computed whole (no row yet, as at the round's close, or a new prediction, bet or official result); the rest by the ±1 rule. */
  whole: number;
  batches: number;
  /** Statements that looked for the stale views: one per state of the scores, and one that finds none. */
  finds: number;
}
const NOTHING: RefreshPass = { refreshed: 0, whole: 0, batches: 0, finds: 0 };

/**
 * One pass (nothing when another instance holds the lock). The stale set is found once for the
 * scores' state of now (the version of every playing group, one statement) and walked in batches;
 * if a score moves meanwhile, the rest is found again under it rather than brought up under a
 * version already old. A pass ends once a look finds nothing stale, or after `passMs`.
 */
export async function refreshLiveViews(deps: Deps, options: { batch?: number; passMs?: number } = {}): Promise<RefreshPass> {
  let state = await scoresState(deps);
  if (state === allCurrentAt.get(deps.db)) return NOTHING;
  const size = options.batch ?? REFRESH_BATCH;
  const run = await onceAcrossInstances(deps.db, LOCK_KEYS.liveViews, async () => {
    const until = Date.now() + (options.passMs ?? PASS_MS);
    const pass = { ...NOTHING };
    while (Date.now() < until) {
      const stale = await staleLiveViews(deps);
      pass.finds++;
      if (!stale.length) {
        allCurrentAt.set(deps.db, state);
        break;
      }
      for (let at = 0; at < stale.length && Date.now() < until; at += size) {
        const batch = stale.slice(at, at + size);
        pass.batches++;
        // Views whose players and bet did not change: the ±1 rule, a few statements per pool for the whole batch.
        for (const pool of new Set(batch.filter((s) => s.scoresOnly).map((s) => s.round.quiniela_id)))
          pass.refreshed += await refreshScoresOnly(
            deps,
            batch.filter((s) => s.scoresOnly && s.round.quiniela_id === pool),
          );
        // The rest (no shared row yet, a new prediction or bet, official results): computed whole, under the readers' single flight.
        const whole = batch.filter((s) => !s.scoresOnly);
        for (let i = 0; i < whole.length; i += AT_ONCE) {
          await Promise.all(whole.slice(i, i + AT_ONCE).map((s) => refreshLiveView(deps, s)));
          pass.refreshed += Math.min(AT_ONCE, whole.length - i);
          pass.whole += Math.min(AT_ONCE, whole.length - i);
        }
        // A score typed meanwhile: what is left is found again under it.
        const now = await scoresState(deps);
        if (now !== state) {
          state = now;
          break;
        }
      }
    }
    return pass;
  });
  return run.ran ? run.value : NOTHING;
}

/** Every two seconds: the playing groups' live views brought up to date after a score (the log says how many). */
export function startLiveRefresh(deps: Deps, options: { log: (message: string) => void }): () => Promise<void> {
  let pass = NOTHING;
  return startJob({
    name: "live-refresh",
    run: async () => {
      pass = await refreshLiveViews(deps);
      return pass.refreshed;
    },
    firstRunMs: 5_000,
    intervalMs: REFRESH_INTERVAL_MS,
    // Whole: at a round's close (no row yet) or after a new prediction, bet or official result; ±1: after a score (decision 076).
    doneLine: (n) =>
      `Directo: ${n} vistas de grupo al día, ${pass.whole} calculadas enteras y ${n - pass.whole} por la regla ±1 de un marcador (${pass.batches} ${pass.batches === 1 ? "tanda" : "tandas"})`,
    failedLine: (reason) => `La actualización del directo falló: ${reason}`,
    log: options.log,
  });
}
