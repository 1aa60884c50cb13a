import type { FastifyInstance } from "fastify";
import { id } from "#core/contract/common";
import { addAliasBody, createTeamBody } from "#core/contract/team";
import { requireAdmin, requireUser, type Deps } from "../context";
import { parse } from "../validate";
import * as teams from "../services/team";

export default async function teamRoutes(app: FastifyInstance, deps: Deps) {
  const tags = ["team"];

  app.get("/team/List", { schema: { tags, summary: "Equipos con sus alias" } }, async (request) => {
    requireUser(request);
    return teams.listTeams(deps.db);
  });

  app.post("/team/Create", { schema: { tags, summary: "Crea un equipo {name, logo, alias[]} (admin)" } }, async (request, reply) => {
    const admin = requireAdmin(request);
    return reply.code(201).send(await teams.createTeam(deps, admin.id, parse(createTeamBody, request.body)));
  });

  app.post("/team/:id/add-alias", { schema: { tags, summary: "Añade un alias a un equipo (admin)" } }, async (request) => {
    const admin = requireAdmin(request);
    const teamId = parse(id, (request.params as { id: string }).id);
    const { alias } = parse(addAliasBody, request.body);
    return teams.addAlias(deps, admin.id, teamId, alias);
  });
}
