import { randomBytes } from "node:crypto";
import { EMAIL_PROOF_INVALID } from "#core/contract/auth";
import type { Deps } from "../../context";
import { ApiError } from "../../errors";
import type { Mail } from "../../mailer";
import { readSignedToken, signToken } from "../shelf/signed-token";
import { admitMailAlone } from "../mail/policy";
import { mailLater } from "../mail/outbox";
import { claimMail } from "../moving-in/claim";

/**
 * An account proves its own address (decision 078) by opening the link mailed to it: signed for the
 * account and that address (a changed address makes the old link fail), with its expiry in the
 * nonce, like the claim links. Proved, the account may mail others (invitations, a members file).
 */

export const PROOF_LINK_MS = 7 * 86_400_000;
export const PROOF_INVALID = EMAIL_PROOF_INVALID;
export const PROOF_DONE = "Dirección de correo confirmada: ya puedes invitar a los miembros de tus peñas.";
export const proofSent = (email: string) => `Te hemos enviado un enlace a ${email}. Ábrelo para confirmar que la dirección es tuya.`;

const purpose = (email: string) => `prove:${email.trim().toLowerCase()}`;

export function proofLink(deps: Pick<Deps, "config" | "clock">, userId: number, email: string): string {
  const expires = (deps.clock().getTime() + PROOF_LINK_MS).toString(16).padStart(16, "0");
  const token = signToken(deps.config.linkSecret, purpose(email), userId, expires + randomBytes(8).toString("hex"));
  return `${deps.config.publicUrl.replace(/\/$/, "")}/confirmar-correo?token=${token}`;
}

export function proofMail(deps: Pick<Deps, "config" | "clock">, user: { id: number; username: string; email: string }, requested = false): Mail {
  return {
    to: user.email,
    subject: "Quiniela de peñas: confirma tu dirección de correo",
    text: [
      `Hola, ${user.username}:`,
      "",
      "Abre este enlace para confirmar que esta dirección es tuya. Hasta entonces puedes jugar en tus peñas, pero no invitar a nadie por correo.",
      "Caduca en siete días:",
      "",
      proofLink(deps, user.id, user.email),
      "",
      "Si no te has registrado tú en Quiniela de peñas, ignora este mensaje.",
    ].join("\n"),
    // Asked again from the profile, signed in: sent whatever the account's switch says (decision 086).
    wayOut: { userId: user.id, kind: "account", requested },
  };
}

/** The link opened (and its button pressed): the account's address is proved. Once is enough; again changes nothing. */
export async function confirmProof(deps: Deps, token: string): Promise<void> {
  const id = /^(\d{1,9})\./.exec(token)?.[1];
  const row = id ? await deps.db.one<{ id: number; email: string }>("select id, email from users where id = $1 and not placeholder", [Number(id)]) : null;
  const parsed = row ? readSignedToken(deps.config.linkSecret, purpose(row.email), token) : null;
  if (!row || !parsed || parsed.id !== row.id || parseInt(parsed.nonce.slice(0, 16), 16) <= deps.clock().getTime()) throw new ApiError(400, PROOF_INVALID);
  await deps.db.query("update users set email_proved_at = coalesce(email_proved_at, $2) where id = $1", [row.id, deps.clock()]);
}

/** Whether the signed-in account's address is proved, and which it is. */
export async function proofState({ db }: Pick<Deps, "db">, userId: number): Promise<{ email: string; proved: boolean }> {
  const row = await db.one<{ email: string; proved: boolean }>(
    "select shown_email(users) as email, email_proved_at is not null as proved from users where id = $1",
    [userId],
  );
  return { email: row?.email ?? "", proved: Boolean(row?.proved) };
}

/**
 * Another link, to the account's own address: counted like every mail (the address's and the client's
 * allowances). An account that only asked for an address another holds (decision 092) is answered
 * the same, and that address's holder is told again, as at the sign-up.
 */
export async function resendProof(deps: Deps, userId: number, client: string): Promise<{ message: string }> {
  const user = await deps.db.one<{ id: number; username: string; email: string; requested: string | null; proved: boolean }>(
    "select id, username, email, requested_email as requested, email_proved_at is not null as proved from users where id = $1",
    [userId],
  );
  if (!user) throw new ApiError(404, "Usuario no encontrado.");
  if (user.proved) return { message: "Tu dirección de correo ya está confirmada." };
  const to = user.requested ?? user.email;
  await admitMailAlone(deps, { route: "proof", to, client });
  mailLater(deps, async () => (user.requested ? addressTakenMail(deps, user.requested) : proofMail(deps, user, true)));
  return { message: proofSent(to) };
}

/** The mail a sign-up with an address already in use sends to that address's holder. */
export async function addressTakenMail(deps: Deps, email: string): Promise<Mail | null> {
  const user = await deps.db.one<{ id: number; username: string; email: string; placeholder: boolean }>(
    "select id, username, email, placeholder from users where lower(email) = lower($1)",
    [email],
  );
  if (!user) return null;
  if (user.placeholder) return claimMail(deps, user.id, user.email);
  const site = deps.config.publicUrl.replace(/\/$/, "");
  return {
    to: user.email,
    subject: "Quiniela de peñas: ya tienes cuenta",
    text: [
      `Hola, ${user.username}:`,
      "",
      "Alguien (quizá tú) ha intentado registrarse en Quiniela de peñas con este e-mail, que ya es el de tu cuenta. No hemos creado otra ni cambiado nada.",
      "",
      `Tu usuario es ${user.username}: entra en ${site}/login.`,
      `Si no recuerdas la contraseña, pide una nueva en ${site}/forgot-password.`,
      "",
      "Si no has sido tú, ignora este mensaje.",
    ].join("\n"),
    wayOut: { userId: user.id, kind: "account" },
  };
}
