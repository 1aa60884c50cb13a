import sharp from "sharp";
import type { SessionUser } from "#core/contract/auth";
import { avatarPath } from "../../avatar-path";
import type { Deps } from "../../context";
import { ApiError, badRequest, conflict, EMAIL_TAKEN, notFound, unauthorized, USERNAME_TAKEN } from "../../errors";
import { DUMMY_HASH, hashPassword, newToken, sha256, temporaryPassword, verifyPassword } from "../../security";
import type { Mail } from "../../mailer";
import { admitMail, admitMailAlone, deliver, isSuppressed } from "../mail/policy";
import { mailLater } from "../mail/outbox";
import { addressTakenMail, proofMail } from "./proof";
import { becomeAccount, claimMail } from "../moving-in/claim";
import { refreshTouched } from "../shelf/standings-store";

export const RESET_TTL_MS = 60 * 60 * 1000;

export async function sessionUser({ db }: Deps, userId: number): Promise<SessionUser> {
  const row = await db.one<{ id: number; email: string; username: string; is_admin: boolean; avatar_version: number | null; managed: number | null }>(
    `select u.id, shown_email(u) as email, u.username, u.is_admin, u.avatar_version,
            (select min(m.group_id) from group_members m where m.user_id = u.id and m.role_id = 2 and m.removed_at is null) as managed
       from users u where u.id = $1`,
    [userId],
  );
  if (!row) throw notFound("Usuario no encontrado.");
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    avatarPath: avatarPath(row.id, row.avatar_version),
    isAdmin: row.is_admin,
    isManagerOfGroup: row.managed !== null,
    managedGroupId: row.managed,
  };
}

export async function issueToken({ db, clock, config }: Deps, userId: number): Promise<string> {
  const token = newToken();
  const expires = new Date(clock().getTime() + config.tokenDays * 86_400_000);
  await db.query("insert into auth_tokens (token_hash, user_id, expires_at) values ($1, $2, $3)", [sha256(token), userId, expires]);
  return token;
}

/**
 * One key per account, whether it is named by e-mail or by username, so the two do not count
 * separately; a name that is no account keys by itself.
 */
export async function accountKey(deps: Deps, identifier: string): Promise<string> {
  const row = await deps.db.one<{ id: number }>(
    "select id from users where lower(email) = lower($1) or (lower(username) = lower($1) and not placeholder) limit 1",
    [identifier],
  );
  return row ? `user:${row.id}` : `name:${identifier.toLowerCase()}`;
}

export async function login(deps: Deps, body: { email?: string; username?: string; password: string }) {
  const byEmail = Boolean(body.email?.trim());
  const key = (byEmail ? body.email : body.username)!.trim();
  const row = await deps.db.one<{ id: number; password_hash: string }>(
    // A username names an account; a member without one is named per peña (decision 063).
    // A placeholder has no password: it is compared like an unknown name, against the dummy hash, so
    // its answer and its time are an unknown address's (decision 078). An erased account signs in no more (decision 083).
    // By e-mail only a proved address names an account: an unproved one may be a stranger's sign-up
    // with someone else's address, which would otherwise sign in where a taken one cannot (decision 092).
    `select id, password_hash from users where deleted_at is null and ${byEmail ? "lower(email) = lower($1) and email_proved_at is not null" : "lower(username) = lower($1)"} and not placeholder`,
    [key],
  );
  const ok = await verifyPassword(body.password, row?.password_hash ?? DUMMY_HASH);
  if (!row || !ok) throw unauthorized("Usuario o contraseña incorrectos.");
  return { ...(await sessionUser(deps, row.id)), token: await issueToken(deps, row.id) };
}

async function assertFree(deps: Deps, email: string, username: string) {
  // A placeholder with this e-mail is no obstacle here: the sign-up sends it the claim link (decision
  // 061); nor is one with this name, which belongs to its peña, not to the accounts (decision 063).
  const taken = await deps.db.one<{ email_taken: boolean }>(
    `select lower(email) = lower($1) as email_taken from users
      where (lower(email) = lower($1) or lower(username) = lower($2)) and not placeholder limit 1`,
    [email, username],
  );
  if (taken) throw conflict(taken.email_taken ? EMAIL_TAKEN : USERNAME_TAKEN);
}

/** The member imported without an account under this e-mail, if there is one (decision 052). */
export async function placeholderWithEmail({ db }: Pick<Deps, "db">, email: string): Promise<{ id: number; email: string } | null> {
  return (await db.one<{ id: number; email: string }>("select id, email from users where placeholder and lower(email) = lower($1)", [email])) ?? null;
}

/**
 * An account made by an admin (the form, the first admin, a test's): never an existing one
 * overwritten (the insert meets the e-mail's unique key). An address that belongs to a member
 * imported without an account is no account yet, but typing it proves nothing (decision 061):
 * `claimByMail` is for the admin's form only, whose temporary password goes to that address, so
 * only its holder can sign in. Anyone's sign-up is `signUp`, below.
 */
export async function createUser(
  deps: Deps,
  input: { email: string; username: string; password: string; isAdmin?: boolean },
  options: { claimByMail?: boolean } = {},
) {
  await assertFree(deps, input.email, input.username);
  const hash = await hashPassword(input.password);
  const placeholder = await placeholderWithEmail(deps, input.email);
  if (placeholder && !options.claimByMail) throw new ApiError(409, PLACEHOLDER_NEEDS_PROOF);
  if (placeholder) return deps.db.tx((tx) => becomeAccount(deps, tx, placeholder.id, { username: input.username, hash, isAdmin: input.isAdmin }));
  // Two sign-ups with one address at once: the second meets the unique key and is told so, never a 500.
  const row = await deps.db.one<{ id: number }>(
    // Made by an admin (its temporary password goes to the address) or the first admin: proved (decision 078).
    "insert into users (email, username, password_hash, is_admin, email_proved_at) values ($1, $2, $3, $4, now()) on conflict do nothing returning id",
    [input.email, input.username, hash, input.isAdmin ?? false],
  );
  if (!row) {
    await assertFree(deps, input.email, input.username);
    throw conflict(EMAIL_TAKEN);
  }
  return row.id;
}

export const PLACEHOLDER_NEEDS_PROOF = "Ese e-mail es de un miembro sin cuenta: se une con el enlace que le enviamos a ese e-mail.";

/** Downscales to 64 px wide, JPEG quality 60: the stored image is never the bytes that were sent. */
export async function processAvatar(image: Buffer): Promise<Buffer> {
  try {
    return await sharp(image, { limitInputPixels: 40_000_000 }).rotate().resize({ width: 64 }).jpeg({ quality: 60 }).toBuffer();
  } catch {
    throw badRequest("La imagen del avatar no es válida (usa JPG, PNG, WebP o GIF).");
  }
}

export async function saveAvatar({ db, clock }: Deps, userId: number, jpeg: Buffer): Promise<string> {
  const row = await db.tx(async (tx) => {
    await tx.query(
      `insert into user_avatars (user_id, content_type, image) values ($1, 'image/jpeg', $2)
       on conflict (user_id) do update set image = excluded.image, updated_at = now()`,
      [userId, jpeg],
    );
    const updated = await tx.one<{ avatar_version: number }>(
      "update users set avatar_version = coalesce(avatar_version, 0) + 1 where id = $1 returning avatar_version",
      [userId],
    );
    // The standings rows carry the avatar.
    await refreshTouched(tx, clock());
    return updated;
  });
  return avatarPath(userId, row!.avatar_version)!;
}

export async function avatarImage({ db }: Deps, userId: number) {
  const row = await db.one<{ image: Uint8Array; content_type: string }>("select image, content_type from user_avatars where user_id = $1", [userId]);
  if (!row) throw notFound("Avatar no encontrado.");
  return { image: Buffer.from(row.image), contentType: row.content_type };
}

/**
 * A reset asked for an address (decision 078): counted by the mail policy whatever the address is,
 * answered at once, and only then, from the outbox, worked out: an account gets the reset link, a
 * member imported without an account the link that makes the account (decision 061), an unknown
 * address nothing. The answer and its time are the same for the three.
 */
export async function forgotPassword(deps: Deps, email: string, client: string | null = null) {
  await admitMailAlone(deps, { route: "reset", to: email, client });
  mailLater(deps, () => resetMail(deps, email));
}

async function resetMail(deps: Deps, email: string): Promise<Mail | null> {
  const user = await deps.db.one<{ id: number; username: string; email: string; placeholder: boolean }>(
    "select id, username, email, placeholder from users where lower(email) = lower($1)",
    [email],
  );
  if (!user) return null;
  // A member imported without an account has no password to change: the address's holder gets the
  // link that makes the account (decision 061), never a password on a row that is still a placeholder.
  if (user.placeholder) return claimMail(deps, user.id, user.email);
  const token = newToken();
  await deps.db.query("insert into password_resets (token_hash, user_id, expires_at) values ($1, $2, $3)", [
    sha256(token),
    user.id,
    new Date(deps.clock().getTime() + RESET_TTL_MS),
  ]);
  const link = `${deps.config.publicUrl.replace(/\/$/, "")}/ChangePassword?token=${token}`;
  return {
    to: user.email,
    subject: "Quiniela de peñas: cambia tu contraseña",
    text: [
      `Hola, ${user.username}:`,
      "",
      "Alguien (esperamos que tú) ha pedido cambiar la contraseña de tu cuenta.",
      "Abre este enlace para elegir una nueva. Sirve una sola vez y caduca en una hora:",
      "",
      link,
      "",
      "Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.",
    ].join("\n"),
    wayOut: { userId: user.id, kind: "account" },
  };
}

export const ADDRESS_STOPPED_FOR_ADMIN =
  "Esa dirección ha pedido no recibir correos de esta aplicación: no podemos enviarle la contraseña temporal, así que la cuenta no se ha creado.";

/**
 * Anyone's sign-up (decisions 078 and 092). A username already taken by an account is a 409:
 * usernames are public in every peña. The address is never told apart: the password is hashed, the
 * mail policy counts the address, an account is made and the answer is the same, whether the address
 * is free (the account holds it, unproved, and it is mailed its proof link), an account's (its
 * holder is told someone tried, with the way to a new password) or a placeholder's (its holder gets
 * the claim link, decision 061). In the last two the new account only asked for the address: it is
 * kept as `requested_email`, shown to the account, never mailed and never proved. Which mail goes is
 * worked out after the answer, from the outbox. Returns the new account's id, or null when the
 * username is already this address's (the same sign-up again).
 */
export async function signUp(
  deps: Deps,
  input: { email: string; username: string; password: string },
  options: { avatar?: Buffer | null; client?: string | null } = {},
): Promise<number | null> {
  // The owner typing their own name and address again is no conflict: it would tell them nothing new.
  const usernameTaken = () =>
    deps.db.one("select 1 from users where lower(username) = lower($1) and not placeholder and lower(shown_email(users)) <> lower($2)", [
      input.username,
      input.email,
    ]);
  if (await usernameTaken()) throw conflict("Ese nombre de usuario ya existe.");
  // Counted before the hash: a refusal (the same for every address) costs no scrypt.
  await admitMailAlone(deps, { route: "sign-up", to: input.email, client: options.client ?? null });
  const hash = await hashPassword(input.password);
  const free = await deps.db.one<{ id: number }>(
    "insert into users (email, username, password_hash, is_admin) values ($1, $2, $3, false) on conflict do nothing returning id",
    [input.email, input.username, hash],
  );
  if (free) {
    if (options.avatar) await saveAvatar(deps, free.id, options.avatar);
    mailLater(deps, async () => proofMail(deps, { id: free.id, username: input.username, email: input.email }));
    return free.id;
  }
  // The insert met a unique key: the address (the usual case), or a name an account took meanwhile.
  if (await usernameTaken()) throw conflict("Ese nombre de usuario ya existe.");
  const asked = await deps.db.one<{ id: number }>(
    `insert into users (email, username, password_hash, is_admin, requested_email)
     values ('${REQUESTED_PREFIX}' || gen_random_uuid(), $1, $2, false, $3) on conflict do nothing returning id`,
    [input.username, hash, input.email],
  );
  if (asked && options.avatar) await saveAvatar(deps, asked.id, options.avatar);
  mailLater(deps, () => addressTakenMail(deps, input.email));
  return asked?.id ?? null;
}

/** The `email` of an account that only asked for an address another holds: a name, never an address. */
const REQUESTED_PREFIX = "pendiente-";

const INVALID_LINK = "El enlace para cambiar la contraseña no es válido, ya se usó o ha caducado. Pide uno nuevo.";

export async function resetPassword(deps: Deps, token: string, newPassword: string) {
  const hash = await hashPassword(newPassword);
  await deps.db.tx(async (tx) => {
    // Marking it used in the same statement that checks it makes a second use lose the race.
    const reset = await tx.one<{ user_id: number }>(
      `update password_resets set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2 returning user_id`,
      [sha256(token), deps.clock()],
    );
    if (!reset) throw new ApiError(400, INVALID_LINK);
    // The link went to the account's address: opening it proves the address, as the proof link does (decision 092).
    const changed = await tx.one(
      "update users set password_hash = $2, email_proved_at = coalesce(email_proved_at, $3) where id = $1 and not placeholder returning id",
      [reset.user_id, hash, deps.clock()],
    );
    if (!changed) throw new ApiError(400, INVALID_LINK);
    await tx.query("delete from auth_tokens where user_id = $1", [reset.user_id]);
  });
}

/** Other sessions of the user end; the one that made the change stays. */
export async function updatePassword(deps: Deps, userId: number, newPassword: string, keepTokenHash: string) {
  const hash = await hashPassword(newPassword);
  await deps.db.tx(async (tx) => {
    await tx.query("update users set password_hash = $2 where id = $1", [userId, hash]);
    await tx.query("delete from auth_tokens where user_id = $1 and token_hash <> $2", [userId, keepTokenHash]);
  });
}

/**
 * An account made by an admin, with its group memberships, and a temporary password mailed to it.
 * If the mail cannot be sent nobody could sign in, so the account is removed again.
 */
export async function registerByAdmin(
  deps: Deps,
  input: { email: string; username: string; groups: { groupId: number; roleId: number }[] },
  asker: { adminId: number | null; client: string | null } = { adminId: null, client: null },
): Promise<number> {
  const password = temporaryPassword();
  const userId = await deps.db.tx(async (tx) => {
    // A mail to someone else: counted like every other (decision 078).
    // An address that asked for no mail (decision 086) cannot get its password: no account is made.
    if (await isSuppressed({ ...deps, db: tx }, input.email)) throw new ApiError(409, ADDRESS_STOPPED_FOR_ADMIN);
    await admitMail(deps, tx, { route: "sign-up", to: input.email, senderId: asker.adminId, client: asker.client });
    for (const { groupId } of input.groups) {
      if (!(await tx.one("select 1 from groups where id = $1", [groupId]))) throw notFound("Grupo no encontrado.");
    }
    const id = await createUser({ ...deps, db: tx }, { email: input.email, username: input.username, password }, { claimByMail: true });
    for (const { groupId, roleId } of input.groups) {
      await tx.query("insert into group_members (group_id, user_id, role_id) values ($1, $2, $3)", [groupId, id, roleId]);
    }
    await refreshTouched(tx, deps.clock());
    return id;
  });
  // Sent after the commit: an embedded database must not stay locked while an SMTP server answers.
  const site = deps.config.publicUrl.replace(/\/$/, "");
  try {
    await deliver(deps, {
      to: input.email,
      subject: "Quiniela de peñas: tu cuenta",
      text: [
        `Hola, ${input.username}:`,
        "",
        "Un administrador te ha creado una cuenta en Quiniela de peñas.",
        "",
        `Usuario: ${input.username}`,
        `Contraseña temporal: ${password}`,
        "",
        `Entra en ${site}/login y cámbiala desde tu perfil (${site}/perfil).`,
      ].join("\n"),
      wayOut: { userId, kind: "account" },
    });
  } catch {
    await deps.db.tx(async (tx) => {
      await tx.query("delete from users where id = $1", [userId]);
      await refreshTouched(tx, deps.clock());
    });
    throw new ApiError(502, "No se pudo enviar el correo con la contraseña temporal; el usuario no se ha creado.");
  }
  return userId;
}
