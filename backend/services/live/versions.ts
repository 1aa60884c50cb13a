/**
 * What a group's live view is computed from, as SQL (decisions 027, 071): the view store keys the
 * view by it, the refresh job finds stale rows by it, and the live page's version (what a browser
 * keeps the page by, decision 067) is built from it and from the round in play.
 */
import type { AuthUser, Deps } from "../../context";
import type { Db } from "../../db/db";
import { roundInPlaySql, stateSql } from "./round-in-play";

/**
 * What a group's view of a pool depends on, as one SQL expression (its view key): the official results' row
 * version, the highest `rev` of the pool's provisional scores (and clears), the bet's row version and the
 * round's predictions. `viewKeyOf` reads it for one group, the refresh job for every playing group
 * at once (decision 071): the same text, so the job's stale rows are the ones a reader would find stale.
 */
export const viewKeySql = (group: string, pool: string, state: string) =>
  `concat_ws('.', ${pool}, ${state},
        (select version from quiniela_results where quiniela_id = ${pool}),
        greatest((select max(rev) from provisional_results where quiniela_id = ${pool}), (select rev from provisional_clears where quiniela_id = ${pool})),
        (select xmin::text from bets where group_id = ${group} and quiniela_id = ${pool}),
        (select count(*) || '-' || coalesce(max(updated_at)::text, '') from predictions where group_id = ${group} and quiniela_id = ${pool}))`;

/** What a view's players and bet are computed from, without the scores: a view under the same basis can be brought up to date from the scores alone (decision 071). */
export const basisSql = (group: string, pool: string, state: string) =>
  `concat_ws('.', ${pool}, ${state},
        (select xmin::text from bets where group_id = ${group} and quiniela_id = ${pool}),
        (select count(*) || '-' || coalesce(max(updated_at)::text, '') from predictions where group_id = ${group} and quiniela_id = ${pool}))`;

export async function viewKeyOf(db: Db, groupId: number, quinielaId: number, open: boolean): Promise<{ viewKey: string; basis: string }> {
  const state = stateSql("$3::boolean");
  const row = await db.one<{ v: string; b: string }>(`select ${viewKeySql("$1", "$2::int", state)} as v, ${basisSql("$1", "$2::int", state)} as b`, [
    groupId,
    quinielaId,
    open,
  ]);
  return { viewKey: row?.v ?? String(quinielaId), basis: row?.b ?? "" };
}

/**
 * GET /Group/{id}/LiveVersion: in one statement, the round the live page would show and whether it is
 * open (roundInPlaySql, as the view picks it), what its view is computed from (viewKeySql, as the view
 * is stored under), the group's row version (its name) and whether the caller may type scores. The
 * BFF's validator and its rendered-bytes cache are keyed by it (decision 067): nothing of the view is
 * computed here, and nothing of it is written twice.
 */
export async function liveVersionFor(deps: Deps, user: AuthUser, groupId: number, quinielaId?: number): Promise<{ version: string }> {
  const row = await deps.db.one<{ v: string }>(
    `with r as (${roundInPlaySql("$1", "$2", "$3")})
     select concat_ws('.', ${viewKeySql("$1", "r.quiniela_id", stateSql("r.open"))},
        (select xmin::text from groups where id = $1),
        case when $5::boolean or exists (select 1 from group_members where group_id = $1 and user_id = $4 and role_id = 2 and removed_at is null)
             then 'manager' else 'member' end) as v
       from r`,
    [groupId, quinielaId ?? null, deps.clock(), user.id, user.isAdmin],
  );
  // No round in play: the page says so, and that answer is as kept as any other until a round opens.
  return { version: row?.v ?? `none.${quinielaId ?? ""}` };
}
