import { auditGroupParams, auditQuery, AuditTrail } from "#core/contract/audit";
import { requireUser } from "../context";
import { adminOnly, groupGuard, groupIn } from "../guards";
import { errorReplies } from "../schema";
import { auditTrail } from "../services/shelf/audit";
import { assertGroupExists } from "../services/group/group";
import { resource } from "./resource";

export default resource("audit", (app, deps) => {
  app.get(
    "/Audit/ByGroup/:groupId",
    {
      config: { guard: groupGuard("group-manager", "params", groupIn("groupId")) },
      schema: {
        summary: "Registro de cambios del grupo, lo más reciente primero (gestor del grupo o admin)",
        params: auditGroupParams,
        querystring: auditQuery,
        response: { 200: AuditTrail, ...errorReplies },
      },
    },
    async (request) => {
      const { groupId } = request.params;
      await assertGroupExists(deps.db, groupId);
      return auditTrail(deps.db, { groupId, limit: request.query.limit, before: request.query.before });
    },
  );

  app.get(
    "/Audit/All",
    {
      config: { guard: adminOnly },
      schema: { summary: "Registro de cambios de toda la aplicación (admin)", querystring: auditQuery, response: { 200: AuditTrail, ...errorReplies } },
    },
    async (request) => {
      requireUser(request);
      return auditTrail(deps.db, { limit: request.query.limit, before: request.query.before });
    },
  );
});
