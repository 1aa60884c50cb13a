import { Phrase, phraseBody, PhraseList, phraseListQuery, phraseParams } from "#core/contract/phrase";
import { requireUser } from "../context";
import { phraseOwner } from "../guards";
import { errorReplies, noContent } from "../schema";
import * as phrases from "../services/account/phrases";
import { resource } from "./resource";

/** A player's favourite quotes (the API contract in core/contract/phrase.ts, docs/architecture.md#the-contract): each user reads and changes only their own. */
export default resource("phrases", (app, deps) => {
  app.get(
    "/phrases/List",
    {
      schema: {
        summary: "Las frases del usuario (usuario: solo el propio, salvo admin)",
        querystring: phraseListQuery,
        response: { 200: PhraseList, ...errorReplies },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return phrases.listPhrases(deps, user, request.query.usuario?.trim() || undefined);
    },
  );

  app.post(
    "/phrases/Create",
    { schema: { summary: "Añade una frase del usuario", body: phraseBody, response: { 201: Phrase, ...errorReplies } } },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.code(201).send(await phrases.createPhrase(deps, user, request.body));
    },
  );

  app.put(
    "/phrases/Update/:id",
    {
      config: { guard: phraseOwner },
      schema: { summary: "Cambia una frase propia", params: phraseParams, body: phraseBody, response: { 200: Phrase, ...errorReplies } },
    },
    async (request) => {
      const user = requireUser(request);
      return phrases.updatePhrase(deps, user, request.params.id, request.body);
    },
  );

  app.delete(
    "/phrases/Delete/:id",
    {
      config: { guard: phraseOwner },
      schema: { summary: "Borra una frase propia", params: phraseParams, response: { 204: noContent, ...errorReplies } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await phrases.deletePhrase(deps, user, request.params.id);
      return reply.code(204).send(null);
    },
  );
});
