import { z } from "zod";
import { bodyBoolean, text } from "./common";

export const PASSWORD_RULE_MESSAGE =
  "La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula, un número y un símbolo.";
export const PASSWORD_MISMATCH_MESSAGE = "Las contraseñas no coinciden.";
export const EMAIL_MESSAGE = "Introduce un email válido.";
export const USERNAME_MESSAGE =
  "El nombre de usuario debe tener de 3 a 30 caracteres: letras, números, punto, guion o guion bajo.";

export function isStrongPassword(p: string): boolean {
  return (
    p.length >= 8 &&
    p.length <= 128 &&
    /\p{Lu}/u.test(p) &&
    /\p{Ll}/u.test(p) &&
    /\p{Nd}/u.test(p) &&
    /[^\p{L}\p{N}\s]/u.test(p)
  );
}

export const password = z.string({ required_error: PASSWORD_RULE_MESSAGE }).refine(isStrongPassword, PASSWORD_RULE_MESSAGE);
export const email = text(254, EMAIL_MESSAGE).pipe(z.string().email(EMAIL_MESSAGE));
export const username = text(30, USERNAME_MESSAGE).pipe(
  z.string().regex(/^[\p{L}\p{N}._-]{3,30}$/u, USERNAME_MESSAGE),
);

/** "A value shaped like an e-mail is sent as email, otherwise as username." */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value.trim());

export const LOGIN_REQUIRED = "Usuario o email y contraseña son obligatorios.";
/** A name or an e-mail as typed: no control characters (a NUL byte cannot reach the database). */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const loginName = (max: number) => z.string({ errorMap: () => ({ message: LOGIN_REQUIRED }) }).max(max, LOGIN_REQUIRED).refine((s) => !/[\u0000-\u001F\u007F]/.test(s), "El usuario o email contiene caracteres no válidos.");

export const loginBody = z
  .object({
    password: z.string({ errorMap: () => ({ message: LOGIN_REQUIRED }) }).min(1, LOGIN_REQUIRED).max(200, LOGIN_REQUIRED),
    email: loginName(254).optional(),
    username: loginName(200).optional(),
  })
  .refine((b) => Boolean(b.email?.trim() || b.username?.trim()), LOGIN_REQUIRED);

export const registerBody = z.object({ email, username, password });
export const forgotPasswordBody = z.object({ email: text(254, "El email es obligatorio.") });
export const RESET_LINK_INVALID = "El enlace para cambiar la contraseña no es válido o ha caducado.";
export const resetPasswordBody = z.object({ token: z.string({ errorMap: () => ({ message: RESET_LINK_INVALID }) }).min(10, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID), newPassword: password });
export const updatePasswordBody = z.object({ newPassword: password });
export const alertPreferenceBody = z.object({ sendAlert: bodyBoolean("El aviso por email debe ser verdadero o falso.") });
/** POST /User/SetAlertPreference and GET /User/GetAlertPreference. */
export const AlertPreference = z.object({ sendAlert: z.boolean() });

/** What POST /auth/login answers (spec section 3, User). */
export interface SessionUser {
  id: number;
  email: string;
  username: string;
  avatarPath: string | null;
  isAdmin: boolean;
  isManagerOfGroup: boolean;
  managedGroupId: number | null;
}
