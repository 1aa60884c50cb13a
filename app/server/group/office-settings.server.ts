import { parseWithZod } from "@conform-to/zod";
import { GroupSettings } from "#core/contract/group";
import { api, attempt, loadOrNull } from "~/server/shelf/client.server";
import { officeSettingsSchema } from "~/forms/office";
import { requireManagerOf } from "~/server/session/guards.server";
import { redirectWithToast } from "~/server/shelf/toast.server";

/** The group's own options for its settings page; null when they could not be read. */
export const loadOfficeSettings = (request: Request, groupId: number) => loadOrNull(() => api.read(request, `/group/${groupId}`, GroupSettings));

/** Turns 'Iconos y premios de oficina' on or off, then back to the group's settings with the outcome. */
export async function officeSettingsAction(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const back = `/grupo/${group.id}/ajustes`;
  const submission = parseWithZod(await request.formData(), { schema: officeSettingsSchema });
  if (submission.status !== "success") return redirectWithToast(back, { kind: "error", text: "No se pudo guardar la opción: valor no válido." });
  const saved = await attempt(() => api.put(request, `/group/${group.id}/settings`, { officeIcons: submission.value.officeIcons }, GroupSettings));
  if (!saved.ok) return redirectWithToast(back, { kind: "error", text: `No se pudo guardar la opción: ${saved.message("inténtalo de nuevo.")}` });
  const text = submission.value.officeIcons
    ? "Iconos y premios de oficina activados: la clasificación y la pantalla muestran los iconos."
    : "Iconos y premios de oficina desactivados: la clasificación y la pantalla ya no muestran iconos.";
  return redirectWithToast(back, { kind: "success", text });
}
