import type { FastifyInstance, FastifyRequest } from "fastify";
import { betParams, generateBetBody, groupQuery, groupQuinielaQuery, updateBetBody } from "#core/contract/bet";
import { requireManager, requireMember, requireUser, type Deps } from "../context";
import { parse } from "../validate";
import { assertGroupExists } from "../services/groups";
import * as bets from "../services/bet";

/**
 * The group bet (spec section 7, "Group bet"). Members of the group read it; only its managers,
 * or an admin, generate, edit and confirm it. GET /Bet/Stats and /Bet/Stats/UsersAverage live in
 * bet-stats.ts.
 */
export default async function betRoutes(app: FastifyInstance, deps: Deps) {
  const tags = ["bet"];

  const memberOfGroup = async (request: FastifyRequest) => {
    const { groupId } = parse(groupQuery, { ...(request.query as object) });
    await assertGroupExists(deps.db, groupId);
    await requireMember(request, deps.db, groupId);
    return groupId;
  };
  const memberOfRound = async (request: FastifyRequest) => {
    const { groupId, quinielaId } = parse(groupQuinielaQuery, { ...(request.query as object) });
    await assertGroupExists(deps.db, groupId);
    await requireMember(request, deps.db, groupId);
    return { groupId, quinielaId };
  };
  const betOf = (request: FastifyRequest) => parse(betParams, request.params).id;

  app.get("/Bet/GetBet", { schema: { tags, summary: "La quiniela grupal de una jornada del grupo (404 si aún no se ha generado)" } }, async (request) => {
    const { groupId, quinielaId } = await memberOfRound(request);
    return bets.getBet(deps, groupId, quinielaId);
  });

  app.get("/Bet/ByGroupStatus", { schema: { tags, summary: "Cada jornada del grupo: si se puede generar su quiniela grupal, por qué, y si ya existe" } }, async (request) => {
    return bets.statusByGroup(deps, await memberOfGroup(request));
  });

  app.get("/Bet/LastBetTopN", { schema: { tags, summary: "El número de usuarios (top N) usado en la última quiniela grupal del grupo" } }, async (request) => {
    return bets.lastTopN(deps.db, await memberOfGroup(request));
  });

  app.get("/Bet/Ranking", { schema: { tags, summary: "Quién ha pronosticado la jornada, por Wilson de temporada, y quién entra en la quiniela grupal" } }, async (request) => {
    const { groupId, quinielaId } = await memberOfRound(request);
    return bets.ranking(deps, requireUser(request), groupId, quinielaId);
  });

  app.post(
    "/Bet/GenerateBet",
    { schema: { tags, summary: "Genera la quiniela grupal con el top N por Wilson y cierra la jornada del grupo (gestor)" } },
    async (request, reply) => {
      const body = parse(generateBetBody, request.body);
      await assertGroupExists(deps.db, body.groupId);
      const user = await requireManager(request, deps.db, body.groupId);
      return reply.code(201).send(await bets.generate(deps, user.id, body));
    },
  );

  app.put("/Bet/Update", { schema: { tags, summary: "Cambia signos y pleno de la quiniela grupal mientras no esté confirmada (gestor)" } }, async (request) => {
    const body = parse(updateBetBody, request.body);
    const { groupId } = await bets.betOwner(deps.db, body.betId);
    const user = await requireManager(request, deps.db, groupId);
    return bets.update(deps, user, body.betId, body.mergedPrediction, body.version);
  });

  app.put("/Bet/:id/ConfirmBet", { schema: { tags, summary: "Confirma la apuesta de la quiniela grupal (gestor)" } }, async (request) => {
    const betId = betOf(request);
    const { groupId } = await bets.betOwner(deps.db, betId);
    const user = await requireManager(request, deps.db, groupId);
    return bets.confirm(deps, user.id, betId);
  });

  app.get("/Bet/:id/Participants", { schema: { tags, summary: "Los usuarios incluidos en la quiniela grupal, con su puesto" } }, async (request) => {
    const betId = betOf(request);
    const { groupId } = await bets.betOwner(deps.db, betId);
    await requireMember(request, deps.db, groupId);
    return bets.participants(deps.db, betId);
  });
}
