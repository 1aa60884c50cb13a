import type { FastifyRequest } from "fastify";
import {
  Bet,
  betParams,
  BetParticipants,
  BetRanking,
  BetRoundStatuses,
  generateBetBody,
  groupQuery,
  groupQuinielaQuery,
  LastBetTopN,
  updateBetBody,
} from "#core/contract/bet";
import { requireUser } from "../context";
import { groupGuard, groupIn, betIn } from "../guards";
import { errorReplies } from "../schema";
import { assertGroupExists } from "../services/group/group";
import * as bets from "../services/bet/bet";
import { resource } from "./resource";
import { afterRoundChange } from "../services/close/close-job";

/**
 * The group bet (the API contract in core/contract/bet.ts, docs/architecture.md#the-contract). Members of the group read it; only its managers,
 * or an admin, generate, edit and confirm it. GET /Bet/Stats and /Bet/Stats/UsersAverage live in
 * bet-stats.ts.
 */
export default resource("bet", (app, deps) => {
  const member = async (request: FastifyRequest, groupId: number) => {
    await assertGroupExists(deps.db, groupId);
  };

  app.get(
    "/Bet/GetBet",
    {
      config: { guard: groupGuard("group-member", "query", groupIn("groupId")) },
      schema: {
        summary: "La quiniela grupal de una jornada del grupo (404 si aún no se ha generado)",
        querystring: groupQuinielaQuery,
        response: { 200: Bet, ...errorReplies },
      },
    },
    async (request) => {
      const { groupId, quinielaId } = request.query;
      await member(request, groupId);
      return bets.getBet(deps, groupId, quinielaId);
    },
  );

  app.get(
    "/Bet/ByGroupStatus",
    {
      config: { guard: groupGuard("group-member", "query", groupIn("groupId")) },
      schema: {
        summary: "Cada jornada del grupo: si se puede generar su quiniela grupal, por qué, y si ya existe",
        querystring: groupQuery,
        response: { 200: BetRoundStatuses, ...errorReplies },
      },
    },
    async (request) => {
      await member(request, request.query.groupId);
      return bets.statusByGroup(deps, request.query.groupId);
    },
  );

  app.get(
    "/Bet/LastBetTopN",
    {
      config: { guard: groupGuard("group-member", "query", groupIn("groupId")) },
      schema: {
        summary: "El número de usuarios (top N) usado en la última quiniela grupal del grupo",
        querystring: groupQuery,
        response: { 200: LastBetTopN, ...errorReplies },
      },
    },
    async (request) => {
      await member(request, request.query.groupId);
      return bets.lastTopN(deps.db, request.query.groupId);
    },
  );

  app.get(
    "/Bet/Ranking",
    {
      config: { guard: groupGuard("group-member", "query", groupIn("groupId")) },
      schema: {
        summary: "Quién ha pronosticado la jornada, por Wilson de temporada, y quién entra en la quiniela grupal",
        querystring: groupQuinielaQuery,
        response: { 200: BetRanking, ...errorReplies },
      },
    },
    async (request) => {
      const { groupId, quinielaId } = request.query;
      await member(request, groupId);
      return bets.ranking(deps, requireUser(request), groupId, quinielaId);
    },
  );

  app.post(
    "/Bet/GenerateBet",
    {
      config: { guard: groupGuard("group-manager", "body", groupIn("groupId")) },
      schema: {
        summary: "Genera la quiniela grupal con el top N por Wilson y cierra la jornada del grupo (gestor)",
        body: generateBetBody,
        response: { 201: Bet, ...errorReplies },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await assertGroupExists(deps.db, body.groupId);
      const user = requireUser(request);
      const bet = await bets.generate(deps, user.id, body);
      // Generating the bet closes the group's round.
      await afterRoundChange(deps, { groupId: body.groupId });
      return reply.code(201).send(bet);
    },
  );

  app.put(
    "/Bet/Update",
    {
      config: { guard: groupGuard("group-manager", "body", betIn("betId")) },
      schema: {
        summary: "Cambia signos y pleno de la quiniela grupal mientras no esté confirmada (gestor)",
        body: updateBetBody,
        response: { 200: Bet, ...errorReplies },
      },
    },
    async (request) => {
      const body = request.body;
      await bets.betOwner(deps.db, body.betId);
      const user = requireUser(request);
      return bets.update(deps, user, body.betId, body.mergedPrediction, body.version);
    },
  );

  app.put(
    "/Bet/:id/ConfirmBet",
    {
      config: { guard: groupGuard("group-manager", "params", betIn("id")) },
      schema: { summary: "Confirma la apuesta de la quiniela grupal (gestor)", params: betParams, response: { 200: Bet, ...errorReplies } },
    },
    async (request) => {
      const betId = request.params.id;
      const { groupId } = await bets.betOwner(deps.db, betId);
      const user = requireUser(request);
      const bet = await bets.confirm(deps, user.id, betId);
      // The ticket is due in the caja once the bet is confirmed (decision 032).
      await afterRoundChange(deps, { groupId });
      return bet;
    },
  );

  app.get(
    "/Bet/:id/Participants",
    {
      config: { guard: groupGuard("group-member", "params", betIn("id")) },
      schema: {
        summary: "Los usuarios incluidos en la quiniela grupal, con su puesto",
        params: betParams,
        response: { 200: BetParticipants, ...errorReplies },
      },
    },
    async (request) => {
      const betId = request.params.id;
      await bets.betOwner(deps.db, betId);
      return bets.participants(deps.db, betId);
    },
  );
});
