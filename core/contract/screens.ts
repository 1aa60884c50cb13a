import { z } from "zod";
import { PicksSchema } from "./picks";
import { id } from "./common";
import { SeasonRef } from "./season";

/**
 * Composite reads: one backend call for a screen whose data the contract's calls would
 * give in several. Each answer carries only what its screen shows.
 */

export const screenGroupParams = z.object({ id });
/** ?quinielaId=N: the round the predictions screen opens (its link from elsewhere). */
export const predictionsScreenQuery = z.object({ quinielaId: id.optional() });

const roundState = z.enum(["not-open", "open", "closed"]);
const roundReason = z.enum(["before-open", "forced", "date-passed", "results"]).nullable();
const score = z.object({ home: z.number().int(), away: z.number().int() });

/** A group round's pool, dates and state, as every screen shows them. */
const roundFields = {
  quinielaId: z.number().int(),
  numberQuiniela: z.number().int(),
  openDate: z.string(),
  closeDate: z.string(),
  state: roundState,
  reason: roundReason,
};

/** A round of the group as the screens list it. */
export const ScreenRound = z.object({ id: z.number().int(), ...roundFields });
export type ScreenRound = z.infer<typeof ScreenRound>;

/** GET /screens/group/{id}/dashboard. */
export const DashboardScreen = z.object({
  group: z.object({ id: z.number().int(), name: z.string(), description: z.string().nullable() }),
  /** Gestor or Usuario in the group; Administrador for an admin who is not a member. */
  role: z.string(),
  isManager: z.boolean(),
  /** The season in play for the group (decision 013), or null. */
  season: SeasonRef.nullable(),
  /** Rounds still to be played (not closed), by open date. */
  rounds: z.array(ScreenRound),
  /** The pools of those rounds the user has sent a prediction for («Pronóstico enviado»). */
  predicted: z.array(z.number().int()),
});
export type DashboardScreen = z.infer<typeof DashboardScreen>;

/** The chosen round as the player sees it: its type, whether they are blocked, their ticket. */
export const PredictionRound = z.object({
  ...roundFields,
  typeName: z.string(),
  numDouble: z.number().int(),
  numTriple: z.number().int(),
  blocked: z.boolean(),
  prediction: z
    .object({
      matches: PicksSchema,
      plain15: score.nullable(),
      updatedAt: z.string(),
      /** Played for the member by the group's rule when they had not predicted. */
      automatic: z.boolean(),
    })
    .nullable(),
});
export type PredictionRound = z.infer<typeof PredictionRound>;

/** GET /screens/group/{id}/predictions[?quinielaId=N]. */
export const PredictionsScreen = z.object({
  /** Rounds that can still be predicted (not closed), by open date then number. */
  available: z.array(ScreenRound),
  /** The round asked for (even closed, to show why), else the first open, else the first available. */
  round: PredictionRound.nullable(),
  /** Its 15 matches by position. */
  matches: z.array(z.object({ position: z.number().int(), home: z.string(), away: z.string() })),
});
export type PredictionsScreen = z.infer<typeof PredictionsScreen>;
