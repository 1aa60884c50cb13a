import { z } from "zod";
import { drawDateParam } from "#core/contract/lottery";

/** 'Fecha sorteo' of /call-quiniela: yyyyMMdd, else 'Debes indicar Fecha (yyyyMMdd)' (docs/architecture.md#forms-and-messages). */
export const lookupSchema = z.object({ fecha: drawDateParam });
