import { randomBytes } from "node:crypto";
import { CLAIM_LINK_MISSING } from "#core/contract/auth";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { ApiError, conflict } from "../../errors";
import type { Mail } from "../../mailer";
import { hashPassword } from "../../security";
import { recordAudit } from "../audit";
import { readSignedToken, signToken } from "../kiosk/signed-token";
import { refreshTouched } from "../standings/store";

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

const purpose = (email: string) => `claim:${email.trim().toLowerCase()}`;

export function claimToken(deps: Pick<Deps, "config" | "clock">, userId: number, email: string, ttlMs: number): string {
  const expires = (deps.clock().getTime() + ttlMs).toString(16).padStart(16, "0");
  return signToken(deps.config.kioskSecret, purpose(email), userId, expires + randomBytes(8).toString("hex"));
}

export function claimLink(deps: Pick<Deps, "config" | "clock">, userId: number, email: string, ttlMs: number): string {
  return `${deps.config.publicUrl.replace(/\/$/, "")}/unirse?token=${claimToken(deps, userId, email, ttlMs)}`;
}

interface ClaimRow {
  id: number;
  email: string;
}

/** The placeholder a link names, if the link is intact, unexpired and the row is still a placeholder with that address. */
async function placeholderOf(deps: Deps, token: string, lock = false): Promise<ClaimRow> {
  const id = /^(\d{1,9})\./.exec(token)?.[1];
  if (!id) throw new ApiError(400, CLAIM_LINK_INVALID);
  const row = await deps.db.one<ClaimRow>(`select id, email from users where id = $1 and placeholder${lock ? " for update" : ""}`, [Number(id)]);
  const parsed = row ? readSignedToken(deps.config.kioskSecret, purpose(row.email), token) : null;
  if (!row || !parsed || parsed.id !== row.id || parseInt(parsed.nonce.slice(0, 16), 16) <= deps.clock().getTime()) throw new ApiError(400, CLAIM_LINK_INVALID);
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
  const taken = await tx.one("select 1 from users where lower(username) = lower($1) and id <> $2 and not placeholder", [input.username, userId]);
  if (taken) throw conflict("Ese nombre de usuario ya existe.");
  const row = await tx.one<{ id: number }>(
    // The link (or the admin's temporary password) went to the address: it is proved (decision 078).
    `update users set username = $2, password_hash = $3, is_admin = $4, placeholder = false, send_digest = true, email_proved_at = now()
      where id = $1 and placeholder returning id`,
    [userId, input.username, input.hash, input.isAdmin ?? false],
  );
  if (!row) throw conflict("Ese email ya está registrado.");
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
 */
export function claimMail(deps: Pick<Deps, "config" | "clock">, userId: number, email: string): Mail {
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
    ].join("\n"),
  };
}
