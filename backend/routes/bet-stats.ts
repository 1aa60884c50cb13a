import { BetStats, betStatsQuery, RoundSummary, roundSummaryQuery, UsersAverage } from "#core/contract/bet-stats";
import { requireUser } from "../context";
import { groupGuard, groupIn } from "../guards";
import { errorReplies } from "../schema";
import { groupAccess } from "../services/standings/standings";
import * as stats from "../services/bet/stats";
import { resource } from "./resource";

export default resource("bet", (app, deps) => {
  /** Every read here is of one group: only its members (or an admin) may see it. One statement checks both. */
  const member = (request: Parameters<typeof requireUser>[0], groupId: number) => groupAccess(deps.db, requireUser(request), groupId);

  app.get(
    "/Bet/Stats",
    {
      config: { guard: groupGuard("group-member", "query", groupIn("groupId")) },
      schema: {
        summary: "Aciertos de la quiniela grupal en cada jornada cerrada y con resultados de la temporada",
        querystring: betStatsQuery,
        response: { 200: BetStats, ...errorReplies },
      },
    },
    async (request) => {
      const { groupId, seasonId } = request.query;
      await member(request, groupId);
      return stats.betStats(deps, groupId, seasonId);
    },
  );

  app.get(
    "/Bet/Stats/UsersAverage",
    {
      config: { guard: groupGuard("group-member", "query", groupIn("groupId")) },
      schema: {
        summary: "Media de aciertos de los jugadores que pronosticaron cada jornada de la temporada",
        querystring: betStatsQuery,
        response: { 200: UsersAverage, ...errorReplies },
      },
    },
    async (request) => {
      const { groupId, seasonId } = request.query;
      await member(request, groupId);
      return stats.usersAverage(deps, groupId, seasonId);
    },
  );

  app.get(
    "/Bet/RoundSummary",
    {
      config: { guard: groupGuard("group-member", "query", groupIn("groupId")) },
      schema: {
        summary:
          "Una jornada con resultados (quinielaId, numberQuiniela o la última): la apuesta del grupo, el resultado oficial, los pronósticos con aciertos, la media, la distribución y el MVP",
        description:
          "version nombra los pronósticos de la respuesta: con known igual a ella, players, averageHits y mvp vuelven null (el llamante ya los tiene).",
        querystring: roundSummaryQuery,
        response: { 200: RoundSummary, ...errorReplies },
      },
    },
    async (request) => {
      const { groupId, known, ...pick } = request.query;
      const group = await member(request, groupId);
      return stats.roundSummary(deps, { id: groupId, name: group.name }, pick, known);
    },
  );
});
