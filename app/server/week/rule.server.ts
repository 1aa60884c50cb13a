import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { GroupWeekRule } from "#core/contract/week-rule";
import { weekRuleBodyOf, weekRuleSchema } from "~/forms/week-rule";
import { redirectWithToast } from "~/server/shelf/toast.server";
import { api, loadOrNull } from "../shelf/client.server";
import { submitToBackend } from "../shelf/submit.server";

/** The group's standing rule for its settings page; null when it could not be read. */
export const loadWeekRule = (request: Request, groupId: number) => loadOrNull(() => api.read(request, `/group/${groupId}/Automation`, GroupWeekRule));

const answer = (status: number, lastResult: ReturnType<Parameters<typeof submitToBackend>[0]["reply"]>, stale = false) =>
  data({ intent: "week-rule", lastResult, message: null, stale }, { status });

/** 'Guardar regla automática': the rule, checked here and again by the backend; back to the page with a toast. */
export async function weekRuleAction(request: Request, groupId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: weekRuleSchema });
  if (submission.status !== "success") return answer(400, submission.reply());
  const sent = await submitToBackend(
    submission,
    () => api.put(request, `/group/${groupId}/Automation`, weekRuleBodyOf(submission.value), GroupWeekRule),
    (failure) => (failure.status === 409 ? failure.message("") : `No se pudo guardar la regla: ${failure.message("inténtalo de nuevo.")}`),
  );
  if (!sent.ok) return answer(sent.failure.status === 409 ? 409 : 400, sent.reply, sent.failure.status === 409);
  const text = sent.value.autoOpen
    ? "Regla guardada: cada nueva jornada oficial se abrirá sola en el grupo."
    : "Regla guardada: las jornadas no se abren solas; el resto de la regla se aplica al cerrar.";
  return redirectWithToast(`/grupo/${groupId}/ajustes#regla`, { kind: "success", text });
}
