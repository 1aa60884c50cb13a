import {
  ChangedRole,
  changeRoleBody,
  GroupDetail,
  GroupMemberList,
  groupBody,
  groupParams,
  GroupSettingsAnswer,
  groupSettingsBody,
  SuggestionSettings,
  suggestionSettingsBody,
  GroupSummaryList,
  inviteCodeParams,
  JoinedGroup,
  memberParams,
  MyGroupList,
  updateGroupBody,
} from "#core/contract/group";
import { requireUser } from "../context";
import { adminOnly, groupGuard, groupIn } from "../guards";
import { errorReplies, noContent } from "../schema";
import * as groups from "../services/group/group";
import { resource } from "./resource";

export default resource("group", (app, deps) => {
  app.get("/group/GetMyGroups", { schema: { summary: "Grupos del usuario, con su rol", response: { 200: MyGroupList, ...errorReplies } } }, async (request) =>
    groups.myGroups(deps, requireUser(request).id),
  );

  app.get(
    "/group/GetAllGroups",
    { config: { guard: adminOnly }, schema: { summary: "Todos los grupos (administración)", response: { 200: GroupSummaryList, ...errorReplies } } },
    async (request) => {
      requireUser(request);
      return groups.allGroups(deps);
    },
  );

  app.post(
    "/group/CreateGroup",
    {
      schema: { summary: "Crea un grupo; quien lo crea (si no es admin) es su gestor", body: groupBody, response: { 201: GroupDetail, ...errorReplies } },
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
      config: { guard: groupGuard("group-manager", "body", groupIn("groupId")) },
      schema: {
        summary: "Usuario ⇄ Gestor (gestor del grupo o admin); el grupo conserva un gestor",
        body: changeRoleBody,
        response: { 200: ChangedRole, ...errorReplies },
      },
    },
    async (request) => {
      requireUser(request);
      const body = request.body;
      const user = requireUser(request);
      return groups.changeRole(deps, user.id, body.groupId, body.userId, body.roleId);
    },
  );

  app.get(
    "/group/:id",
    {
      config: { guard: groupGuard("group-member", "params", groupIn("id")) },
      schema: { summary: "Detalle del grupo con sus miembros (miembros o admin)", params: groupParams, response: { 200: GroupDetail, ...errorReplies } },
    },
    async (request) => {
      const groupId = request.params.id;
      await groups.assertGroupExists(deps.db, groupId);
      const user = requireUser(request);
      return groups.groupDetail(deps, groupId, user);
    },
  );

  app.put(
    "/group/:id",
    {
      config: { guard: groupGuard("group-manager", "params", groupIn("id")) },
      schema: {
        summary: "Cambia nombre y descripción (gestor del grupo o admin); con version, 409 si otra persona lo cambió",
        params: groupParams,
        body: updateGroupBody,
        response: { 200: GroupDetail, ...errorReplies },
      },
    },
    async (request) => {
      const groupId = request.params.id;
      requireUser(request);
      const user = requireUser(request);
      await groups.updateGroup(deps, user.id, groupId, request.body);
      return groups.groupDetail(deps, groupId, user);
    },
  );

  app.put(
    "/group/:id/settings",
    {
      config: { guard: groupGuard("group-manager", "params", groupIn("id")) },
      schema: {
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
      await groups.updateSettings(deps, groupId, request.body);
      return { officeIcons: await groups.officeIconsOf(deps.db, groupId) };
    },
  );

  app.put(
    "/group/:id/suggestions",
    {
      config: { guard: groupGuard("group-manager", "params", groupIn("id")) },
      schema: {
        summary: "Si las sugerencias de colocación pueden cambiar los signos de la mayoría (gestor del grupo o admin; decisión 097)",
        params: groupParams,
        body: suggestionSettingsBody,
        response: { 200: SuggestionSettings, ...errorReplies },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return groups.updateSuggestionSettings(deps, user, request.params.id, request.body);
    },
  );

  app.get(
    "/Group/:id/GetGroupMembers",
    {
      config: { guard: groupGuard("group-member", "params", groupIn("id")) },
      schema: { summary: "Miembros actuales del grupo (miembros o admin)", params: groupParams, response: { 200: GroupMemberList, ...errorReplies } },
    },
    async (request) => {
      const groupId = request.params.id;
      await groups.assertGroupExists(deps.db, groupId);
      return groups.members(deps, groupId, requireUser(request));
    },
  );

  app.delete(
    "/group/:id/members/:userId",
    {
      config: { guard: groupGuard("group-manager", "params", groupIn("id")) },
      schema: { summary: "Quita a un miembro (sus pronósticos se conservan)", params: memberParams, response: { 204: noContent, ...errorReplies } },
    },
    async (request, reply) => {
      const { id: groupId, userId } = request.params;
      const user = requireUser(request);
      await groups.removeMember(deps, user.id, groupId, userId);
      return reply.code(204).send(null);
    },
  );
});
