import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  alertPreferenceBody,
  ClaimAnswer,
  claimBody,
  confirmEmailBody,
  EmailProof,
  claimQuery,
  ACCOUNT_DELETED,
  deleteAccountBody,
  AlertPreference,
  AvatarAnswer,
  avatarParams,
  avatarUpload,
  forgotPasswordBody,
  loginBody,
  LoginAnswer,
  MessageAnswer,
  RegisteredAnswer,
  REGISTERED,
  registerRequest,
  resetPasswordBody,
  RoleList,
  SessionUser,
  updatePasswordBody,
} from "#core/contract/auth";
import { registerByAdminBody } from "#core/contract/admin-user";
import { id } from "#core/contract/common";
import { requireUser } from "../context";
import { ApiError, notFound } from "../errors";
import { readMultipart } from "../multipart";
import { signInLimits } from "../sign-in-limits";
import { adminOnly } from "../guards";
import { errorReplies, noContent } from "../schema";
import * as users from "../services/account/auth";
import { personalData } from "../services/account/personal-data";
import { PersonalDataExport } from "#core/contract/personal-data";
import * as claim from "../services/moving-in/claim";
import * as proof from "../services/account/proof";
import * as erasure from "../services/account/erasure";
import { resource } from "./resource";

export default resource("auth", (app, deps) => {
  // A multipart form's fields become the body before it is checked, like a JSON body; its files wait here.
  const uploads = new WeakMap<FastifyRequest, Record<string, Buffer>>();
  const readUpload = (onlyMultipart: boolean) => async (request: FastifyRequest) => {
    if (!onlyMultipart && !request.isMultipart()) return;
    const { fields, files } = await readMultipart(request, deps.config.avatarMaxBytes);
    request.body = fields;
    uploads.set(request, files);
  };
  const multipartBody = ["application/json", "multipart/form-data"];
  const perIp = (max: number) => ({ rateLimit: { max, timeWindow: "1 minute" } });
  // Sign-in limits count failures only (decision 014): per account and address together, so a
  // stranger cannot lock someone out from elsewhere, and per address across accounts, against spraying.
  const limits = signInLimits(app, { login: deps.config.loginRateLimit, forgot: deps.config.forgotRateLimit });

  app.post(
    "/auth/login",
    { schema: { summary: "Inicia sesión", security: [], body: loginBody, response: { 200: LoginAnswer, ...errorReplies } } },
    async (request) => {
      const body = request.body;
      await limits.checkSignIn(request, await users.accountKey(deps, (body.email || body.username || "").trim()));
      try {
        const signedIn = await users.login(deps, body);
        limits.succeededSignIn(request);
        return signedIn;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) await limits.failedSignIn(request);
        throw error;
      }
    },
  );

  app.post(
    "/auth/logout",
    { schema: { summary: "Cierra la sesión y revoca el token", response: { 204: noContent, ...errorReplies } } },
    async (request, reply) => {
      const user = requireUser(request);
      await deps.db.query("delete from auth_tokens where token_hash = $1", [user.tokenHash]);
      return reply.code(204).send(null);
    },
  );

  app.get("/auth/me", { schema: { summary: "El usuario del token", response: { 200: SessionUser, ...errorReplies } } }, async (request) =>
    users.sessionUser(deps, requireUser(request).id),
  );

  app.get(
    "/auth/me/export",
    {
      schema: {
        summary: "«Descargar mis datos»: todo lo que la aplicación guarda del usuario del token, en CSV (RGPD arts. 15 y 20)",
        response: { 200: PersonalDataExport, ...errorReplies },
      },
    },
    async (request) => personalData(deps, requireUser(request).id),
  );

  app.post(
    "/auth/register",
    {
      preValidation: readUpload(false),
      schema: {
        summary: "Registro (JSON, o multipart: email, username, password, avatar?)",
        security: [],
        consumes: multipartBody,
        body: registerRequest,
        response: {
          201: MessageAnswer.describe(
            "La misma respuesta para un e-mail libre (se crea la cuenta), el de una cuenta o el de un miembro sin cuenta: el correo que le llega a esa dirección dice lo demás",
          ),
          ...errorReplies,
          413: errorReplies[400].describe("Imagen demasiado grande"),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const file = uploads.get(request)?.avatar;
      const avatar = file ? await users.processAvatar(file) : null;
      // The same answer for a free address, an account's and a placeholder's (decision 078): which
      // mail each gets is worked out after this answer.
      await users.signUp(deps, body, { avatar, client: request.ip });
      return reply.code(201).send({ message: REGISTERED });
    },
  );

  app.get(
    "/auth/claim",
    {
      config: perIp(deps.config.forgotRateLimit * 3),
      schema: {
        summary: "El e-mail al que se envió un enlace para unirse",
        security: [],
        querystring: claimQuery,
        response: { 200: ClaimAnswer, ...errorReplies },
      },
    },
    async (request) => claim.readClaim(deps, request.query.token),
  );

  app.post(
    "/auth/claim",
    {
      config: perIp(deps.config.forgotRateLimit * 3),
      schema: {
        summary: "Con el enlace del correo, el miembro sin cuenta pasa a ser una cuenta",
        security: [],
        body: claimBody,
        response: { 201: RegisteredAnswer, ...errorReplies },
      },
    },
    async (request, reply) => {
      const id = await claim.claimPlaceholder(deps, request.body);
      return reply.code(201).send({ message: "Ya tienes cuenta: tus pronósticos y tus pagos son tuyos. Ya puedes iniciar sesión.", id });
    },
  );

  app.post(
    "/auth/register-by-admin",
    {
      config: { guard: adminOnly },
      schema: {
        summary: "Crea un usuario con grupos y le envía una contraseña temporal (admin)",
        body: registerByAdminBody,
        response: { 201: RegisteredAnswer, ...errorReplies },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const id = await users.registerByAdmin(deps, request.body, { adminId: admin.id, client: request.ip });
      return reply.code(201).send({ message: "Usuario creado. Le hemos enviado por email una contraseña temporal.", id });
    },
  );

  app.post(
    "/api/auth/forgot-password",
    {
      config: perIp(deps.config.forgotRateLimit * 3),
      schema: {
        summary: "Envía un enlace para cambiar la contraseña",
        security: [],
        body: forgotPasswordBody,
        response: { 200: MessageAnswer, ...errorReplies },
      },
    },
    async (request) => {
      const { email } = request.body;
      await limits.forgotPassword(request, email.toLowerCase());
      await users.forgotPassword(deps, email, request.ip);
      return { message: "Si el correo existe, hemos enviado la contraseña a tu bandeja de entrada." };
    },
  );

  app.post(
    "/auth/ResetPassword",
    {
      config: perIp(deps.config.forgotRateLimit * 3),
      schema: {
        summary: "Nueva contraseña con el enlace del correo",
        security: [],
        body: resetPasswordBody,
        response: { 200: MessageAnswer, ...errorReplies },
      },
    },
    async (request) => {
      const { token, newPassword } = request.body;
      await users.resetPassword(deps, token, newPassword);
      return { message: "Contraseña actualizada. Ya puedes iniciar sesión." };
    },
  );

  app.post(
    "/auth/UpdatePassword",
    { schema: { summary: "Cambia la contraseña del usuario", body: updatePasswordBody, response: { 200: MessageAnswer, ...errorReplies } } },
    async (request) => {
      const user = requireUser(request);
      const { newPassword } = request.body;
      await users.updatePassword(deps, user.id, newPassword, user.tokenHash);
      return { message: "Contraseña actualizada." };
    },
  );

  app.post(
    "/auth/UpdateAvatar",
    {
      preValidation: readUpload(true),
      schema: {
        summary: "Sube un avatar (multipart: avatar)",
        consumes: ["multipart/form-data"],
        body: avatarUpload,
        response: { 200: AvatarAnswer, ...errorReplies, 413: errorReplies[400].describe("Imagen demasiado grande") },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const file = uploads.get(request)?.avatar;
      if (!file) throw notFound("Falta la imagen del avatar.");
      const avatarPath = await users.saveAvatar(deps, user.id, await users.processAvatar(file));
      return { avatarPath };
    },
  );

  // The account's own address proved (decision 078): the link's button, the profile's state and another link.
  app.post(
    "/auth/confirm-email",
    {
      config: perIp(deps.config.forgotRateLimit * 3),
      schema: {
        summary: "Con el enlace del correo, la cuenta confirma que su dirección es suya",
        security: [],
        body: confirmEmailBody,
        response: { 200: MessageAnswer, ...errorReplies },
      },
    },
    async (request) => {
      await proof.confirmProof(deps, request.body.token);
      return { message: proof.PROOF_DONE };
    },
  );

  app.get(
    "/auth/email-proof",
    { schema: { summary: "Si la dirección de correo de la cuenta está confirmada", response: { 200: EmailProof, ...errorReplies } } },
    async (request) => proof.proofState(deps, requireUser(request).id),
  );

  app.post(
    "/auth/email-proof/resend",
    {
      config: perIp(deps.config.forgotRateLimit * 3),
      schema: { summary: "Envía otro enlace para confirmar la dirección de correo", response: { 200: MessageAnswer, ...errorReplies } },
    },
    async (request) => proof.resendProof(deps, requireUser(request).id, request.ip),
  );

  app.post(
    "/User/SetAlertPreference",
    { schema: { summary: "Recordatorio por email", body: alertPreferenceBody, response: { 200: AlertPreference, ...errorReplies } } },
    async (request) => {
      const user = requireUser(request);
      const { sendAlert } = request.body;
      await deps.db.query("update users set send_alert = $2 where id = $1", [user.id, sendAlert]);
      return { sendAlert };
    },
  );

  app.post(
    "/auth/DeleteAccount",
    {
      schema: {
        summary: "Elimina la cuenta del usuario con su contraseña (RGPD art. 17): sus datos se borran; en sus peñas queda «Antiguo miembro N»",
        body: deleteAccountBody,
        response: { 200: MessageAnswer, ...errorReplies },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await erasure.eraseOwnAccount(deps, user.id, request.body.password);
      return { message: ACCOUNT_DELETED };
    },
  );

  app.post(
    "/admin/users/:userId/erase",
    {
      config: { guard: adminOnly },
      schema: {
        summary: "Elimina la cuenta de un usuario que no puede entrar (admin): como si la eliminara él",
        params: z.object({ userId: id }),
        response: { 200: MessageAnswer, ...errorReplies },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      await erasure.eraseByAdmin(deps, admin.id, request.params.userId);
      return { message: "Cuenta eliminada. Sus datos personales se han borrado." };
    },
  );

  app.get(
    "/User/GetAlertPreference",
    { schema: { summary: "Si el usuario recibe recordatorios por email", response: { 200: AlertPreference, ...errorReplies } } },
    async (request) => {
      const user = requireUser(request);
      const row = await deps.db.one<{ send_alert: boolean }>("select send_alert from users where id = $1", [user.id]);
      return { sendAlert: Boolean(row?.send_alert) };
    },
  );

  app.get("/Auth/GetAllRoles", { schema: { summary: "Roles de grupo", response: { 200: RoleList, ...errorReplies } } }, async (request) => {
    requireUser(request);
    return deps.db.query<{ id: number; name: string }>("select id, name from roles order by id");
  });

  app.get(
    "/avatars/:file",
    {
      schema: {
        summary: "Imagen de avatar (pública)",
        security: [],
        params: avatarParams,
        produces: ["image/jpeg"],
        response: { 200: z.unknown().describe("La imagen JPEG del avatar"), 404: errorReplies[404] },
      },
    },
    async (request, reply) => {
      const match = /^(\d{1,9})-\d{1,9}\.jpg$/.exec(request.params.file);
      if (!match) throw notFound("Avatar no encontrado.");
      const { image, contentType } = await users.avatarImage(deps, Number(match[1]));
      // The path carries a version, so the bytes behind it never change.
      return reply.header("content-type", contentType).header("cache-control", "public, max-age=31536000, immutable").send(image);
    },
  );
});
