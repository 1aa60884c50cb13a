import { MailPreferences, mailPreferencesBody, WayOutDone, WayOutRead, wayOutBody, wayOutQuery } from "#core/contract/way-out";
import { requireUser } from "../context";
import { errorReplies } from "../schema";
import { actOnWayOut, readWayOut } from "../services/mail/way-out";
import { resource } from "./resource";

/** The way out of every mail (decision 086): what its signed link names, what it does, and the profile's two switches without a call of their own. */
export default resource("way-out", (app, deps) => {
  const publicReplies = { 400: errorReplies[400], 409: errorReplies[409], 429: errorReplies[429], 500: errorReplies[500] };
  app.get(
    "/mail/way-out",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        summary: "Qué nombra el enlace para dejar de recibir correos (sin cuenta: el enlace firmado basta)",
        security: [],
        querystring: wayOutQuery,
        response: { 200: WayOutRead, ...publicReplies },
      },
    },
    async (request) => readWayOut(deps, request.query.token),
  );

  app.post(
    "/mail/way-out",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        summary: "Deja de enviar ese tipo de correo, todos los correos a esa dirección, o borra la dirección de un miembro sin cuenta («no soy yo»)",
        security: [],
        body: wayOutBody,
        response: { 200: WayOutDone, ...publicReplies },
      },
    },
    async (request) => actOnWayOut(deps, request.body.token, request.body.action),
  );

  app.get(
    "/User/MailPreferences",
    { schema: { summary: "Si el usuario recibe los avisos para gestores y los de acceso a su cuenta", response: { 200: MailPreferences, ...errorReplies } } },
    async (request) => {
      const user = requireUser(request);
      const row = await deps.db.one<{ send_manager_mail: boolean; send_account_mail: boolean }>(
        "select send_manager_mail, send_account_mail from users where id = $1",
        [user.id],
      );
      return { sendManagerMail: Boolean(row?.send_manager_mail), sendAccountMail: Boolean(row?.send_account_mail) };
    },
  );

  app.post(
    "/User/MailPreferences",
    { schema: { summary: "Avisos para gestores y de acceso a la cuenta", body: mailPreferencesBody, response: { 200: MailPreferences, ...errorReplies } } },
    async (request) => {
      const user = requireUser(request);
      const { sendManagerMail, sendAccountMail } = request.body;
      const row = await deps.db.one<{ send_manager_mail: boolean; send_account_mail: boolean }>(
        `update users set send_manager_mail = coalesce($2, send_manager_mail), send_account_mail = coalesce($3, send_account_mail)
          where id = $1 returning send_manager_mail, send_account_mail`,
        [user.id, sendManagerMail ?? null, sendAccountMail ?? null],
      );
      return { sendManagerMail: Boolean(row?.send_manager_mail), sendAccountMail: Boolean(row?.send_account_mail) };
    },
  );
});
