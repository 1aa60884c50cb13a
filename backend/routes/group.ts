import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { id } from "#core/contract/common";
import { changeRoleBody, groupBody, groupSettingsBody, inviteCode, updateGroupBody } from "#core/contract/group";
import { requireAdmin, requireManager, requireMember, requireUser, type Deps } from "../context";
import { parse } from "../validate";
import * as groups from "../services/groups";

const groupParams = z.object({ id });
const memberParams = z.object({ id, userId: id });

export default async function groupRoutes(app: FastifyInstance, deps: Deps) {
  const tags = ["group"];

  app.get("/group/GetMyGroups", { schema: { tags, summary: "Grupos del usuario, con su rol" } }, async (request) =>
    groups.myGroups(deps, requireUser(request).id),
  );

  app.get("/group/GetAllGroups", { schema: { tags, summary: "Todos los grupos (administración)" } }, async (request) => {
    requireAdmin(request);
    return groups.allGroups(deps);
  });

  app.post("/group/CreateGroup", { schema: { tags, summary: "Crea un grupo; quien lo crea (si no es admin) es su gestor" } }, async (request, reply) => {
    const user = requireUser(request);
    const body = parse(groupBody, request.body);
    return reply.code(201).send(await groups.createGroup(deps, user, body));
  });

  app.post("/group/JoinByInviteCode/:code", { schema: { tags, summary: "Se une a un grupo con su código (repetirlo no hace nada)" } }, async (request) => {
    const user = requireUser(request);
    const { code } = parse(z.object({ code: inviteCode }), request.params);
    return groups.joinByCode(deps, user.id, code);
  });

  app.post("/group/ChangeUserRole", { schema: { tags, summary: "Usuario ⇄ Gestor (gestor del grupo o admin); el grupo conserva un gestor" } }, async (request) => {
    requireUser(request);
    const body = parse(changeRoleBody, request.body);
    const user = await requireManager(request, deps.db, body.groupId);
    return groups.changeRole(deps, user.id, body.groupId, body.userId, body.roleId);
  });

  app.get("/group/:id", { schema: { tags, summary: "Detalle del grupo con sus miembros (miembros o admin)" } }, async (request) => {
    const { id: groupId } = parse(groupParams, request.params);
    await groups.assertGroupExists(deps.db, groupId);
    const user = await requireMember(request, deps.db, groupId);
    return groups.groupDetail(deps, groupId, user.id);
  });

  app.put("/group/:id", { schema: { tags, summary: "Cambia nombre y descripción (gestor del grupo o admin); con version, 409 si otra persona lo cambió" } }, async (request) => {
    const { id: groupId } = parse(groupParams, request.params);
    requireUser(request);
    const body = parse(updateGroupBody, request.body);
    const user = await requireManager(request, deps.db, groupId);
    await groups.updateGroup(deps, user.id, groupId, body);
    return groups.groupDetail(deps, groupId, user.id);
  });

  app.put("/group/:id/settings", { schema: { tags, summary: "Opciones del grupo: 'Iconos y premios de oficina' (gestor del grupo o admin)" } }, async (request) => {
    const { id: groupId } = parse(groupParams, request.params);
    requireUser(request);
    const body = parse(groupSettingsBody, request.body);
    await groups.assertGroupExists(deps.db, groupId);
    await requireManager(request, deps.db, groupId);
    await groups.updateSettings(deps, groupId, body);
    return { officeIcons: await groups.officeIconsOf(deps.db, groupId) };
  });

  app.get("/Group/:id/GetGroupMembers", { schema: { tags, summary: "Miembros actuales del grupo (miembros o admin)" } }, async (request) => {
    const { id: groupId } = parse(groupParams, request.params);
    await groups.assertGroupExists(deps.db, groupId);
    await requireMember(request, deps.db, groupId);
    return groups.members(deps, groupId);
  });

  app.delete("/group/:id/members/:userId", { schema: { tags, summary: "Quita a un miembro (sus pronósticos se conservan)" } }, async (request, reply) => {
    const { id: groupId, userId } = parse(memberParams, request.params);
    const user = await requireManager(request, deps.db, groupId);
    await groups.removeMember(deps, user.id, groupId, userId);
    return reply.code(204).send();
  });
}
