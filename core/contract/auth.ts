import { z } from "zod";
import { text } from "./common";

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

export const loginBody = z
  .object({ password: z.string().min(1).max(200), email: z.string().max(254).optional(), username: z.string().max(200).optional() })
  .refine((b) => Boolean(b.email?.trim() || b.username?.trim()), "Usuario o email y contraseña son obligatorios.");

export const registerBody = z.object({ email, username, password });
export const forgotPasswordBody = z.object({ email: text(254, "El email es obligatorio.") });
export const resetPasswordBody = z.object({ token: z.string().min(10).max(200), newPassword: password });
export const updatePasswordBody = z.object({ newPassword: password });
/** true or false (also as text): a coerced "false" must not turn reminders on. */
export const alertPreferenceBody = z.object({
  sendAlert: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")], {
    errorMap: () => ({ message: "Indica si quieres recibir recordatorios (true o false)." }),
  }),
});
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
