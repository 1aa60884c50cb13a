import { automaticPickParams, weekRuleBody, weekRuleParams, GroupWeekRule } from "#core/contract/week-rule";
import { requireUser } from "../context";
import { groupGuard, groupIn } from "../guards";
import { errorReplies, noContent } from "../schema";
import { removeAutomatic } from "../services/week/absent-picks";
import { weekRuleOf, setWeekRule } from "../services/week/rule";
import { resource } from "./resource";

/** Each peña's standing rule for the week (decision 048): read and set by its managers. */
export default resource("week-rule", (app, deps) => {
  const manager = { guard: groupGuard("group-manager", "params", groupIn("id")) };

  app.get(
    "/group/:id/Automation",
    {
      config: manager,
      schema: {
        summary: "La regla automática de la semana del grupo (gestor o admin)",
        params: weekRuleParams,
        response: { 200: GroupWeekRule, ...errorReplies },
      },
    },
    async (request) => {
      requireUser(request);
      return weekRuleOf(deps, request.params.id);
    },
  );

  app.put(
    "/group/:id/Automation",
    {
      config: manager,
      schema: {
        summary: "Guarda la regla: abrir cada jornada sola, su tipo o rota, cuándo abre y cierra, la apuesta al cerrar y los ausentes (gestor o admin)",
        params: weekRuleParams,
        body: weekRuleBody,
        response: { 200: GroupWeekRule, ...errorReplies },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return setWeekRule(deps, user.id, request.params.id, request.body);
    },
  );

  app.delete(
    "/group/:id/AutomaticPrediction/:predictionId",
    {
      config: manager,
      schema: {
        summary: "Quita a mano un pronóstico jugado automáticamente (gestor o admin)",
        params: automaticPickParams,
        response: { 204: noContent, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await removeAutomatic(deps, user.id, request.params.id, request.params.predictionId);
      return reply.code(204).send(null);
    },
  );
});
