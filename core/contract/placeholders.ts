import { z } from "zod";
import { id } from "./common";

/** Members imported without an account, and their one invitation by e-mail. */

export const placeholderParams = z.object({ id });
export const placeholderInviteParams = z.object({ id, userId: id });

export const Placeholder = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string().describe("Vacío si la persona pidió borrar su dirección («no soy yo», decisión 086)"),
  mailStopped: z.boolean().describe("La dirección pidió no recibir correos de esta aplicación: no se le invita (decisión 086)"),
  invitedAt: z.string().nullable().describe("Cuándo se envió su invitación (ISO 8601); null si aún no"),
});
export type Placeholder = z.infer<typeof Placeholder>;
export const PlaceholderList = z.array(Placeholder);

export const PlaceholderInvite = z.object({
  sent: z.boolean().describe("true si esta petición envió el correo; false si ya se había enviado antes"),
  invitedAt: z.string(),
});
export type PlaceholderInvite = z.infer<typeof PlaceholderInvite>;

export const placeholderLinkBody = z.object({ memberId: id });
export const PlaceholderLinked = z.object({
  picks: z.number().int().describe("Pronósticos que pasan al miembro"),
  movements: z.number().int().describe("Movimientos de la caja que pasan al miembro"),
});
export type PlaceholderLinked = z.infer<typeof PlaceholderLinked>;
