import { z } from "zod";
import { bodyBoolean } from "./common";

/**
 * The way out of every mail (decision 086): the signed token of its List-Unsubscribe link, what it
 * names, and what its page may do. An account's token names the account and one kind of mail; an
 * address's token (a member imported without an account) names the address by its keyed hash.
 */

/** The kinds of mail an account can turn off, each a switch of /perfil. */
export const MAIL_KINDS = ["alerts", "digest", "manager", "account"] as const;
export const MailKind = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof MailKind>;

/** What each kind is called on the way-out page and in /perfil. */
export const MAIL_KIND_NAMES: Record<MailKind, string> = {
  alerts: "los recordatorios antes del cierre de cada jornada",
  digest: "el resumen de cada jornada",
  manager: "los avisos para gestores (la apuesta hecha al cierre, un miembro que pide borrar su dirección)",
  account: "los avisos sobre el acceso a tu cuenta (intentos de registro con tu e-mail, enlaces para cambiar la contraseña)",
};

export const WAY_OUT_INVALID = "Este enlace para dejar de recibir correos no es válido: puede que esté cortado o alterado. Usa el enlace entero del correo.";
export const WAY_OUT_NOT_MEMBER = "Esta dirección ya no es la de ningún miembro sin cuenta: no hay nada que borrar.";

const token = z
  .string({ message: WAY_OUT_INVALID })
  .max(200, WAY_OUT_INVALID)
  .describe("El token firmado del enlace del correo: c.<cuenta>.<tipo>.<firma> o d.<miembro>.<hash>.<firma>");

/** GET /mail/way-out?token=…: what the link names. */
export const wayOutQuery = z.object({ token });

export const WayOutRead = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("account"), mail: MailKind, off: z.boolean() }),
  z.object({
    kind: z.literal("address"),
    /** The address is on the suppression list already. */
    stopped: z.boolean(),
    /** The peñas that hold the address for a member without an account (empty: none any more). */
    groups: z.array(z.string()),
  }),
]);
export type WayOutRead = z.infer<typeof WayOutRead>;

/**
 * POST /mail/way-out: `stop` turns the account's kind off, or puts the address on the suppression
 * list (the mail client's one-click, RFC 8058, is a `stop`); `not-me` removes the address from the
 * member without an account and tells the peña's managers; `resume` undoes a `stop`.
 */
export const WAY_OUT_ACTIONS = ["stop", "not-me", "resume"] as const;
export const wayOutBody = z.object({ token, action: z.enum(WAY_OUT_ACTIONS, { message: "Elige una de las opciones del formulario." }) });

export const WayOutDone = z.object({ message: z.string() });
export type WayOutDone = z.infer<typeof WayOutDone>;

/** GET and POST /User/MailPreferences: the profile's switches of the two kinds that have no call of their own. */
export const MailPreferences = z.object({ sendManagerMail: z.boolean(), sendAccountMail: z.boolean() });
export type MailPreferences = z.infer<typeof MailPreferences>;
export const mailPreferencesBody = z.object({
  sendManagerMail: bodyBoolean("El aviso para gestores debe ser verdadero o falso.").optional(),
  sendAccountMail: bodyBoolean("El aviso de acceso debe ser verdadero o falso.").optional(),
});
