/** The ledger's base: its rows, rules, locks and audit (decision 032); the other caja services build on it. */
import { type CajaRules, KIND_LABELS, type Movement } from "#core/contract/caja";
import { type BaseKind, cajaTotals, type MovementKind } from "#core/domain/caja/caja";
import type { AuthUser } from "../../context";
import type { Db } from "../../db/db";
import { managesGroup } from "../group/group";
import { recordAudit } from "../shelf/audit";
import { formatEuros } from "#core/domain/money";
import { LOCK_KEYS } from "../../db/advisory";

/** Who writes the automatic charges in the audit trail. */
export const AUTOMATIC = "Cargo automático de la caja";

export interface MovementRow {
  id: number;
  kind: MovementKind;
  base_kind: BaseKind;
  user_id: number | null;
  username: string | null;
  amount_cents: number;
  reference: string;
  recorded_by_name: string | null;
  recorded_at: Date | string;
  reverses_id: number | null;
  reversed_by_id: number | null;
  season_id: number | null;
  bet_quiniela_id?: number | null;
  receipt_id?: number | null;
  receipt_before_start?: boolean | null;
}

/**
 * The caja's own ticket and prize of a group bet (`auto:ticket:{betId}`, `auto:prize:{betId}`) carry
 * that jornada's resguardo (decision 090): its first photo, preferring one from before the first match.
 */
export const MOVEMENT_SELECT = `
  select m.id, m.kind, coalesce(o.kind, m.kind) as base_kind, m.user_id, member_name(m.group_id, u.id) as username, m.amount_cents, m.reference,
         member_name(m.group_id, rb.id) as recorded_by_name, m.recorded_at, m.reverses_id, r.id as reversed_by_id, m.season_id,
         tb.quiniela_id as bet_quiniela_id, rc.id as receipt_id, rc.before_start as receipt_before_start
    from caja_movements m
    left join caja_movements o on o.id = m.reverses_id
    left join caja_movements r on r.reverses_id = m.id
    left join users u on u.id = m.user_id
    left join users rb on rb.id = m.recorded_by
    left join bets tb on tb.group_id = m.group_id
                     and tb.id = case when m.idempotency_key ~ '^auto:(ticket|prize):[0-9]{1,9}$' then substring(m.idempotency_key from '[0-9]+$')::integer end
    left join lateral (select tr.id, tr.before_start from ticket_receipts tr where tr.group_id = m.group_id and tr.quiniela_id = tb.quiniela_id
                        order by tr.before_start desc, tr.uploaded_at, tr.id limit 1) rc on true`;

export const toMovement = (r: MovementRow): Movement => ({
  id: r.id,
  kind: r.kind,
  baseKind: r.base_kind,
  userId: r.user_id,
  username: r.username,
  amountCents: r.amount_cents,
  reference: r.reference,
  recordedBy: r.recorded_by_name,
  recordedAt: new Date(r.recorded_at).toISOString(),
  reversesId: r.reverses_id,
  reversedById: r.reversed_by_id,
  seasonId: r.season_id,
  ...(r.bet_quiniela_id
    ? { receipt: { quinielaId: r.bet_quiniela_id, file: r.receipt_id ? `${r.receipt_id}.jpg` : null, beforeStart: r.receipt_before_start ?? null } }
    : {}),
});

export async function movementById(db: Db, groupId: number, movementId: number): Promise<Movement | null> {
  const row = await db.one<MovementRow>(`${MOVEMENT_SELECT} where m.group_id = $1 and m.id = $2`, [groupId, movementId]);
  return row ? toMovement(row) : null;
}

interface RulesRow {
  stamp_rota: unknown;
  quota_cents: number;
  quota_basis: "round" | "season";
  pay_ticket: boolean;
  last_place_fine_cents: number;
  hide_balances: boolean;
  best_prize_cents: number;
  pina_penalty_cents: number;
  version: number;
}

const DEFAULT_RULES: RulesRow = {
  stamp_rota: [],
  quota_cents: 0,
  quota_basis: "round",
  pay_ticket: false,
  last_place_fine_cents: 0,
  hide_balances: false,
  best_prize_cents: 500,
  pina_penalty_cents: 0,
  version: 1,
};

export async function cajaRules(db: Db, groupId: number): Promise<CajaRules> {
  const r = (await db.one<RulesRow>("select * from caja_rules where group_id = $1", [groupId])) ?? DEFAULT_RULES;
  return {
    quotaCents: r.quota_cents,
    quotaBasis: r.quota_basis,
    payTicket: r.pay_ticket,
    lastPlaceFineCents: r.last_place_fine_cents,
    hideBalances: r.hide_balances,
    bestPrizeCents: r.best_prize_cents,
    pinaPenaltyCents: r.pina_penalty_cents,
    stampRota: ((typeof r.stamp_rota === "string" ? JSON.parse(r.stamp_rota) : r.stamp_rota) as number[]) ?? [],
    version: r.version,
  };
}

/** Every balance and the pot, summed from the group's movements (decision 032). */
export async function ledgerTotals(db: Db, groupId: number) {
  const all = await db.query<{ kind: MovementKind; base_kind: BaseKind; user_id: number | null; amount_cents: number }>(
    `select m.kind, coalesce(o.kind, m.kind) as base_kind, m.user_id, m.amount_cents
       from caja_movements m left join caja_movements o on o.id = m.reverses_id where m.group_id = $1`,
    [groupId],
  );
  return cajaTotals(all.map((m) => ({ kind: m.kind, baseKind: m.base_kind, userId: m.user_id, amountCents: m.amount_cents })));
}

/**
 * The caja's lock per group (decision 032): every write of movements holds it shared, so payments
 * and charges still run side by side, and the season's settlement holds it alone, so between its
 * last look at the pot and its commit no movement can slip in (on PostgreSQL a statement that began
 * before the settlement committed would not see it). A transaction's lock: it goes with the commit.
 */
export const lockCajaShared = (tx: Db, groupId: number) => tx.query("select pg_advisory_xact_lock_shared($1, $2)", [LOCK_KEYS.caja, groupId]);
export const lockCajaAlone = (tx: Db, groupId: number) => tx.query("select pg_advisory_xact_lock($1, $2)", [LOCK_KEYS.caja, groupId]);

/**
 * Whose money `viewer` may see in the group: everyone's, unless the group hides the others'
 * balances (`hide_balances`) and the viewer does not manage it; then their own only. Every read
 * that carries a member's money asks this: the caja, the settlement, a prize's record.
 * No viewer: the service's own use (a confirmation), which sees all.
 */
export async function balancesShown(db: Db, viewer: AuthUser | undefined, groupId: number, hideBalances: boolean): Promise<(userId: number) => boolean> {
  if (!viewer || !hideBalances || (await managesGroup(db, viewer, groupId))) return () => true;
  return (userId) => userId === viewer.id;
}

export interface Inserted {
  id: number;
  user_id: number | null;
  amount_cents: number;
  reference: string;
  kind: string;
}

const INSERTED = "returning id, user_id, amount_cents, reference, kind";

/**
 * A movement written once under its key, in the caller's transaction (null: that key was written
 * already). With the reversal below, the only way a room other than the caja (an import, a
 * placeholder's link) puts money in the ledger: only the caja writes its tables.
 */
export async function insertMovementOnce(
  tx: Db,
  m: {
    groupId: number;
    userId: number | null;
    kind: string;
    amountCents: number;
    reference: string;
    recordedBy: number | null;
    recordedAt: Date;
    key: string;
    seasonId?: number | null;
  },
): Promise<Inserted | null> {
  return (
    (await tx.one<Inserted>(
      `insert into caja_movements (group_id, user_id, kind, amount_cents, reference, recorded_by, recorded_at, idempotency_key, season_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (group_id, idempotency_key) do nothing ${INSERTED}`,
      [m.groupId, m.userId, m.kind, m.amountCents, m.reference, m.recordedBy, m.recordedAt, m.key, m.seasonId ?? null],
    )) ?? null
  );
}

/** The correction that cancels the group's movement `movementId`, written once under its key (null: written already). */
export async function reverseMovementOnce(
  tx: Db,
  r: { groupId: number; movementId: number; reference: string; recordedBy: number | null; recordedAt: Date; key: string },
): Promise<Inserted | null> {
  return (
    (await tx.one<Inserted>(
      `insert into caja_movements (group_id, user_id, kind, amount_cents, reference, recorded_by, recorded_at, reverses_id, idempotency_key, season_id)
       select group_id, user_id, 'correction', -amount_cents, $3, $4, $5, id, $6, season_id from caja_movements where id = $1 and group_id = $2
       on conflict do nothing ${INSERTED}`,
      [r.movementId, r.groupId, r.reference, r.recordedBy, r.recordedAt, r.key],
    )) ?? null
  );
}

/** The audit record of a movement, written in the movement's own transaction. */
export async function auditMovement(tx: Db, at: Date, actorId: number | null, groupId: number, m: Inserted, reverses?: number) {
  const member = m.user_id === null ? null : await tx.one<{ username: string }>("select member_name($1, $2) as username", [groupId, m.user_id]);
  await recordAudit(tx, {
    at,
    actorId,
    actorName: actorId === null ? AUTOMATIC : undefined,
    groupId,
    action: reverses === undefined ? "caja.movement" : "caja.reverse",
    entity: "caja",
    entityId: m.id,
    subject: `${KIND_LABELS[m.kind as MovementKind] ?? m.kind}${member ? ` · ${member.username}` : " · bote"}`,
    after: {
      kind: KIND_LABELS[m.kind as MovementKind] ?? m.kind,
      amount: formatEuros(m.amount_cents),
      member: member?.username ?? null,
      reference: m.reference,
      ...(reverses === undefined ? {} : { reverses }),
    },
  });
}
