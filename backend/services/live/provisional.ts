/**
 * Provisional scores (decision 051), stored apart from the official results (migration 023): a
 * manager's or an admin's, typed on the page once the group's round is closed, or the feed's.
 */
import { LIVE_NOT_PLAYED, PROVISIONAL_AFTER_OFFICIAL, provisionalWhileOpen, type LiveRound, type ProvisionalBody } from "#core/contract/live";
import { type Score } from "#core/domain/signs";
import type { AuthUser, Deps } from "../../context";
import type { Db } from "../../db/db";
import { conflict, notFound } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { roundClosedSql } from "../rounds/closed-sql";
import { liveRound } from "./view";

/** The pool is played by the group: 404 otherwise. Its number, for the audit's subject. */
async function playedPool(db: Db, groupId: number, quinielaId: number): Promise<number> {
  const row = await db.one<{ number: number }>(
    `select q.number from group_quinielas gq join quinielas q on q.id = gq.quiniela_id where gq.group_id = $1 and gq.quiniela_id = $2`,
    [groupId, quinielaId],
  );
  if (!row) throw notFound(LIVE_NOT_PLAYED);
  return row.number;
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
