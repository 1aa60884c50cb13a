import type { BlockedUser, GroupRound, GroupRoundDetail } from "#core/contract/group-quiniela";
import { roundStatus } from "#core/domain/round-status";
import type { Deps } from "../context";
import type { Db } from "../db/db";
import { badRequest, conflict, notFound } from "../errors";
import { NOT_A_MEMBER } from "./groups";

export const ROUND_NOT_FOUND = "Esta jornada no está configurada para el grupo.";

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
}

const SELECT_ROUND = `
  select gq.id, gq.group_id, gq.quiniela_id, q.season_id, q.number, gq.open_date, gq.close_date, gq.force_closed,
         gq.type_quiniela_id, pt.name as type_name, pt.num_double, pt.num_triple,
         coalesce(nullif(gq.description, ''), pt.description) as description
    from group_quinielas gq
    join quinielas q on q.id = gq.quiniela_id
    join pool_types pt on pt.id = gq.type_quiniela_id`;

/** The round as the contract shows it, its state computed at the backend's clock. */
function toRound(row: RoundRow, now: Date): GroupRound {
  const { state, reason } = roundStatus({ openDate: row.open_date, closeDate: row.close_date, forceClosed: row.force_closed }, now);
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

interface Configure {
  groupId: number;
  quinielaId: number;
  openDate: Date;
  closeDate: Date;
  forceClosed: boolean;
  typeQuinielaId: number;
}

/** Creates the group's round of a pool, or sets its dates, type and forced close again. */
export async function configure(deps: Deps, input: Configure): Promise<{ round: GroupRoundDetail; created: boolean }> {
  const created = await deps.db.tx(async (tx) => {
    if (!(await tx.one("select 1 from quinielas where id = $1", [input.quinielaId]))) throw notFound("Quiniela no encontrada.");
    if (!(await tx.one("select 1 from pool_types where id = $1", [input.typeQuinielaId]))) throw badRequest("Tipo de quiniela no válido.");
    const existing = await tx.one<{ id: number; type_quiniela_id: number }>(
      "select id, type_quiniela_id from group_quinielas where group_id = $1 and quiniela_id = $2 for update",
      [input.groupId, input.quinielaId],
    );
    if (existing && existing.type_quiniela_id !== input.typeQuinielaId) {
      // A pick is valid only against the type it was made for.
      const predicted = await tx.one("select 1 from predictions where group_id = $1 and quiniela_id = $2 limit 1", [input.groupId, input.quinielaId]);
      if (predicted) throw conflict("Ya hay pronósticos en esta jornada: no se puede cambiar el tipo de quiniela.");
    }
    await tx.query(
      `insert into group_quinielas (group_id, quiniela_id, open_date, close_date, force_closed, type_quiniela_id)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (group_id, quiniela_id) do update
          set open_date = excluded.open_date, close_date = excluded.close_date,
              force_closed = excluded.force_closed, type_quiniela_id = excluded.type_quiniela_id`,
      [input.groupId, input.quinielaId, input.openDate, input.closeDate, input.forceClosed, input.typeQuinielaId],
    );
    return !existing;
  });
  return { round: await roundDetail(deps, input.groupId, input.quinielaId), created };
}

/** New dates; the forced-close flag changes only when it is sent. */
export async function updateStatus(deps: Deps, input: Omit<Configure, "typeQuinielaId" | "forceClosed"> & { forceClosed?: boolean }) {
  const row = await deps.db.one(
    `update group_quinielas set open_date = $3, close_date = $4, force_closed = coalesce($5, force_closed)
      where group_id = $1 and quiniela_id = $2 returning id`,
    [input.groupId, input.quinielaId, input.openDate, input.closeDate, input.forceClosed ?? null],
  );
  if (!row) throw notFound(ROUND_NOT_FOUND);
  return roundDetail(deps, input.groupId, input.quinielaId);
}

export async function block(deps: Deps, groupQuinielaId: number, userId: number, byUserId: number) {
  const { groupId } = await roundOwner(deps.db, groupQuinielaId);
  const member = await deps.db.one("select 1 from group_members where group_id = $1 and user_id = $2 and removed_at is null", [groupId, userId]);
  if (!member) throw notFound(NOT_A_MEMBER);
  await deps.db.query(
    `insert into group_quiniela_blocks (group_quiniela_id, user_id, blocked_at, blocked_by) values ($1, $2, $3, $4)
     on conflict (group_quiniela_id, user_id) do nothing`,
    [groupQuinielaId, userId, deps.clock(), byUserId],
  );
  return { groupQuinielaId, userId, blocked: true };
}

export async function unblock({ db }: Deps, groupQuinielaId: number, userId: number) {
  await db.query("delete from group_quiniela_blocks where group_quiniela_id = $1 and user_id = $2", [groupQuinielaId, userId]);
  return { groupQuinielaId, userId, blocked: false };
}

export async function blockedUsers({ db }: Deps, groupQuinielaId: number): Promise<BlockedUser[]> {
  const rows = await db.query<{ user_id: number; username: string; blocked_at: Date }>(
    `select b.user_id, u.username, b.blocked_at from group_quiniela_blocks b join users u on u.id = b.user_id
      where b.group_quiniela_id = $1 order by lower(u.username)`,
    [groupQuinielaId],
  );
  return rows.map((r) => ({ userId: r.user_id, username: r.username, blockedAt: new Date(r.blocked_at).toISOString() }));
}
