import { z } from "zod";
import { id } from "./common";

/** Moving a peña in: a picks or movements file, previewed, then confirmed. */

export const IMPORT_KINDS = ["members", "picks", "movements"] as const;
export const ImportKind = z.enum(IMPORT_KINDS, { errorMap: () => ({ message: "Elige qué importas: miembros, pronósticos o movimientos." }) });
export type ImportKind = z.infer<typeof ImportKind>;

export const importParams = z.object({ id });
/** The preview's multipart fields (the file is the part named "archivo"). */
export const importPreviewBody = z.object({ kind: ImportKind, seasonId: id.optional() });
export const importConfirmBody = z.object({ draft: z.string().regex(/^[0-9a-f]{64}$/, "Vuelve a subir el archivo: la vista previa ya no vale.") });

const LineError = z.object({ line: z.number().int(), message: z.string() });

export const ImportPreview = z.object({
  draft: z.string().nullable().describe("La clave del borrador que confirma; null si el archivo entero se rechaza"),
  kind: ImportKind,
  fileError: z.string().nullable().describe("Por qué se rechaza el archivo entero, en español"),
  encoding: z.string().nullable(),
  season: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  errors: z.array(LineError).describe("Cada línea rechazada: su número y el motivo"),
  rounds: z.array(
    z
      .object({ number: z.number().int(), created: z.number().int(), changed: z.number().int(), unchanged: z.number().int() })
      .describe("Pronósticos de una jornada"),
  ),
  members: z.object({ created: z.array(z.string()).describe("Miembros sin cuenta que se crearían"), matched: z.array(z.string()).describe("Ya son miembros") }),
  movements: z.object({
    created: z.number().int(),
    unchanged: z.number().int(),
    totalCents: z.number().int(),
    corrected: z
      .array(z.object({ line: z.number().int(), member: z.string(), beforeCents: z.number().int(), afterCents: z.number().int() }))
      .describe("Líneas que corrigen el importe de un movimiento que escribió una importación anterior: se anula el viejo y se anota el nuevo"),
  }),
  balances: z.array(z.object({ member: z.string(), beforeCents: z.number().int(), afterCents: z.number().int() })),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportResult = z.object({
  membersCreated: z.number().int(),
  picksCreated: z.number().int(),
  picksChanged: z.number().int(),
  movementsCreated: z.number().int(),
  movementsCorrected: z.number().int().describe("Movimientos corregidos: el viejo anulado y el nuevo anotado"),
  unchanged: z.number().int(),
  refused: z.number().int(),
  mailStopped: z.number().int().describe("Miembros añadidos cuya dirección pidió no recibir correos de esta aplicación: no se les escribirá (decisión 086)"),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const importTemplateQuery = z.object({ kind: ImportKind });
export const ImportTemplate = z.object({ rows: z.array(z.array(z.string())).describe("Las filas de la plantilla, cabecera incluida") });

export const GroupExport = z.object({
  files: z.array(z.object({ name: z.string(), rows: z.array(z.array(z.string())) })).describe("Cada CSV del archivo, en los formatos del importador"),
});
