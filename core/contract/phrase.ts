import { z } from "zod";
import { text } from "./common";

export const PHRASE_TEXT_REQUIRED = "La frase no puede estar vacía";
export const PHRASE_AUTHOR_REQUIRED = "El autor es obligatorio";

/** POST /phrases/Create {text, author, usuario?} and PUT /phrases/Update/{id} {text, author}. */
export const phraseBody = z.object({
  text: text(300, PHRASE_TEXT_REQUIRED),
  author: text(100, PHRASE_AUTHOR_REQUIRED),
  usuario: z.union([z.string(), z.number()]).optional(),
});

/** A quote of a user's (spec section 3, Phrase); `usuario` is the owner's user id. */
export const Phrase = z.object({ id: z.number().int(), text: z.string(), author: z.string(), usuario: z.number().int() });
export type Phrase = z.infer<typeof Phrase>;
export const PhraseList = z.array(Phrase);
