import { z } from "zod";
import { bodyNumber, id, text, wireId, wireInt, wireNumber } from "./common";

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

export const POINTS_MESSAGE = "Cada valor de puntos debe ser un número entre 0 y 100.";
/** One point value of a season (a hit, a double, a triple, the pleno): 0 to 100, two decimals. */
export const pointValue = bodyNumber(POINTS_MESSAGE)
  .min(0, POINTS_MESSAGE)
  .max(100, POINTS_MESSAGE)
  // The column keeps two decimals; rounding here makes what is answered equal what is stored.
  .transform((n) => Math.round(n * 100) / 100);

export const BET_PRICE_MESSAGE = "El precio por apuesta debe ser un número entre 0 y 100 €.";
/** The price per bet in euros: 0 to 100, two decimals. */
export const betPrice = z.coerce
  .number({ invalid_type_error: BET_PRICE_MESSAGE, required_error: BET_PRICE_MESSAGE })
  .min(0, BET_PRICE_MESSAGE)
  .max(100, BET_PRICE_MESSAGE)
  .transform((n) => Math.round(n * 100) / 100);

/** The price per bet (one column of the group bet's ticket) is optional: left out, it stays as it is. */
export const seasonPointsBody = z.object({ single: pointValue, double: pointValue, triple: pointValue, pleno: pointValue, betPrice: betPrice.optional() });

/** GET /season/GetCurrentSeason, POST /season/CreateSeason, GET /season/List, PUT /season/{id}/Points. */
export const Season = z.object({
  id: wireId,
  name: z.string(),
  /** "YYYY-MM-DD" */
  startDate: z.string(),
  points: z.object({ single: wireNumber, double: wireNumber, triple: wireNumber, pleno: wireNumber }),
  /** Euros per column of the group bet's ticket (default 0.75). */
  betPrice: wireNumber,
});
export type Season = z.infer<typeof Season>;
export const SeasonList = z.array(Season);

export const seasonParams = z.object({ id });

export const SEASON_NAME_TAKEN = "Ya existe una temporada con ese nombre.";

export const SeasonRef = z.object({ id: wireId, name: z.string() });

/** One season of a group's picker: its rounds in the group (0 for the current season before any is activated). */
export const GroupSeason = SeasonRef.extend({ startDate: z.string(), rounds: wireInt });

/**
 * GET /group/{id}/Seasons: the season the group is playing now (see decision 013) and every season
 * with rounds in the group, newest first, for the pickers of the standings and the round settings.
 */
export const GroupSeasons = z.object({ current: SeasonRef.nullable(), seasons: z.array(GroupSeason) });
export type GroupSeasons = z.infer<typeof GroupSeasons>;

/** What a screen reads of GET /season/GetCurrentSeason to name and find it. */
export const CurrentSeason = SeasonRef.extend({ startDate: z.string() });
export type CurrentSeason = z.infer<typeof CurrentSeason>;
