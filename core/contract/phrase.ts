import { z } from "zod";
import { id, text, wireId } from "./common";

export const PHRASE_TEXT_REQUIRED = "La frase no puede estar vacía";
export const PHRASE_AUTHOR_REQUIRED = "El autor es obligatorio";

/** POST /phrases/Create {text, author, usuario?} and PUT /phrases/Update/{id} {text, author}. */
export const phraseBody = z.object({
  text: text(300, PHRASE_TEXT_REQUIRED),
  author: text(100, PHRASE_AUTHOR_REQUIRED),
  usuario: z.union([z.string(), z.number()]).optional(),
});

/** A quote of a user's (the API contract, docs/architecture.md#the-contract); `usuario` is the owner's user id. */
export const Phrase = z.object({ id: wireId, text: z.string(), author: z.string(), usuario: wireId });
export type Phrase = z.infer<typeof Phrase>;
export const PhraseList = z.array(Phrase);

export const phraseParams = z.object({ id });
/** GET /phrases/List?usuario=: another user's quotes (id or username; admin only). */
export const phraseListQuery = z.object({ usuario: z.string().optional().describe("Id o nombre de usuario (solo admin; por defecto, el propio)") });
