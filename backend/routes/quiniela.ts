import type { FastifyInstance, FastifyReply } from "fastify";
import { id } from "#core/contract/common";
import { quinielaBody, setResultsBody } from "#core/contract/quiniela";
import { requireAdmin, requireUser, type Deps } from "../context";
import { parse } from "../validate";
import * as pools from "../services/quiniela";

/** The unresolved-names 400 carries the names too; every other error goes through the common handler. */
async function answeringUnknown<T>(reply: FastifyReply, status: number, work: () => Promise<T>) {
  try {
    return reply.code(status).send(await work());
  } catch (error) {
    if (error instanceof pools.UnresolvedTeamsError) return reply.code(400).send({ message: error.message, unknown: error.unknown });
    throw error;
  }
}

export default async function quinielaRoutes(app: FastifyInstance, deps: Deps) {
  const tags = ["quiniela"];
  const param = (request: { params: unknown }, name: string) => parse(id, (request.params as Record<string, string>)[name]);

  app.get("/quiniela/all", { schema: { tags, summary: "Todas las quinielas con sus partidos" } }, async (request) => {
    requireUser(request);
    return pools.allPools(deps);
  });

  app.get("/quiniela/GetBySeasonId/:seasonId", { schema: { tags, summary: "Quinielas de una temporada" } }, async (request) => {
    requireUser(request);
    return pools.poolsOfSeason(deps, param(request, "seasonId"));
  });

  app.get("/quiniela/GetById/:id", { schema: { tags, summary: "Una quiniela con sus 15 partidos" } }, async (request) => {
    requireUser(request);
    return pools.poolById(deps.db, param(request, "id"));
  });

  app.get("/Quiniela/:id/GetMatches", { schema: { tags, summary: "Los 15 partidos de una quiniela" } }, async (request) => {
    requireUser(request);
    return (await pools.poolById(deps.db, param(request, "id"))).matches;
  });

  app.get("/quiniela/GetTypesQuiniela", { schema: { tags, summary: "Tipos de quiniela (dobles y triples)" } }, async (request) => {
    requireUser(request);
    return pools.poolTypes(deps);
  });

  app.post("/quiniela/CreateQuiniela", { schema: { tags, summary: "Crea la quiniela de una jornada (admin)" } }, async (request, reply) => {
    const admin = requireAdmin(request);
    const body = parse(quinielaBody, request.body);
    return answeringUnknown(reply, 201, () => pools.createPool(deps, admin.id, body));
  });

  app.put("/quiniela/UpdateQuiniela/:id", { schema: { tags, summary: "Cambia fechas y partidos de una quiniela (admin); con version, 409 si otra persona la cambió" } }, async (request, reply) => {
    const admin = requireAdmin(request);
    const quinielaId = param(request, "id");
    const body = parse(quinielaBody, request.body);
    return answeringUnknown(reply, 200, () => pools.updatePool(deps, admin.id, quinielaId, body));
  });

  app.get("/Quiniela/GetResults/:id", { schema: { tags, summary: "Resultados oficiales (404 si aún no hay)" } }, async (request) => {
    requireUser(request);
    return pools.poolResults(deps, param(request, "id"));
  });

  app.post("/Quiniela/SetResults", { schema: { tags, summary: "Fija los resultados oficiales para todos los grupos (admin); con version, 409 si otra persona los cambió" } }, async (request) => {
    const admin = requireAdmin(request);
    return pools.setResults(deps, admin.id, parse(setResultsBody, request.body));
  });
}
