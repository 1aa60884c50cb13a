import { z } from "zod";

/** Past jornadas from a peña's jornadas file (decision 059): previewed, then confirmed. */

/** The preview's multipart fields: only the file, the part named "archivo". */
export const importJornadasPreviewBody = z.object({});
export const importJornadasConfirmBody = z.object({
  draft: z.string().regex(/^[0-9a-f]{64}$/, "Vuelve a subir el archivo: la vista previa ya no vale."),
});

const LineError = z.object({ line: z.number().int(), message: z.string() });

export const JornadasPreview = z.object({
  draft: z.string().nullable().describe("La clave del borrador que confirma; null si el archivo entero se rechaza o no hay nada que crear"),
  fileError: z.string().nullable().describe("Por qué se rechaza el archivo entero, en español"),
  season: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  errors: z.array(LineError).describe("Cada línea o jornada rechazada: su número y el motivo"),
  jornadas: z.array(
    z
      .object({
        number: z.number().int(),
        date: z.string().describe("yyyy-mm-dd"),
        state: z
          .enum(["created", "attached", "unchanged"])
          .describe("Se crea para el grupo (solo suya), ya estaba con los mismos partidos y se añade al grupo, o el grupo ya la tiene"),
        type: z.string().describe("El tipo de la jornada en el grupo (el del archivo, o el de la última jornada del grupo si no lo dice)"),
        matches: z.array(z.string()).describe("«Local - Visitante» de los 15 partidos, con los nombres del catálogo"),
      })
      .describe("Una jornada del archivo"),
  ),
});
export type JornadasPreview = z.infer<typeof JornadasPreview>;

export const JornadasResult = z.object({ created: z.number().int(), attached: z.number().int(), unchanged: z.number().int(), refused: z.number().int() });
export type JornadasResult = z.infer<typeof JornadasResult>;
