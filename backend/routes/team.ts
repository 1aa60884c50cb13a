import { addAliasBody, createTeamBody, team, teamList, teamParams } from "#core/contract/team";
import { requireUser } from "../context";
import { adminOnly } from "../guards";
import { errorReplies } from "../schema";
import * as teams from "../services/catalogue/team";
import { resource } from "./resource";

export default resource("team", (app, deps) => {
  app.get("/team/List", { schema: { summary: "Equipos con sus alias", response: { 200: teamList, ...errorReplies } } }, async (request) => {
    requireUser(request);
    return teams.listTeams(deps.db);
  });

  app.post(
    "/team/Create",
    {
      config: { guard: adminOnly },
      schema: { summary: "Crea un equipo {name, logo, alias[]} (admin)", body: createTeamBody, response: { 201: team, ...errorReplies } },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      return reply.code(201).send(await teams.createTeam(deps, admin.id, request.body));
    },
  );

  app.post(
    "/team/:id/add-alias",
    {
      config: { guard: adminOnly },
      schema: { summary: "Añade un alias a un equipo (admin)", params: teamParams, body: addAliasBody, response: { 200: team, ...errorReplies } },
    },
    async (request) => {
      const admin = requireUser(request);
      return teams.addAlias(deps, admin.id, request.params.id, request.body.alias);
    },
  );
});
