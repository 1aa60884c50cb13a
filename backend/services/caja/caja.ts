import {
  ALREADY_REVERSED,
  type Caja,
  type CajaRules,
  type CajaRulesBody,
  CORRECTION_NOT_REVERSIBLE,
  KEY_REUSED,
  KIND_LABELS,
  type Movement,
  MOVEMENT_NOT_FOUND,
  type MovementBody,
  ROTA_NOT_MEMBERS,
} from "#core/contract/caja";
import { staleMessage } from "#core/contract/audit";
import { type MovementKind, signedAmount } from "#core/domain/caja/caja";
import type { AuthUser, Deps } from "../../context";
import type { Db } from "../../db/db";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../errors";
import { recordAudit } from "../shelf/audit";

import { managesGroup } from "../group/group";
import { lateTickets, syncCaja } from "./automatic-charges";
import {
  auditMovement,
  balancesShown,
  cajaRules,
  ledgerTotals,
  lockCajaShared,
  movementById,
  MOVEMENT_SELECT,
  toMovement,
  type Inserted,
  type MovementRow,
} from "./ledger";

export interface CajaFilter {
  member?: number;
  kind?: MovementKind;
  /** One page: at most this many, the newest first (decision 042); without it, up to 1000. */
  limit?: number;
  /** Only movements older than this one, in the page's order (recorded, then id). */
  before?: number;
}

/**
 * GET /group/{id}/caja: the caller is a member, a manager or an admin (checked by the route). A read
 * writes nothing: the automatic charges are the round-close job's (backend/services/close/close-job.ts).
 */
export async function readCaja(deps: Deps, caller: AuthUser, groupId: number, filter: CajaFilter): Promise<Caja> {
  const { db } = deps;
  const canWrite = await managesGroup(db, caller, groupId);
  const rules = await cajaRules(db, groupId);
  const group = await db.one<{ name: string }>("select name from groups where id = $1", [groupId]);
  const totals = await ledgerTotals(db, groupId);
  // Every current member, and anyone no longer a member who still has money on the books.
  const people = await db.query<{ user_id: number; username: string }>(
    `select u.id as user_id, member_name($1, u.id) as username from users u
      where u.id in (select user_id from group_members where group_id = $1 and removed_at is null)
         or u.id in (select user_id from caja_movements where group_id = $1 and user_id is not null)
      order by lower(member_name($1, u.id))`,
    [groupId],
  );
  const shown = await balancesShown(db, caller, groupId, rules.hideBalances);
  const members = people.map((p) => ({
    userId: p.user_id,
    username: p.username,
    balanceCents: shown(p.user_id) ? (totals.balances.get(p.user_id) ?? 0) : null,
  }));
  const isMember = people.some((p) => p.user_id === caller.id);
  const params: unknown[] = [groupId];
  const where = ["m.group_id = $1"];
  if (!canWrite) where.push(`(m.user_id is null or m.user_id = $${params.push(caller.id)})`);
  if (filter.member) where.push(`m.user_id = $${params.push(filter.member)}`);
  if (filter.kind) where.push(`m.kind = $${params.push(filter.kind)}`);
  if (filter.before) {
    const at = `(select recorded_at, id from caja_movements where group_id = $1 and id = $${params.push(filter.before)})`;
    where.push(`(m.recorded_at, m.id) < ${at}`);
  }
  const limit = filter.limit ?? 1000;
  const found = await db.query<MovementRow>(
    `${MOVEMENT_SELECT} where ${where.join(" and ")} order by m.recorded_at desc, m.id desc limit ${limit + (filter.limit ? 1 : 0)}`,
    params,
  );
  const rows = found.slice(0, limit);
  const nextBefore = filter.limit && found.length > limit ? rows[rows.length - 1].id : null;
  return {
    groupId,
    groupName: group?.name ?? "",
    canWrite,
    potCents: totals.pot,
    fundCents: totals.fund,
    me: isMember ? { userId: caller.id, balanceCents: totals.balances.get(caller.id) ?? 0 } : null,
    members,
    movements: rows.map(toMovement),
    nextBefore,
    rules,
    lateTickets: canWrite && !rules.payTicket ? await lateTickets(db, groupId) : null,
  };
}

/** The movement already written with this key, if any; a key reused for other data is a 409. */
async function replay(tx: Db, groupId: number, key: string, same: (m: Movement) => boolean): Promise<Movement | null> {
  const row = await tx.one<{ id: number }>("select id from caja_movements where group_id = $1 and idempotency_key = $2", [groupId, key]);
  if (!row) return null;
  const movement = (await movementById(tx, groupId, row.id))!;
  if (!same(movement)) throw conflict(KEY_REUSED);
  return movement;
}

/**
 * POST /group/{id}/caja/movements (manager or admin, checked by the route): the movement and its
 * audit record in one transaction. The same idempotency key sent again answers the first movement
 * (`created: false`) and writes nothing.
 */
export async function addMovement(deps: Deps, caller: AuthUser, groupId: number, body: MovementBody): Promise<{ movement: Movement; created: boolean }> {
  const now = deps.clock();
  const amount = signedAmount(body.kind, body.amountCents);
  const userId = body.userId ?? null;
  const same = (m: Movement) => m.kind === body.kind && m.amountCents === amount && m.userId === userId;
  return deps.db.tx(async (tx) => {
    await lockCajaShared(tx, groupId);
    const earlier = await replay(tx, groupId, body.idempotencyKey, same);
    if (earlier) return { movement: earlier, created: false };
    if (userId !== null) {
      const known = await tx.one(
        `select 1 from group_members where group_id = $1 and user_id = $2
          union all select 1 from caja_movements where group_id = $1 and user_id = $2 limit 1`,
        [groupId, userId],
      );
      if (!known) throw notFound("Ese usuario no es miembro del grupo.");
    }
    const row = await tx.one<Inserted>(
      `insert into caja_movements (group_id, user_id, kind, amount_cents, reference, recorded_by, recorded_at, idempotency_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (group_id, idempotency_key) do nothing
       returning id, user_id, amount_cents, reference, kind`,
      [groupId, userId, body.kind, amount, body.reference, caller.id, now, body.idempotencyKey],
    );
    // Sent twice at once: the other request wrote it first, and this one answers its movement.
    if (!row) return { movement: (await replay(tx, groupId, body.idempotencyKey, same))!, created: false };
    await auditMovement(tx, now, caller.id, groupId, row);
    return { movement: (await movementById(tx, groupId, row.id))!, created: true };
  });
}

/**
 * POST /group/{id}/caja/movements/{mid}/reverse: a correction of the exact opposite amount. The
 * original is locked first, so two managers reversing it at once write one correction; a form
 * loaded before someone else reversed it gets a 409 with the reason.
 */
export async function reverseMovement(
  deps: Deps,
  caller: AuthUser,
  groupId: number,
  movementId: number,
  body: { reference: string; idempotencyKey: string },
): Promise<{ movement: Movement; created: boolean }> {
  const now = deps.clock();
  try {
    return await deps.db.tx(async (tx) => {
      await lockCajaShared(tx, groupId);
      const earlier = await replay(tx, groupId, body.idempotencyKey, (m) => m.reversesId === movementId);
      if (earlier) return { movement: earlier, created: false };
      const original = await tx.one<{
        id: number;
        kind: MovementKind;
        user_id: number | null;
        amount_cents: number;
        reference: string;
        season_id: number | null;
      }>("select id, kind, user_id, amount_cents, reference, season_id from caja_movements where id = $1 and group_id = $2 for update", [movementId, groupId]);
      if (!original) throw notFound(MOVEMENT_NOT_FOUND);
      if (original.kind === "correction") throw conflict(CORRECTION_NOT_REVERSIBLE);
      if (await tx.one("select 1 from caja_movements where reverses_id = $1", [movementId])) throw conflict(ALREADY_REVERSED);
      const reference = body.reference || `Corrige: ${KIND_LABELS[original.kind]}${original.reference ? ` (${original.reference})` : ""}`;
      const row = await tx.one<Inserted>(
        `insert into caja_movements (group_id, user_id, kind, amount_cents, reference, recorded_by, recorded_at, reverses_id, idempotency_key, season_id)
         values ($1, $2, 'correction', $3, $4, $5, $6, $7, $8, $9)
         returning id, user_id, amount_cents, reference, kind`,
        [groupId, original.user_id, -original.amount_cents, reference.slice(0, 120), caller.id, now, movementId, body.idempotencyKey, original.season_id],
      );
      await auditMovement(tx, now, caller.id, groupId, row!, movementId);
      return { movement: (await movementById(tx, groupId, row!.id))!, created: true };
    });
  } catch (error) {
    // Two corrections racing past the lock (or the same key twice at once): the loser is told why.
    if (!isUniqueViolation(error)) throw error;
    const same = await deps.db.one<{ id: number; reverses_id: number | null }>(
      "select id, reverses_id from caja_movements where group_id = $1 and idempotency_key = $2",
      [groupId, body.idempotencyKey],
    );
    if (same?.reverses_id === movementId) return { movement: (await movementById(deps.db, groupId, same.id))!, created: false };
    throw conflict(ALREADY_REVERSED);
  }
}

/**
 * PUT /group/{id}/caja/rules (manager or admin): versioned like every edit form (decision 015). A
 * rule turned on charges the season's rounds closed so far, right away.
 */
export async function updateRules(deps: Deps, caller: AuthUser, groupId: number, body: CajaRulesBody): Promise<CajaRules> {
  const rules = await writeRules(deps, caller, groupId, body);
  await syncCaja(deps, groupId);
  return rules;
}

const writeRules = (deps: Deps, caller: AuthUser, groupId: number, body: CajaRulesBody): Promise<CajaRules> =>
  deps.db.tx((tx) => writeCajaRules(tx, deps.clock(), caller.id, groupId, body));

/**
 * Writes the caja's rules in the caller's transaction: the whole form (`updateRules`), or only the
 * fields given (the week's rule says whether the pot pays the ticket: backend/services/week/rule.ts).
 * Whoever writes them, they are versioned and in the caja's audit trail, and only this room writes
 * them; the charges they make due are the caller's to write after the commit (`syncCaja`).
 */
export async function writeCajaRules(tx: Db, now: Date, actorId: number | null, groupId: number, change: Partial<CajaRulesBody>): Promise<CajaRules> {
  const before = await cajaRules(tx, groupId);
  if (change.version !== undefined && change.version !== before.version) throw conflict(staleMessage("Las normas de la caja"));
  const body: CajaRules = { ...before, ...(Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) as Partial<CajaRules>) };
  if (change.stampRota?.length) {
    const known = await tx.query<{ user_id: number }>(
      "select user_id from group_members where group_id = $1 and removed_at is null and user_id = any($2::int[])",
      [groupId, body.stampRota],
    );
    if (known.length !== new Set(body.stampRota).size) throw badRequest(ROTA_NOT_MEMBERS);
  }
  const rota = JSON.stringify(body.stampRota);
  await tx.query(
    `insert into caja_rules (group_id, quota_cents, quota_basis, pay_ticket, last_place_fine_cents, hide_balances, best_prize_cents, pina_penalty_cents, stamp_rota, version)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, 1)
     on conflict (group_id) do update set quota_cents = $2, quota_basis = $3, pay_ticket = $4, last_place_fine_cents = $5,
       hide_balances = $6, best_prize_cents = $7, pina_penalty_cents = $8, stamp_rota = $9::jsonb, version = caja_rules.version + 1`,
    [groupId, body.quotaCents, body.quotaBasis, body.payTicket, body.lastPlaceFineCents, body.hideBalances, body.bestPrizeCents, body.pinaPenaltyCents, rota],
  );
  const after = await cajaRules(tx, groupId);
  const { version: _b, ...shownBefore } = before;
  const { version: _a, ...shownAfter } = after;
  await recordAudit(tx, {
    at: now,
    actorId,
    groupId,
    action: "caja.rules",
    entity: "caja",
    subject: "Normas de la caja",
    before: shownBefore,
    after: shownAfter,
  });
  return after;
}
