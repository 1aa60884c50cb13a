import { JornadasPreview, JornadasResult } from "#core/contract/import-jornadas";
import { IMPORT_MESSAGES, IMPORT_MAX_BYTES } from "#core/domain/moving-in/import-file";
import { jornadasTemplate } from "#core/domain/moving-in/jornadas-file";
import { csvResponse } from "~/server/shelf/csv.server";
import { api, attempt } from "~/server/shelf/client.server";
import { requireManagerOf } from "~/server/session/guards.server";
import { redirectWithToast } from "~/server/shelf/toast.server";
import { readMultipartForm } from "~/server/shelf/upload.server";

/** Past jornadas from the peña's jornadas file (decision 059): upload, preview and confirm as plain posts. */

export type JornadasActionData = { preview: JornadasPreview | null; error: string | null };

export async function loadJornadasPage(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  return { groupId: group.id, groupName: group.name };
}

/** The jornadas file's template, in our exports' CSV conventions. */
export async function jornadasTemplateCsv(request: Request, groupIdParam: string | undefined) {
  await requireManagerOf(request, groupIdParam);
  return csvResponse("jornadas-plantilla.csv", jornadasTemplate());
}

export async function jornadasAction(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const back = `/grupo/${group.id}/importar/jornadas`;
  const { formData, tooLarge } = await readMultipartForm(request, IMPORT_MAX_BYTES);
  if (formData.get("intent") === "confirm") {
    const draft = String(formData.get("draft") ?? "");
    const sent = await attempt(() => api.post(request, `/group/${group.id}/import/jornadas/confirm`, { draft }, JornadasResult));
    if (!sent.ok) return redirectWithToast(back, { kind: "error", text: `No se creó nada: ${sent.message("inténtalo de nuevo.")}` });
    const r = sent.value;
    return redirectWithToast(`/grupo/${group.id}/importar`, {
      kind: "success",
      text: `Jornadas hechas: ${r.created} creadas y ${r.attached} añadidas al grupo; ${r.unchanged} ya estaban y ${r.refused} rechazadas. Ya puedes importar sus pronósticos.`,
    });
  }
  const fail = (error: string): JornadasActionData => ({ preview: null, error });
  if (tooLarge) return fail(IMPORT_MESSAGES.tooLarge);
  const file = formData.get("archivo");
  if (!(file instanceof File) || file.size === 0) return fail("Elige el archivo que quieres importar.");
  const body = new FormData();
  body.set("archivo", file, file.name);
  const sent = await attempt(() => api.post(request, `/group/${group.id}/import/jornadas/preview`, body, JornadasPreview));
  if (!sent.ok) return fail(sent.message("No se pudo leer el archivo."));
  return { preview: sent.value, error: sent.value.fileError } satisfies JornadasActionData;
}
