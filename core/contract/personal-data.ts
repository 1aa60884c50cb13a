import { z } from "zod";

/**
 * GET /auth/me/export: «Descargar mis datos» (RGPD arts. 15 and 20, decision 084). Every file of the
 * caller's data as rows (header first) in our CSV conventions, and the notes on what the app does not
 * keep. Nothing about another person beyond what the group's own pages show the caller.
 */
export const PersonalDataExport = z.object({
  files: z.array(z.object({ name: z.string(), rows: z.array(z.array(z.string())) })).describe("Cada CSV del archivo, cabecera incluida"),
  notes: z.array(z.string()).describe("Lo que la aplicación no guarda y por eso no está en el archivo"),
  photos: z
    .array(z.object({ name: z.string(), base64: z.string() }))
    .describe("Las fotos del resguardo que la persona subió, tal como se guardan (JPEG sin metadatos), con su nombre en el archivo"),
});
export type PersonalDataExport = z.infer<typeof PersonalDataExport>;
