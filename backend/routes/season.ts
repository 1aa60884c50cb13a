import type { FastifyInstance } from "fastify";
import { id } from "#core/contract/common";
import { createSeasonBody, seasonPointsBody } from "#core/contract/season";
import { requireAdmin, requireMember, requireUser, type Deps } from "../context";
import { assertGroupExists } from "../services/groups";
import { parse } from "../validate";
import * as seasons from "../services/season";

export default async function seasonRoutes(app: FastifyInstance, deps: Deps) {
  const tags = ["season"];

  app.get("/season/GetCurrentSeason", { schema: { tags, summary: "La última temporada ya empezada (404 si no hay)" } }, async (request) => {
    requireUser(request);
    return seasons.requireCurrentSeason(deps);
  });

  app.get("/season/List", { schema: { tags, summary: "Todas las temporadas, la más reciente primero" } }, async (request) => {
    requireUser(request);
    return seasons.listSeasons(deps);
  });

  app.get(
    "/group/:id/Seasons",
    { schema: { tags, summary: "Temporada en juego y temporadas con jornadas en el grupo (selector de temporada)" } },
    async (request) => {
      requireUser(request);
      const groupId = parse(id, (request.params as { id: string }).id);
      await assertGroupExists(deps.db, groupId);
      await requireMember(request, deps.db, groupId);
      return seasons.groupSeasons(deps, groupId);
    },
  );

  app.post("/season/CreateSeason", { schema: { tags, summary: "Crea una temporada (admin)" } }, async (request, reply) => {
    requireAdmin(request);
    const body = parse(createSeasonBody, request.body);
    return reply.code(201).send(await seasons.createSeason(deps, body));
  });

  app.put("/season/:id/Points", { schema: { tags, summary: "Cambia los puntos de la temporada (admin)" } }, async (request) => {
    requireAdmin(request);
    const seasonId = parse(id, (request.params as { id: string }).id);
    return seasons.setSeasonPoints(deps, seasonId, parse(seasonPointsBody, request.body));
  });
}
