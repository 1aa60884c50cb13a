import { PersonalDataExport } from "#core/contract/personal-data";
import { csvError, csvText } from "~/server/shelf/csv.server";
import { api, attempt } from "~/server/shelf/client.server";
import { zipStored } from "~/server/shelf/zip.server";
import { requireUser } from "~/server/shelf/session.server";

/**
 * «Descargar mis datos» (decision 084): one zip of the backend's CSVs (our conventions, opened by a
 * spreadsheet), the same data as one JSON file for another service (portability), and a note of
 * what the app does not keep.
 */
export async function personalDataZip(request: Request): Promise<Response> {
  await requireUser(request);
  const read = await attempt(() => api.read(request, "/auth/me/export", PersonalDataExport));
  if (!read.ok) return csvError(read, "No se pudieron preparar tus datos. Inténtalo de nuevo.");
  return new Response(new Uint8Array(personalDataArchive(read.value)), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": 'attachment; filename="mis-datos-quiniela.zip"',
      "cache-control": "private, no-store",
    },
  });
}

/** The zip's bytes: leeme.txt, each CSV, datos.json (each file as a list of records by its header), and the resguardo photos the person uploaded. */
export function personalDataArchive({ files, notes, photos }: PersonalDataExport): Buffer {
  const asRecords = Object.fromEntries(
    files.map((f) => {
      const [header = [], ...rows] = f.rows;
      return [f.name.replace(/\.csv$/, ""), rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])))];
    }),
  );
  return zipStored([
    { name: "leeme.txt", data: Buffer.from(["Tus datos en Quiniela de peñas.", "", ...notes.map((n) => `- ${n}`), ""].join("\r\n"), "utf8") },
    ...files.map((f) => ({ name: f.name, data: Buffer.from(csvText(f.rows), "utf8") })),
    { name: "datos.json", data: Buffer.from(JSON.stringify({ ...asRecords, notas: notes }, null, 2), "utf8") },
    ...photos.map((p) => ({ name: p.name, data: Buffer.from(p.base64, "base64") })),
  ]);
}
