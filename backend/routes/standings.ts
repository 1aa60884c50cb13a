import { ClassificationInfo, classificationParams, classificationQuery, ClassificationRows, StandingsPage, standingsPageQuery } from "#core/contract/standings";
import { requireUser } from "../context";
import { groupGuard, groupIn } from "../guards";
import { errorReplies } from "../schema";
import * as standings from "../services/standings/standings";
import { resource } from "./resource";

export default resource("classification", (app, deps) => {
  app.get(
    "/group/:id/season/:seasonId/GetClassification",
    {
      config: { guard: groupGuard("group-member", "params", groupIn("id")) },
      schema: {
        summary: "Clasificación del grupo en la temporada (o de una jornada con quinielaId)",
        params: classificationParams,
        querystring: classificationQuery,
        response: { 200: ClassificationRows, ...errorReplies },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id: groupId, seasonId } = request.params;
      const { quinielaId } = request.query;
      const group = await standings.groupAccess(deps.db, user, groupId);
      const { rows } = await standings.classification(deps, groupId, seasonId, quinielaId);
      return standings.iconsWhereWanted(rows, group.officeIcons);
    },
  );

  app.get(
    "/group/:id/season/:seasonId/GetClassificationRounds",
    {
      config: { guard: groupGuard("group-member", "params", groupIn("id")) },
      schema: {
        summary: "Grupo, temporada y jornadas que cuentan en la clasificación",
        params: classificationParams,
        response: { 200: ClassificationInfo, ...errorReplies },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id: groupId, seasonId } = request.params;
      await standings.groupAccess(deps.db, user, groupId);
      return standings.classificationInfo(deps, groupId, seasonId);
    },
  );

  app.get(
    "/group/:id/season/:seasonId/StandingsPage",
    {
      config: { guard: groupGuard("group-member", "params", groupIn("id")) },
      schema: {
        summary: "Pantalla de clasificación en una llamada: grupo, temporada, jornadas que cuentan, selector de temporadas y filas",
        description:
          "Lo que juntan GetClassificationRounds, GetClassification (con quinielaId, la de esa jornada) y /group/{id}/Seasons, leído de la clasificación guardada. " +
          "Una jornada que todavía no cuenta devuelve rows vacío. version nombra las filas: con known igual a ella, rows es null (el llamante ya las tiene).",
        params: classificationParams,
        querystring: standingsPageQuery,
        response: { 200: StandingsPage, ...errorReplies },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id: groupId, seasonId } = request.params;
      const { quinielaId, known } = request.query;
      return standings.standingsPage(deps, user, groupId, seasonId, quinielaId, known);
    },
  );
});
