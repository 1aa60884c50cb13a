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
  type Stamper,
} from "#core/contract/caja";
import { staleMessage } from "#core/contract/audit";
import { type BaseKind, cajaTotals, type MovementKind, signedAmount } from "#core/domain/caja";
import { ticketColumns, ticketCost } from "#core/domain/group-bet";
import { eurosToCents } from "#core/domain/money";
import { normalizePick } from "#core/domain/signs";
import { lastPlaced, stampOrder, stamperAt } from "#core/domain/customs";
import type { AuthUser, Deps } from "../context";
import type { Db } from "../db/db";
import { badRequest, conflict, forbidden, notFound } from "../errors";
import { recordAudit } from "./audit";
import { classification } from "./classification";

/** Who writes the automatic charges in the audit trail. */
const AUTOMATIC = "Cargo automático de la caja";

interface MovementRow {
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
}

const MOVEMENT_SELECT = `
  select m.id, m.kind, coalesce(o.kind, m.kind) as base_kind, m.user_id, u.username, m.amount_cents, m.reference,
         rb.username as recorded_by_name, m.recorded_at, m.reverses_id, r.id as reversed_by_id, m.season_id
    from caja_movements m
    left join caja_movements o on o.id = m.reverses_id
    left join caja_movements r on r.reverses_id = m.id
    left join users u on u.id = m.user_id
    left join users rb on rb.id = m.recorded_by`;

const toMovement = (r: MovementRow): Movement => ({
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
});

async function movementById(db: Db, groupId: number, movementId: number): Promise<Movement | null> {
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
export const CAJA_LOCK = 3232;
export const lockCajaShared = (tx: Db, groupId: number) => tx.query("select pg_advisory_xact_lock_shared($1, $2)", [CAJA_LOCK, groupId]);
export const lockCajaAlone = (tx: Db, groupId: number) => tx.query("select pg_advisory_xact_lock($1, $2)", [CAJA_LOCK, groupId]);

/** The caller manages the group (role Gestor) or is an admin. */
export async function managesGroup(db: Db, caller: AuthUser, groupId: number): Promise<boolean> {
  if (caller.isAdmin) return true;
  return !!(await db.one("select 1 from group_members where group_id = $1 and user_id = $2 and role_id = 2 and removed_at is null", [groupId, caller.id]));
}

export interface Inserted {
  id: number;
  user_id: number | null;
  amount_cents: number;
  reference: string;
  kind: string;
}

/** The audit record of a movement, written in the movement's own transaction. */
export async function auditMovement(tx: Db, at: Date, actorId: number | null, groupId: number, m: Inserted, reverses?: number) {
  const member = m.user_id === null ? null : await tx.one<{ username: string }>("select username from users where id = $1", [m.user_id]);
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
      amount: m.amount_cents / 100,
      member: member?.username ?? null,
      reference: m.reference,
      ...(reverses === undefined ? {} : { reverses }),
    },
  });
}

/**
 * The charges the group's rules make by themselves, written on the caja's next read or write after
 * their event: a quota per member who played each closed round (or once per season), the ticket of
 * each confirmed group bet. Each has a key of its own (`auto:quota:{roundId}:{userId}`…), so a
 * second pass, on this instance or another at the same moment, writes nothing. A settled season
 * takes no more charges.
 */
export async function syncAutomaticCharges(db: Db, groupId: number, now: Date): Promise<number> {
  return db.tx(async (tx) => {
    await lockCajaShared(tx, groupId);
    const rules = await cajaRules(tx, groupId);
    const inserted: Inserted[] = [];
    const open = `not exists (select 1 from caja_settlements s where s.group_id = gq.group_id and s.season_id = q.season_id)`;
    if (rules.quotaCents > 0 && rules.quotaBasis === "round") {
      inserted.push(
        ...(await tx.query<Inserted>(
          `insert into caja_movements (group_id, user_id, kind, amount_cents, reference, recorded_at, idempotency_key, season_id)
           select gq.group_id, p.user_id, 'quota', $2::integer, 'Cuota de la jornada ' || q.number, $3::timestamptz, 'auto:quota:' || gq.id || ':' || p.user_id, q.season_id
             from group_quinielas gq
             join quinielas q on q.id = gq.quiniela_id
             join predictions p on p.group_id = gq.group_id and p.quiniela_id = gq.quiniela_id
            where gq.group_id = $1 and (gq.force_closed or gq.close_date <= $3) and ${open}
            order by q.start_date, p.user_id
           on conflict (group_id, idempotency_key) do nothing
           returning id, user_id, amount_cents, reference, kind`,
          [groupId, -rules.quotaCents, now],
        )),
      );
    }
    if (rules.quotaCents > 0 && rules.quotaBasis === "season") {
      inserted.push(
        ...(await tx.query<Inserted>(
          `insert into caja_movements (group_id, user_id, kind, amount_cents, reference, recorded_at, idempotency_key, season_id)
           select distinct gq.group_id, p.user_id, 'quota', $2::integer, 'Cuota de la temporada ' || s.name, $3::timestamptz,
                  'auto:quota:season:' || q.season_id || ':' || p.user_id, q.season_id
             from group_quinielas gq
             join quinielas q on q.id = gq.quiniela_id
             join seasons s on s.id = q.season_id
             join predictions p on p.group_id = gq.group_id and p.quiniela_id = gq.quiniela_id
            where gq.group_id = $1 and (gq.force_closed or gq.close_date <= $3) and ${open}
           on conflict (group_id, idempotency_key) do nothing
           returning id, user_id, amount_cents, reference, kind`,
          [groupId, -rules.quotaCents, now],
        )),
      );
    }
    if (rules.payTicket) {
      const bets = await tx.query<{ id: number; matches: unknown; bet_price: number; number: number; season_id: number }>(
        `select b.id, b.matches, s.bet_price, q.number, q.season_id
           from bets b join quinielas q on q.id = b.quiniela_id join seasons s on s.id = q.season_id
           join group_quinielas gq on gq.group_id = b.group_id and gq.quiniela_id = b.quiniela_id
          where b.group_id = $1 and b.confirmed and ${open}
            and not exists (select 1 from caja_movements c where c.group_id = b.group_id and c.idempotency_key = 'auto:ticket:' || b.id)
          order by q.start_date`,
        [groupId],
      );
      for (const bet of bets) {
        const picks = (typeof bet.matches === "string" ? JSON.parse(bet.matches) : bet.matches) as unknown[];
        const columns = ticketColumns(picks.map(normalizePick));
        const cents = ticketCost(columns, eurosToCents(bet.bet_price));
        if (cents <= 0) continue;
        const row = await tx.one<Inserted>(
          `insert into caja_movements (group_id, user_id, kind, amount_cents, reference, recorded_at, idempotency_key, season_id)
           values ($1, null, 'ticket', $2, $3, $4, $5, $6)
           on conflict (group_id, idempotency_key) do nothing
           returning id, user_id, amount_cents, reference, kind`,
          [
            groupId,
            -cents,
            `Boleto de la jornada ${bet.number} (${columns} ${columns === 1 ? "apuesta" : "apuestas"})`,
            now,
            `auto:ticket:${bet.id}`,
            bet.season_id,
          ],
        );
        if (row) inserted.push(row);
      }
    }
    for (const m of inserted) await auditMovement(tx, now, null, groupId, m);
    return inserted.length;
  });
}

/**
 * The fine for each jornada's last placed (rule `lastPlaceFineCents`), charged once per jornada
 * with results whose close date passed, like the quotas: `auto:fine:{roundId}:{userId}`. The last
 * placed comes from the jornada's own standings (core/domain/customs, lastPlaced), and a jornada
 * already fined is never fined again, so a result corrected later cannot fine a second member
 * (the manager corrects the fine by hand). A settled season takes no more fines.
 */
export async function syncLastPlaceFines(deps: Deps, groupId: number): Promise<number> {
  const { db } = deps;
  const now = deps.clock();
  const rules = await cajaRules(db, groupId);
  if (rules.lastPlaceFineCents <= 0) return 0;
  const pending = await db.query<{ round_id: number; quiniela_id: number; season_id: number; number: number }>(
    `select gq.id as round_id, gq.quiniela_id, q.season_id, q.number
       from group_quinielas gq
       join quinielas q on q.id = gq.quiniela_id
       join quiniela_results r on r.quiniela_id = q.id
      where gq.group_id = $1 and (gq.force_closed or gq.close_date <= $2)
        and not exists (select 1 from caja_settlements s where s.group_id = gq.group_id and s.season_id = q.season_id)
        and exists (select 1 from predictions p where p.group_id = gq.group_id and p.quiniela_id = gq.quiniela_id)
        and not exists (select 1 from caja_movements c where c.group_id = gq.group_id and c.idempotency_key like 'auto:fine:' || gq.id || ':%')
      order by q.start_date, q.number`,
    [groupId, now],
  );
  const fines: { roundId: number; seasonId: number; number: number; userId: number; hits: number }[] = [];
  const countedBySeason = new Map<number, Set<number>>();
  for (const round of pending) {
    if (!countedBySeason.has(round.season_id)) {
      const { rounds } = await classification(deps, groupId, round.season_id);
      countedBySeason.set(round.season_id, new Set(rounds.map((r) => r.quinielaId)));
    }
    if (!countedBySeason.get(round.season_id)!.has(round.quiniela_id)) continue;
    const { rows } = await classification(deps, groupId, round.season_id, round.quiniela_id);
    const userId = lastPlaced(rows.map((r) => ({ userId: r.userId, position: r.position, hits: r.lastRoundHits })));
    const row = rows.find((r) => r.userId === userId);
    if (row) fines.push({ roundId: round.round_id, seasonId: round.season_id, number: round.number, userId: row.userId, hits: row.lastRoundHits ?? 0 });
  }
  if (!fines.length) return 0;
  return db.tx(async (tx) => {
    await lockCajaShared(tx, groupId);
    let written = 0;
    for (const f of fines) {
      const row = await tx.one<Inserted>(
        `insert into caja_movements (group_id, user_id, kind, amount_cents, reference, recorded_at, idempotency_key, season_id)
         select $1, $2, 'fine', $3, $4, $5, $6, $7
          where not exists (select 1 from caja_movements c where c.group_id = $1 and c.idempotency_key like $8)
            and not exists (select 1 from caja_settlements s where s.group_id = $1 and s.season_id = $7)
         on conflict (group_id, idempotency_key) do nothing
         returning id, user_id, amount_cents, reference, kind`,
        [
          groupId,
          f.userId,
          -rules.lastPlaceFineCents,
          `Multa: último de la jornada ${f.number} (${f.hits} ${f.hits === 1 ? "acierto" : "aciertos"})`,
          now,
          `auto:fine:${f.roundId}:${f.userId}`,
          f.seasonId,
          `auto:fine:${f.roundId}:%`,
        ],
      );
      if (row) {
        await auditMovement(tx, now, null, groupId, row);
        written++;
      }
    }
    return written;
  });
}

/** Every automatic charge: quotas and tickets, then the last placed's fines. */
export async function syncCaja(deps: Deps, groupId: number): Promise<void> {
  await syncAutomaticCharges(deps.db, groupId, deps.clock());
  await syncLastPlaceFines(deps, groupId);
}

/**
 * 'Esta semana sella': who stamps the ticket of a jornada (the group's latest open one by default).
 * The rota (core/domain/customs) advances one place per earlier jornada of the group with a
 * confirmed group bet, of any season, so the turns stay fair across seasons.
 */
export async function stamper(deps: Deps, groupId: number, quinielaId?: number): Promise<Stamper> {
  const { db } = deps;
  const rules = await cajaRules(db, groupId);
  const members = await db.query<{ user_id: number; username: string }>(
    `select m.user_id, u.username from group_members m join users u on u.id = m.user_id
      where m.group_id = $1 and m.removed_at is null order by m.joined_at, m.user_id`,
    [groupId],
  );
  const round = await db.one<{ quiniela_id: number; number: number; start_date: Date | string }>(
    `select gq.quiniela_id, q.number, q.start_date from group_quinielas gq join quinielas q on q.id = gq.quiniela_id
      where gq.group_id = $1 and ($2::integer is null and gq.open_date <= $3 or gq.quiniela_id = $2::integer)
      order by gq.open_date desc, q.number desc limit 1`,
    [groupId, quinielaId ?? null, deps.clock()],
  );
  const name = new Map(members.map((m) => [m.user_id, m.username]));
  const order = stampOrder(
    rules.stampRota,
    members.map((m) => m.user_id),
  );
  const person = (id: number) => ({ userId: id, username: name.get(id)! });
  if (!round) return { quinielaId: null, numberQuiniela: null, current: null, next: null, order: order.map(person) };
  const before = await db.one<{ n: number }>(
    `select count(*)::integer as n from bets b join quinielas q on q.id = b.quiniela_id
      join group_quinielas gq on gq.group_id = b.group_id and gq.quiniela_id = b.quiniela_id
      where b.group_id = $1 and b.confirmed and (q.start_date, q.id) < ($2::timestamptz, $3::integer)`,
    [groupId, round.start_date, round.quiniela_id],
  );
  const turn = stamperAt(order, before?.n ?? 0);
  return {
    quinielaId: round.quiniela_id,
    numberQuiniela: round.number,
    current: turn ? person(turn.current) : null,
    next: turn ? person(turn.next) : null,
    order: order.map(person),
  };
}

export interface CajaFilter {
  member?: number;
  kind?: MovementKind;
}

/** GET /group/{id}/caja: the caller is a member, a manager or an admin (checked by the route). */
export async function readCaja(deps: Deps, caller: AuthUser, groupId: number, filter: CajaFilter): Promise<Caja> {
  const { db } = deps;
  await syncCaja(deps, groupId);
  const canWrite = await managesGroup(db, caller, groupId);
  const rules = await cajaRules(db, groupId);
  const group = await db.one<{ name: string }>("select name from groups where id = $1", [groupId]);
  const totals = await ledgerTotals(db, groupId);
  // Every current member, and anyone no longer a member who still has money on the books.
  const people = await db.query<{ user_id: number; username: string }>(
    `select u.id as user_id, u.username from users u
      where u.id in (select user_id from group_members where group_id = $1 and removed_at is null)
         or u.id in (select user_id from caja_movements where group_id = $1 and user_id is not null)
      order by lower(u.username)`,
    [groupId],
  );
  const seeOthers = canWrite || !rules.hideBalances;
  const members = people.map((p) => ({
    userId: p.user_id,
    username: p.username,
    balanceCents: seeOthers || p.user_id === caller.id ? (totals.balances.get(p.user_id) ?? 0) : null,
  }));
  const isMember = people.some((p) => p.user_id === caller.id);
  const params: unknown[] = [groupId];
  const where = ["m.group_id = $1"];
  if (!canWrite) where.push(`(m.user_id is null or m.user_id = $${params.push(caller.id)})`);
  if (filter.member) where.push(`m.user_id = $${params.push(filter.member)}`);
  if (filter.kind) where.push(`m.kind = $${params.push(filter.kind)}`);
  const rows = await db.query<MovementRow>(`${MOVEMENT_SELECT} where ${where.join(" and ")} order by m.recorded_at desc, m.id desc limit 1000`, params);
  return {
    groupId,
    groupName: group?.name ?? "",
    canWrite,
    potCents: totals.pot,
    fundCents: totals.fund,
    me: isMember ? { userId: caller.id, balanceCents: totals.balances.get(caller.id) ?? 0 } : null,
    members,
    movements: rows.map(toMovement),
    rules,
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

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "23505";

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

/** PUT /group/{id}/caja/rules (manager or admin): versioned like every edit form (decision 015). */
export async function updateRules(deps: Deps, caller: AuthUser, groupId: number, body: CajaRulesBody): Promise<CajaRules> {
  const now = deps.clock();
  return deps.db.tx(async (tx) => {
    const before = await cajaRules(tx, groupId);
    if (body.version !== undefined && body.version !== before.version) throw conflict(staleMessage("Las normas de la caja"));
    if (body.stampRota?.length) {
      const known = await tx.query<{ user_id: number }>(
        "select user_id from group_members where group_id = $1 and removed_at is null and user_id = any($2::int[])",
        [groupId, body.stampRota],
      );
      if (known.length !== new Set(body.stampRota).size) throw badRequest(ROTA_NOT_MEMBERS);
    }
    const rota = JSON.stringify(body.stampRota ?? before.stampRota);
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
      actorId: caller.id,
      groupId,
      action: "caja.rules",
      entity: "caja",
      subject: "Normas de la caja",
      before: shownBefore,
      after: shownAfter,
    });
    return after;
  });
}

/** A member who does not manage the group may read its caja but never write to it. */
export async function requireCajaWriter(db: Db, caller: AuthUser, groupId: number): Promise<void> {
  if (!(await managesGroup(db, caller, groupId))) throw forbidden("Solo el gestor del grupo puede anotar movimientos en la caja.");
}
