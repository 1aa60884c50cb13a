import { feedWhileOpen, type LiveFeedRun } from "#core/contract/live";
import type { Deps } from "../../context";
import { conflict, notFound } from "../../errors";
import { lockLivePool, writeProvisional } from "./provisional";
import { roundClosedSql } from "../rounds/closed-sql";
import { pairFeed, type LiveFeed } from "./feed";
import { footballData } from "./football-data";

const DAY = 24 * 60 * 60 * 1000;

/** The configured feed: football-data.org with LIVE_FEED_KEY; none without a key. */
export function configuredFeed(deps: Deps): LiveFeed | null {
  const { liveFeedKey, liveFeedBaseUrl } = deps.config;
  return liveFeedKey ? footballData({ baseUrl: liveFeedBaseUrl, key: liveFeedKey }) : null;
}

/**
 * Asks the feed for the pool's matches (from the day before its close to four days after) and
 * stores each score it has as the feed's provisional score (below any person's, decision 051).
 * Idempotent: an unchanged score is not written again, and every change is in the audit trail.
 */
export async function pullFeed(deps: Deps, quinielaId: number, feed: LiveFeed): Promise<LiveFeedRun> {
  const pool = await deps.db.one<{ number: number; closing_date: Date }>(`select number, closing_date from quinielas where id = $1`, [quinielaId]);
  if (!pool) throw notFound("Quiniela no encontrada.");
  const matches = await deps.db.query<{ position: number; home: string; away: string; home_alias: string[] | null; away_alias: string[] | null }>(
    `select m.position, m.home, m.away,
            (select array_agg(a.alias) from team_aliases a where a.team_id = m.home_team_id) as home_alias,
            (select array_agg(a.alias) from team_aliases a where a.team_id = m.away_team_id) as away_alias
       from quiniela_matches m where m.quiniela_id = $1 order by m.position`,
    [quinielaId],
  );
  // Not while any group still takes picks for the pool: its players' hits would tell their picks
  // (decision 061). Asked before the feed is, and again under the pool's lock.
  const refuseWhileOpen = async (db: Deps["db"]) => {
    const open = await db.one(`select 1 from group_quinielas gq where gq.quiniela_id = $1 and not ${roundClosedSql("gq", "$2")} limit 1`, [
      quinielaId,
      deps.clock(),
    ]);
    if (open) throw conflict(feedWhileOpen(pool.number));
  };
  await refuseWhileOpen(deps.db);
  const close = new Date(pool.closing_date).getTime();
  const found = await feed.matches(new Date(close - DAY), new Date(close + 4 * DAY));
  const paired = pairFeed(
    matches.map((m) => ({ home: { names: [m.home, ...(m.home_alias ?? [])] }, away: { names: [m.away, ...(m.away_alias ?? [])] } })),
    found,
  );
  let stored = 0;
  await deps.db.tx(async (tx) => {
    await lockLivePool(tx, quinielaId);
    await refuseWhileOpen(tx);
    for (const [k, f] of paired.entries()) {
      if (!f) continue;
      const position = matches[k].position;
      const changed = await writeProvisional(tx, deps.clock(), {
        quinielaId,
        position,
        score: f.score,
        source: "feed",
        groupId: null,
        actorId: null,
        actorName: `Marcador en directo (${feed.name})`,
        subject: `Jornada ${pool.number} · ${position === 15 ? "Pleno al 15" : `Partido ${position}`}`,
        auditGroupId: null,
      });
      if (changed) stored++;
    }
  });
  return {
    quinielaId,
    provider: feed.name,
    matched: paired.filter(Boolean).length,
    stored,
    unmatched: matches.filter((_, k) => !paired[k]).map((m) => `${m.home} - ${m.away}`),
  };
}
