import { GroupExport, ImportKind as ImportKindSchema, ImportPreview, ImportResult, ImportTemplate, type ImportKind } from "#core/contract/import";
import { IMPORT_MESSAGES, IMPORT_MAX_BYTES } from "#core/domain/moving-in/import-file";
import { csvError, csvResponse, csvText } from "~/server/shelf/csv.server";
import { zipStored } from "~/server/shelf/zip.server";
import { api, attempt } from "~/server/shelf/client.server";
import { requireManagerOf } from "~/server/session/guards.server";
import { redirectWithToast } from "~/server/shelf/toast.server";
import { readMultipartForm } from "~/server/shelf/upload.server";

/** Moving a peña in: the upload, its preview and the confirm, as plain posts. */

const TEMPLATES = { "miembros.csv": "members", "pronosticos.csv": "picks", "movimientos.csv": "movements" } as const;
export const TEMPLATE_FILES = Object.keys(TEMPLATES) as (keyof typeof TEMPLATES)[];

export async function loadImportPage(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  return { groupId: group.id, groupName: group.name };
}

/** A template, pre-filled by the backend, in our exports' CSV conventions. */
export async function importTemplateCsv(request: Request, groupIdParam: string | undefined, file: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const kind = TEMPLATES[file as keyof typeof TEMPLATES];
  if (!kind) throw new Response("No encontramos lo que buscas.", { status: 404 });
  const read = await attempt(() => api.read(request, `/group/${group.id}/import/template?kind=${kind}`, ImportTemplate));
  if (!read.ok) return csvError(read, "No se pudo preparar la plantilla.");
  return csvResponse(`${file!.replace(".csv", "")}-plantilla.csv`, read.value.rows);
}

export type ImportActionData = { kind: ImportKind; preview: ImportPreview | null; error: string | null };

/** An upload answers its preview (nothing written); a confirm writes and comes back with a toast. */
export async function importAction(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const back = `/grupo/${group.id}/importar`;
  const { formData, tooLarge } = await readMultipartForm(request, IMPORT_MAX_BYTES);
  const sentKind = ImportKindSchema.safeParse(formData.get("kind"));
  const kind: ImportKind = sentKind.success ? sentKind.data : "picks";
  if (formData.get("intent") === "confirm") {
    const draft = String(formData.get("draft") ?? "");
    const sent = await attempt(() => api.post(request, `/group/${group.id}/import/confirm`, { draft }, ImportResult));
    if (!sent.ok) return redirectWithToast(back, { kind: "error", text: `No se importó nada: ${sent.message("inténtalo de nuevo.")}` });
    const r = sent.value;
    const written = {
      members: `${r.membersCreated} miembros sin cuenta añadidos`,
      picks: `${r.picksCreated} pronósticos nuevos y ${r.picksChanged} reemplazados`,
      movements: `${r.movementsCreated} movimientos anotados y ${r.movementsCorrected} corregidos`,
    }[kind];
    const stopped =
      r.mailStopped === 0
        ? ""
        : ` ${r.mailStopped === 1 ? "Un miembro añadido tiene una dirección que ha pedido" : `${r.mailStopped} miembros añadidos tienen direcciones que han pedido`} no recibir correos de esta aplicación: ${r.mailStopped === 1 ? "está" : "están"} en la peña, pero no le${r.mailStopped === 1 ? "" : "s"} escribiremos (ni invitación ni avisos).`;
    return redirectWithToast(back, {
      kind: "success",
      text: `Importación hecha: ${written}; ${r.unchanged} ya estaban y ${r.refused} líneas rechazadas.${stopped}`,
    });
  }
  const fail = (error: string): ImportActionData => ({ kind, preview: null, error });
  if (tooLarge) return fail(IMPORT_MESSAGES.tooLarge);
  const file = formData.get("archivo");
  if (!(file instanceof File) || file.size === 0) return fail("Elige el archivo que quieres importar.");
  const body = new FormData();
  body.set("kind", kind);
  body.set("archivo", file, file.name);
  const sent = await attempt(() => api.post(request, `/group/${group.id}/import/preview`, body, ImportPreview));
  if (!sent.ok) return fail(sent.message("No se pudo leer el archivo."));
  return { kind, preview: sent.value, error: sent.value.fileError } satisfies ImportActionData;
}

/** 'Exportar la peña': one zip of every CSV, in the importer's own formats. */
export async function groupExportZip(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const read = await attempt(() => api.read(request, `/group/${group.id}/export`, GroupExport));
  if (!read.ok) return csvError(read, "No se pudo exportar la peña.");
  const zip = zipStored(read.value.files.map((f) => ({ name: f.name, data: Buffer.from(csvText(f.rows), "utf8") })));
  const slug = group.name.replace(/[^\p{L}\p{N}]+/gu, "-").toLowerCase();
  return new Response(new Uint8Array(zip), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="pena-${encodeURIComponent(slug)}.zip"`,
      "cache-control": "private, no-store",
    },
  });
}
