import type { PlaceholderLinked } from "#core/contract/placeholders";
import { keyForMember } from "#core/domain/moving-in/corrections";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { badRequest, conflict, notFound } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { insertMovementOnce, lockCajaAlone, reverseMovementOnce } from "../caja/ledger";
import { refreshTouched } from "../shelf/standings-store";
import { NOT_A_PLACEHOLDER } from "./placeholders";
import { LOCK_KEYS } from "../../db/advisory";

/**
 * The manager links a member imported without an account to a member who has one (
 * decision 058): the placeholder's picks and money in this group become the member's, in one
 * transaction, and the placeholder leaves the group. Refused, with nothing written, when both have
 * picks for the same jornada (the manager removes one first).
 */

interface Person {
  username: string;
  placeholder: boolean;
}

async function memberOf(tx: Db, groupId: number, userId: number): Promise<Person | undefined> {
  return tx.one<Person>(
    `select coalesce(m.display_name, u.username) as username, u.placeholder from group_members m join users u on u.id = m.user_id
      where m.group_id = $1 and m.user_id = $2 and m.removed_at is null`,
    [groupId, userId],
  );
}

/**
 * A charge the caja writes by itself is keyed by member ("auto:quota:12:7"): the copy takes the
 * member's key, so it is not charged twice. A line an import wrote keeps its identity under the member
 * (decision 063), so the season's sheet with the line renamed to the member is already there.
 */
const copyKey = (key: string, from: number, to: number) => {
  const automatic = new RegExp(`^(auto:.*):${from}$`).exec(key);
  return automatic ? `${automatic[1]}:${to}` : keyForMember(key, to);
};

export async function linkPlaceholder(deps: Deps, actorId: number, groupId: number, placeholderId: number, memberId: number): Promise<PlaceholderLinked> {
  if (placeholderId === memberId) throw badRequest("Elige a otro miembro: no se puede unir a alguien consigo mismo.");
  return deps.db.tx(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1, $2)", [LOCK_KEYS.groupImport, groupId]);
    await lockCajaAlone(tx, groupId);
    const placeholder = await memberOf(tx, groupId, placeholderId);
    if (!placeholder?.placeholder) throw notFound(NOT_A_PLACEHOLDER);
    const member = await memberOf(tx, groupId, memberId);
    if (!member || member.placeholder) throw badRequest("Elige un miembro del grupo que ya tenga cuenta.");

    const clashes = await tx.query<{ number: number }>(
      `select q.number from predictions a join predictions b on b.group_id = a.group_id and b.quiniela_id = a.quiniela_id
         join quinielas q on q.id = a.quiniela_id
        where a.group_id = $1 and a.user_id = $2 and b.user_id = $3 order by q.number`,
      [groupId, placeholderId, memberId],
    );
    if (clashes.length) {
      const list = clashes.map((c) => c.number).join(", ");
      throw conflict(
        `${placeholder.username} y ${member.username} tienen pronóstico en ${clashes.length === 1 ? "la jornada" : "las jornadas"} ${list}: ` +
          "no se ha unido nada. Quita uno de los dos pronósticos y vuelve a intentarlo.",
      );
    }
    const now = deps.clock();
    const picks = await tx.query<{ id: number }>("update predictions set user_id = $3 where group_id = $1 and user_id = $2 returning id", [
      groupId,
      placeholderId,
      memberId,
    ]);
    // The group bets the placeholder took part in (their pick was theirs, so the member had none there).
    await tx.query(
      `update bet_participants bp set user_id = $3 from bets b
        where b.id = bp.bet_id and b.group_id = $1 and bp.user_id = $2
          and not exists (select 1 from bet_participants o where o.bet_id = bp.bet_id and o.user_id = $3)`,
      [groupId, placeholderId, memberId],
    );

    // The ledger is append-only (decision 032): each of the placeholder's standing movements is
    // reversed and written again for the member, on its own date.
    const movements = await tx.query<{
      id: number;
      kind: string;
      amount_cents: number;
      reference: string;
      recorded_at: Date;
      idempotency_key: string;
      season_id: number | null;
    }>(
      `select c.id, c.kind, c.amount_cents, c.reference, c.recorded_at, c.idempotency_key, c.season_id from caja_movements c
        where c.group_id = $1 and c.user_id = $2 and c.kind <> 'correction'
          and not exists (select 1 from caja_movements r where r.reverses_id = c.id) order by c.id`,
      [groupId, placeholderId],
    );
    let moved = 0;
    for (const m of movements) {
      await reverseMovementOnce(tx, {
        groupId,
        movementId: m.id,
        reference: `Pasa a ${member.username}`.slice(0, 120),
        recordedBy: actorId,
        recordedAt: now,
        key: `link:reverse:${m.id}`,
      });
      const copy = (key: string) =>
        insertMovementOnce(tx, {
          groupId,
          userId: memberId,
          kind: m.kind,
          amountCents: m.amount_cents,
          reference: m.reference,
          recordedBy: actorId,
          recordedAt: m.recorded_at,
          key,
          seasonId: m.season_id,
        });
      const key = copyKey(m.idempotency_key, placeholderId, memberId);
      // An automatic charge the member already has is not copied; an imported line the member has
      // word for word (both paid the same on the same day) is: it is the placeholder's money too.
      const copied = (await copy(key ?? `link:${m.id}`)) ?? (key?.startsWith("import:") ? await copy(`link:${m.id}`) : undefined);
      if (copied) moved++;
    }
    await tx.query("update group_members set removed_at = $3 where group_id = $1 and user_id = $2", [groupId, placeholderId, now]);
    // The peña's sheets still call the member by the placeholder's name (decision 063).
    await tx.query("insert into member_aliases (group_id, user_id, name, key_user_id, created_at) values ($1, $2, $3, $4, $5) on conflict do nothing", [
      groupId,
      memberId,
      placeholder.username,
      placeholderId,
      now,
    ]);
    await recordAudit(tx, {
      at: now,
      actorId,
      groupId,
      action: "placeholder.link",
      entity: "member",
      entityId: memberId,
      subject: `${placeholder.username} → ${member.username}`,
      before: { placeholder: placeholder.username },
      after: { member: member.username, picks: picks.length, movements: moved },
    });
    await refreshTouched(tx, now);
    return { picks: picks.length, movements: moved };
  });
}
