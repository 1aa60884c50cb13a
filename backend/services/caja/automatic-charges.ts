/** What the caja charges by itself: quotas, the ticket, the last placed's fine (who stamps the ticket: ./stamper). */
import { lastPlaced } from "#core/domain/standings/customs";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { betById } from "../bet/row";
import { classification } from "../standings/standings";
import { auditMovement, cajaRules, type Inserted, lockCajaShared } from "./ledger";
import { roundClosedSql } from "../rounds/closed-sql";
import { LOCK_KEYS } from "../../db/advisory";

/** Advisory lock key, with the group's id: one writer of a group's automatic charges at a time. */

/**
 * The writers of a group's automatic charges take turns (in every instance), so the second finds
 * the first's rows and its `where not exists` inserts nothing: no id of the shared sequence is spent
 * by an insert that does not happen (an `on conflict do nothing` alone takes one per row it skips).
 * The caja's own lock is held shared, as every movement write holds it.
 */
async function lockCharges(tx: Db, groupId: number) {
  await tx.query("select pg_advisory_xact_lock($1, $2)", [LOCK_KEYS.cajaCharges, groupId]);
  await lockCajaShared(tx, groupId);
}

/**
 * The charges the group's rules make by themselves: a quota per member who played each closed
 * round (or once per season), the ticket of each confirmed group bet. Written by the round-close
 * job (backend/services/close/close-job.ts), never by a read: when a round closes, right after the
 * write that closes it or confirms its bet, and on the job's timer. Each has a key of its own
 * (`auto:quota:{roundId}:{userId}`…), so a second pass, on this instance or another, writes
 * nothing. A settled season takes no more charges.
 */
export async function syncAutomaticCharges(db: Db, groupId: number, now: Date): Promise<number> {
  return db.tx(async (tx) => {
    await lockCharges(tx, groupId);
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
            where gq.group_id = $1 and ${roundClosedSql("gq", "$3")} and ${open}
              and not exists (select 1 from caja_movements c where c.group_id = gq.group_id and c.idempotency_key = 'auto:quota:' || gq.id || ':' || p.user_id)
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
            where gq.group_id = $1 and ${roundClosedSql("gq", "$3")} and ${open}
              and not exists (select 1 from caja_movements c where c.group_id = gq.group_id
                                 and c.idempotency_key = 'auto:quota:season:' || q.season_id || ':' || p.user_id)
           on conflict (group_id, idempotency_key) do nothing
           returning id, user_id, amount_cents, reference, kind`,
          [groupId, -rules.quotaCents, now],
        )),
      );
    }
    if (rules.payTicket) inserted.push(...(await ticketsAndPrizes(tx, groupId, now, open)));
    for (const m of inserted) await auditMovement(tx, now, null, groupId, m);
    return inserted.length;
  });
}

/**
 * What switching the ticket rule on now would charge at once (decision 064): the confirmed bets of
 * the seasons not settled whose ticket is not in the caja yet, counted and summed as the charge would be.
 */
export async function lateTickets(db: Db, groupId: number): Promise<{ count: number; cents: number }> {
  const bets = await db.query<{ id: number }>(
    `select b.id from bets b join quinielas q on q.id = b.quiniela_id
       join group_quinielas gq on gq.group_id = b.group_id and gq.quiniela_id = b.quiniela_id
      where b.group_id = $1 and b.confirmed
        and not exists (select 1 from caja_settlements s where s.group_id = gq.group_id and s.season_id = q.season_id)
        and not exists (select 1 from caja_movements c where c.group_id = b.group_id and c.idempotency_key = 'auto:ticket:' || b.id)`,
    [groupId],
  );
  let count = 0;
  let cents = 0;
  for (const { id } of bets) {
    const { ticket } = await betById(db, id);
    if (ticket.costCents > 0) {
      count++;
      cents += ticket.costCents;
    }
  }
  return { count, cents };
}

/**
 * The pot's side of each confirmed group bet: its ticket, at what the shop charges for it (the
 * reduction, the pleno marks and the two-bet minimum: `ticket.costCents`), paid once
 * (`auto:ticket:{betId}`); and its prize, credited once the escrutinio has every official prize
 * it wins (`auto:prize:{betId}`). A prize entered later than the credit is corrected by hand.
 */
async function ticketsAndPrizes(tx: Db, groupId: number, now: Date, open: string): Promise<Inserted[]> {
  const bets = await tx.query<{ id: number; number: number; season_id: number }>(
    `select b.id, q.number, q.season_id
       from bets b join quinielas q on q.id = b.quiniela_id
       join group_quinielas gq on gq.group_id = b.group_id and gq.quiniela_id = b.quiniela_id
      where b.group_id = $1 and b.confirmed and ${open}
        and not exists (select 1 from caja_movements c where c.group_id = b.group_id and c.idempotency_key = 'auto:prize:' || b.id)
      order by q.start_date`,
    [groupId],
  );
  const inserted: Inserted[] = [];
  const add = async (kind: "ticket" | "prize", cents: number, reference: string, key: string, seasonId: number) => {
    const row = await tx.one<Inserted>(
      `insert into caja_movements (group_id, user_id, kind, amount_cents, reference, recorded_at, idempotency_key, season_id)
       select $1::integer, null, $2::text, $3::integer, $4::text, $5::timestamptz, $6::text, $7::integer
        where not exists (select 1 from caja_movements c where c.group_id = $1 and c.idempotency_key = $6)
       on conflict (group_id, idempotency_key) do nothing
       returning id, user_id, amount_cents, reference, kind`,
      [groupId, kind, cents, reference, now, key, seasonId],
    );
    if (row) inserted.push(row);
  };
  for (const { id, number, season_id } of bets) {
    const { ticket } = await betById(tx, id);
    if (ticket.costCents > 0) {
      const bets = `${ticket.chargedBets} ${ticket.chargedBets === 1 ? "apuesta" : "apuestas"}`;
      await add("ticket", -ticket.costCents, `Boleto de la jornada ${number} (${bets})`, `auto:ticket:${id}`, season_id);
    }
    const scrutiny = ticket.scrutiny;
    if (scrutiny && scrutiny.prizesComplete && scrutiny.totalPrizeCents > 0)
      await add(
        "prize",
        scrutiny.totalPrizeCents,
        `Premio de la jornada ${number} (escrutinio${scrutiny.prizesEstimated ? " estimado" : ""})`,
        `auto:prize:${id}`,
        season_id,
      );
  }
  return inserted;
}

/**
 * The fine for each jornada's last placed (rule `lastPlaceFineCents`), charged once per jornada
 * with results once it is closed, like the quotas: `auto:fine:{roundId}:{userId}`. The last
 * placed comes from the jornada's own standings (core/domain/standings/customs, lastPlaced), and a jornada
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
      where gq.group_id = $1 and ${roundClosedSql("gq", "$2")}
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
    await lockCharges(tx, groupId);
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

/** Every automatic charge due: quotas and tickets, then the last placed's fines. Returns how many were written. */
export async function syncCaja(deps: Deps, groupId: number): Promise<number> {
  return (await syncAutomaticCharges(deps.db, groupId, deps.clock())) + (await syncLastPlaceFines(deps, groupId));
}
