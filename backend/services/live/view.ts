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
import { liveShareText, livePlayers, liveTicket, scoresShown, signOfScore, type ScoreAuthor } from "#core/domain/live/live";
import { isSign, MATCHES, type Score, type Sign } from "#core/domain/signs";
import type { AuthUser, Deps } from "../../context";
import type { Db } from "../../db/db";
import { conflict, notFound } from "../../errors";
import { recordAudit } from "../audit";
import { roundClosedSql } from "../rounds/closed-sql";
import { betById, parseJson, picksOf } from "../bet/row";
import { roundChances, seasonHistory, slipOf } from "../bet/chances";

interface RoundRow {
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
 * What the view depends on, in one statement: the official results' version, the highest `rev` of
 * the pool's provisional scores (and clears), the bet's row version and the round's predictions.
 */
async function versionOf(db: Db, groupId: number, quinielaId: number, open: boolean): Promise<string> {
  const row = await db.one<{ v: string }>(
    `select concat_ws('.', $2::int, ${open ? "'open'" : "'closed'"},
        (select version from quiniela_results where quiniela_id = $2),
        greatest((select max(rev) from provisional_results where quiniela_id = $2), (select rev from provisional_clears where quiniela_id = $2)),
        (select xmin::text from bets where group_id = $1 and quiniela_id = $2),
        (select count(*) || '-' || coalesce(max(updated_at)::text, '') from predictions where group_id = $1 and quiniela_id = $2)) as v`,
    [groupId, quinielaId],
  );
  return row?.v ?? String(quinielaId);
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
  return scoresShown(rows).map((r) =>
    r ? { score: { home: r.home_goals, away: r.away_goals }, source: r.source === "group" ? "grupo" : r.source, at: new Date(r.at) } : null,
  );
}

const held = new Map<string, { version: string; view: LiveRound }>();
const HELD_MAX = 256;
const computing = new Map<string, Promise<LiveRound>>();

/** GET /Group/{id}/Live: the view, computed once per version and instance. */
export async function liveRound(deps: Deps, groupId: number, quinielaId?: number): Promise<LiveRound> {
  const round = await roundInPlay(deps, groupId, quinielaId);
  const version = await versionOf(deps.db, groupId, round.quiniela_id, round.open);
  const key = `${groupId}:${round.quiniela_id}`;
  const kept = held.get(key);
  if (kept && kept.version === version) return kept.view;
  // When a score changes, the thousand readers that ask at once share one computation of the new view.
  const flight = `${key}@${version}`;
  let pending = computing.get(flight);
  if (!pending) {
    pending = computeView(deps, groupId, round, version).finally(() => computing.delete(flight));
    computing.set(flight, pending);
  }
  const view = await pending;
  held.delete(key);
  held.set(key, { version, view });
  if (held.size > HELD_MAX) held.delete(held.keys().next().value as string);
  return view;
}

async function computeView(deps: Deps, groupId: number, round: RoundRow, version: string): Promise<LiveRound> {
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
      `select u.username, p.matches, p.pleno_home, p.pleno_away from predictions p join users u on u.id = p.user_id
        where p.group_id = $1 and p.quiniela_id = $2`,
      [groupId, quinielaId],
    ),
    deps.db.one<{ id: number }>(`select id from bets where group_id = $1 and quiniela_id = $2`, [groupId, quinielaId]),
  ]);
  const officialSigns = official ? (parseJson(official.matches) as unknown[]).map((s): Sign | null => (isSign(s) ? s : null)) : null;
  const officialPleno =
    official && official.pleno_home !== null && official.pleno_away !== null ? { home: official.pleno_home, away: official.pleno_away } : null;
  const rows = matches.map((m) => {
    const k = m.position - 1;
    if (officialSigns) {
      const score = m.position === 15 ? officialPleno : null;
      const sign = m.position === 15 ? null : officialSigns[k];
      return { position: m.position, home: m.home, away: m.away, score, sign, source: "oficial" as const, at: official!.updated_at.toISOString() };
    }
    const p = provisional[k];
    return {
      position: m.position,
      home: m.home,
      away: m.away,
      score: p?.score ?? null,
      sign: p && m.position !== 15 ? signOfScore(p.score) : null,
      source: p?.source ?? null,
      at: p ? p.at.toISOString() : null,
    };
  });
  const played: (Sign | null)[] = Array.from({ length: MATCHES }, (_, k) => rows[k]?.sign ?? null);
  const pleno = rows[MATCHES]?.score ?? null;
  const playedCount = played.filter((s) => s !== null).length;
  const players = round.open
    ? []
    : livePlayers(
        predictions.map((p) => ({ name: p.username, matches: picksOf(p.matches), pleno: { home: p.pleno_home, away: p.pleno_away } })),
        played,
        pleno,
      );
  const bet = betRow ? await liveBet(deps, betRow.id, quinielaId, played, pleno) : null;
  return {
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
}

async function liveBet(deps: Deps, betId: number, quinielaId: number, played: (Sign | null)[], pleno: Score | null): Promise<LiveRound["bet"]> {
  const bet = await betById(deps.db, betId);
  const history = await seasonHistory(deps.db, bet.groupId, bet.seasonId);
  // The same probabilities as the bet page's, chosen by the same rule (decision 066).
  const { model, chosen } = roundChances(history, quinielaId);
  const slip = slipOf(bet);
  const live = liveTicket(slip, chosen.probs, played, pleno, plenoChance(slip.pleno, model.pleno));
  return {
    betId,
    confirmed: bet.confirmBet,
    matches: bet.mergedPrediction.matches,
    columns: live.columns,
    hits: live.hits,
    bestColumn: live.bestColumn,
    alive: live.alive,
    atLeast: live.odds.atLeast,
    categories: live.categories,
    wins: live.wins,
    source: chosen.source,
    prior: chosen.prior,
    weight: chosen.weight,
    pastRounds: model.pastRounds,
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
