import type { Deps } from "../../context";
import { LOCK_KEYS, onceAcrossInstances } from "../../db/advisory";
import { startJob } from "../../jobs";
import { roundClosedSql } from "../rounds/closed-sql";
import type { LiveFeed } from "./feed";
import { configuredFeed, pullFeed } from "./pull";

/** How often the feed is asked while a pool is in play: a minute, within football-data.org's free limit (decision 050). */
export const FEED_INTERVAL_MS = 60_000;
const DAY = 24 * 60 * 60 * 1000;

/** Pools in play: closed within the last four days (their matches are being played) and without official results yet. */
export async function poolsInPlay(deps: Deps): Promise<number[]> {
  const now = deps.clock();
  const rows = await deps.db.query<{ id: number }>(
    // A pool some group still takes picks for waits: a score would tell that group's picks (decision 061).
    `select q.id from quinielas q
      where q.closing_date <= $1 and q.closing_date > $2 and q.owner_group_id is null
        and not exists (select 1 from quiniela_results r where r.quiniela_id = q.id)
        and not exists (select 1 from group_quinielas gq where gq.quiniela_id = q.id and not ${roundClosedSql("gq", "$1")})
      order by q.closing_date, q.id`,
    [now, new Date(now.getTime() - 4 * DAY)],
  );
  return rows.map((r) => r.id);
}

/**
 * One pass of the live feed: each pool in play asks the feed for its scores, stored as the feed's
 * provisional results (a person's entry stays above them, decision 051). With several instances on
 * one PostgreSQL, the one holding the lock asks. Returns how many scores changed.
 */
export async function runFeedOnce(deps: Deps, feed: LiveFeed): Promise<number> {
  const run = await onceAcrossInstances(deps.db, LOCK_KEYS.liveFeed, async () => {
    let stored = 0;
    for (const quinielaId of await poolsInPlay(deps)) stored += (await pullFeed(deps, quinielaId, feed)).stored;
    return stored;
  });
  return run.ran ? run.value : 0;
}

/** With LIVE_FEED_KEY set, scores come by themselves every minute while a pool is in play; the returned function stops it. */
export function startLiveFeed(deps: Deps, options: { log: (message: string) => void }): () => Promise<void> {
  const feed = configuredFeed(deps);
  if (!feed) return async () => undefined;
  return startJob({
    name: "live-feed",
    run: () => runFeedOnce(deps, feed),
    firstRunMs: 5_000,
    intervalMs: FEED_INTERVAL_MS,
    doneLine: (n) => `Marcadores en directo (${feed.name}): ${n} cambiados`,
    failedLine: (reason) => `El marcador en directo falló: ${reason}`,
    log: options.log,
  });
}
