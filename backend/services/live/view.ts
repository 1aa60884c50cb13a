/**
 * The live view a group reads (decisions 027, 071): kept per instance and in live_views (one row per
 * group and pool) under the version the database gives it, computed once per version across
 * instances, and brought up to date by the ±1 rule after a score.
 */
import type { LiveRound } from "#core/contract/live";
import type { ScoreAuthor } from "#core/domain/live/live";
import { cache, CACHES } from "../../caches";
import type { AuthUser, Deps } from "../../context";
import { roundClosedSql } from "../rounds/closed-sql";
import { parseJson } from "../shelf/json";
import { roundInPlay, type RoundRow } from "./round-in-play";
import { basisSql, viewKeyOf, viewKeySql } from "./versions";
import { computeView, liveRow, shownOf, viewFrom, type ViewInputs } from "./compute";

/** This instance's last view of each group's round (backend/caches.ts). */
export const held = cache<{ viewKey: string; view: LiveRound }>(CACHES.liveViews);
/** Computations under way, one per view and version (not a cache: a computation leaves it when it ends). */
const computing = new Map<string, Promise<LiveRound>>();

/** GET /Group/{id}/Live: the view, computed once per view key across instances (decisions 027, 071). */
export async function liveRound(deps: Deps, groupId: number, quinielaId?: number): Promise<LiveRound> {
  const round = await roundInPlay(deps, groupId, quinielaId);
  const { viewKey, basis } = await viewKeyOf(deps.db, groupId, round.quiniela_id, round.open);
  return heldOrComputed(deps, groupId, round, viewKey, basis);
}

/**
 * The view under `viewKey` (what it is computed from, `viewKeySql`): this instance's held one, else the shared row another instance (or the
 * refresh job) wrote under the same key, else computed once here. When a score changes, the
 * thousand readers that ask at once share one computation of the new view (`computing`), and a
 * second instance reads the row instead of computing it again.
 */
async function heldOrComputed(deps: Deps, groupId: number, round: RoundRow, viewKey: string, basis: string): Promise<LiveRound> {
  const key = `${groupId}:${round.quiniela_id}`;
  const kept = held.get(key);
  if (kept && kept.viewKey === viewKey) return kept.view;
  const flight = `${key}@${viewKey}`;
  let pending = computing.get(flight);
  if (!pending) {
    pending = sharedOrComputed(deps, groupId, round, viewKey, basis).finally(() => computing.delete(flight));
    computing.set(flight, pending);
  }
  const view = await pending;
  held.set(key, { viewKey, view });
  return view;
}

async function sharedOrComputed(deps: Deps, groupId: number, round: RoundRow, viewKey: string, basis: string): Promise<LiveRound> {
  const shared = await deps.db.one<{ view: unknown; version: string; basis: string; official: boolean }>(
    `select case when version = $3 then view end as view, version, basis,
            exists (select 1 from quiniela_results r where r.quiniela_id = $2) as official
       from live_views where group_id = $1 and quiniela_id = $2`,
    [groupId, round.quiniela_id, viewKey],
  );
  if (shared?.version === viewKey) return parseJson(shared.view) as LiveRound;
  // A row under the same players and bet, only the scores moved: a reader before the job's turn brings
  // it up by the ±1 rule too, instead of reading the predictions, the bet and the season again (decision
  // 076). Not while the group's round is open: no score counts then (decision 061).
  if (shared && !round.open && shared.basis === basis && !shared.official) {
    const [view] = await scoresOnlyViews(deps, [{ groupId, round, viewKey, basis, scoresOnly: true }]);
    if (view) return view;
  }
  const { view, inputs } = await computeView(deps, groupId, round, viewKey);
  // Whoever writes last wins; a row under an older version is never served (the version is read on every view).
  await deps.db.query(
    `insert into live_views (group_id, quiniela_id, version, view, basis, inputs, computed_at) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (group_id, quiniela_id) do update
       set version = excluded.version, view = excluded.view, basis = excluded.basis, inputs = excluded.inputs, computed_at = excluded.computed_at`,
    [groupId, round.quiniela_id, viewKey, JSON.stringify(view), basis, JSON.stringify(inputs), deps.clock()],
  );
  return view;
}

/**
 * The refresh after a score (decision 071): the playing groups of the pools in play whose shared view
 * is not under the version the database gives now, in one statement, each with its round and version
 * as a reader would read them. A closed round with no score yet counts too: its groups' rows are
 * computed at the close, so the jornada's first goal finds rows to bring up by the ±1 rule (decision
 * 076). Views that only need the ±1 rule come first; `limit` only for a caller that asks "any?".
 */
export interface StaleView {
  groupId: number;
  round: RoundRow;
  viewKey: string;
  basis: string;
  /** The shared row holds the same players and bet (same basis), only the provisional scores moved: the ±1 rule brings it up to date. */
  scoresOnly: boolean;
}

export async function staleLiveViews(deps: Deps, limit?: number): Promise<StaleView[]> {
  const now = deps.clock();
  const rows = await deps.db.query<RoundRow & { group_id: number; v: string; b: string; scores_only: boolean }>(
    `select s.group_id, s.quiniela_id, s.number, s.group_name, false as open, s.v, s.b,
            coalesce(lv.basis = s.b and not s.official, false) as scores_only
       from (select gq.group_id, gq.quiniela_id, q.number, g.name as group_name,
                    ${viewKeySql("gq.group_id", "gq.quiniela_id", "'closed'")} as v, ${basisSql("gq.group_id", "gq.quiniela_id", "'closed'")} as b,
                    exists (select 1 from quiniela_results r where r.quiniela_id = q.id) as official
               from quinielas q join group_quinielas gq on gq.quiniela_id = q.id join groups g on g.id = gq.group_id
              where q.closing_date <= $1 and q.closing_date > $2 and ${roundClosedSql("gq", "$1")}) s
       left join live_views lv on lv.group_id = s.group_id and lv.quiniela_id = s.quiniela_id
      where lv.version is distinct from s.v
      order by scores_only desc, s.quiniela_id, s.group_id
      limit $3`,
    [now, new Date(now.getTime() - 4 * 24 * 60 * 60 * 1000), limit ?? null],
  );
  return rows.map((r) => ({
    groupId: r.group_id,
    round: { quiniela_id: r.quiniela_id, number: r.number, group_name: r.group_name, open: false },
    viewKey: r.v,
    basis: r.b,
    scoresOnly: Boolean(r.scores_only),
  }));
}

/**
 * Stale views whose players and bet did not change, all of one pool, brought up to date in three
 * statements: the shared rows, the pool's provisional scores, one write (decision 071). Each player's
 * hits move by the ±1 rule (`livePlayersAfter`) and the bet's live columns and odds are computed
 * again from the model held with the row (`liveTicket`): no prediction, bet or season is read.
 */
export async function refreshScoresOnly(deps: Deps, stale: readonly StaleView[]): Promise<number> {
  return (await scoresOnlyViews(deps, stale)).length;
}

async function scoresOnlyViews(deps: Deps, stale: readonly StaleView[]): Promise<LiveRound[]> {
  if (!stale.length) return [];
  const quinielaId = stale[0].round.quiniela_id;
  const ids = stale.map((s) => s.groupId);
  const [rows, scores] = await Promise.all([
    deps.db.query<{ group_id: number; view: unknown; inputs: unknown }>(
      `select group_id, view, inputs from live_views where quiniela_id = $1 and group_id = any($2::int[])`,
      [quinielaId, ids],
    ),
    deps.db.query<{ group_id: number | null; position: number; home_goals: number; away_goals: number; source: ScoreAuthor; at: Date }>(
      `select group_id, position, home_goals, away_goals, source, at from provisional_results where quiniela_id = $1 and (group_id is null or group_id = any($2::int[]))`,
      [quinielaId, ids],
    ),
  ]);
  const held = new Map(rows.map((r) => [r.group_id, { view: parseJson(r.view) as LiveRound, inputs: parseJson(r.inputs) as ViewInputs }]));
  const written: { g: number; v: string; b: string; view: LiveRound }[] = [];
  for (const s of stale) {
    const before = held.get(s.groupId);
    if (!before || s.round.quiniela_id !== quinielaId) continue;
    const provisional = shownOf(scores.filter((r) => r.group_id === null || r.group_id === s.groupId));
    const matches = before.view.matches.map((m) => liveRow(m, null, provisional[m.position - 1]));
    written.push({ g: s.groupId, v: s.viewKey, b: s.basis, view: viewFrom(before.view, before.inputs, matches, s.viewKey) });
  }
  if (!written.length) return [];
  await deps.db.query(
    `insert into live_views (group_id, quiniela_id, version, view, basis, inputs, computed_at)
     select x.g, $2, x.v, x.view, x.b, lv.inputs, $3 from jsonb_to_recordset($1::jsonb) as x(g int, v text, b text, view jsonb)
       join live_views lv on lv.group_id = x.g and lv.quiniela_id = $2
     on conflict (group_id, quiniela_id) do update set version = excluded.version, view = excluded.view, computed_at = excluded.computed_at`,
    [JSON.stringify(written), quinielaId, deps.clock()],
  );
  return written.map((w) => w.view);
}

/** One stale view brought up to date, under the single flight a reader of that group would join. */
export const refreshLiveView = (deps: Deps, stale: StaleView) => heldOrComputed(deps, stale.groupId, stale.round, stale.viewKey, stale.basis);

/** GET /Group/{id}/Live for a caller: the shared view, and whether they may type scores in this group. */
export async function liveFor(deps: Deps, user: AuthUser, groupId: number, quinielaId?: number): Promise<LiveRound> {
  const view = await liveRound(deps, groupId, quinielaId);
  const manager =
    user.isAdmin ||
    Boolean(await deps.db.one(`select 1 from group_members where group_id = $1 and user_id = $2 and role_id = 2 and removed_at is null`, [groupId, user.id]));
  return { ...view, canEdit: manager };
}
