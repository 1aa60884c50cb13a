import { z } from "zod";
import { PHRASE_AUTHOR_REQUIRED, PHRASE_TEXT_REQUIRED } from "#core/contract/phrase";

export { changePasswordSchema as passwordSchema } from "./auth";

/** A native checkbox: present ("on") when ticked, absent otherwise. */
export const alertSchema = z.object({ sendAlert: z.literal("on").optional() });
export const digestSchema = z.object({ sendDigest: z.literal("on").optional() });

export const phraseSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  text: z.string({ required_error: PHRASE_TEXT_REQUIRED }).trim().min(1, PHRASE_TEXT_REQUIRED).max(300, "Máximo 300 caracteres."),
  author: z.string({ required_error: PHRASE_AUTHOR_REQUIRED }).trim().min(1, PHRASE_AUTHOR_REQUIRED).max(100, "Máximo 100 caracteres."),
});

export const deletePhraseSchema = z.object({ id: z.coerce.number().int().positive() });
