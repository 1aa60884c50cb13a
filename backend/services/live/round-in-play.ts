/**
 * The jornada a group's live page shows (decision 051): the one asked, else the first open one
 * without official results, else the latest open one, and whether it is still open. The view
 * (view.ts) and its version (versions.ts) both pick it here.
 */
import { LIVE_NO_ROUND, LIVE_NOT_PLAYED } from "#core/contract/live";
import type { Deps } from "../../context";
import { notFound } from "../../errors";
import { roundClosedSql } from "../rounds/closed-sql";

export interface RoundRow {
  quiniela_id: number;
  number: number;
  group_name: string;
  open: boolean;
}

/**
 * The group's round in play, as SQL over a group, an asked pool (or null) and now: the one asked,
 * else the first open one without official results, else the latest open one; `open` by the rule
 * every round-keyed read uses (forced, its date, or complete results). The view and its version
 * both pick the round with it.
 */
export const roundInPlaySql = (group: string, pool: string, now: string) =>
  `select gq.quiniela_id, q.number, g.name as group_name, not ${roundClosedSql("gq", now)} as open
     from group_quinielas gq join quinielas q on q.id = gq.quiniela_id join groups g on g.id = gq.group_id
     left join quiniela_results r on r.quiniela_id = gq.quiniela_id
    where gq.group_id = ${group} and (${pool}::int is null or gq.quiniela_id = ${pool}) and (${pool}::int is not null or gq.open_date <= ${now})
    order by (r.quiniela_id is null) desc,
             case when r.quiniela_id is null then gq.close_date end asc,
             gq.close_date desc, q.number desc
    limit 1`;

export async function roundInPlay(deps: Deps, groupId: number, quinielaId: number | undefined): Promise<RoundRow> {
  const row = await deps.db.one<RoundRow>(roundInPlaySql("$1", "$2", "$3"), [groupId, quinielaId ?? null, deps.clock()]);
  if (!row) throw notFound(quinielaId === undefined ? LIVE_NO_ROUND : LIVE_NOT_PLAYED);
  return row;
}

/** A view's state as SQL: what may be shown of each player differs while the round is open. */
export const stateSql = (open: string) => `case when ${open} then 'open' else 'closed' end`;
