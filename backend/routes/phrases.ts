import type { FastifyInstance } from "fastify";
import { id } from "#core/contract/common";
import { phraseBody } from "#core/contract/phrase";
import { requireUser, type Deps } from "../context";
import { parse } from "../validate";
import * as phrases from "../services/phrases";

/** A player's favourite quotes (spec section 3, Phrase): each user reads and changes only their own. */
export default async function phraseRoutes(app: FastifyInstance, deps: Deps) {
  const tags = ["phrases"];
  const phraseId = (request: { params: unknown }) => parse(id, (request.params as { id: string }).id);

  app.get("/phrases/List", { schema: { tags, summary: "Las frases del usuario (usuario: solo el propio, salvo admin)" } }, async (request) => {
    const user = requireUser(request);
    const usuario = (request.query as Record<string, string | undefined>).usuario;
    return phrases.listPhrases(deps, user, usuario?.trim() || undefined);
  });

  app.post("/phrases/Create", { schema: { tags, summary: "Añade una frase del usuario" } }, async (request, reply) => {
    const user = requireUser(request);
    return reply.code(201).send(await phrases.createPhrase(deps, user, parse(phraseBody, request.body)));
  });

  app.put("/phrases/Update/:id", { schema: { tags, summary: "Cambia una frase propia" } }, async (request) => {
    const user = requireUser(request);
    return phrases.updatePhrase(deps, user, phraseId(request), parse(phraseBody, request.body));
  });

  app.delete("/phrases/Delete/:id", { schema: { tags, summary: "Borra una frase propia" } }, async (request, reply) => {
    const user = requireUser(request);
    await phrases.deletePhrase(deps, user, phraseId(request));
    return reply.code(204).send();
  });
}
