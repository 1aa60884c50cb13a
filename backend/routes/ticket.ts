import { Bet, betParams } from "#core/contract/bet";
import { quinielaParams } from "#core/contract/quiniela";
import { PublicShares, setPublicSharesBody } from "#core/contract/public-shares";
import { QuinielaPrizes, setPrizesBody, updateTicketBody } from "#core/contract/ticket";
import { requireAdmin, requireManager } from "../context";
import { notFound } from "../errors";
import { adminOnly, betIn, groupGuard } from "../guards";
import { errorReplies } from "../schema";
import * as bets from "../services/bet/bet";
import { betById } from "../services/bet/row";
import { publicSharesOf, setPublicShares } from "../services/official/public-shares";
import { updateTicket } from "../services/bet/ticket";
import { prizesOf, setPrizes } from "../services/official/prizes";
import { resource } from "./resource";
import { afterRoundChange } from "../services/close/close-job";

const PRIZES_NOT_FOUND = "La quiniela no existe.";

/**
 * The group bet's ticket as the lottery shop takes it, and the jornada's official prizes (decision
 * 034). Each route declares who may call it (decision 028), checked before the body: a caller who
 * may not change the ticket or the prizes gets 401/403, never a validation detail.
 */
export default resource("bet", (app, deps) => {
  app.put(
    "/Bet/:id/Ticket",
    {
      schema: {
        summary: "Cómo se juega el boleto de la quiniela grupal: múltiple directo o reducida oficial, y marcas del pleno (gestor, antes de confirmar)",
        params: betParams,
        body: updateTicketBody,
        response: { 200: Bet, ...errorReplies },
      },
      config: { guard: groupGuard("group-manager", "params", betIn("id")) },
    },
    async (request) => {
      const betId = request.params.id;
      const { groupId } = await bets.betOwner(deps.db, betId);
      const user = await requireManager(request, deps.db, groupId);
      await updateTicket(deps, user.id, betId, request.body);
      return betById(deps.db, betId);
    },
  );

  app.get(
    "/Quiniela/:id/Prizes",
    {
      schema: {
        tags: ["quiniela"],
        summary: "Premio por apuesta acertada de cada categoría del escrutinio oficial, en céntimos (administrador)",
        params: quinielaParams,
        response: { 200: QuinielaPrizes, ...errorReplies },
      },
      config: { guard: adminOnly },
    },
    async (request) => {
      requireAdmin(request);
      const id = request.params.id;
      if (!(await deps.db.one("select 1 from quinielas where id = $1", [id]))) throw notFound(PRIZES_NOT_FOUND);
      return prizesOf(deps.db, id);
    },
  );

  app.put(
    "/Quiniela/:id/Prizes",
    {
      schema: {
        tags: ["quiniela"],
        summary: "Guarda el premio por apuesta acertada de cada categoría, en céntimos (administrador)",
        params: quinielaParams,
        body: setPrizesBody,
        response: { 200: QuinielaPrizes, ...errorReplies },
      },
      config: { guard: adminOnly },
    },
    async (request) => {
      const user = requireAdmin(request);
      const prizes = await setPrizes(deps.db, deps.clock(), user.id, request.params.id, request.body.prizes, "admin", request.body.version);
      // A confirmed bet's prize is credited to its caja once the escrutinio has every prize it wins.
      await afterRoundChange(deps, { quinielaId: request.params.id });
      return prizes;
    },
  );

  app.get(
    "/Quiniela/:id/PublicShares",
    {
      schema: {
        tags: ["quiniela"],
        summary: "Porcentajes de apuestas del público en cada partido (1, X, 2), en centésimas de punto (administrador)",
        params: quinielaParams,
        response: { 200: PublicShares, ...errorReplies },
      },
      config: { guard: adminOnly },
    },
    async (request) => {
      requireAdmin(request);
      const id = request.params.id;
      if (!(await deps.db.one("select 1 from quinielas where id = $1", [id]))) throw notFound(PRIZES_NOT_FOUND);
      return publicSharesOf(deps.db, id);
    },
  );

  app.put(
    "/Quiniela/:id/PublicShares",
    {
      schema: {
        tags: ["quiniela"],
        summary: "Guarda los porcentajes de apuestas del público de los 14 partidos, pegados de la tabla del operador (administrador)",
        params: quinielaParams,
        body: setPublicSharesBody,
        response: { 200: PublicShares, ...errorReplies },
      },
      config: { guard: adminOnly },
    },
    async (request) => {
      const user = requireAdmin(request);
      return setPublicShares(deps.db, deps.clock(), user.id, request.params.id, request.body.shares, "admin", request.body.version);
    },
  );
});
