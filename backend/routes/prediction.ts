import { groupIdQuery, MyPrediction, Prediction, PredictionList, predictionBody, quinielaParams } from "#core/contract/prediction";
import { requireUser, type AuthUser } from "../context";
import { groupGuard, groupIn } from "../guards";
import { errorReplies } from "../schema";
import { assertGroupExists } from "../services/group/group";
import * as predictions from "../services/predictions/prediction";
import { resource } from "./resource";

export default resource("prediction", (app, deps) => {
  const write = async (user: AuthUser, quinielaId: number, body: { groupId: number; matches?: unknown; plain15?: unknown }, mode: "create" | "update") => {
    await assertGroupExists(deps.db, body.groupId);
    return predictions.savePrediction(deps, user, { quinielaId, ...body }, mode);
  };

  app.post(
    "/Quiniela/:id/MakePrediction",
    {
      config: { guard: groupGuard("group-player", "body", groupIn("groupId")) },
      schema: {
        summary: "Envía el pronóstico de la jornada (una vez; después, UpdatePrediction)",
        params: quinielaParams,
        body: predictionBody,
        response: { 201: Prediction, ...errorReplies },
      },
    },
    async (request, reply) => reply.code(201).send(await write(requireUser(request), request.params.id, request.body, "create")),
  );

  app.put(
    "/Quiniela/:id/UpdatePrediction",
    {
      config: { guard: groupGuard("group-player", "body", groupIn("groupId")) },
      schema: {
        summary: "Cambia el pronóstico mientras la jornada siga abierta",
        params: quinielaParams,
        body: predictionBody,
        response: { 200: Prediction, ...errorReplies },
      },
    },
    async (request) => write(requireUser(request), request.params.id, request.body, "update"),
  );

  /** A read of one group's round: the caller must belong to the group. */
  const groupRound = async (request: Parameters<typeof requireUser>[0], groupId: number) => {
    const user = requireUser(request);
    await assertGroupExists(deps.db, groupId);
    return user;
  };

  app.get(
    "/Quiniela/:id/GetPredictions",
    {
      config: { guard: groupGuard("group-member", "query", groupIn("groupId")) },
      schema: {
        summary: "Pronósticos del grupo; los de otros solo cuando la jornada ha cerrado",
        params: quinielaParams,
        querystring: groupIdQuery,
        response: { 200: PredictionList, ...errorReplies },
      },
    },
    async (request) => {
      const { groupId } = request.query;
      const user = await groupRound(request, groupId);
      return predictions.groupPredictions(deps, user, groupId, request.params.id);
    },
  );

  app.get(
    "/Quiniela/:id/MyPrediction",
    {
      config: { guard: groupGuard("group-member", "query", groupIn("groupId")) },
      schema: {
        summary: "La jornada del grupo vista por el jugador: estado, tipo, bloqueo y su pronóstico",
        params: quinielaParams,
        querystring: groupIdQuery,
        response: { 200: MyPrediction, ...errorReplies },
      },
    },
    async (request) => {
      const { groupId } = request.query;
      const user = await groupRound(request, groupId);
      return predictions.myPrediction(deps, user, groupId, request.params.id);
    },
  );
});
