import type { FastifyInstance } from "fastify";
import { kioskGroupParams, kioskLinkParams, kioskTokenParams } from "#core/contract/kiosk";
import { requireManager, requireUser, type Deps } from "../context";
import { parse } from "../validate";
import { ApiError } from "../errors";
import { assertGroupExists } from "../services/groups";
import * as kiosk from "../services/kiosk";

export default async function kioskRoutes(app: FastifyInstance, deps: Deps) {
  const tags = ["kiosk"];

  app.post("/group/:id/kiosk", { schema: { tags, summary: "Crea un enlace de pantalla (solo lectura) de la clasificación" } }, async (request, reply) => {
    requireUser(request);
    const { id: groupId } = parse(kioskGroupParams, request.params);
    await assertGroupExists(deps.db, groupId);
    const user = await requireManager(request, deps.db, groupId);
    return reply.code(201).send(await kiosk.createLink(deps, groupId, user.id));
  });

  app.get("/group/:id/kiosk", { schema: { tags, summary: "Enlaces de pantalla activos del grupo" } }, async (request) => {
    requireUser(request);
    const { id: groupId } = parse(kioskGroupParams, request.params);
    await assertGroupExists(deps.db, groupId);
    await requireManager(request, deps.db, groupId);
    return kiosk.listLinks(deps, groupId);
  });

  app.post("/kiosk/:id/revoke", { schema: { tags, summary: "Revoca un enlace de pantalla" } }, async (request) => {
    requireUser(request);
    const { id: linkId } = parse(kioskLinkParams, request.params);
    await requireManager(request, deps.db, await kiosk.linkGroup(deps, linkId));
    return kiosk.revokeLink(deps, linkId);
  });

  app.get(
    "/kiosk/:token/standings",
    { config: { rateLimit: { max: 120, timeWindow: "1 minute" } }, schema: { tags, summary: "Clasificación actual del grupo del enlace (público, sin cuenta)", security: [] } },
    async (request) => {
      const params = kioskTokenParams.safeParse(request.params);
      if (!params.success) throw new ApiError(404, params.error.issues[0].message);
      return kiosk.kioskStandings(deps, params.data.token);
    },
  );
}
