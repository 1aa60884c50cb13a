import type { FastifyInstance } from "fastify";
import { ClassificationInfo, classificationParams, classificationQuery, ClassificationRows } from "#core/contract/classification";
import { requireMember, requireUser, type Deps } from "../context";
import { errorReplies } from "../schema";
import { parse } from "../validate";
import { assertGroupExists, officeIconsOf } from "../services/groups";
import * as standings from "../services/classification";

export default async function classificationRoutes(app: FastifyInstance, deps: Deps) {
  const tags = ["classification"];

  app.get(
    "/group/:id/season/:seasonId/GetClassification",
    {
      schema: {
        tags,
        summary: "Clasificación del grupo en la temporada (o de una jornada con quinielaId)",
        params: classificationParams,
        querystring: classificationQuery,
        response: { 200: ClassificationRows, ...errorReplies },
      },
    },
    async (request) => {
      requireUser(request);
      const { id: groupId, seasonId } = parse(classificationParams, request.params);
      const { quinielaId } = parse(classificationQuery, { ...(request.query as object) });
      await assertGroupExists(deps.db, groupId);
      await requireMember(request, deps.db, groupId);
      const { rows } = await standings.classification(deps, groupId, seasonId, quinielaId);
      return standings.iconsWhereWanted(rows, await officeIconsOf(deps.db, groupId));
    },
  );

  app.get(
    "/group/:id/season/:seasonId/GetClassificationRounds",
    {
      schema: {
        tags,
        summary: "Grupo, temporada y jornadas que cuentan en la clasificación",
        params: classificationParams,
        response: { 200: ClassificationInfo, ...errorReplies },
      },
    },
    async (request) => {
      requireUser(request);
      const { id: groupId, seasonId } = parse(classificationParams, request.params);
      await assertGroupExists(deps.db, groupId);
      await requireMember(request, deps.db, groupId);
      return standings.classificationInfo(deps, groupId, seasonId);
    },
  );
}
