import type { Phrase } from "#core/contract/phrase";
import type { AuthUser, Deps } from "../../context";
import { forbidden, notFound } from "../../errors";

const PHRASE_NOT_FOUND = "Frase no encontrada.";
const NOT_YOURS = "Solo puedes cambiar tus propias frases.";

interface PhraseRow {
  id: number;
  text: string;
  author: string;
  user_id: number;
}

const toPhrase = (row: PhraseRow): Phrase => ({ id: row.id, text: row.text, author: row.author, usuario: row.user_id });

/**
 * `usuario` (a user id or username) may only name the caller, unless the caller is an admin:
 * a player's quotes are theirs.
 */
export async function listPhrases({ db }: Deps, caller: AuthUser, usuario?: string): Promise<Phrase[]> {
  let userId = caller.id;
  if (usuario && usuario !== String(caller.id) && usuario.toLowerCase() !== caller.username.toLowerCase()) {
    if (!caller.isAdmin) throw forbidden("Solo puedes ver tus propias frases.");
    const other = await db.one<{ id: number }>("select id from users where id::text = $1 or (lower(username) = lower($1) and not placeholder)", [usuario]);
    if (!other) throw notFound("Usuario no encontrado.");
    userId = other.id;
  }
  const rows = await db.query<PhraseRow>("select id, text, author, user_id from phrases where user_id = $1 order by id", [userId]);
  return rows.map(toPhrase);
}

export async function createPhrase({ db }: Deps, caller: AuthUser, input: { text: string; author: string }): Promise<Phrase> {
  const row = await db.one<PhraseRow>("insert into phrases (text, author, user_id) values ($1, $2, $3) returning id, text, author, user_id", [
    input.text,
    input.author,
    caller.id,
  ]);
  return toPhrase(row!);
}

export async function ownPhrase({ db }: Deps, caller: AuthUser, id: number): Promise<void> {
  const row = await db.one<{ user_id: number }>("select user_id from phrases where id = $1", [id]);
  if (!row) throw notFound(PHRASE_NOT_FOUND);
  if (row.user_id !== caller.id) throw forbidden(NOT_YOURS);
}

export async function updatePhrase(deps: Deps, caller: AuthUser, id: number, input: { text: string; author: string }): Promise<Phrase> {
  await ownPhrase(deps, caller, id);
  const row = await deps.db.one<PhraseRow>("update phrases set text = $2, author = $3 where id = $1 returning id, text, author, user_id", [
    id,
    input.text,
    input.author,
  ]);
  return toPhrase(row!);
}

export async function deletePhrase(deps: Deps, caller: AuthUser, id: number): Promise<void> {
  await ownPhrase(deps, caller, id);
  await deps.db.query("delete from phrases where id = $1", [id]);
}
