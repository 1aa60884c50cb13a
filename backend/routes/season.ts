import { groupParams } from "#core/contract/group";
import { createSeasonBody, GroupSeasons, Season, SeasonList, seasonParams, seasonPointsBody } from "#core/contract/season";
import { requireUser } from "../context";
import { adminOnly, groupGuard, groupIn } from "../guards";
import { errorReplies } from "../schema";
import { assertGroupExists } from "../services/group/group";
import * as seasons from "../services/catalogue/season";
import { resource } from "./resource";

export default resource("season", (app, deps) => {
  app.get(
    "/season/GetCurrentSeason",
    { schema: { summary: "La última temporada ya empezada (404 si no hay)", response: { 200: Season, ...errorReplies } } },
    async (request) => {
      requireUser(request);
      return seasons.requireCurrentSeason(deps);
    },
  );

  app.get(
    "/season/List",
    { schema: { summary: "Todas las temporadas, la más reciente primero", response: { 200: SeasonList, ...errorReplies } } },
    async (request) => {
      requireUser(request);
      return seasons.listSeasons(deps);
    },
  );

  app.get(
    "/group/:id/Seasons",
    {
      config: { guard: groupGuard("group-member", "params", groupIn("id")) },
      schema: {
        summary: "Temporada en juego y temporadas con jornadas en el grupo (selector de temporada)",
        params: groupParams,
        response: { 200: GroupSeasons, ...errorReplies },
      },
    },
    async (request) => {
      requireUser(request);
      const groupId = request.params.id;
      await assertGroupExists(deps.db, groupId);
      return seasons.groupSeasons(deps, groupId);
    },
  );

  app.post(
    "/season/CreateSeason",
    {
      config: { guard: adminOnly },
      schema: { summary: "Crea una temporada (admin)", body: createSeasonBody, response: { 201: Season, ...errorReplies } },
    },
    async (request, reply) => {
      requireUser(request);
      return reply.code(201).send(await seasons.createSeason(deps, request.body));
    },
  );

  app.put(
    "/season/:id/Points",
    {
      config: { guard: adminOnly },
      schema: {
        summary: "Cambia los puntos de la temporada (admin)",
        params: seasonParams,
        body: seasonPointsBody,
        response: { 200: Season, ...errorReplies },
      },
    },
    async (request) => {
      requireUser(request);
      return seasons.setSeasonPoints(deps, request.params.id, request.body);
    },
  );
});
