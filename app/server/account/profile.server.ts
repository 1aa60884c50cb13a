import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { ACCOUNT_DELETED, AlertPreference, AvatarAnswer, EmailProof, MessageAnswer, PASSWORD_RULE_MESSAGE, type SessionUser } from "#core/contract/auth";
import { DigestPreference } from "#core/contract/digest";
import { MailPreferences } from "#core/contract/way-out";
import { GroupRefList } from "#core/contract/group";
import { Phrase, PhraseList } from "#core/contract/phrase";
import { z } from "zod";
import { api, attempt, loadOrNull } from "~/server/shelf/client.server";
import { submitToBackend } from "~/server/shelf/submit.server";
import {
  accountMailSchema,
  alertSchema,
  deleteAccountSchema,
  deletePhraseSchema,
  digestSchema,
  managerMailSchema,
  passwordSchema,
  phraseSchema,
} from "~/forms/profile";
import { loadCalendar, revokeCalendar } from "~/server/account/calendar.server";
import { destroySession, updateSessionUser } from "~/server/shelf/session.server";
import { redirectWithToast } from "~/server/shelf/toast.server";
import { TOO_LARGE } from "~/server/shelf/upload.server";

const AVATAR_ERROR = "Error al subir el avatar.";
const ALERT_ERROR = "No se pudo guardar tu preferencia";
const PHRASE_SAVE_ERROR = "No se pudo guardar la frase";
const PHRASE_DELETE_ERROR = "No se pudo eliminar la frase";

export async function loadProfile(request: Request, user: SessionUser) {
  const [phrases, alert, digest, groups, calendar, emailProof, mail] = await Promise.all([
    loadOrNull(() => api.read(request, "/phrases/List", PhraseList)),
    loadOrNull(() => api.read(request, "/User/GetAlertPreference", AlertPreference)),
    loadOrNull(() => api.read(request, "/User/GetDigestPreference", DigestPreference)),
    loadOrNull(() => api.read(request, "/group/GetMyGroups", GroupRefList)),
    loadCalendar(request),
    loadOrNull(() => api.read(request, "/auth/email-proof", EmailProof)),
    loadOrNull(() => api.read(request, "/User/MailPreferences", MailPreferences)),
  ]);
  // /grupos is reached from the profile when the user has more than one group (docs/architecture.md#screens-and-who-reaches-them).
  return {
    user,
    phrases,
    sendAlert: alert?.sendAlert ?? null,
    sendDigest: digest?.sendDigest ?? null,
    sendManagerMail: mail?.sendManagerMail ?? null,
    sendAccountMail: mail?.sendAccountMail ?? null,
    manyGroups: (groups?.length ?? 0) > 1,
    calendar,
    emailProof,
  };
}

/** 'Enviar otro enlace': the link that proves the account's own address (decision 078), counted like every mail. */
export async function resendEmailProof(request: Request, formData: FormData) {
  const sent = await attempt(() => api.post(request, "/auth/email-proof/resend", {}, MessageAnswer));
  if (!sent.ok)
    return answer(
      "proof-resend",
      parseWithZod(formData, { schema: z.object({}) }).reply({ formErrors: [`No se pudo enviar el enlace: ${sent.message("inténtalo de nuevo.")}`] }),
      429,
    );
  return toProfile(sent.value.message);
}

const toProfile = (text: string, headers?: [string, string][]) => redirectWithToast("/perfil", { kind: "success", text }, { headers });

/** Every answer of /perfil: which form it is for (and which phrase), and that form's reply. */
const answer = (intent: string, lastResult: SubmissionResult<string[]>, status = 400, id?: number) => data({ intent, id, lastResult }, { status });

/** 'Avatar': the picture goes to the backend as it came; the session's user gets the new path. */
export async function changeAvatar(request: Request, formData: FormData, tooLarge: boolean) {
  const submission = parseWithZod(formData, { schema: z.object({ avatar: z.unknown().optional() }) });
  const avatar = formData.get("avatar");
  const refuse = (detail: string, status = 400) => answer("avatar", submission.reply({ fieldErrors: { avatar: [`${AVATAR_ERROR} ${detail}`] } }), status);
  if (tooLarge) return refuse(TOO_LARGE, 413);
  if (!(avatar instanceof File) || avatar.size === 0) return refuse("Elige una imagen.");
  const body = new FormData();
  body.set("avatar", avatar);
  const sent = await attempt(() => api.post(request, "/auth/UpdateAvatar", body, AvatarAnswer));
  if (!sent.ok) return refuse(sent.message("Inténtalo de nuevo."));
  return toProfile("Avatar actualizado.", [["Set-Cookie", await updateSessionUser(request, { avatarPath: sent.value.avatarPath })]]);
}

/** 'Cambiar contraseña': the passwords are never sent back to the page. */
export async function changePassword(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: passwordSchema });
  const hideFields = ["password", "confirm"];
  if (submission.status !== "success") return answer("password", submission.reply({ hideFields }));
  const sent = await submitToBackend(
    submission,
    () => api.post(request, "/auth/UpdatePassword", { newPassword: submission.value.password }, MessageAnswer),
    (failure) => `No se pudo actualizar la contraseña: ${failure.message(PASSWORD_RULE_MESSAGE)}`,
    { hideFields },
  );
  if (!sent.ok) return answer("password", sent.reply);
  return toProfile("Contraseña actualizada. Tus otras sesiones se han cerrado.");
}

/** The phrase a form is about, so its answer reaches that form even when the rest of it is refused. */
const phraseIdOf = (formData: FormData) => phraseSchema.shape.id.safeParse(formData.get("id") ?? undefined).data;

interface MailPreference {
  schema: typeof alertSchema | typeof digestSchema | typeof managerMailSchema | typeof accountMailSchema;
  send: (request: Request, on: boolean) => Promise<unknown>;
  toast: (on: boolean) => string;
}

/**
 * The mail preferences of /perfil, each one checkbox: the reminder before each round closes, the
 * round's digest, a manager's notices and the mails about the account's access (decision 086).
 */
const MAIL_PREFERENCES: Record<"alert" | "digest" | "manager-mail" | "account-mail", MailPreference> = {
  alert: {
    schema: alertSchema,
    send: (request: Request, on: boolean) => api.post(request, "/User/SetAlertPreference", { sendAlert: on }, AlertPreference),
    toast: (on: boolean) => (on ? "Recibirás un recordatorio antes del cierre de cada jornada." : "Ya no recibirás recordatorios por email."),
  },
  digest: {
    schema: digestSchema,
    send: (request: Request, on: boolean) => api.post(request, "/User/SetDigestPreference", { sendDigest: on }, DigestPreference),
    toast: (on: boolean) => (on ? "Recibirás el resumen de cada jornada por email." : "Ya no recibirás el resumen de la jornada."),
  },
  "manager-mail": {
    schema: managerMailSchema,
    send: (request: Request, on: boolean) => api.post(request, "/User/MailPreferences", { sendManagerMail: on }, MailPreferences),
    toast: (on: boolean) => (on ? "Recibirás los avisos para gestores." : "Ya no recibirás los avisos para gestores."),
  },
  "account-mail": {
    schema: accountMailSchema,
    send: (request: Request, on: boolean) => api.post(request, "/User/MailPreferences", { sendAccountMail: on }, MailPreferences),
    toast: (on: boolean) => (on ? "Recibirás los avisos sobre el acceso a tu cuenta." : "Ya no recibirás los avisos sobre el acceso a tu cuenta."),
  },
};

/** A mail preference on or off. On a failure the checkbox goes back to the stored value. */
export async function setMailPreference(request: Request, formData: FormData, intent: keyof typeof MAIL_PREFERENCES) {
  const preference = MAIL_PREFERENCES[intent];
  const submission = parseWithZod(formData, { schema: preference.schema });
  if (submission.status !== "success") return answer(intent, submission.reply({ formErrors: [ALERT_ERROR], resetForm: true }));
  // The form's one field is its checkbox.
  const on = Object.values(submission.value).includes("on");
  const sent = await submitToBackend(
    submission,
    () => preference.send(request, on),
    () => ALERT_ERROR,
    { resetForm: true },
  );
  if (!sent.ok) return answer(intent, sent.reply);
  return toProfile(preference.toast(on));
}

/** 'Revocar' the calendar feed: a new address replaces the old one, which then shows nothing. */
export async function revokeCalendarFeed(request: Request, formData: FormData) {
  const sent = await attempt(() => revokeCalendar(request));
  if (!sent.ok)
    return answer(
      "calendar-revoke",
      parseWithZod(formData, { schema: z.object({}) }).reply({ formErrors: [`No se pudo revocar el enlace: ${sent.message("inténtalo de nuevo.")}`] }),
    );
  return toProfile("Enlace del calendario revocado: el anterior ya no funciona. Suscríbete de nuevo con el enlace nuevo.");
}

/** A phrase added, or edited when the form carries its id. */
export async function savePhrase(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: phraseSchema });
  const phraseId = phraseIdOf(formData);
  if (submission.status !== "success") return answer("phrase", submission.reply(), 400, phraseId);
  const { id, text, author } = submission.value;
  const sent = await submitToBackend(
    submission,
    () => (id ? api.put(request, `/phrases/Update/${id}`, { text, author }, Phrase) : api.post(request, "/phrases/Create", { text, author }, Phrase)),
    (failure) => `${PHRASE_SAVE_ERROR}: ${failure.message("inténtalo de nuevo.")}`,
  );
  if (!sent.ok) return answer("phrase", sent.reply, 400, phraseId);
  return toProfile(id ? "Frase actualizada." : "Frase añadida.");
}

export async function deletePhrase(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: deletePhraseSchema });
  const phraseId = phraseIdOf(formData);
  if (submission.status !== "success") return answer("delete", submission.reply({ formErrors: [PHRASE_DELETE_ERROR] }), 400, phraseId);
  const sent = await submitToBackend(
    submission,
    () => api.delete(request, `/phrases/Delete/${submission.value.id}`),
    (failure) => `${PHRASE_DELETE_ERROR}: ${failure.message("inténtalo de nuevo.")}`,
  );
  if (!sent.ok) return answer("delete", sent.reply, 400, phraseId);
  return toProfile("Frase eliminada.");
}

/** A post without a known `intent` (a hand-made one): said on the page, nothing changes. */
export const unknownProfileIntent = (formData: FormData) =>
  answer(String(formData.get("intent") ?? ""), parseWithZod(formData, { schema: z.object({}) }).reply({ formErrors: ["Acción desconocida."] }));

/**
 * «Eliminar mi cuenta» (decision 083): with the password typed again, the backend erases the account;
 * the session goes with it and the person lands on the sign-in page with the confirmation. The
 * password is never sent back to the page.
 */
export async function deleteAccount(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: deleteAccountSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") return answer("delete-account", submission.reply({ hideFields }));
  const sent = await submitToBackend(
    submission,
    () => api.post(request, "/auth/DeleteAccount", { password: submission.value.password }, MessageAnswer),
    (failure) => `No se ha eliminado tu cuenta: ${failure.message("inténtalo de nuevo.")}`,
    { hideFields },
  );
  if (!sent.ok) return answer("delete-account", sent.reply);
  return redirectWithToast(
    "/login",
    { kind: "success", text: ACCOUNT_DELETED },
    {
      headers: [
        ["Set-Cookie", await destroySession(request)],
        ["Clear-Site-Data", '"cache"'],
      ],
    },
  );
}
