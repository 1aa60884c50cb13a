import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { id } from "#core/contract/common";
import { groupIdQuery, predictionBody } from "#core/contract/prediction";
import { requireMember, requireUser, type Deps } from "../context";
import { parse } from "../validate";
import { assertGroupExists } from "../services/groups";
import * as predictions from "../services/predictions";

const quinielaParams = z.object({ id });

export default async function predictionRoutes(app: FastifyInstance, deps: Deps) {
  const tags = ["prediction"];

  const write = (mode: "create" | "update") => async (request: FastifyRequest) => {
    const user = requireUser(request);
    const { id: quinielaId } = parse(quinielaParams, request.params);
    const body = parse(predictionBody, request.body);
    await assertGroupExists(deps.db, body.groupId);
    return predictions.savePrediction(deps, user, { quinielaId, ...body }, mode);
  };

  app.post(
    "/Quiniela/:id/MakePrediction",
    { schema: { tags, summary: "Envía el pronóstico de la jornada (una vez; después, UpdatePrediction)" } },
    async (request, reply) => reply.code(201).send(await write("create")(request)),
  );

  app.put("/Quiniela/:id/UpdatePrediction", { schema: { tags, summary: "Cambia el pronóstico mientras la jornada siga abierta" } }, write("update"));

  /** A read of one group's round: the caller must belong to the group. */
  const groupRound = async (request: FastifyRequest) => {
    const user = requireUser(request);
    const { id: quinielaId } = parse(quinielaParams, request.params);
    const { groupId } = parse(groupIdQuery, { ...(request.query as object) });
    await assertGroupExists(deps.db, groupId);
    await requireMember(request, deps.db, groupId);
    return { user, groupId, quinielaId };
  };

  app.get(
    "/Quiniela/:id/GetPredictions",
    { schema: { tags, summary: "Pronósticos del grupo; los de otros solo cuando la jornada ha cerrado" } },
    async (request) => {
      const { user, groupId, quinielaId } = await groupRound(request);
      return predictions.groupPredictions(deps, user, groupId, quinielaId);
    },
  );

  app.get(
    "/Quiniela/:id/MyPrediction",
    { schema: { tags, summary: "La jornada del grupo vista por el jugador: estado, tipo, bloqueo y su pronóstico" } },
    async (request) => {
      const { user, groupId, quinielaId } = await groupRound(request);
      return predictions.myPrediction(deps, user, groupId, quinielaId);
    },
  );
}
