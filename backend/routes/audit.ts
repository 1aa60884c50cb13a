import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { auditQuery } from "#core/contract/audit";
import { id } from "#core/contract/common";
import { requireAdmin, requireManager, type Deps } from "../context";
import { parse } from "../validate";
import { auditTrail } from "../services/audit";
import { assertGroupExists } from "../services/groups";

export default async function auditRoutes(app: FastifyInstance, deps: Deps) {
  const tags = ["audit"];

  app.get("/Audit/ByGroup/:groupId", { schema: { tags, summary: "Registro de cambios del grupo, lo más reciente primero (gestor del grupo o admin)" } }, async (request) => {
    const { groupId } = parse(z.object({ groupId: id }), request.params);
    await assertGroupExists(deps.db, groupId);
    await requireManager(request, deps.db, groupId);
    const { limit } = parse(auditQuery, request.query);
    return auditTrail(deps.db, { groupId, limit });
  });

  app.get("/Audit/All", { schema: { tags, summary: "Registro de cambios de toda la aplicación (admin)" } }, async (request) => {
    requireAdmin(request);
    const { limit } = parse(auditQuery, request.query);
    return auditTrail(deps.db, { limit });
  });
}
