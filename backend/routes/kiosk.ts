import {
  KIOSK_INVALID,
  kioskGroupParams,
  KioskLink,
  KioskLinkList,
  kioskLinkParams,
  KioskScreen,
  kioskTokenParams,
  kioskTokenPath,
  RevokedKioskLink,
} from "#core/contract/kiosk";
import { requireUser } from "../context";
import { ApiError } from "../errors";
import { groupGuard, groupIn, kioskLinkIn } from "../guards";
import { errorReplies } from "../schema";
import { assertGroupExists } from "../services/group/group";
import * as kiosk from "../services/kiosk/kiosk";
import { resource } from "./resource";

export default resource("kiosk", (app, deps) => {
  app.post(
    "/group/:id/kiosk",
    {
      config: { guard: groupGuard("group-manager", "params", groupIn("id")) },
      schema: {
        summary: "Crea un enlace de pantalla (solo lectura) de la clasificación",
        params: kioskGroupParams,
        response: { 201: KioskLink, ...errorReplies },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const groupId = request.params.id;
      await assertGroupExists(deps.db, groupId);
      return reply.code(201).send(await kiosk.createLink(deps, groupId, user.id));
    },
  );

  app.get(
    "/group/:id/kiosk",
    {
      config: { guard: groupGuard("group-manager", "params", groupIn("id")) },
      schema: { summary: "Enlaces de pantalla activos del grupo", params: kioskGroupParams, response: { 200: KioskLinkList, ...errorReplies } },
    },
    async (request) => {
      requireUser(request);
      const groupId = request.params.id;
      await assertGroupExists(deps.db, groupId);
      return kiosk.listLinks(deps, groupId);
    },
  );

  app.post(
    "/kiosk/:id/revoke",
    {
      config: { guard: groupGuard("group-manager", "params", kioskLinkIn("id")) },
      schema: { summary: "Revoca un enlace de pantalla", params: kioskLinkParams, response: { 200: RevokedKioskLink, ...errorReplies } },
    },
    async (request) => {
      requireUser(request);
      const linkId = request.params.id;
      await kiosk.linkGroup(deps, linkId); // 404 for an unknown link
      return kiosk.revokeLink(deps, linkId);
    },
  );

  app.get(
    "/kiosk/:token/standings",
    {
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        summary: "Clasificación actual del grupo del enlace (público, sin cuenta)",
        security: [],
        params: kioskTokenPath,
        response: { 200: KioskScreen, 404: errorReplies[404], 429: errorReplies[429], 500: errorReplies[500] },
      },
    },
    async (request) => {
      const params = kioskTokenParams.safeParse(request.params);
      if (!params.success) throw new ApiError(404, params.error.issues[0]?.message ?? KIOSK_INVALID);
      return kiosk.kioskStandings(deps, params.data.token);
    },
  );
});
