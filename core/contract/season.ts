import { z } from "zod";
import type { PointValues } from "#core/domain/points";
import { bodyNumber, text } from "./common";

export const SEASON_REQUIRED = "El nombre y la fecha de inicio son obligatorios.";
export const NO_CURRENT_SEASON = "No hay ninguna temporada en curso. Crea una temporada antes de crear quinielas.";

/** A calendar day "YYYY-MM-DD" that exists. */
export const calendarDay = (required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .refine((s) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
      if (!m) return false;
      const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
      return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
    }, "La fecha de inicio no es válida (AAAA-MM-DD).");

export const createSeasonBody = z.object({
  name: text(100, SEASON_REQUIRED),
  startDate: calendarDay(SEASON_REQUIRED),
});

const POINTS_MESSAGE = "Cada valor de puntos debe ser un número entre 0 y 100.";
const pointValue = bodyNumber(POINTS_MESSAGE)
  .min(0, POINTS_MESSAGE)
  .max(100, POINTS_MESSAGE)
  // The column keeps two decimals; rounding here makes what is answered equal what is stored.
  .transform((n) => Math.round(n * 100) / 100);

export const seasonPointsBody = z.object({ single: pointValue, double: pointValue, triple: pointValue, pleno: pointValue });

/** GET /season/GetCurrentSeason, POST /season/CreateSeason, GET /season/List. */
export interface Season {
  id: number;
  name: string;
  /** "YYYY-MM-DD" */
  startDate: string;
  points: PointValues;
}
