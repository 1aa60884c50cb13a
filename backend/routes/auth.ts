import type { FastifyInstance } from "fastify";
import {
  alertPreferenceBody,
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  updatePasswordBody,
} from "#core/contract/auth";
import { registerByAdminBody } from "#core/contract/admin-user";
import { camelKeys } from "#core/contract/common";
import { requireAdmin, requireUser, type Deps } from "../context";
import { ApiError, notFound } from "../errors";
import { readMultipart } from "../multipart";
import { signInLimits } from "../sign-in-limits";
import { parse } from "../validate";
import * as users from "../services/users";

export default async function authRoutes(app: FastifyInstance, deps: Deps) {
  const perIp = (max: number) => ({ rateLimit: { max, timeWindow: "1 minute" } });
  // Sign-in limits count failures only (decision 014): per account and address together, so a
  // stranger cannot lock someone out from elsewhere, and per address across accounts, against spraying.
  const limits = signInLimits(app, { login: deps.config.loginRateLimit, forgot: deps.config.forgotRateLimit });

  app.post("/auth/login", { schema: { tags: ["auth"], summary: "Inicia sesión" } }, async (request) => {
    const body = parse(loginBody, request.body);
    await limits.checkSignIn(request, await users.accountKey(deps, (body.email || body.username || "").trim()));
    try {
      const signedIn = await users.login(deps, body);
      limits.succeededSignIn(request);
      return signedIn;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) await limits.failedSignIn(request);
      throw error;
    }
  });

  app.post("/auth/logout", { schema: { tags: ["auth"], summary: "Cierra la sesión y revoca el token" } }, async (request, reply) => {
    const user = requireUser(request);
    await deps.db.query("delete from auth_tokens where token_hash = $1", [user.tokenHash]);
    return reply.code(204).send();
  });

  app.get("/auth/me", { schema: { tags: ["auth"], summary: "El usuario del token" } }, async (request) =>
    users.sessionUser(deps, requireUser(request).id),
  );

  app.post("/auth/register", { schema: { tags: ["auth"], summary: "Registro (multipart: email, username, password, avatar?)" } }, async (request, reply) => {
    const { fields, files } = request.isMultipart()
      ? await readMultipart(request, deps.config.avatarMaxBytes)
      : { fields: camelKeys(request.body) as Record<string, unknown>, files: {} as Record<string, Buffer> };
    const body = parse(registerBody, camelKeys(fields));
    const avatar = files.avatar ? await users.processAvatar(files.avatar) : null;
    const userId = await users.createUser(deps, body);
    if (avatar) await users.saveAvatar(deps, userId, avatar);
    return reply.code(201).send({ message: "Registro exitoso. Ya puedes iniciar sesión.", id: userId });
  });

  app.post("/auth/register-by-admin", { schema: { tags: ["auth"], summary: "Crea un usuario con grupos y le envía una contraseña temporal (admin)" } }, async (request, reply) => {
    requireAdmin(request);
    const id = await users.registerByAdmin(deps, parse(registerByAdminBody, request.body));
    return reply.code(201).send({ message: "Usuario creado. Le hemos enviado por email una contraseña temporal.", id });
  });

  app.post("/api/auth/forgot-password", { config: perIp(deps.config.forgotRateLimit * 3), schema: { tags: ["auth"], summary: "Envía un enlace para cambiar la contraseña" } }, async (request) => {
    const { email } = parse(forgotPasswordBody, request.body);
    await limits.forgotPassword(request, email.toLowerCase());
    await users.forgotPassword(deps, email);
    return { message: "Si el correo existe, hemos enviado la contraseña a tu bandeja de entrada." };
  });

  app.post("/auth/ResetPassword", { config: perIp(deps.config.forgotRateLimit * 3), schema: { tags: ["auth"], summary: "Nueva contraseña con el enlace del correo" } }, async (request) => {
    const { token, newPassword } = parse(resetPasswordBody, request.body);
    await users.resetPassword(deps, token, newPassword);
    return { message: "Contraseña actualizada. Ya puedes iniciar sesión." };
  });

  app.post("/auth/UpdatePassword", { schema: { tags: ["auth"], summary: "Cambia la contraseña del usuario" } }, async (request) => {
    const user = requireUser(request);
    const { newPassword } = parse(updatePasswordBody, request.body);
    await users.updatePassword(deps, user.id, newPassword, user.tokenHash);
    return { message: "Contraseña actualizada." };
  });

  app.post("/auth/UpdateAvatar", { schema: { tags: ["auth"], summary: "Sube un avatar (multipart: avatar)" } }, async (request) => {
    const user = requireUser(request);
    const { files } = await readMultipart(request, deps.config.avatarMaxBytes);
    if (!files.avatar) throw notFound("Falta la imagen del avatar.");
    const avatarPath = await users.saveAvatar(deps, user.id, await users.processAvatar(files.avatar));
    return { avatarPath };
  });

  app.post("/User/SetAlertPreference", { schema: { tags: ["auth"], summary: "Recordatorio por email" } }, async (request) => {
    const user = requireUser(request);
    const { sendAlert } = parse(alertPreferenceBody, request.body);
    await deps.db.query("update users set send_alert = $2 where id = $1", [user.id, sendAlert]);
    return { sendAlert };
  });

  app.get("/User/GetAlertPreference", { schema: { tags: ["auth"], summary: "Si el usuario recibe recordatorios por email" } }, async (request) => {
    const user = requireUser(request);
    const row = await deps.db.one<{ send_alert: boolean }>("select send_alert from users where id = $1", [user.id]);
    return { sendAlert: Boolean(row?.send_alert) };
  });

  app.get("/Auth/GetAllRoles", { schema: { tags: ["auth"], summary: "Roles de grupo" } }, async (request) => {
    requireUser(request);
    return deps.db.query("select id, name from roles order by id");
  });

  app.get("/avatars/:file", { schema: { tags: ["auth"], summary: "Imagen de avatar (pública)" } }, async (request, reply) => {
    const match = /^(\d{1,9})-\d{1,9}\.jpg$/.exec((request.params as { file: string }).file);
    if (!match) throw notFound("Avatar no encontrado.");
    const { image, contentType } = await users.avatarImage(deps, Number(match[1]));
    // The path carries a version, so the bytes behind it never change.
    return reply.header("content-type", contentType).header("cache-control", "public, max-age=31536000, immutable").send(image);
  });
}
