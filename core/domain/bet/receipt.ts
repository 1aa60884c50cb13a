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

/**
 * When the jornada starts, as the resguardo's card says it (decision 093): the first match's official
 * start, or, when the operator gave no match times (a pool typed by hand, an old one), the pool's
 * official close standing in for it.
 */
export function firstMatchLine(status: { firstMatchAt: string | null; firstMatchKnown: boolean; started: boolean }): string | null {
  if (!status.firstMatchAt) return null;
  const p = wallClock(new Date(status.firstMatchAt));
  const weekday = WEEKDAYS[new Date(Date.UTC(+p.year, +p.month - 1, +p.day)).getUTCDay()];
  const when = `el ${weekday} ${p.day}/${p.month}/${p.year} a las ${p.hour}:${p.minute} (hora de Madrid)`;
  if (status.firstMatchKnown) return status.started ? `El primer partido empezó ${when}.` : `El primer partido empieza ${when}.`;
  return `Sin la hora de los partidos, la jornada cuenta desde el cierre oficial: ${when}.`;
}

/** The dashboard's word on a jornada's ticket. */
export const RECEIPT_DONE = "Boleto sellado ✓";
export const RECEIPT_MISSING = "Falta el resguardo";

/** Whether a photo may still be removed or replaced: only before the first match (its official start, or the pool's close: decision 093). */
export const receiptRemovable = (firstMatchAt: Date | string, now: Date) => now.getTime() < new Date(firstMatchAt).getTime();
