import type { FastifyInstance } from "fastify";
import { classificationParams, classificationQuery } from "#core/contract/classification";
import { requireUser, type Deps } from "../context";
import { parse } from "../validate";
import * as standings from "../services/classification";

export default async function classificationRoutes(app: FastifyInstance, deps: Deps) {
  const tags = ["classification"];

  app.get(
    "/group/:id/season/:seasonId/GetClassification",
    { schema: { tags, summary: "Clasificación del grupo en la temporada (o de una jornada con quinielaId)" } },
    async (request) => {
      const user = requireUser(request);
      const { id: groupId, seasonId } = parse(classificationParams, request.params);
      const { quinielaId } = parse(classificationQuery, { ...(request.query as object) });
      const group = await standings.groupAccess(deps.db, user, groupId);
      const { rows } = await standings.classification(deps, groupId, seasonId, quinielaId);
      return standings.iconsWhereWanted(rows, group.officeIcons);
    },
  );

  app.get(
    "/group/:id/season/:seasonId/GetClassificationRounds",
    { schema: { tags, summary: "Grupo, temporada y jornadas que cuentan en la clasificación" } },
    async (request) => {
      const user = requireUser(request);
      const { id: groupId, seasonId } = parse(classificationParams, request.params);
      await standings.groupAccess(deps.db, user, groupId);
      return standings.classificationInfo(deps, groupId, seasonId);
    },
  );

  app.get(
    "/group/:id/season/:seasonId/StandingsPage",
    {
      schema: {
        tags,
        summary: "Pantalla de clasificación en una llamada: grupo, temporada, jornadas que cuentan, selector de temporadas y filas",
        description:
          "Lo que juntan GetClassificationRounds, GetClassification (con quinielaId, la de esa jornada) y /group/{id}/Seasons, leído de la clasificación guardada. " +
          "Una jornada que todavía no cuenta devuelve rows vacío. Respuesta: StandingsPage de core/contract/classification.",
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id: groupId, seasonId } = parse(classificationParams, request.params);
      const { quinielaId } = parse(classificationQuery, { ...(request.query as object) });
      return standings.standingsPage(deps, user, groupId, seasonId, quinielaId);
    },
  );
}
