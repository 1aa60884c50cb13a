import { parseWithZod } from "@conform-to/zod";
import { GroupSuggestionSettings, SuggestionSettings } from "#core/contract/group";
import { api, attempt, loadOrNull } from "~/server/shelf/client.server";
import { suggestionSettingsSchema } from "~/forms/suggestions";
import { requireManagerOf } from "~/server/session/guards.server";
import { redirectWithToast } from "~/server/shelf/toast.server";

/** Whether the group's suggestions may change the majority's signs (decision 097); null when it could not be read. */
export const loadSuggestionSettings = (request: Request, groupId: number) => loadOrNull(() => api.read(request, `/group/${groupId}`, GroupSuggestionSettings));

/** Saves the suggestions' setting, then back to the group's settings with the outcome. */
export async function suggestionSettingsAction(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const back = `/grupo/${group.id}/ajustes`;
  const submission = parseWithZod(await request.formData(), { schema: suggestionSettingsSchema });
  if (submission.status !== "success") return redirectWithToast(back, { kind: "error", text: "No se pudo guardar la opción: valor no válido." });
  const saved = await attempt(() => api.put(request, `/group/${group.id}/suggestions`, { changeSigns: submission.value.changeSigns }, SuggestionSettings));
  if (!saved.ok) return redirectWithToast(back, { kind: "error", text: `No se pudo guardar la opción: ${saved.message("inténtalo de nuevo.")}` });
  const text = submission.value.changeSigns
    ? "Las sugerencias de colocación ya pueden cambiar los signos de la mayoría."
    : "Las sugerencias de colocación mantienen los signos de la mayoría: solo colocan dobles y triples.";
  return redirectWithToast(back, { kind: "success", text });
}
