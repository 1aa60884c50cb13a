/**
 * The jornada in play (decision 051): provisional scores, stored apart from the official
 * results (migration 023), and the live view a group reads of them. The numbers are pure, in
 * core/domain/live/live.ts; this picks the scores a group sees, reads its round and keeps the view,
 * per instance, under the version the database gives it (decision 027).
 */
import {
  LIVE_NO_ROUND,
  LIVE_NOT_PLAYED,
  PROVISIONAL_AFTER_OFFICIAL,
  provisionalWhileOpen,
  type LiveRound,
  type LiveSource,
  type ProvisionalBody,
} from "#core/contract/live";
import { plenoChance } from "#core/domain/bet/chances";
import { liveShareText, livePlayers, livePlayersAfter, liveTicket, scoresShown, signOfScore, type ScoreAuthor } from "#core/domain/live/live";
import type { SignProbs } from "#core/domain/bet/chances";
import type { Slip } from "#core/domain/bet/slip";
import { isSign, MATCHES, type Pick, type Score, type Sign } from "#core/domain/signs";
import type { AuthUser, Deps } from "../../context";
import type { Db } from "../../db/db";
import { conflict, notFound } from "../../errors";
import { recordAudit } from "../audit";
import { roundClosedSql } from "../rounds/closed-sql";
import { betById, parseJson, picksOf } from "../bet/row";
import { roundChances, seasonHistory, slipOf } from "../bet/chances";

export interface RoundRow {
  quiniela_id: number;
  number: number;
  group_name: string;
  open: boolean;
}

/** The group's round in play: the one asked, else the first open one without official results, else the latest open one. */
async function roundInPlay(deps: Deps, groupId: number, quinielaId: number | undefined): Promise<RoundRow> {
  const row = await deps.db.one<RoundRow>(
    `select gq.quiniela_id, q.number, g.name as group_name, not ${roundClosedSql("gq", "$3")} as open
       from group_quinielas gq join quinielas q on q.id = gq.quiniela_id join groups g on g.id = gq.group_id
       left join quiniela_results r on r.quiniela_id = gq.quiniela_id
      where gq.group_id = $1 and ($2::int is null or gq.quiniela_id = $2) and ($2::int is not null or gq.open_date <= $3)
      order by (r.quiniela_id is null) desc,
               case when r.quiniela_id is null then gq.close_date end asc,
               gq.close_date desc, q.number desc
      limit 1`,
    [groupId, quinielaId ?? null, deps.clock()],
  );
  if (!row) throw notFound(quinielaId === undefined ? LIVE_NO_ROUND : LIVE_NOT_PLAYED);
  return row;
}

/**
 * What a group's view of a pool depends on, as one SQL expression: the official results' version,
 * the highest `rev` of the pool's provisional scores (and clears), the bet's row version and the
 * round's predictions. `versionOf` reads it for one group, the refresh job for every playing group
 * at once (decision 071): the same text, so the job's stale rows are the ones a reader would find stale.
 */
const versionSql = (group: string, pool: string, state: string) =>
  `concat_ws('.', ${pool}, ${state},
        (select version from quiniela_results where quiniela_id = ${pool}),
        greatest((select max(rev) from provisional_results where quiniela_id = ${pool}), (select rev from provisional_clears where quiniela_id = ${pool})),
        (select xmin::text from bets where group_id = ${group} and quiniela_id = ${pool}),
        (select count(*) || '-' || coalesce(max(updated_at)::text, '') from predictions where group_id = ${group} and quiniela_id = ${pool}))`;

/** What a view's players and bet are computed from, without the scores: a view under the same basis can be brought up to date from the scores alone (decision 071). */
const basisSql = (group: string, pool: string, state: string) =>
  `concat_ws('.', ${pool}, ${state},
        (select xmin::text from bets where group_id = ${group} and quiniela_id = ${pool}),
        (select count(*) || '-' || coalesce(max(updated_at)::text, '') from predictions where group_id = ${group} and quiniela_id = ${pool}))`;

async function versionOf(db: Db, groupId: number, quinielaId: number, open: boolean): Promise<{ version: string; basis: string }> {
  const state = open ? "'open'" : "'closed'";
  const row = await db.one<{ v: string; b: string }>(`select ${versionSql("$1", "$2::int", state)} as v, ${basisSql("$1", "$2::int", state)} as b`, [
    groupId,
    quinielaId,
  ]);
  return { version: row?.v ?? String(quinielaId), basis: row?.b ?? "" };
}

interface Shown {
  score: Score;
  source: LiveSource;
  at: Date;
}

/** Per position 1–15, the provisional score this group sees (`scoresShown`: its managers' over an admin's over the feed's). */
async function provisionalFor(db: Db, groupId: number, quinielaId: number): Promise<(Shown | null)[]> {
  const rows = await db.query<{ position: number; home_goals: number; away_goals: number; source: ScoreAuthor; at: Date }>(
    `select position, home_goals, away_goals, source, at from provisional_results
      where quiniela_id = $1 and (group_id = $2 or group_id is null)`,
    [quinielaId, groupId],
  );
  return shownOf(rows);
}

const shownOf = (rows: readonly { position: number; home_goals: number; away_goals: number; source: ScoreAuthor; at: Date }[]): (Shown | null)[] =>
  scoresShown(rows).map((r) =>
    r ? { score: { home: r.home_goals, away: r.away_goals }, source: r.source === "group" ? "grupo" : r.source, at: new Date(r.at) } : null,
  );

type LiveMatch = LiveRound["matches"][number];

/** One match's row: the official sign when there are results, else the provisional score shown. */
function liveRow(
  m: { position: number; home: string; away: string },
  official: { signs: (Sign | null)[]; pleno: Score | null; at: Date } | null,
  p: Shown | null | undefined,
): LiveMatch {
  if (official) {
    const score = m.position === 15 ? official.pleno : null;
    const sign = m.position === 15 ? null : official.signs[m.position - 1];
    return { position: m.position, home: m.home, away: m.away, score, sign, source: "oficial" as const, at: official.at.toISOString() };
  }
  return {
    position: m.position,
    home: m.home,
    away: m.away,
    score: p?.score ?? null,
    sign: p && m.position !== 15 ? signOfScore(p.score) : null,
    source: p?.source ?? null,
    at: p ? p.at.toISOString() : null,
  };
}

/** What a view's players and bet are computed from, besides the scores: held with the shared row (decision 071). */
interface ViewInputs {
  players: { name: string; matches: Pick[]; pleno: Score | null }[];
  bet: { slip: Slip; probs: SignProbs[]; plenoModel: number } | null;
}

const playedOf = (rows: readonly LiveMatch[]) => Array.from({ length: MATCHES }, (_, k): Sign | null => rows[k]?.sign ?? null);

/**
 * The view with new match rows, from the one before and its inputs: the players by the ±1 rule when
 * only match signs moved (a full scoring when the pleno did), the bet's live columns and odds again.
 */
function viewFrom(before: LiveRound, inputs: ViewInputs, rows: LiveMatch[], version: string): LiveRound {
  const played = playedOf(rows);
  const pleno = rows[MATCHES]?.score ?? null;
  const playedBefore = playedOf(before.matches);
  const plenoBefore = before.matches[MATCHES]?.score ?? null;
  const samePleno = (plenoBefore === null && pleno === null) || (plenoBefore && pleno && plenoBefore.home === pleno.home && plenoBefore.away === pleno.away);
  let players = before.players;
  if (before.roundOpen) players = [];
  else if (!samePleno) players = livePlayers(inputs.players, played, pleno);
  else {
    const picks = new Map(inputs.players.map((p) => [p.name, p.matches]));
    for (let k = 0; k < MATCHES; k++) if (playedBefore[k] !== played[k]) players = livePlayersAfter(players, picks, k, playedBefore[k], played[k]);
  }
  const playedCount = played.filter((s) => s !== null).length;
  let bet = before.bet;
  if (bet && inputs.bet) {
    bet = { ...bet, ...ticketFigures(liveTicket(inputs.bet.slip, inputs.bet.probs, played, pleno, inputs.bet.plenoModel)) };
  }
  return {
    ...before,
    version,
    played: playedCount,
    matches: rows,
    players,
    bet,
    shareText: liveShareText(before.group.name, bet, playedCount),
  };
}

const held = new Map<string, { version: string; view: LiveRound }>();
const HELD_MAX = 256;
const computing = new Map<string, Promise<LiveRound>>();

/** GET /Group/{id}/Live: the view, computed once per version across instances (decisions 027, 071). */
export async function liveRound(deps: Deps, groupId: number, quinielaId?: number): Promise<LiveRound> {
  const round = await roundInPlay(deps, groupId, quinielaId);
  const { version, basis } = await versionOf(deps.db, groupId, round.quiniela_id, round.open);
  return heldOrComputed(deps, groupId, round, version, basis);
}

/**
 * The view under `version`: this instance's held one, else the shared row another instance (or the
 * refresh job) wrote under the same version, else computed once here. When a score changes, the
 * thousand readers that ask at once share one computation of the new view (`computing`), and a
 * second instance reads the row instead of computing it again.
 */
async function heldOrComputed(deps: Deps, groupId: number, round: RoundRow, version: string, basis: string): Promise<LiveRound> {
  const key = `${groupId}:${round.quiniela_id}`;
  const kept = held.get(key);
  if (kept && kept.version === version) return kept.view;
  const flight = `${key}@${version}`;
  let pending = computing.get(flight);
  if (!pending) {
    pending = sharedOrComputed(deps, groupId, round, version, basis).finally(() => computing.delete(flight));
    computing.set(flight, pending);
  }
  const view = await pending;
  held.delete(key);
  held.set(key, { version, view });
  if (held.size > HELD_MAX) held.delete(held.keys().next().value as string);
  return view;
}

async function sharedOrComputed(deps: Deps, groupId: number, round: RoundRow, version: string, basis: string): Promise<LiveRound> {
  const shared = await deps.db.one<{ view: unknown; version: string; basis: string; official: boolean }>(
    `select case when version = $3 then view end as view, version, basis,
            exists (select 1 from quiniela_results r where r.quiniela_id = $2) as official
       from live_views where group_id = $1 and quiniela_id = $2`,
    [groupId, round.quiniela_id, version],
  );
  if (shared?.version === version) return parseJson(shared.view) as LiveRound;
  // A row under the same players and bet, only the scores moved: a reader before the job's turn brings
  // it up by the ±1 rule too, instead of reading the predictions, the bet and the season again (decision
  // 076). Not while the group's round is open: no score counts then (decision 061).
  if (shared && !round.open && shared.basis === basis && !shared.official) {
    const [view] = await scoresOnlyViews(deps, [{ groupId, round, version, basis, scoresOnly: true }]);
    if (view) return view;
  }
  const { view, inputs } = await computeView(deps, groupId, round, version);
  // Whoever writes last wins; a row under an older version is never served (the version is read on every view).
  await deps.db.query(
    `insert into live_views (group_id, quiniela_id, version, view, basis, inputs, computed_at) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (group_id, quiniela_id) do update
       set version = excluded.version, view = excluded.view, basis = excluded.basis, inputs = excluded.inputs, computed_at = excluded.computed_at`,
    [groupId, round.quiniela_id, version, JSON.stringify(view), basis, JSON.stringify(inputs), deps.clock()],
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
  version: string;
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
                    ${versionSql("gq.group_id", "gq.quiniela_id", "'closed'")} as v, ${basisSql("gq.group_id", "gq.quiniela_id", "'closed'")} as b,
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
    version: r.v,
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
    written.push({ g: s.groupId, v: s.version, b: s.basis, view: viewFrom(before.view, before.inputs, matches, s.version) });
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
export const refreshLiveView = (deps: Deps, stale: StaleView) => heldOrComputed(deps, stale.groupId, stale.round, stale.version, stale.basis);

async function computeView(deps: Deps, groupId: number, round: RoundRow, version: string): Promise<{ view: LiveRound; inputs: ViewInputs }> {
  const quinielaId = round.quiniela_id;
  const [matches, official, provisional, predictions, betRow] = await Promise.all([
    deps.db.query<{ position: number; home: string; away: string }>(
      `select position, home, away from quiniela_matches where quiniela_id = $1 order by position`,
      [quinielaId],
    ),
    deps.db.one<{ matches: unknown; pleno_home: number | null; pleno_away: number | null; updated_at: Date }>(
      `select matches, pleno_home, pleno_away, updated_at from quiniela_results where quiniela_id = $1`,
      [quinielaId],
    ),
    // While the group's round takes picks, no score counts here: with them each player's hits would
    // tell everyone's picks before the close (decision 061).
    round.open ? Promise.resolve([]) : provisionalFor(deps.db, groupId, quinielaId),
    deps.db.query<{ username: string; matches: unknown; pleno_home: number; pleno_away: number }>(
      `select member_name(p.group_id, u.id) as username, p.matches, p.pleno_home, p.pleno_away from predictions p join users u on u.id = p.user_id
        where p.group_id = $1 and p.quiniela_id = $2`,
      [groupId, quinielaId],
    ),
    deps.db.one<{ id: number }>(`select id from bets where group_id = $1 and quiniela_id = $2`, [groupId, quinielaId]),
  ]);
  const officialSigns = official ? (parseJson(official.matches) as unknown[]).map((s): Sign | null => (isSign(s) ? s : null)) : null;
  const officialPleno =
    official && official.pleno_home !== null && official.pleno_away !== null ? { home: official.pleno_home, away: official.pleno_away } : null;
  const rows = matches.map((m) =>
    liveRow(m, officialSigns ? { signs: officialSigns, pleno: officialPleno, at: official!.updated_at } : null, provisional[m.position - 1]),
  );
  const played = playedOf(rows);
  const pleno = rows[MATCHES]?.score ?? null;
  const playedCount = played.filter((s) => s !== null).length;
  const inputs: ViewInputs = {
    players: predictions.map((p) => ({ name: p.username, matches: picksOf(p.matches), pleno: { home: p.pleno_home, away: p.pleno_away } })),
    bet: null,
  };
  const players = round.open ? [] : livePlayers(inputs.players, played, pleno);
  const live = betRow ? await liveBet(deps, betRow.id, quinielaId, played, pleno) : null;
  inputs.bet = live?.inputs ?? null;
  const bet = live?.bet ?? null;
  const view: LiveRound = {
    group: { id: groupId, name: round.group_name },
    quinielaId,
    numberQuiniela: round.number,
    provisional: !official,
    version,
    played: playedCount,
    matches: rows,
    players,
    roundOpen: round.open,
    bet,
    shareText: liveShareText(round.group_name, bet, playedCount),
  };
  return { view, inputs };
}

/** What the bet's live columns say, as the view carries it: computed in full or by a goal's refresh alike. */
const ticketFigures = (live: ReturnType<typeof liveTicket>) => ({
  columns: live.columns,
  hits: live.hits,
  bestColumn: live.bestColumn,
  alive: live.alive,
  atLeast: live.odds.atLeast,
  categories: live.categories,
  wins: live.wins,
});

async function liveBet(
  deps: Deps,
  betId: number,
  quinielaId: number,
  played: (Sign | null)[],
  pleno: Score | null,
): Promise<{ bet: NonNullable<LiveRound["bet"]>; inputs: NonNullable<ViewInputs["bet"]> }> {
  const bet = await betById(deps.db, betId);
  const history = await seasonHistory(deps.db, bet.groupId, bet.seasonId);
  // The same probabilities as the bet page's, chosen by the same rule (decision 066).
  const { model, chosen } = roundChances(history, quinielaId);
  const slip = slipOf(bet);
  const plenoModel = plenoChance(slip.pleno, model.pleno);
  const live = liveTicket(slip, chosen.probs, played, pleno, plenoModel);
  return {
    bet: {
      betId,
      confirmed: bet.confirmBet,
      matches: bet.mergedPrediction.matches,
      ...ticketFigures(live),
      source: chosen.source,
      prior: chosen.prior,
      weight: chosen.weight,
      pastRounds: model.pastRounds,
    },
    inputs: { slip, probs: [...chosen.probs], plenoModel },
  };
}

/** The pool is played by the group: 404 otherwise. Its number, for the audit's subject. */
async function playedPool(db: Db, groupId: number, quinielaId: number): Promise<number> {
  const row = await db.one<{ number: number }>(
    `select q.number from group_quinielas gq join quinielas q on q.id = gq.quiniela_id where gq.group_id = $1 and gq.quiniela_id = $2`,
    [groupId, quinielaId],
  );
  if (!row) throw notFound(LIVE_NOT_PLAYED);
  return row.number;
}

/** GET /Group/{id}/Live for a caller: the shared view, and whether they may type scores in this group. */
export async function liveFor(deps: Deps, user: AuthUser, groupId: number, quinielaId?: number): Promise<LiveRound> {
  const view = await liveRound(deps, groupId, quinielaId);
  const manager =
    user.isAdmin ||
    Boolean(await deps.db.one(`select 1 from group_members where group_id = $1 and user_id = $2 and role_id = 2 and removed_at is null`, [groupId, user.id]));
  return { ...view, canEdit: manager };
}

/**
 * GET /Group/{id}/LiveVersion: in one statement, the round the live page would show (as roundInPlay
 * picks it), what its view is computed from (as versionOf reads it), the group's row version (its
 * name), whether the round is closed by now (a view variant: what may be shown of each player while
 * it is open) and whether the caller may type scores. The BFF's validator and its rendered-bytes
 * cache are keyed by it (decision 067): nothing of the view is computed here.
 */
export async function liveVersionFor(deps: Deps, user: AuthUser, groupId: number, quinielaId?: number): Promise<{ version: string }> {
  const row = await deps.db.one<{ v: string }>(
    `with r as (
       select gq.quiniela_id, gq.close_date
         from group_quinielas gq join quinielas q on q.id = gq.quiniela_id
         left join quiniela_results res on res.quiniela_id = gq.quiniela_id
        where gq.group_id = $1 and ($2::int is null or gq.quiniela_id = $2) and ($2::int is not null or gq.open_date <= $3)
        order by (res.quiniela_id is null) desc,
                 case when res.quiniela_id is null then gq.close_date end asc,
                 gq.close_date desc, q.number desc
        limit 1)
     select concat_ws('.', r.quiniela_id,
        (select version from quiniela_results where quiniela_id = r.quiniela_id),
        greatest((select max(rev) from provisional_results where quiniela_id = r.quiniela_id), (select rev from provisional_clears where quiniela_id = r.quiniela_id)),
        (select xmin::text from bets where group_id = $1 and quiniela_id = r.quiniela_id),
        (select count(*) || '-' || coalesce(max(updated_at)::text, '') from predictions where group_id = $1 and quiniela_id = r.quiniela_id),
        (select xmin::text from groups where id = $1),
        case when r.close_date <= $3 then 'closed' else 'open' end,
        case when $5::boolean or exists (select 1 from group_members where group_id = $1 and user_id = $4 and role_id = 2 and removed_at is null)
             then 'manager' else 'member' end) as v
       from r`,
    [groupId, quinielaId ?? null, deps.clock(), user.id, user.isAdmin],
  );
  // No round in play: the page says so, and that answer is as kept as any other until a round opens.
  return { version: row?.v ?? `none.${quinielaId ?? ""}` };
}

/** Whose entry a caller's is in this group: its manager's (the group's), else an admin's. */
async function sourceOf(db: Db, user: AuthUser, groupId: number): Promise<{ source: "group" | "admin"; groupId: number | null }> {
  const manager = await db.one(`select 1 from group_members where group_id = $1 and user_id = $2 and role_id = 2 and removed_at is null`, [groupId, user.id]);
  return manager || !user.isAdmin ? { source: "group", groupId } : { source: "admin", groupId: null };
}

export interface ProvisionalWrite {
  quinielaId: number;
  position: number;
  score: Score | null;
  source: "group" | "admin" | "feed";
  groupId: number | null;
  actorId: number | null;
  actorName?: string;
  subject: string;
  auditGroupId: number | null;
}

/** Writes (or clears) one provisional score in `tx`, which holds the pool's row; audited; false when nothing changed. */
export async function writeProvisional(tx: Db, at: Date, w: ProvisionalWrite): Promise<boolean> {
  const before = await tx.one<{ home_goals: number; away_goals: number }>(
    `select home_goals, away_goals from provisional_results where quiniela_id = $1 and position = $2 and source = $3 and coalesce(group_id, 0) = coalesce($4::int, 0)`,
    [w.quinielaId, w.position, w.source, w.groupId],
  );
  const was = before ? { home: before.home_goals, away: before.away_goals } : null;
  if ((was === null && w.score === null) || (was && w.score && was.home === w.score.home && was.away === w.score.away)) return false;
  if (w.score) {
    await tx.query(
      `insert into provisional_results (quiniela_id, position, home_goals, away_goals, source, group_id, set_by, at) values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (quiniela_id, position, source, coalesce(group_id, 0))
       do update set home_goals = excluded.home_goals, away_goals = excluded.away_goals, set_by = excluded.set_by, at = excluded.at, rev = nextval('provisional_rev')`,
      [w.quinielaId, w.position, w.score.home, w.score.away, w.source, w.groupId, w.actorId, at],
    );
  } else {
    await tx.query(
      `delete from provisional_results where quiniela_id = $1 and position = $2 and source = $3 and coalesce(group_id, 0) = coalesce($4::int, 0)`,
      [w.quinielaId, w.position, w.source, w.groupId],
    );
    await tx.query(
      `insert into provisional_clears (quiniela_id, rev) values ($1, nextval('provisional_rev')) on conflict (quiniela_id) do update set rev = excluded.rev`,
      [w.quinielaId],
    );
  }
  await recordAudit(tx, {
    at,
    actorId: w.actorId,
    actorName: w.actorName,
    groupId: w.auditGroupId,
    action: w.score ? "provisional.set" : "provisional.clear",
    entity: "provisional_result",
    entityId: w.quinielaId,
    subject: w.subject,
    before: was ? { position: w.position, ...was, source: w.source } : null,
    after: w.score ? { position: w.position, ...w.score, source: w.source } : null,
  });
  return true;
}

/** Locks the pool and refuses once it has official results (409): they replace every provisional score. */
export async function lockLivePool(tx: Db, quinielaId: number): Promise<void> {
  await tx.query("select id from quinielas where id = $1 for update", [quinielaId]);
  const official = await tx.one("select 1 from quiniela_results where quiniela_id = $1", [quinielaId]);
  if (official) throw conflict(PROVISIONAL_AFTER_OFFICIAL);
}

/** POST /Group/{id}/ProvisionalResult: a manager of the group (or an admin) types a score, once the group's round is closed (decision 061). */
export async function setProvisional(deps: Deps, user: AuthUser, groupId: number, body: ProvisionalBody): Promise<LiveRound> {
  const number = await playedPool(deps.db, groupId, body.quinielaId);
  const who = await sourceOf(deps.db, user, groupId);
  await deps.db.tx(async (tx) => {
    await lockLivePool(tx, body.quinielaId);
    const open = await tx.one(`select 1 from group_quinielas gq where gq.group_id = $1 and gq.quiniela_id = $2 and not ${roundClosedSql("gq", "$3")}`, [
      groupId,
      body.quinielaId,
      deps.clock(),
    ]);
    if (open) throw conflict(provisionalWhileOpen(number));
    await writeProvisional(tx, deps.clock(), {
      quinielaId: body.quinielaId,
      position: body.position,
      score: body.score,
      ...who,
      actorId: user.id,
      subject: `Jornada ${number} · ${body.position === 15 ? "Pleno al 15" : `Partido ${body.position}`}`,
      auditGroupId: groupId,
    });
  });
  return liveRound(deps, groupId, body.quinielaId);
}
