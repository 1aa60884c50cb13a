import { DashboardScreen, PredictionsScreen, predictionsScreenQuery, screenGroupParams } from "#core/contract/screens";
import { requireUser } from "../context";
import { assertGroupExists } from "../services/group/group";
import * as screens from "../services/kiosk/screens";
import { groupGuard, groupIn } from "../guards";
import { errorReplies } from "../schema";
import { resource } from "./resource";

/**
 * Composite reads: one call per screen where the contract's calls would take several.
 * The contract's calls stay; these answer the same data, checked by the same rules, in one round trip.
 */
export default resource("screens", (app, deps) => {
  app.get(
    "/screens/group/:id/dashboard",
    {
      config: { guard: groupGuard("group-member", "params", groupIn("id")) },
      schema: {
        summary: "Panel del grupo en una llamada: grupo, tu rol, temporada en juego y jornadas sin cerrar (miembros o admin)",
        description:
          "Lo mismo que GET /group/{id}, GET /group/{id}/Seasons y GET /GroupQuiniela/ByGroup/{groupId} juntos, con solo lo que muestra el panel. 404 si el grupo no existe, 403 si no perteneces a él.",
        params: screenGroupParams,
        response: { 200: DashboardScreen, ...errorReplies },
      },
    },
    async (request) => {
      const { id: groupId } = request.params;
      await assertGroupExists(deps.db, groupId);
      const user = requireUser(request);
      return screens.dashboardScreen(deps, user, groupId);
    },
  );

  app.get(
    "/screens/group/:id/predictions",
    {
      config: { guard: groupGuard("group-member", "params", groupIn("id")) },
      schema: {
        summary: "Pantalla de pronósticos en una llamada: jornadas por pronosticar y la elegida con sus partidos y tu boleto (miembros o admin)",
        description:
          "Lo mismo que GET /GroupQuiniela/ByGroup/{groupId}, GET /Quiniela/{id}/MyPrediction y GET /quiniela/GetById/{id} juntos. ?quinielaId=N abre esa jornada (aunque esté cerrada); sin él, la primera abierta o la primera por abrir. 404 si el grupo no existe, 403 si no perteneces a él.",
        params: screenGroupParams,
        querystring: predictionsScreenQuery,
        response: { 200: PredictionsScreen, ...errorReplies },
      },
    },
    async (request) => {
      const { id: groupId } = request.params;
      const { quinielaId } = request.query;
      await assertGroupExists(deps.db, groupId);
      const user = requireUser(request);
      return screens.predictionsScreen(deps, user, groupId, quinielaId);
    },
  );
});
