import { z } from "zod";
import { drawDateParam } from "#core/contract/lottery";

/** 'Fecha sorteo' of /call-quiniela: yyyyMMdd, else 'Debes indicar Fecha (yyyyMMdd)' (spec section 5). */
export const lookupSchema = z.object({ fecha: drawDateParam });
