import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { AlertPreference, AvatarAnswer, MessageAnswer, PASSWORD_RULE_MESSAGE, type SessionUser } from "#core/contract/auth";
import { DigestPreference } from "#core/contract/digest";
import { GroupRefList } from "#core/contract/group";
import { Phrase, PhraseList } from "#core/contract/phrase";
import { z } from "zod";
import { api, attempt, loadOrNull } from "~/server/client.server";
import { submitToBackend } from "~/server/submit.server";
import { alertSchema, deletePhraseSchema, digestSchema, passwordSchema, phraseSchema } from "~/forms/profile";
import { loadCalendar, revokeCalendar } from "~/server/calendar.server";
import { updateSessionUser } from "~/server/session/session.server";
import { redirectWithToast } from "~/server/session/toast.server";
import { TOO_LARGE } from "~/server/upload.server";

const AVATAR_ERROR = "Error al subir el avatar.";
const ALERT_ERROR = "No se pudo guardar tu preferencia";
const PHRASE_SAVE_ERROR = "No se pudo guardar la frase";
const PHRASE_DELETE_ERROR = "No se pudo eliminar la frase";

export async function loadProfile(request: Request, user: SessionUser) {
  const [phrases, alert, digest, groups, calendar] = await Promise.all([
    loadOrNull(() => api.read(request, "/phrases/List", PhraseList)),
    loadOrNull(() => api.read(request, "/User/GetAlertPreference", AlertPreference)),
    loadOrNull(() => api.read(request, "/User/GetDigestPreference", DigestPreference)),
    loadOrNull(() => api.read(request, "/group/GetMyGroups", GroupRefList)),
    loadCalendar(request),
  ]);
  // /grupos is reached from the profile when the user has more than one group (docs/architecture.md#screens-and-who-reaches-them).
  return {
    user,
    phrases,
    sendAlert: alert?.sendAlert ?? null,
    sendDigest: digest?.sendDigest ?? null,
    manyGroups: (groups?.length ?? 0) > 1,
    calendar,
  };
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

/** The reminder before each round closes, on or off. On a failure the checkbox goes back to the stored value. */
export async function setAlert(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: alertSchema });
  if (submission.status !== "success") return answer("alert", submission.reply({ formErrors: [ALERT_ERROR], resetForm: true }));
  const sendAlert = submission.value.sendAlert === "on";
  const sent = await submitToBackend(
    submission,
    () => api.post(request, "/User/SetAlertPreference", { sendAlert }, AlertPreference),
    () => ALERT_ERROR,
    {
      resetForm: true,
    },
  );
  if (!sent.ok) return answer("alert", sent.reply);
  return toProfile(sendAlert ? "Recibirás un recordatorio antes del cierre de cada jornada." : "Ya no recibirás recordatorios por email.");
}

/** The phrase a form is about, so its answer reaches that form even when the rest of it is refused. */
const phraseIdOf = (formData: FormData) => phraseSchema.shape.id.safeParse(formData.get("id") ?? undefined).data;

/** The round's digest by e-mail, on or off. On a failure the checkbox goes back to the stored value. */
export async function setDigest(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: digestSchema });
  if (submission.status !== "success") return answer("digest", submission.reply({ formErrors: [ALERT_ERROR], resetForm: true }));
  const sendDigest = submission.value.sendDigest === "on";
  const sent = await submitToBackend(
    submission,
    () => api.post(request, "/User/SetDigestPreference", { sendDigest }, DigestPreference),
    () => ALERT_ERROR,
    {
      resetForm: true,
    },
  );
  if (!sent.ok) return answer("digest", sent.reply);
  return toProfile(sendDigest ? "Recibirás el resumen de cada jornada por email." : "Ya no recibirás el resumen de la jornada.");
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
