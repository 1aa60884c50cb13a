import type { FastifyInstance } from "fastify";
import { betStatsQuery, roundSummaryQuery } from "#core/contract/bet-stats";
import { requireMember, requireUser, type Deps } from "../context";
import { parse } from "../validate";
import { assertGroupExists } from "../services/groups";
import * as stats from "../services/bet-stats";

export default async function betStatsRoutes(app: FastifyInstance, deps: Deps) {
  const tags = ["bet"];

  /** Every read here is of one group: only its members (or an admin) may see it. */
  const member = async (request: Parameters<typeof requireUser>[0], groupId: number) => {
    requireUser(request);
    await assertGroupExists(deps.db, groupId);
    await requireMember(request, deps.db, groupId);
  };

  app.get(
    "/Bet/Stats",
    { schema: { tags, summary: "Aciertos de la quiniela grupal en cada jornada cerrada y con resultados de la temporada" } },
    async (request) => {
      const { groupId, seasonId } = parse(betStatsQuery, { ...(request.query as object) });
      await member(request, groupId);
      return stats.betStats(deps, groupId, seasonId);
    },
  );

  app.get(
    "/Bet/Stats/UsersAverage",
    { schema: { tags, summary: "Media de aciertos de los jugadores que pronosticaron cada jornada de la temporada" } },
    async (request) => {
      const { groupId, seasonId } = parse(betStatsQuery, { ...(request.query as object) });
      await member(request, groupId);
      return stats.usersAverage(deps, groupId, seasonId);
    },
  );

  app.get(
    "/Bet/RoundSummary",
    {
      schema: {
        tags,
        summary:
          "Una jornada con resultados (quinielaId, numberQuiniela o la última): la apuesta del grupo, el resultado oficial, los pronósticos con aciertos, la media, la distribución y el MVP",
      },
    },
    async (request) => {
      const { groupId, ...pick } = parse(roundSummaryQuery, { ...(request.query as object) });
      await member(request, groupId);
      return stats.roundSummary(deps, groupId, pick);
    },
  );
}
