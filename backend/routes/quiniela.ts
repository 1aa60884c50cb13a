import type { FastifyReply } from "fastify";
import {
  PoolTypeList,
  Quiniela,
  QuinielaList,
  QuinielaMatchList,
  quinielaBody,
  quinielaParams,
  QuinielaResults,
  seasonParams,
  setResultsBody,
  UnresolvedTeams,
} from "#core/contract/quiniela";
import { requireUser } from "../context";
import { adminOnly } from "../guards";
import { errorReplies } from "../schema";
import * as pools from "../services/catalogue/quiniela";
import { resource } from "./resource";
import { afterRoundChange } from "../services/close/close-job";

/** The unresolved-names 400 carries the names too; every other error goes through the common handler. */
async function answeringUnknown<T>(reply: FastifyReply, status: number, work: () => Promise<T>) {
  try {
    return reply.code(status).send(await work());
  } catch (error) {
    if (error instanceof pools.UnresolvedTeamsError) return reply.code(400).send({ message: error.message, unknown: error.unknown });
    throw error;
  }
}

export default resource("quiniela", (app, deps) => {
  /** A pool's save: its 400 may name the unresolved teams. */
  const saveReplies = { ...errorReplies, 400: UnresolvedTeams };

  app.get(
    "/quiniela/all",
    { schema: { summary: "Todas las quinielas con sus partidos", response: { 200: QuinielaList, ...errorReplies } } },
    async (request) => {
      requireUser(request);
      return pools.allPools(deps);
    },
  );

  app.get(
    "/quiniela/GetBySeasonId/:seasonId",
    { schema: { summary: "Quinielas de una temporada", params: seasonParams, response: { 200: QuinielaList, ...errorReplies } } },
    async (request) => {
      requireUser(request);
      return pools.poolsOfSeason(deps, request.params.seasonId);
    },
  );

  app.get(
    "/quiniela/GetById/:id",
    { schema: { summary: "Una quiniela con sus 15 partidos", params: quinielaParams, response: { 200: Quiniela, ...errorReplies } } },
    async (request) => {
      return pools.visiblePool(deps.db, requireUser(request), request.params.id);
    },
  );

  app.get(
    "/Quiniela/:id/GetMatches",
    { schema: { summary: "Los 15 partidos de una quiniela", params: quinielaParams, response: { 200: QuinielaMatchList, ...errorReplies } } },
    async (request) => {
      return (await pools.visiblePool(deps.db, requireUser(request), request.params.id)).matches;
    },
  );

  app.get(
    "/quiniela/GetTypesQuiniela",
    { schema: { summary: "Tipos de quiniela (dobles y triples)", response: { 200: PoolTypeList, ...errorReplies } } },
    async (request) => {
      requireUser(request);
      return pools.poolTypes(deps);
    },
  );

  app.post(
    "/quiniela/CreateQuiniela",
    {
      config: { guard: adminOnly },
      schema: { summary: "Crea la quiniela de una jornada (admin)", body: quinielaBody, response: { 201: Quiniela, ...saveReplies } },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      return answeringUnknown(reply, 201, () => pools.createPool(deps, admin.id, request.body));
    },
  );

  app.put(
    "/quiniela/UpdateQuiniela/:id",
    {
      config: { guard: adminOnly },
      schema: {
        summary: "Cambia fechas y partidos de una quiniela (admin); con version, 409 si otra persona la cambió",
        params: quinielaParams,
        body: quinielaBody,
        response: { 200: Quiniela, ...saveReplies },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      return answeringUnknown(reply, 200, () => pools.updatePool(deps, admin.id, request.params.id, request.body));
    },
  );

  app.get(
    "/Quiniela/GetResults/:id",
    { schema: { summary: "Resultados oficiales (404 si aún no hay)", params: quinielaParams, response: { 200: QuinielaResults, ...errorReplies } } },
    async (request) => {
      // Another peña's own jornada answers as an id that does not exist (decision 079).
      await pools.assertPoolVisible(deps.db, requireUser(request), request.params.id);
      return pools.poolResults(deps, request.params.id);
    },
  );

  app.post(
    "/Quiniela/SetResults",
    {
      config: { guard: adminOnly },
      schema: {
        summary: "Fija los resultados oficiales para todos los grupos (admin); con version, 409 si otra persona los cambió",
        body: setResultsBody,
        response: { 200: QuinielaResults, ...errorReplies },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const results = await pools.setResults(deps, admin.id, request.body);
      // Complete official results close the pool's round in every group, and fine its last placed.
      await afterRoundChange(deps, { quinielaId: request.body.quinielaId });
      return results;
    },
  );
});
