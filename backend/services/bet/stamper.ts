/**
 * Who stamps the group's ticket at the lottery shop (decision 032's rota, fixed per week by
 * decision 065): a confirmed bet keeps the stamper stored when it was confirmed; a week not yet
 * confirmed takes the member after the last stamper fixed before it.
 */
import { type Stamper } from "#core/contract/caja";
import { stampOrder, stamperAfter } from "#core/domain/standings/customs";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { parseJson } from "../shelf/json";
import { roundClosedSql } from "../rounds/closed-sql";
import { LOCK_KEYS } from "../../db/advisory";

interface Rota {
  order: number[];
  names: Map<number, string>;
  joined: Map<number, number>;
}

/** The rota's order today: the manager's list, then the members it leaves out in join order. */
async function rota(db: Db, groupId: number): Promise<Rota> {
  // The rota is kept with the caja's rules, where its form writes it (decision 065); the bet only reads it.
  const rules = await db.one<{ stamp_rota: unknown }>("select stamp_rota from caja_rules where group_id = $1", [groupId]);
  const members = await db.query<{ user_id: number; username: string; joined_at: Date | string }>(
    `select m.user_id, coalesce(m.display_name, u.username) as username, m.joined_at from group_members m join users u on u.id = m.user_id
      where m.group_id = $1 and m.removed_at is null order by m.joined_at, m.user_id`,
    [groupId],
  );
  return {
    order: stampOrder(
      ((rules ? parseJson(rules.stamp_rota) : null) as number[] | null) ?? [],
      members.map((m) => m.user_id),
    ),
    names: new Map(members.map((m) => [m.user_id, m.username])),
    joined: new Map(members.map((m) => [m.user_id, new Date(m.joined_at).getTime()])),
  };
}

/**
 * The turn of the group's jornada `quinielaId` (starting `start`, opened `open`) as the rota gives
 * it from the last stamper fixed before it. Whoever joined after the jornada opened waits for the
 * next one, so the turn shown for a week never moves with a join; a rota of newcomers only (a
 * peña moved in after its jornada opened) is taken whole.
 */
async function turnFor(db: Db, groupId: number, { order, joined }: Rota, week: { start: Date | string; open: Date | string; quinielaId: number }) {
  const before = await db.one<{ n: number; previous: number | null }>(
    `select count(*)::integer as n,
            (array_agg(b.stamper_user_id order by q.start_date desc, q.id desc) filter (where b.stamper_user_id is not null))[1] as previous
       from bets b join quinielas q on q.id = b.quiniela_id
       join group_quinielas gq on gq.group_id = b.group_id and gq.quiniela_id = b.quiniela_id
      where b.group_id = $1 and b.confirmed and (q.start_date, q.id) < ($2::timestamptz, $3::integer)`,
    [groupId, week.start, week.quinielaId],
  );
  const opened = new Date(week.open).getTime();
  const present = order.filter((id) => (joined.get(id) ?? 0) <= opened);
  return stamperAfter(present.length ? present : order, before?.previous ?? null, before?.n ?? 0);
}

/**
 * Fixes the stamper of the bet `betId` as it is confirmed, in the confirming transaction: the turn
 * the rota shows for its week right now. Returns the stamper's name for the confirmation's audit.
 */
export async function fixStamper(tx: Db, groupId: number, betId: number): Promise<string | null> {
  await tx.query("select pg_advisory_xact_lock($1, $2)", [LOCK_KEYS.stamper, groupId]);
  const bet = await tx.one<{ quiniela_id: number; start_date: Date | string; open_date: Date | string }>(
    `select b.quiniela_id, q.start_date, gq.open_date from bets b join quinielas q on q.id = b.quiniela_id
       join group_quinielas gq on gq.group_id = b.group_id and gq.quiniela_id = b.quiniela_id where b.id = $1`,
    [betId],
  );
  if (!bet) return null;
  const members = await rota(tx, groupId);
  const turn = await turnFor(tx, groupId, members, { start: bet.start_date, open: bet.open_date, quinielaId: bet.quiniela_id });
  if (!turn) return null;
  await tx.query("update bets set stamper_user_id = $2 where id = $1", [betId, turn.current]);
  return members.names.get(turn.current) ?? null;
}

/**
 * 'Esta semana sella': who stamps the ticket of a jornada (the group's latest open one by default).
 * A confirmed week shows the stamper fixed then, whoever joined since; `next` is the stamper fixed
 * for the following confirmed week, else the member after in today's rota.
 */
export async function stamper(deps: Deps, groupId: number, quinielaId?: number): Promise<Stamper> {
  const { db } = deps;
  const now = deps.clock();
  const members = await rota(db, groupId);
  const { order, names } = members;
  const round = await db.one<{
    quiniela_id: number;
    number: number;
    start_date: Date | string;
    open_date: Date | string;
    closed: boolean;
    fixed: number | null;
  }>(
    `select gq.quiniela_id, q.number, q.start_date, gq.open_date, ${roundClosedSql("gq", "$3")} as closed, b.stamper_user_id as fixed
       from group_quinielas gq join quinielas q on q.id = gq.quiniela_id
       left join bets b on b.group_id = gq.group_id and b.quiniela_id = gq.quiniela_id and b.confirmed
      where gq.group_id = $1 and ($2::integer is null and gq.open_date <= $3 or gq.quiniela_id = $2::integer)
      order by gq.open_date desc, q.number desc limit 1`,
    [groupId, quinielaId ?? null, now],
  );
  const known = new Map(names);
  const person = (id: number) => ({ userId: id, username: known.get(id) ?? "" });
  if (!round) return { quinielaId: null, numberQuiniela: null, closed: false, current: null, next: null, order: order.map(person) };
  const later = await db.one<{ user_id: number | null }>(
    `select b.stamper_user_id as user_id from bets b join quinielas q on q.id = b.quiniela_id
       join group_quinielas gq on gq.group_id = b.group_id and gq.quiniela_id = b.quiniela_id
      where b.group_id = $1 and b.confirmed and b.stamper_user_id is not null and (q.start_date, q.id) > ($2::timestamptz, $3::integer)
      order by q.start_date, q.id limit 1`,
    [groupId, round.start_date, round.quiniela_id],
  );
  const turn =
    round.fixed !== null
      ? stamperAfter(order, round.fixed, 0)
      : await turnFor(db, groupId, members, { start: round.start_date, open: round.open_date, quinielaId: round.quiniela_id });
  const current = round.fixed ?? (order.length ? (turn?.current ?? null) : null);
  const next = later?.user_id ?? (round.fixed !== null ? (turn?.current ?? null) : (turn?.next ?? null));
  // A stamper fixed for a member who has left since keeps their name.
  for (const id of [current, next])
    if (id !== null && !known.has(id))
      known.set(id, (await db.one<{ username: string }>("select member_name($1, $2) as username", [groupId, id]))?.username ?? "");
  return {
    quinielaId: round.quiniela_id,
    numberQuiniela: round.number,
    closed: round.closed,
    current: current !== null ? person(current) : null,
    next: next !== null ? person(next) : null,
    order: order.map(person),
  };
}
