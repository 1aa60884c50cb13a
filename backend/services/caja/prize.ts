import { NOT_A_PRIZE, type PrizeSharing } from "#core/contract/caja";
import { type Contribution, sharePrize } from "#core/domain/caja/prize-sharing";
import type { AuthUser, Deps } from "../../context";
import { balancesShown, cajaRules } from "./ledger";
import { notFound } from "../../errors";
import { roundClosedSql } from "../rounds/closed-sql";

/**
 * The prize-sharing record of a prize the peña won (decision 035): each member's share from what
 * they contributed, and the levy on what their share exceeds their share of the exempt amount.
 *
 * Contributions: the quotas charged to each member in the prize's season up to the prize: the
 * quotas of the jornadas closed by then (the automatic ones are written by the round-close job,
 * possibly later, so their jornada's close decides, not their own date), the season's quota, and quotas recorded by
 * hand before the prize (a quota typed by hand has no season: the prize's is assumed); a corrected quota never was a stake, so corrections take it out.
 * The quota is each member's stake in the season's tickets, paid yet or not; money paid in advance is a balance in their favour, not a bigger stake. A season with no
 * quotas at all shares the prize equally among the members who predicted in it (or, with nobody,
 * among the group's members).
 */
export async function prizeSharing(deps: Deps, groupId: number, movementId: number, viewer?: AuthUser): Promise<PrizeSharing> {
  const { db } = deps;
  const prize = await db.one<{
    id: number;
    amount_cents: number;
    reference: string;
    recorded_at: Date | string;
    season_id: number | null;
    reversed: boolean;
    name: string;
  }>(
    `select m.id, m.amount_cents, m.reference, m.recorded_at, m.season_id, g.name,
            exists (select 1 from caja_movements r where r.reverses_id = m.id) as reversed
       from caja_movements m join groups g on g.id = m.group_id
      where m.group_id = $1 and m.id = $2 and m.kind = 'prize' and m.user_id is null`,
    [groupId, movementId],
  );
  if (!prize) throw notFound(NOT_A_PRIZE);
  // The prize's season: its own, else that of the group's latest round opened by then, else the latest season started by then.
  const season =
    (prize.season_id !== null ? await db.one<{ id: number; name: string }>("select id, name from seasons where id = $1", [prize.season_id]) : null) ??
    (await db.one<{ id: number; name: string }>(
      `select s.id, s.name from group_quinielas gq join quinielas q on q.id = gq.quiniela_id join seasons s on s.id = q.season_id
        where gq.group_id = $1 and gq.open_date <= $2 order by gq.open_date desc, q.number desc limit 1`,
      [groupId, prize.recorded_at],
    )) ??
    (await db.one<{ id: number; name: string }>("select id, name from seasons where start_date <= $1::date order by start_date desc, id desc limit 1", [
      new Date(prize.recorded_at).toISOString().slice(0, 10),
    ]));
  const quotas = season
    ? await db.query<{ user_id: number; username: string; cents: number }>(
        `select m.user_id, member_name($1, m.user_id) as username, -sum(m.amount_cents)::integer as cents
           from caja_movements m
           left join caja_movements o on o.id = m.reverses_id
           join users u on u.id = m.user_id
          cross join lateral (select coalesce(o.idempotency_key, m.idempotency_key) as k, coalesce(o.recorded_at, m.recorded_at) as at) q
          where m.group_id = $1 and coalesce(o.kind, m.kind) = 'quota' and coalesce(o.season_id, m.season_id, $2) = $2
            and case
                  when q.k like 'auto:quota:season:%' then true
                  when q.k like 'auto:quota:%' then exists (
                    select 1 from group_quinielas gq
                     where gq.group_id = m.group_id and q.k like 'auto:quota:' || gq.id || ':%' and ${roundClosedSql("gq", "$3")})
                  else q.at <= $3
                end
          group by m.user_id
         having sum(m.amount_cents) < 0
          order by lower(member_name($1, m.user_id)), m.user_id`,
        [groupId, season.id, prize.recorded_at],
      )
    : [];
  let basis: PrizeSharing["basis"] = "quotas";
  let contributions: Contribution[] = quotas.map((q) => ({ userId: q.user_id, username: q.username, cents: q.cents }));
  if (!contributions.length) {
    basis = "equal";
    const players = season
      ? await db.query<{ user_id: number; username: string }>(
          `select distinct u.id as user_id, member_name($1, u.id) as username, lower(member_name($1, u.id)) from users u
             join predictions p on p.user_id = u.id join quinielas q on q.id = p.quiniela_id
            where p.group_id = $1 and q.season_id = $2 order by lower(member_name($1, u.id)), u.id`,
          [groupId, season.id],
        )
      : [];
    if (!players.length)
      players.push(
        ...(await db.query<{ user_id: number; username: string }>(
          `select u.id as user_id, coalesce(m.display_name, u.username) as username from group_members m join users u on u.id = m.user_id
            where m.group_id = $1 and m.removed_at is null order by lower(coalesce(m.display_name, u.username)), u.id`,
          [groupId],
        )),
      );
    contributions = players.map((p) => ({ userId: p.user_id, username: p.username, cents: 1 }));
  }
  if (!contributions.length) throw notFound("El grupo no tiene miembros con los que repartir el premio.");
  const sharing = sharePrize(prize.amount_cents, contributions, deps.config.prizeExemptCents, deps.config.prizeLevyPercent);
  // What each member put in and takes out is their money: hidden from the others when the group says so.
  const shown = await balancesShown(db, viewer, groupId, (await cajaRules(db, groupId)).hideBalances);
  return {
    groupId,
    groupName: prize.name,
    movementId: prize.id,
    reference: prize.reference,
    recordedAt: new Date(prize.recorded_at).toISOString(),
    reversed: prize.reversed,
    seasonName: season?.name ?? null,
    basis,
    prizeCents: sharing.prizeCents,
    thresholdCents: sharing.thresholdCents,
    levyPercent: sharing.levyPercent,
    taxed: sharing.taxed,
    levyCents: sharing.levyCents,
    netCents: sharing.netCents,
    lines: sharing.lines.filter((l) => shown(l.userId)),
  };
}
