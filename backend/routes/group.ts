import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ChangedRole,
  changeRoleBody,
  GroupDetail,
  GroupMemberList,
  groupBody,
  groupParams,
  GroupSettingsAnswer,
  groupSettingsBody,
  GroupSummaryList,
  inviteCodeParams,
  JoinedGroup,
  memberParams,
  MyGroupList,
  updateGroupBody,
} from "#core/contract/group";
import { requireAdmin, requireManager, requireMember, requireUser, type Deps } from "../context";
import { errorReplies, noContent } from "../schema";
import * as groups from "../services/groups";

export default async function groupRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["group"];

  app.get(
    "/group/GetMyGroups",
    { schema: { tags, summary: "Grupos del usuario, con su rol", response: { 200: MyGroupList, ...errorReplies } } },
    async (request) => groups.myGroups(deps, requireUser(request).id),
  );

  app.get(
    "/group/GetAllGroups",
    { schema: { tags, summary: "Todos los grupos (administración)", response: { 200: GroupSummaryList, ...errorReplies } } },
    async (request) => {
      requireAdmin(request);
      return groups.allGroups(deps);
    },
  );

  app.post(
    "/group/CreateGroup",
    {
      schema: { tags, summary: "Crea un grupo; quien lo crea (si no es admin) es su gestor", body: groupBody, response: { 201: GroupDetail, ...errorReplies } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.code(201).send(await groups.createGroup(deps, user, request.body));
    },
  );

  app.post(
    "/group/JoinByInviteCode/:code",
    {
      schema: {
        tags,
        summary: "Se une a un grupo con su código (repetirlo no hace nada)",
        params: inviteCodeParams,
        response: { 200: JoinedGroup, ...errorReplies },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return groups.joinByCode(deps, user.id, request.params.code);
    },
  );

  app.post(
    "/group/ChangeUserRole",
    {
      schema: {
        tags,
        summary: "Usuario ⇄ Gestor (gestor del grupo o admin); el grupo conserva un gestor",
        body: changeRoleBody,
        response: { 200: ChangedRole, ...errorReplies },
      },
    },
    async (request) => {
      requireUser(request);
      const body = request.body;
      const user = await requireManager(request, deps.db, body.groupId);
      return groups.changeRole(deps, user.id, body.groupId, body.userId, body.roleId);
    },
  );

  app.get(
    "/group/:id",
    {
      schema: { tags, summary: "Detalle del grupo con sus miembros (miembros o admin)", params: groupParams, response: { 200: GroupDetail, ...errorReplies } },
    },
    async (request) => {
      const groupId = request.params.id;
      await groups.assertGroupExists(deps.db, groupId);
      const user = await requireMember(request, deps.db, groupId);
      return groups.groupDetail(deps, groupId, user.id);
    },
  );

  app.put(
    "/group/:id",
    {
      schema: {
        tags,
        summary: "Cambia nombre y descripción (gestor del grupo o admin); con version, 409 si otra persona lo cambió",
        params: groupParams,
        body: updateGroupBody,
        response: { 200: GroupDetail, ...errorReplies },
      },
    },
    async (request) => {
      const groupId = request.params.id;
      requireUser(request);
      const user = await requireManager(request, deps.db, groupId);
      await groups.updateGroup(deps, user.id, groupId, request.body);
      return groups.groupDetail(deps, groupId, user.id);
    },
  );

  app.put(
    "/group/:id/settings",
    {
      schema: {
        tags,
        summary: "Opciones del grupo: 'Iconos y premios de oficina' (gestor del grupo o admin)",
        params: groupParams,
        body: groupSettingsBody,
        response: { 200: GroupSettingsAnswer, ...errorReplies },
      },
    },
    async (request) => {
      const groupId = request.params.id;
      requireUser(request);
      await groups.assertGroupExists(deps.db, groupId);
      await requireManager(request, deps.db, groupId);
      await groups.updateSettings(deps, groupId, request.body);
      return { officeIcons: await groups.officeIconsOf(deps.db, groupId) };
    },
  );

  app.get(
    "/Group/:id/GetGroupMembers",
    { schema: { tags, summary: "Miembros actuales del grupo (miembros o admin)", params: groupParams, response: { 200: GroupMemberList, ...errorReplies } } },
    async (request) => {
      const groupId = request.params.id;
      await groups.assertGroupExists(deps.db, groupId);
      await requireMember(request, deps.db, groupId);
      return groups.members(deps, groupId);
    },
  );

  app.delete(
    "/group/:id/members/:userId",
    { schema: { tags, summary: "Quita a un miembro (sus pronósticos se conservan)", params: memberParams, response: { 204: noContent, ...errorReplies } } },
    async (request, reply) => {
      const { id: groupId, userId } = request.params;
      const user = await requireManager(request, deps.db, groupId);
      await groups.removeMember(deps, user.id, groupId, userId);
      return reply.code(204).send(null);
    },
  );
}
