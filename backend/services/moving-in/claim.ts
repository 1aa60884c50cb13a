import { randomBytes } from "node:crypto";
import { CLAIM_LINK_GONE, CLAIM_LINK_MISSING } from "#core/contract/auth";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { ApiError, conflict, EMAIL_TAKEN, USERNAME_TAKEN } from "../../errors";
import type { Mail } from "../../mailer";
import { hashPassword } from "../../security";
import { recordAudit } from "../shelf/audit";
import { readSignedToken, signToken } from "../shelf/signed-token";
import { groupNamesOf, whyWeWrite } from "../mail/first-mail";
import { refreshTouched } from "../shelf/standings-store";

/**
 * A member imported without an account (a placeholder, decision 052) becomes an account only with
 * proof of the address (decision 061): a link signed for that placeholder and that e-mail, sent to
 * that e-mail, either when someone signs up with it or in the manager's invitation. Typing the
 * address at sign-up proves nothing, so it claims nothing.
 *
 * The link holds no state of its own: the placeholder's id, its expiry in the nonce, the address in
 * the signed purpose. Once claimed the row is no placeholder, so the link cannot be used twice; a
 * changed address makes the old link fail.
 */

const CLAIM_LINK_INVALID = CLAIM_LINK_MISSING;
/** The link sent when someone signs up with the address. */
export const SIGN_UP_LINK_MS = 2 * 86_400_000;
/** The link in the manager's invitation, which may wait in an inbox longer. */
export const INVITATION_LINK_MS = 30 * 86_400_000;

/**
 * The signed purpose: the address, and the peña for a manager's invitation. The peña's id also rides
 * in the nonce (after the expiry) so the reader knows which purpose to check; a sign-up's link, and
 * an invitation sent before links named their peña, are signed for the address alone.
 */
const purpose = (email: string, groupId: number | null = null) => `claim:${email.trim().toLowerCase()}${groupId ? `:group:${groupId}` : ""}`;

export function claimToken(deps: Pick<Deps, "config" | "clock">, userId: number, email: string, ttlMs: number, groupId: number | null = null): string {
  const expires = (deps.clock().getTime() + ttlMs).toString(16).padStart(16, "0");
  const group = (groupId ?? 0).toString(16).padStart(8, "0");
  return signToken(deps.config.linkSecret, purpose(email, groupId), userId, expires + group + randomBytes(4).toString("hex"));
}

export function claimLink(deps: Pick<Deps, "config" | "clock">, userId: number, email: string, ttlMs: number, groupId: number | null = null): string {
  return `${deps.config.publicUrl.replace(/\/$/, "")}/unirse?token=${claimToken(deps, userId, email, ttlMs, groupId)}`;
}

interface ClaimRow {
  id: number;
  email: string;
}

/** The peña a valid link was signed for (null: any peña the placeholder is in), or undefined when the link is not valid for this address. */
function linkGroup(secret: string, email: string, token: string): { id: number; nonce: string; groupId: number | null } | undefined {
  const plain = readSignedToken(secret, purpose(email), token);
  if (plain) return { ...plain, groupId: null };
  const groupId = parseInt(/^\d+\.[0-9a-f]{16}([0-9a-f]{8})/i.exec(token)?.[1] ?? "0", 16);
  const forGroup = groupId > 0 ? readSignedToken(secret, purpose(email, groupId), token) : null;
  return forGroup ? { ...forGroup, groupId } : undefined;
}

/**
 * The placeholder a link names, if the link is intact, unexpired and the row is still a placeholder
 * with that address. A link is good only while what it was sent for still holds (decision 079): the
 * placeholder is still a member without an account of the peña that invited it (of any peña, for
 * the sign-up's link); once a manager removed it or linked it to a member, the link makes nothing and
 * says why. Claiming (`lock`) holds that membership until the claim commits.
 */
async function placeholderOf(deps: Deps, token: string, lock = false): Promise<ClaimRow> {
  const id = /^(\d{1,9})\./.exec(token)?.[1];
  if (!id) throw new ApiError(400, CLAIM_LINK_INVALID);
  const row = await deps.db.one<ClaimRow>(`select id, email from users where id = $1 and placeholder${lock ? " for update" : ""}`, [Number(id)]);
  const parsed = row ? linkGroup(deps.config.linkSecret, row.email, token) : undefined;
  if (!row || !parsed || parsed.id !== row.id || parseInt(parsed.nonce.slice(0, 16), 16) <= deps.clock().getTime()) throw new ApiError(400, CLAIM_LINK_INVALID);
  const member = await deps.db.one(
    `select 1 from group_members where user_id = $1 and removed_at is null and ($2::integer is null or group_id = $2) limit 1${lock ? " for share" : ""}`,
    [row.id, parsed.groupId],
  );
  if (!member) throw new ApiError(400, CLAIM_LINK_GONE);
  return row;
}

/** What the link's page shows: the address the link was sent to (its holder read it there already). */
export async function readClaim(deps: Deps, token: string): Promise<{ email: string }> {
  return { email: (await placeholderOf(deps, token)).email };
}

/** The link opened: the placeholder becomes the account, with the username and password chosen now; its picks, money and groups stay. */
export async function claimPlaceholder(deps: Deps, input: { token: string; username: string; password: string }): Promise<number> {
  const hash = await hashPassword(input.password);
  return deps.db.tx(async (tx) => {
    const row = await placeholderOf({ ...deps, db: tx }, input.token, true);
    await tx.query("delete from password_resets where user_id = $1", [row.id]);
    return becomeAccount(deps, tx, row.id, { username: input.username, hash });
  });
}

/**
 * A placeholder becomes an account, in the caller's transaction: the one way, whether its holder opened
 * the link sent to the address or an admin's form mailed a temporary password there (decision 061).
 * The username is an account's, unique among accounts only: placeholders' names belong to their peñas
 * (decision 063). The audit names it, and the standings pick the new name up.
 */
export async function becomeAccount(deps: Deps, tx: Db, userId: number, input: { username: string; hash: string; isAdmin?: boolean }): Promise<number> {
  // The holder who first typed their own address at sign-up, with this very name, got an account that
  // only asked for the address (decision 092): while it is in no peña it is theirs in all but proof,
  // and it gives the name back to the proved one instead of refusing it.
  await tx.query(
    `delete from users a using users p
      where p.id = $2 and lower(a.username) = lower($1) and lower(a.requested_email) = lower(p.email) and not a.placeholder
        and not exists (select 1 from group_members m where m.user_id = a.id)`,
    [input.username, userId],
  );
  // A single claim is told here; of two at once with one name, the unique index refuses the second's
  // update and the error handler gives it this same 409 (decision 079).
  const taken = await tx.one("select 1 from users where lower(username) = lower($1) and id <> $2 and not placeholder", [input.username, userId]);
  if (taken) throw conflict(USERNAME_TAKEN);
  const row = await tx.one<{ id: number }>(
    // The link (or the admin's temporary password) went to the address: it is proved (decision 078).
    `update users set username = $2, password_hash = $3, is_admin = $4, placeholder = false, send_digest = true, email_proved_at = now()
      where id = $1 and placeholder returning id`,
    [userId, input.username, input.hash, input.isAdmin ?? false],
  );
  if (!row) throw conflict(EMAIL_TAKEN);
  await recordAudit(tx, {
    at: deps.clock(),
    actorId: row.id,
    groupId: null,
    action: "import.claim",
    entity: "member",
    entityId: row.id,
    subject: input.username,
    after: { username: input.username },
  });
  await refreshTouched(tx, deps.clock());
  return row.id;
}

/**
 * Sent when someone signs up, or asks for a new password, with a placeholder's address: only its
 * holder can use it. Composed after the answer (services/mail/outbox.ts), counted by the mail policy.
 * It may be the first mail the address gets from the app: it says which peñas gave it (decision 086).
 */
export async function claimMail(deps: Pick<Deps, "config" | "clock" | "db">, userId: number, email: string): Promise<Mail> {
  const groups = await groupNamesOf(deps.db, userId);
  return {
    to: email,
    subject: "Quiniela de peñas: termina tu registro",
    text: [
      "Hola:",
      "",
      `Alguien (esperamos que tú) ha pedido una cuenta con este e-mail (${email}) en Quiniela de peñas.`,
      "Una peña ya lleva tus pronósticos y tus pagos. Abre este enlace, elige tu nombre de usuario y tu contraseña, y pasarán a ser tuyos.",
      "Caduca en dos días:",
      "",
      claimLink(deps, userId, email, SIGN_UP_LINK_MS),
      "",
      "Si no lo has pedido tú, ignora este mensaje: no se crea ninguna cuenta.",
      "",
      ...whyWeWrite(deps.config, groups),
    ].join("\n"),
    wayOut: { userId, kind: "account" },
  };
}
