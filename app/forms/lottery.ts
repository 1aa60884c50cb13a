import { z } from "zod";
import { PASTE_REQUIRED } from "#core/contract/jornadas";
import { drawDateParam } from "#core/contract/lottery";
import { madridLocalToUtc } from "#core/dates";

/** 'Fecha sorteo' of /call-quiniela: yyyyMMdd, else 'Debes indicar Fecha (yyyyMMdd)' (docs/architecture.md#forms-and-messages). */
export const lookupSchema = z.object({ fecha: drawDateParam });

/** The paste of /call-quiniela: the operator's JSON or the 15 lines, and the official close (Madrid wall time) the lines do not carry. */
export const pasteSchema = z.object({
  pegado: z.string({ required_error: PASTE_REQUIRED }).trim().min(1, PASTE_REQUIRED),
  cierre: z
    .string()
    .optional()
    .refine((v) => !v || madridLocalToUtc(v) !== null, "La fecha de cierre no es válida."),
});
