import { DigestPreference, digestPreferenceBody, unsubscribePath } from "#core/contract/digest";
import { requireUser } from "../context";
import { errorReplies } from "../schema";
import * as digests from "../services/mail/digest";
import { resource } from "./resource";

/** 'Resumen de la jornada por email' (decision 036): the member's choice, and the mail's own way out. */
export default resource("digest", (app, deps) => {
  app.get(
    "/User/GetDigestPreference",
    { schema: { summary: "Si el usuario recibe el resumen de cada jornada por email", response: { 200: DigestPreference, ...errorReplies } } },
    async (request) => {
      const user = requireUser(request);
      const row = await deps.db.one<{ send_digest: boolean }>("select send_digest from users where id = $1", [user.id]);
      return { sendDigest: Boolean(row?.send_digest) };
    },
  );

  app.post(
    "/User/SetDigestPreference",
    { schema: { summary: "Resumen de la jornada por email", body: digestPreferenceBody, response: { 200: DigestPreference, ...errorReplies } } },
    async (request) => {
      const user = requireUser(request);
      const { sendDigest } = request.body;
      await deps.db.query("update users set send_digest = $2 where id = $1", [user.id, sendDigest]);
      return { sendDigest };
    },
  );

  app.post(
    "/digest/unsubscribe/:token",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        summary: "Desactiva el resumen de la jornada desde el enlace firmado del correo (sin cuenta)",
        security: [],
        params: unsubscribePath,
        response: { 200: DigestPreference, 404: errorReplies[404], 429: errorReplies[429], 500: errorReplies[500] },
      },
    },
    async (request) => digests.unsubscribe(deps, request.params.token),
  );
});
