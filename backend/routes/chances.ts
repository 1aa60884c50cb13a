import { Bet, betParams } from "#core/contract/bet";
import { applyPlacementBody, BetChances, chancesQuery } from "#core/contract/chances";
import { requireManager } from "../context";
import { betIn, groupGuard } from "../guards";
import { errorReplies } from "../schema";
import * as bets from "../services/bet/bet";
import { betById } from "../services/bet/row";
import { applyPlacement, betChances } from "../services/bet/chances";
import { resource } from "./resource";

/**
 * The bet's chances from the peña's own votes and the placement of its doubles and triples that
 * pays most (decision 037). Members read them; a manager applies the suggestion before confirming.
 */
export default resource("bet", (app, deps) => {
  app.get(
    "/Bet/:id/Chances",
    {
      config: { guard: groupGuard("group-member", "params", betIn("id")) },
      schema: {
        summary:
          "Probabilidades de la quiniela grupal según los votos de la peña (10 a 14 aciertos, 14 + pleno) y la colocación de dobles y triples que más paga para un objetivo y, si se da, un presupuesto en céntimos",
        params: betParams,
        querystring: chancesQuery,
        response: { 200: BetChances, ...errorReplies },
      },
    },
    async (request) => {
      await bets.betOwner(deps.db, request.params.id);
      return betChances(deps, request.params.id, request.query);
    },
  );

  app.post(
    "/Bet/:id/ApplyPlacement",
    {
      config: { guard: groupGuard("group-manager", "params", betIn("id")) },
      schema: {
        summary: "Aplica a la quiniela grupal sin confirmar la colocación sugerida de dobles y triples (gestor); una apuesta confirmada no cambia (409)",
        params: betParams,
        body: applyPlacementBody,
        response: { 200: Bet, ...errorReplies },
      },
    },
    async (request) => {
      const betId = request.params.id;
      const { groupId } = await bets.betOwner(deps.db, betId);
      const user = await requireManager(request, deps.db, groupId);
      await applyPlacement(deps, user, betId, request.body);
      return betById(deps.db, betId);
    },
  );
});
