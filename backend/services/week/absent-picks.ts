import { NOT_AUTOMATIC } from "#core/contract/week-rule";
import { absentPicks, type PastTicket } from "#core/domain/week/rule";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { notFound } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { MACHINE } from "./open-rounds";
import { picksOf } from "../bet/row";
import { refreshTouched } from "../shelf/standings-store";

/** A closed round and what its group's rule says of absent members. */
export interface RoundWithAbsentRule {
  group_quiniela_id: number;
  group_id: number;
  quiniela_id: number;
  season_id: number;
  number: number;
  num_double: number;
  num_triple: number;
  absent_fill: "off" | "season" | "last-bet";
  absent_max: number;
}

interface Absent {
  user_id: number;
  username: string;
}

/**
 * Members who have not predicted the closed round, are not blocked in it, have played the season
 * in this group themselves at least once, and have had fewer than `absent_max` automatic picks in it.
 */
async function absentMembers(tx: Db, r: RoundWithAbsentRule): Promise<Absent[]> {
  return tx.query<Absent>(
    `select u.id as user_id, coalesce(m.display_name, u.username) as username
       from group_members m join users u on u.id = m.user_id
      where m.group_id = $1 and m.removed_at is null
        and not exists (select 1 from predictions p where p.group_id = $1 and p.quiniela_id = $2 and p.user_id = m.user_id)
        and not exists (select 1 from group_quiniela_blocks b where b.group_quiniela_id = $3 and b.user_id = m.user_id)
        and exists (select 1 from predictions p join quinielas q on q.id = p.quiniela_id
                     where p.group_id = $1 and p.user_id = m.user_id and q.season_id = $4 and p.automatic is null)
        and (select count(*) from predictions p join quinielas q on q.id = p.quiniela_id
              where p.group_id = $1 and p.user_id = m.user_id and q.season_id = $4 and p.automatic is not null) < $5
      order by u.id`,
    [r.group_id, r.quiniela_id, r.group_quiniela_id, r.season_id, r.absent_max],
  );
}

type Stored = { matches: unknown; pleno_home: number | null; pleno_away: number | null };
const ticketOf = (row: Stored): PastTicket => ({
  matches: picksOf(row.matches),
  pleno: row.pleno_home === null || row.pleno_away === null ? null : { home: row.pleno_home, away: row.pleno_away },
});

/** The member's own predictions of the season in this group, newest jornada first. */
async function seasonTickets(tx: Db, r: RoundWithAbsentRule, userId: number): Promise<PastTicket[]> {
  const rows = await tx.query<Stored>(
    `select p.matches, p.pleno_home, p.pleno_away from predictions p join quinielas q on q.id = p.quiniela_id
      where p.group_id = $1 and p.user_id = $2 and q.season_id = $3 and p.automatic is null and q.number < $4
      order by q.number desc`,
    [r.group_id, userId, r.season_id, r.number],
  );
  return rows.map(ticketOf);
}

/** The group's bet of the season's latest earlier jornada. */
async function lastBet(tx: Db, r: RoundWithAbsentRule): Promise<PastTicket[]> {
  const rows = await tx.query<Stored>(
    `select b.matches, b.pleno_home, b.pleno_away from bets b join quinielas q on q.id = b.quiniela_id
      where b.group_id = $1 and q.season_id = $2 and q.number < $3 order by q.number desc limit 1`,
    [r.group_id, r.season_id, r.number],
  );
  return rows.map(ticketOf);
}

/**
 * Plays the absent members' picks of a closed round, marked as automatic in the
 * predictions table and each in the audit trail, in the caller's transaction. Returns their names.
 */
export async function fillAbsent(deps: Deps, tx: Db, r: RoundWithAbsentRule): Promise<string[]> {
  if (r.absent_fill === "off") return [];
  const now = deps.clock();
  const filled: string[] = [];
  const fromBet = r.absent_fill === "last-bet" ? await lastBet(tx, r) : null;
  for (const member of await absentMembers(tx, r)) {
    const picks = absentPicks(fromBet ?? (await seasonTickets(tx, r, member.user_id)), { numDouble: r.num_double, numTriple: r.num_triple });
    if (!picks) continue;
    const row = await tx.one<{ id: number }>(
      `insert into predictions (group_id, quiniela_id, user_id, matches, pleno_home, pleno_away, created_at, updated_at, automatic)
       values ($1, $2, $3, $4, $5, $6, $7, $7, $8) on conflict (group_id, quiniela_id, user_id) do nothing returning id`,
      [r.group_id, r.quiniela_id, member.user_id, JSON.stringify(picks.matches), picks.pleno.home, picks.pleno.away, now, r.absent_fill],
    );
    if (!row) continue;
    filled.push(member.username);
    await recordAudit(tx, {
      at: now,
      actorId: null,
      actorName: MACHINE,
      groupId: r.group_id,
      action: "prediction.automatic",
      entity: "prediction",
      entityId: row.id,
      subject: `Jornada ${r.number}`,
      before: null,
      after: {
        username: member.username,
        origen: r.absent_fill === "season" ? "sus pronósticos más frecuentes" : "la apuesta de la semana anterior",
        matches: picks.matches.map((m) => m.join("")).join(" "),
        plain15: `${picks.pleno.home}-${picks.pleno.away}`,
      },
    });
  }
  if (filled.length) await refreshTouched(tx, now);
  return filled;
}

/** DELETE /group/{id}/AutomaticPrediction/{predictionId}: a manager takes an automatic pick away by hand. */
export async function removeAutomatic(deps: Deps, actorId: number, groupId: number, predictionId: number): Promise<void> {
  await deps.db.tx(async (tx) => {
    const row = await tx.one<{ id: number; username: string; number: number; automatic: string | null }>(
      `select p.id, member_name(p.group_id, u.id) as username, q.number, p.automatic from predictions p join users u on u.id = p.user_id join quinielas q on q.id = p.quiniela_id
        where p.id = $1 and p.group_id = $2 for update of p`,
      [predictionId, groupId],
    );
    if (!row || !row.automatic) throw notFound(NOT_AUTOMATIC);
    await tx.query("delete from predictions where id = $1", [predictionId]);
    const now = deps.clock();
    await recordAudit(tx, {
      at: now,
      actorId,
      groupId,
      action: "prediction.automatic-remove",
      entity: "prediction",
      entityId: predictionId,
      subject: `Jornada ${row.number}`,
      before: { username: row.username, origen: row.automatic },
      after: null,
    });
    await refreshTouched(tx, now);
  });
}
