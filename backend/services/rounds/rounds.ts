import { closeAfterOfficial, closesInTime, type BlockedUser, type GroupRound, type GroupRoundDetail } from "#core/contract/rounds";
import { roundStatus } from "#core/domain/rounds/round-status";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { badRequest, conflict, notFound } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { resultsCompleteSql } from "./closed-sql";
import { refreshTouched } from "../shelf/standings-store";
import { NOT_A_MEMBER } from "../group/group";
import { assertRowVersion } from "../shelf/versions";

export const ROUND_NOT_FOUND = "Esta jornada no está configurada para el grupo.";
export const REOPEN_WITH_RESULTS = "Esta quiniela ya tiene resultados oficiales: la jornada no se puede reabrir.";

interface RoundRow {
  id: number;
  group_id: number;
  quiniela_id: number;
  season_id: number;
  number: number;
  open_date: Date;
  close_date: Date;
  force_closed: boolean;
  type_quiniela_id: number;
  type_name: string;
  num_double: number;
  num_triple: number;
  description: string;
  version: number;
  reopened_at: Date | null;
  results_complete: boolean;
}

const SELECT_ROUND = `
  select gq.id, gq.group_id, gq.quiniela_id, q.season_id, q.number, gq.open_date, gq.close_date, gq.force_closed, gq.version, gq.reopened_at,
         gq.type_quiniela_id, pt.name as type_name, pt.num_double, pt.num_triple,
         coalesce(nullif(gq.description, ''), pt.description) as description,
         ${resultsCompleteSql("gq.quiniela_id")} as results_complete
    from group_quinielas gq
    join quinielas q on q.id = gq.quiniela_id
    join pool_types pt on pt.id = gq.type_quiniela_id`;

/** The round as the contract shows it, its state computed at the backend's clock. */
function toRound(row: RoundRow, now: Date): GroupRound {
  // Complete official results end the round before its close date, as the round-close job has it (decision 015).
  const { state, reason } = roundStatus(
    { openDate: row.open_date, closeDate: row.close_date, forceClosed: row.force_closed, resultsComplete: row.results_complete },
    now,
  );
  return {
    id: row.id,
    groupId: row.group_id,
    quinielaId: row.quiniela_id,
    seasonId: row.season_id,
    numberQuiniela: row.number,
    openDate: new Date(row.open_date).toISOString(),
    closeDate: new Date(row.close_date).toISOString(),
    forceClosed: row.force_closed,
    typeQuinielaId: row.type_quiniela_id,
    typeName: row.type_name,
    numDouble: row.num_double,
    numTriple: row.num_triple,
    description: row.description,
    state,
    reason,
    version: row.version,
    reopenedAt: row.reopened_at ? new Date(row.reopened_at).toISOString() : null,
  };
}

export async function roundsOfGroup(deps: Deps, groupId: number): Promise<GroupRound[]> {
  const rows = await deps.db.query<RoundRow>(`${SELECT_ROUND} where gq.group_id = $1 order by gq.open_date, q.number`, [groupId]);
  const now = deps.clock();
  return rows.map((row) => toRound(row, now));
}

/** One group's round of one pool, or null when the group has not configured it. */
export async function findRound(deps: Deps, groupId: number, quinielaId: number): Promise<GroupRound | null> {
  const row = await deps.db.one<RoundRow>(`${SELECT_ROUND} where gq.group_id = $1 and gq.quiniela_id = $2`, [groupId, quinielaId]);
  return row ? toRound(row, deps.clock()) : null;
}

export async function roundDetail(deps: Deps, groupId: number, quinielaId: number): Promise<GroupRoundDetail> {
  const round = await findRound(deps, groupId, quinielaId);
  if (!round) throw notFound(ROUND_NOT_FOUND);
  const blocked = await deps.db.query<{ user_id: number }>("select user_id from group_quiniela_blocks where group_quiniela_id = $1 order by user_id", [
    round.id,
  ]);
  return { ...round, blockedUserIds: blocked.map((b) => b.user_id) };
}

/** The group a round belongs to, so the caller's rights can be checked before anything else. */
export async function roundOwner(db: Db, groupQuinielaId: number): Promise<{ groupId: number }> {
  const row = await db.one<{ group_id: number }>("select group_id from group_quinielas where id = $1", [groupQuinielaId]);
  if (!row) throw notFound("Jornada no encontrada.");
  return { groupId: row.group_id };
}

/** Whether a user is blocked from predicting this group's round of this pool. */
export async function isBlocked(db: Db, groupId: number, quinielaId: number, userId: number): Promise<boolean> {
  const row = await db.one(
    `select 1 from group_quiniela_blocks b join group_quinielas gq on gq.id = b.group_quiniela_id
      where gq.group_id = $1 and gq.quiniela_id = $2 and b.user_id = $3`,
    [groupId, quinielaId, userId],
  );
  return Boolean(row);
}

/** Whether the pool has official results: a sign or the pleno set (an empty row is not a result). */
export async function hasOfficialResults(db: Db, quinielaId: number): Promise<boolean> {
  const row = await db.one(
    `select 1 from quiniela_results
      where quiniela_id = $1 and (pleno_home is not null or exists (select 1 from jsonb_array_elements(matches) e where e <> 'null'::jsonb))`,
    [quinielaId],
  );
  return Boolean(row);
}

interface Configure {
  groupId: number;
  quinielaId: number;
  openDate: Date;
  closeDate: Date;
  forceClosed: boolean;
  typeQuinielaId: number;
  version?: number;
}

/** What the audit trail keeps of a round, before and after a change. */
const roundSnapshot = (r: { open_date: Date; close_date: Date; force_closed: boolean; type_name: string }) => ({
  openDate: new Date(r.open_date).toISOString(),
  closeDate: new Date(r.close_date).toISOString(),
  forceClosed: r.force_closed,
  typeName: r.type_name,
});

type Next = { openDate: Date; closeDate: Date; forceClosed: boolean; typeQuinielaId: number };

/**
 * Writes a round's new settings in the caller's transaction, after the rules a manager cannot get
 * around (docs/decisions/015): the stored version must be the one the form was loaded from, and a
 * closed round opens again only while its pool has no official results; a reopening is dated, so
 * the predictions written after it are marked late, and it is recorded in the audit trail.
 */
async function changeRound(deps: Deps, tx: Db, actorId: number, current: RoundRow, next: Next, sentVersion: number | undefined) {
  assertRowVersion(current.version, sentVersion, "La jornada");
  const now = deps.clock();
  const was = roundStatus({ openDate: current.open_date, closeDate: current.close_date, forceClosed: current.force_closed }, now).state;
  const will = roundStatus(next, now).state;
  const reopening = was === "closed" && will !== "closed";
  if (reopening && (await hasOfficialResults(tx, current.quiniela_id))) throw conflict(REOPEN_WITH_RESULTS);
  if (next.typeQuinielaId !== current.type_quiniela_id) {
    // A pick is valid only against the type it was made for.
    const predicted = await tx.one("select 1 from predictions where group_id = $1 and quiniela_id = $2 limit 1", [current.group_id, current.quiniela_id]);
    if (predicted) throw conflict("Ya hay pronósticos en esta jornada: no se puede cambiar el tipo de quiniela.");
  }
  await tx.query(
    `update group_quinielas set open_date = $2, close_date = $3, force_closed = $4, type_quiniela_id = $5,
            version = version + 1, reopened_at = case when $6::boolean then $7::timestamptz else reopened_at end
      where id = $1`,
    [current.id, next.openDate, next.closeDate, next.forceClosed, next.typeQuinielaId, reopening, now],
  );
  const after = await tx.one<RoundRow>(`${SELECT_ROUND} where gq.id = $1`, [current.id]);
  const action = reopening
    ? "round.reopen"
    : next.forceClosed && !current.force_closed
      ? "round.force-close"
      : next.typeQuinielaId !== current.type_quiniela_id
        ? "round.type"
        : "round.dates";
  const changed = JSON.stringify(roundSnapshot(current)) !== JSON.stringify(roundSnapshot(after!));
  if (changed || reopening) {
    await recordAudit(tx, {
      at: now,
      actorId,
      groupId: current.group_id,
      action,
      entity: "round",
      entityId: current.id,
      subject: `Jornada ${current.number}`,
      before: roundSnapshot(current),
      after: reopening ? { ...roundSnapshot(after!), reopenedAt: now.toISOString() } : roundSnapshot(after!),
    });
  }
}

/**
 * Refuses a round left open past its pool's official close (decision 065): its players would pick
 * after kick-off. A forced close ends the round now, whatever date it keeps.
 */
async function assertClosesInTime(tx: Db, quinielaId: number, next: { closeDate: Date; forceClosed: boolean }) {
  if (next.forceClosed) return;
  const pool = await tx.one<{ closing_date: Date }>("select closing_date from quinielas where id = $1", [quinielaId]);
  if (pool && !closesInTime(next.closeDate, pool.closing_date)) throw badRequest(closeAfterOfficial(pool.closing_date));
}

const lockRound = (tx: Db, groupId: number, quinielaId: number) =>
  tx.one<RoundRow>(`${SELECT_ROUND} where gq.group_id = $1 and gq.quiniela_id = $2 for update of gq`, [groupId, quinielaId]);

/** Creates the group's round of a pool, or sets its dates, type and forced close again. */
export async function configure(deps: Deps, actorId: number, input: Configure): Promise<{ round: GroupRoundDetail; created: boolean }> {
  const created = await deps.db.tx(async (tx) => {
    // A catalogue pool, or the group's own past jornada; another peña's own is not found (decision 062).
    if (!(await tx.one("select 1 from quinielas where id = $1 and (owner_group_id is null or owner_group_id = $2)", [input.quinielaId, input.groupId]))) {
      throw notFound("Quiniela no encontrada.");
    }
    if (!(await tx.one("select 1 from pool_types where id = $1", [input.typeQuinielaId]))) throw badRequest("Tipo de quiniela no válido.");
    await assertClosesInTime(tx, input.quinielaId, input);
    const existing = await lockRound(tx, input.groupId, input.quinielaId);
    if (existing) {
      await changeRound(deps, tx, actorId, existing, input, input.version);
      await refreshTouched(tx, deps.clock());
      return false;
    }
    const row = await tx.one<{ id: number }>(
      `insert into group_quinielas (group_id, quiniela_id, open_date, close_date, force_closed, type_quiniela_id)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (group_id, quiniela_id) do nothing returning id`,
      [input.groupId, input.quinielaId, input.openDate, input.closeDate, input.forceClosed, input.typeQuinielaId],
    );
    // Two managers activating the same pool at once: the second is told, not silently overwritten.
    if (!row) throw conflict("Otra persona acaba de activar esta jornada. Revisa sus valores y vuelve a guardar.");
    const created = (await tx.one<RoundRow>(`${SELECT_ROUND} where gq.id = $1`, [row.id]))!;
    await recordAudit(tx, {
      at: deps.clock(),
      actorId,
      groupId: input.groupId,
      action: "round.configure",
      entity: "round",
      entityId: row.id,
      subject: `Jornada ${created.number}`,
      before: null,
      after: roundSnapshot(created),
    });
    await refreshTouched(tx, deps.clock());
    return true;
  });
  return { round: await roundDetail(deps, input.groupId, input.quinielaId), created };
}

/** New dates; the forced-close flag changes only when it is sent. */
export async function updateStatus(
  deps: Deps,
  actorId: number,
  input: Omit<Configure, "typeQuinielaId" | "forceClosed"> & { forceClosed?: boolean },
): Promise<GroupRoundDetail> {
  await deps.db.tx(async (tx) => {
    const current = await lockRound(tx, input.groupId, input.quinielaId);
    if (!current) throw notFound(ROUND_NOT_FOUND);
    const next = {
      openDate: input.openDate,
      closeDate: input.closeDate,
      forceClosed: input.forceClosed ?? current.force_closed,
      typeQuinielaId: current.type_quiniela_id,
    };
    await assertClosesInTime(tx, input.quinielaId, next);
    await changeRound(deps, tx, actorId, current, next, input.version);
    await refreshTouched(tx, deps.clock());
  });
  return roundDetail(deps, input.groupId, input.quinielaId);
}

/** Blocking and unblocking, each recorded with the member's name, in the same transaction. */
async function setBlocked(deps: Deps, groupQuinielaId: number, userId: number, actorId: number, blocked: boolean) {
  await deps.db.tx(async (tx) => {
    const round = await tx.one<{ group_id: number; number: number }>(
      "select gq.group_id, q.number from group_quinielas gq join quinielas q on q.id = gq.quiniela_id where gq.id = $1 for update of gq",
      [groupQuinielaId],
    );
    if (!round) throw notFound("Jornada no encontrada.");
    const member = await tx.one<{ username: string }>(
      "select coalesce(m.display_name, u.username) as username from group_members m join users u on u.id = m.user_id where m.group_id = $1 and m.user_id = $2 and m.removed_at is null",
      [round.group_id, userId],
    );
    if (blocked && !member) throw notFound(NOT_A_MEMBER);
    const changed = blocked
      ? await tx.one(
          `insert into group_quiniela_blocks (group_quiniela_id, user_id, blocked_at, blocked_by) values ($1, $2, $3, $4)
           on conflict (group_quiniela_id, user_id) do nothing returning user_id`,
          [groupQuinielaId, userId, deps.clock(), actorId],
        )
      : await tx.one("delete from group_quiniela_blocks where group_quiniela_id = $1 and user_id = $2 returning user_id", [groupQuinielaId, userId]);
    if (!changed) return;
    const username = member?.username ?? (await tx.one<{ username: string }>("select username from users where id = $1", [userId]))?.username ?? "";
    await recordAudit(tx, {
      at: deps.clock(),
      actorId,
      groupId: round.group_id,
      action: blocked ? "round.block" : "round.unblock",
      entity: "round",
      entityId: groupQuinielaId,
      subject: `Jornada ${round.number}`,
      before: { username, blocked: !blocked },
      after: { username, blocked },
    });
  });
  return { groupQuinielaId, userId, blocked };
}

export const block = (deps: Deps, groupQuinielaId: number, userId: number, actorId: number) => setBlocked(deps, groupQuinielaId, userId, actorId, true);

export const unblock = (deps: Deps, groupQuinielaId: number, userId: number, actorId: number) => setBlocked(deps, groupQuinielaId, userId, actorId, false);

export async function blockedUsers({ db }: Deps, groupQuinielaId: number): Promise<BlockedUser[]> {
  const rows = await db.query<{ user_id: number; username: string; blocked_at: Date }>(
    `select b.user_id, member_name(gq.group_id, u.id) as username, b.blocked_at from group_quiniela_blocks b join users u on u.id = b.user_id
       join group_quinielas gq on gq.id = b.group_quiniela_id
      where b.group_quiniela_id = $1 order by lower(member_name(gq.group_id, u.id))`,
    [groupQuinielaId],
  );
  return rows.map((r) => ({ userId: r.user_id, username: r.username, blockedAt: new Date(r.blocked_at).toISOString() }));
}

/** A group's round with what a write to it checks: its dates, its type, whether it was reopened. */
export interface HeldRound {
  id: number;
  number: number;
  open_date: Date;
  close_date: Date;
  force_closed: boolean;
  reopened_at: Date | null;
  num_double: number;
  num_triple: number;
}

/**
 * The group's round, held until the transaction ends: `share` for a save (saves of one round pass
 * each other, and a close waits for them and is seen by every later save), `update` for a write
 * that must be alone on it (generating the group bet).
 */
export async function holdRound(tx: Db, groupId: number, quinielaId: number, mode: "share" | "update"): Promise<HeldRound | undefined> {
  return tx.one<HeldRound>(
    `select gq.id, q.number, gq.open_date, gq.close_date, gq.force_closed, gq.reopened_at, pt.num_double, pt.num_triple
       from group_quinielas gq join pool_types pt on pt.id = gq.type_quiniela_id join quinielas q on q.id = gq.quiniela_id
      where gq.group_id = $1 and gq.quiniela_id = $2
      for ${mode === "share" ? "share" : "update"} of gq`,
    [groupId, quinielaId],
  );
}
