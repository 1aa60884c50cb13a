import {
  PlaceholderInvite,
  PlaceholderLinked,
  PlaceholderList,
  placeholderInviteParams,
  placeholderLinkBody,
  placeholderParams,
} from "#core/contract/placeholders";
import { requireUser } from "../context";
import { groupGuard, groupIn } from "../guards";
import { errorReplies } from "../schema";
import { assertGroupExists } from "../services/group/group";
import { linkPlaceholder } from "../services/moving-in/placeholder-link";
import { invitePlaceholder, listPlaceholders } from "../services/moving-in/placeholders";
import { resource } from "./resource";

/** Members without an account and their invitations: the group's managers only, decided on arrival (decision 028). */
export default resource("placeholders", (app, deps) => {
  const config = { guard: groupGuard("group-manager", "params", groupIn("id")) };

  app.get(
    "/group/:id/placeholders",
    {
      config,
      schema: {
        summary: "Miembros sin cuenta del grupo y cuándo se les invitó (gestor o admin)",
        params: placeholderParams,
        response: { 200: PlaceholderList, ...errorReplies },
      },
    },
    async (request) => {
      await assertGroupExists(deps.db, request.params.id);
      return listPlaceholders(deps, request.params.id);
    },
  );

  app.post(
    "/group/:id/placeholders/:userId/invite",
    {
      config,
      schema: {
        summary: "Envía la invitación por e-mail a un miembro sin cuenta, una sola vez (gestor o admin); otra vez no reenvía y dice cuándo se envió",
        params: placeholderInviteParams,
        response: { 200: PlaceholderInvite, ...errorReplies },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await assertGroupExists(deps.db, request.params.id);
      return invitePlaceholder(deps, user.id, request.params.id, request.params.userId, request.ip);
    },
  );

  app.post(
    "/group/:id/placeholders/:userId/link",
    {
      config,
      schema: {
        summary:
          "Une un miembro sin cuenta a un miembro con cuenta (gestor o admin): sus pronósticos y movimientos pasan a ese miembro; 409 si los dos tienen pronóstico en la misma jornada",
        params: placeholderInviteParams,
        body: placeholderLinkBody,
        response: { 200: PlaceholderLinked, ...errorReplies },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await assertGroupExists(deps.db, request.params.id);
      return linkPlaceholder(deps, user.id, request.params.id, request.params.userId, request.body.memberId);
    },
  );
});
