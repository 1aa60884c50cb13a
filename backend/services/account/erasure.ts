import type { Db } from "../../db/db";
import type { Deps } from "../../context";
import { ApiError, badRequest, conflict, notFound } from "../../errors";
import { verifyPassword } from "../../security";
import { refreshTouched } from "../shelf/standings-store";

/**
 * Leave and be forgotten (RGPD article 17, decision 083). The `users` row stays, scrubbed, so the
 * picks, group bets and caja movements other members' numbers rest on still point at it: the ledger
 * is never rewritten (decision 032). In each peña the person becomes «Antiguo miembro N», numbered
 * per peña; everything that is only theirs (sessions, tokens, reminders, drafts, phrases, avatar) goes.
 */

export const WRONG_PASSWORD = "La contraseña no es correcta: tu cuenta no se ha eliminado.";
export const ALREADY_ERASED = "Esa cuenta ya se eliminó.";
export const onlyManagerMessage = (group: string) =>
  `Eres el único gestor de la peña «${group}», que tiene más miembros. Antes de eliminar tu cuenta, nombra gestor a otro miembro en Roles (/admin/roles) y vuelve aquí.`;
export const onlyManagerForAdmin = (group: string) =>
  `Es el único gestor de la peña «${group}», que tiene más miembros: nombra gestor a otro miembro en Roles antes de eliminar su cuenta.`;

/** The username an erased row keeps: unique, naming no one, and no sign-up can take it (a space and '#' are not allowed in one). */
export const erasedUsername = (userId: number) => `Antiguo miembro #${userId}`;
/** The e-mail an erased row keeps: no '@', so no address typed anywhere can ever match it. */
export const erasedEmail = (userId: number) => `borrado-${userId}`;
export const memberPseudonym = (n: number) => `Antiguo miembro ${n}`;

/** A regular expression matching `text` as a whole word (not inside a longer name), for PostgreSQL's regexp_replace. */
const wordPattern = (text: string) => `(?<![[:alnum:]_.@+-])${text.replace(/[.\\^$*+?()[\]{}|-]/g, "\\$&")}(?![[:alnum:]_.@+-])`;

/** The member's own account, confirmed with the password typed again. */
export async function eraseOwnAccount(deps: Deps, userId: number, password: string): Promise<void> {
  const row = await deps.db.one<{ password_hash: string }>("select password_hash from users where id = $1 and deleted_at is null", [userId]);
  if (!row || !(await verifyPassword(password, row.password_hash))) throw badRequest(WRONG_PASSWORD); // not a 401: the session is fine, and the BFF signs out on a 401
  await eraseUser(deps, userId, { message: onlyManagerMessage });
}

/** An admin erases someone who cannot sign in. */
export async function eraseByAdmin(deps: Deps, adminId: number, userId: number): Promise<void> {
  if (adminId === userId) throw new ApiError(400, "Para eliminar tu propia cuenta, hazlo desde tu perfil con tu contraseña.");
  await eraseUser(deps, userId, { message: onlyManagerForAdmin });
}

async function eraseUser(deps: Deps, userId: number, options: { message: (group: string) => string }): Promise<void> {
  const now = deps.clock();
  await deps.db.tx(async (tx) => {
    const user = await tx.one<{ username: string; email: string; deleted_at: Date | null; placeholder: boolean }>(
      "select username, email, deleted_at, placeholder from users where id = $1 for update",
      [userId],
    );
    if (!user || user.placeholder) throw notFound("Usuario no encontrado.");
    if (user.deleted_at) throw conflict(ALREADY_ERASED);
    const groups = await tx.query<{ group_id: number; name: string }>(
      `select m.group_id, g.name from group_members m join groups g on g.id = m.group_id where m.user_id = $1 order by m.group_id`,
      [userId],
    );
    // Lock each peña's row, as a role change does, so its last manager cannot leave it unmanaged by a race.
    for (const g of groups) await tx.one("select id from groups where id = $1 for update", [g.group_id]);
    const stranded = await tx.one<{ name: string }>(
      `select g.name from group_members m join groups g on g.id = m.group_id
        where m.user_id = $1 and m.role_id = 2 and m.removed_at is null
          and not exists (select 1 from group_members o where o.group_id = m.group_id and o.user_id <> $1 and o.role_id = 2 and o.removed_at is null)
          and exists (select 1 from group_members o where o.group_id = m.group_id and o.user_id <> $1 and o.removed_at is null)
        order by g.id limit 1`,
      [userId],
    );
    if (stranded) throw conflict(options.message(stranded.name));

    const pseudonyms = new Map<number, string>();
    for (const g of groups) {
      const taken = await tx.one<{ n: number }>(
        `select count(*)::int as n from group_members m join users u on u.id = m.user_id where m.group_id = $1 and u.deleted_at is not null`,
        [g.group_id],
      );
      const name = memberPseudonym((taken?.n ?? 0) + 1);
      pseudonyms.set(g.group_id, name);
      // Out of the peña, as a removal is: past picks still count where they were played, and money on the books still shows.
      await tx.query("update group_members set display_name = $3, role_id = 1, removed_at = coalesce(removed_at, $4) where group_id = $1 and user_id = $2", [
        g.group_id,
        userId,
        name,
        now,
      ]);
    }
    const globalName = erasedUsername(userId);
    await scrubText(tx, userId, [user.username, user.email], pseudonyms, globalName);

    // What is only theirs goes.
    for (const sql of [
      "delete from auth_tokens where user_id = $1",
      "delete from password_resets where user_id = $1",
      "delete from user_avatars where user_id = $1",
      "delete from calendar_feeds where user_id = $1",
      "delete from share_links where created_by = $1",
      "delete from kiosk_links where created_by = $1",
      "delete from reminders_sent where user_id = $1",
      "delete from digests_sent where user_id = $1",
      "delete from bet_mails_sent where user_id = $1",
      "delete from receipt_reminders_sent where user_id = $1",
      "delete from import_drafts where created_by = $1",
      "delete from placeholder_invitations where user_id = $1",
      "delete from member_aliases where user_id = $1",
      "delete from phrases where user_id = $1",
    ]) {
      await tx.query(sql, [userId]);
    }
    // The mail allowances' requests name the address (decision 078): what they counted goes with it.
    await tx.query("delete from mail_requests where address = lower($1)", [user.email]);
    // Cached live views carry names; they are computed again when read.
    await tx.query("delete from live_views where group_id in (select group_id from group_members where user_id = $1)", [userId]);
    await tx.query(
      `update users set username = $2, email = $3, requested_email = null, password_hash = '', avatar_version = null, is_admin = false,
                        send_alert = false, send_digest = false, deleted_at = $4 where id = $1`,
      [userId, globalName, erasedEmail(userId), now],
    );
    // The stored standings carry names: every peña of theirs is counted again (same points, the new name).
    for (const g of groups) await tx.query("select standings_touch_group($1)", [g.group_id]);
    await refreshTouched(tx, now);
  });
}

/**
 * The person's username and address where other records copied them as text: the group bets'
 * names and the audit trail (kept, append-only in spirit: only the name in it is replaced, by the
 * peña's pseudonym where the entry is a peña's, else by the row's own).
 */
async function scrubText(tx: Db, userId: number, names: string[], pseudonyms: Map<number, string>, globalName: string) {
  const targets = names.filter((n) => n.trim().length > 0);
  for (const name of targets) {
    const pattern = wordPattern(name);
    for (const [groupId, pseudonym] of pseudonyms) {
      await tx.query("update bet_participants set username = $2 where user_id = $1 and bet_id in (select id from bets where group_id = $3)", [
        userId,
        pseudonym,
        groupId,
      ]);
      await tx.query(
        `update bets set usernames_included = regexp_replace(usernames_included::text, $2, $3, 'gi')::jsonb,
                         votes = regexp_replace(votes::text, $2, $3, 'gi')::jsonb,
                         explanations = regexp_replace(explanations::text, $2, $3, 'gi')::jsonb
          where group_id = $1 and (usernames_included::text ~* $2 or votes::text ~* $2 or explanations::text ~* $2)`,
        [groupId, pattern, pseudonym],
      );
    }
    await tx.query(
      `update audit_log a
          set actor_name = regexp_replace(a.actor_name, $2, p.name, 'gi'),
              subject = regexp_replace(a.subject, $2, p.name, 'gi'),
              before = regexp_replace(a.before::text, $2, p.name, 'gi')::jsonb,
              after = regexp_replace(a.after::text, $2, p.name, 'gi')::jsonb
         from (select a2.id, coalesce((select m.display_name from group_members m where m.group_id = a2.group_id and m.user_id = $1), $3) as name
                 from audit_log a2) p
        where p.id = a.id and (a.actor_name ~* $2 or a.subject ~* $2 or a.before::text ~* $2 or a.after::text ~* $2)`,
      [userId, pattern, globalName],
    );
  }
}
