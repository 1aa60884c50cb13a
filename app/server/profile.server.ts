import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { AlertPreference, AvatarAnswer, MessageAnswer, PASSWORD_RULE_MESSAGE, type SessionUser } from "#core/contract/auth";
import { GroupRefList } from "#core/contract/group";
import { Phrase, PhraseList } from "#core/contract/phrase";
import { z } from "zod";
import { api, errorMessage, loadOrNull, rethrowResponse } from "~/server/client.server";
import { alertSchema, deletePhraseSchema, passwordSchema, phraseSchema } from "~/forms/profile";
import { updateSessionUser } from "~/server/session/session.server";
import { redirectWithToast } from "~/server/session/toast.server";
import { readMultipartForm, TOO_LARGE } from "~/server/upload.server";

const AVATAR_ERROR = "Error al subir el avatar.";
const ALERT_ERROR = "No se pudo guardar tu preferencia";
const PHRASE_SAVE_ERROR = "No se pudo guardar la frase";
const PHRASE_DELETE_ERROR = "No se pudo eliminar la frase";

export async function loadProfile(request: Request, user: SessionUser) {
  const [phrases, alert, groups] = await Promise.all([
    loadOrNull(() => api.read(request, "/phrases/List", PhraseList)),
    loadOrNull(() => api.read(request, "/User/GetAlertPreference", AlertPreference)),
    loadOrNull(() => api.read(request, "/group/GetMyGroups", GroupRefList)),
  ]);
  // /grupos is reached from the profile when the user has more than one group (docs/architecture.md#screens-and-who-reaches-them).
  return { user, phrases, sendAlert: alert?.sendAlert ?? null, manyGroups: (groups?.length ?? 0) > 1 };
}

type Intent = "avatar" | "password" | "alert" | "phrase" | "delete";
const toProfile = (text: string, headers?: [string, string][]) => redirectWithToast("/perfil", { kind: "success", text }, { headers });

/** One action for the four forms of /perfil, told apart by the submit button's `intent`. */
export async function profileAction(request: Request) {
  const { formData, tooLarge } = await readMultipartForm(request);
  const intent = String(formData.get("intent") ?? "") as Intent;
  const answer = (lastResult: SubmissionResult<string[]>, status = 400, id?: number) => data({ intent, id, lastResult }, { status });

  if (intent === "avatar") {
    const submission = parseWithZod(formData, { schema: z.object({ avatar: z.unknown().optional() }) });
    const avatar = formData.get("avatar");
    const refuse = (detail: string, status = 400) => answer(submission.reply({ fieldErrors: { avatar: [`${AVATAR_ERROR} ${detail}`] } }), status);
    if (tooLarge) return refuse(TOO_LARGE, 413);
    if (!(avatar instanceof File) || avatar.size === 0) return refuse("Elige una imagen.");
    const body = new FormData();
    body.set("avatar", avatar);
    try {
      const { avatarPath } = await api.post(request, "/auth/UpdateAvatar", body, AvatarAnswer);
      return toProfile("Avatar actualizado.", [["Set-Cookie", await updateSessionUser(request, { avatarPath })]]);
    } catch (error) {
      rethrowResponse(error);
      return refuse(errorMessage(error, "Inténtalo de nuevo."));
    }
  }

  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: passwordSchema });
    const hideFields = ["password", "confirm"];
    if (submission.status !== "success") return answer(submission.reply({ hideFields }));
    try {
      await api.post(request, "/auth/UpdatePassword", { newPassword: submission.value.password }, MessageAnswer);
    } catch (error) {
      rethrowResponse(error);
      const message = `No se pudo actualizar la contraseña: ${errorMessage(error, PASSWORD_RULE_MESSAGE)}`;
      return answer(submission.reply({ formErrors: [message], hideFields }));
    }
    return toProfile("Contraseña actualizada. Tus otras sesiones se han cerrado.");
  }

  if (intent === "alert") {
    const submission = parseWithZod(formData, { schema: alertSchema });
    if (submission.status !== "success") return answer(submission.reply({ formErrors: [ALERT_ERROR], resetForm: true }));
    const sendAlert = submission.value.sendAlert === "on";
    try {
      await api.post(request, "/User/SetAlertPreference", { sendAlert }, AlertPreference);
    } catch (error) {
      rethrowResponse(error);
      // The checkbox goes back to the stored value: the form is reset, not refilled.
      return answer(submission.reply({ formErrors: [ALERT_ERROR], resetForm: true }));
    }
    return toProfile(sendAlert ? "Recibirás un recordatorio antes del cierre de cada jornada." : "Ya no recibirás recordatorios por email.");
  }

  if (intent === "phrase") {
    const submission = parseWithZod(formData, { schema: phraseSchema });
    const id = Number(formData.get("id")) || undefined;
    if (submission.status !== "success") return answer(submission.reply(), 400, id);
    const { text, author } = submission.value;
    try {
      if (submission.value.id) await api.put(request, `/phrases/Update/${submission.value.id}`, { text, author }, Phrase);
      else await api.post(request, "/phrases/Create", { text, author }, Phrase);
    } catch (error) {
      rethrowResponse(error);
      return answer(submission.reply({ formErrors: [`${PHRASE_SAVE_ERROR}: ${errorMessage(error, "inténtalo de nuevo.")}`] }), 400, id);
    }
    return toProfile(submission.value.id ? "Frase actualizada." : "Frase añadida.");
  }

  if (intent === "delete") {
    const submission = parseWithZod(formData, { schema: deletePhraseSchema });
    const id = Number(formData.get("id")) || undefined;
    if (submission.status !== "success") return answer(submission.reply({ formErrors: [PHRASE_DELETE_ERROR] }), 400, id);
    try {
      await api.delete(request, `/phrases/Delete/${submission.value.id}`);
    } catch (error) {
      rethrowResponse(error);
      return answer(submission.reply({ formErrors: [`${PHRASE_DELETE_ERROR}: ${errorMessage(error, "inténtalo de nuevo.")}`] }), 400, id);
    }
    return toProfile("Frase eliminada.");
  }

  return answer(parseWithZod(formData, { schema: z.object({}) }).reply({ formErrors: ["Acción desconocida."] }));
}
