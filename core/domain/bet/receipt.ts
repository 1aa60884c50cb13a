import { wallClock } from "../../dates";

/**
 * What a resguardo's line says (decision 090), Madrid time (decision 010): «Sellado y subido a las
 * 19:42 del sábado, antes del primer partido», or that it came after the jornada began.
 */
const WEEKDAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];

/** "19:42 del sábado", in Madrid. */
export function madridTimeAndDay(at: Date | string): string {
  const p = wallClock(new Date(at));
  const weekday = WEEKDAYS[new Date(Date.UTC(+p.year, +p.month - 1, +p.day)).getUTCDay()];
  return `${p.hour}:${p.minute} del ${weekday}`;
}

export function receiptLine(receipt: { uploadedAt: Date | string; beforeStart: boolean }): string {
  const when = madridTimeAndDay(receipt.uploadedAt);
  return receipt.beforeStart ? `Sellado y subido a las ${when}, antes del primer partido` : `A las ${when}, subido después del comienzo de la jornada`;
}

/** The dashboard's word on a jornada's ticket. */
export const RECEIPT_DONE = "Boleto sellado ✓";
export const RECEIPT_MISSING = "Falta el resguardo";

/** Whether a photo may still be removed or replaced: only before the first match. */
export const receiptRemovable = (firstMatchAt: Date | string, now: Date) => now.getTime() < new Date(firstMatchAt).getTime();
