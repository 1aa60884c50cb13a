import { z } from "zod";
import type { ClassificationRow } from "../domain/standings/standings";
import type { Score, Sign } from "../domain/signs";
import { id, wireId, wireInt, wireNumber } from "./common";

export type { ClassificationRow, ClassificationSort, Icon } from "../domain/standings/standings";

export const classificationParams = z.object({ id, seasonId: id });
export const classificationQuery = z.object({ quinielaId: id.optional() });
/** known: the `version` of StandingsPage rows the caller already holds. */
export const standingsPageQuery = classificationQuery.extend({ known: z.string().max(64).optional() });

/** A round that counts in the standings: closed for the group and with official results. */
export const ClassificationRound = z.object({ quinielaId: wireId, numberQuiniela: wireInt, closeDate: z.string() });
export type ClassificationRound = z.infer<typeof ClassificationRound>;

/** GET /group/{id}/season/{seasonId}/GetClassificationRounds: what the standings screen shows around the table. */
export const ClassificationInfo = z.object({
  /** officeIcons: 'Iconos y premios de oficina' is on, so the rows carry the four icons. */
  group: z.object({ id: wireId, name: z.string(), officeIcons: z.boolean() }),
  season: z.object({ id: wireId, name: z.string() }),
  rounds: z.array(ClassificationRound),
});
export type ClassificationInfo = z.infer<typeof ClassificationInfo>;

/** The last counted round in a few figures, for the office screen. */
export interface LastRoundSummary extends ClassificationRound {
  results: { matches: (Sign | null)[]; plain15: Score | null };
  players: number;
  averageHits: number;
  bestHits: number;
  best: string[];
  worstHits: number;
  worst: string[];
}

export interface SeasonStandings {
  season: { id: number; name: string } | null;
  rows: ClassificationRow[];
  lastRound: LastRoundSummary | null;
}

/** A row of GetClassification, checked by the BFF's reads (the standings export). */
export const ClassificationRowSchema = z.object({
  position: wireInt,
  userId: wireId,
  userName: z.string(),
  avatarPath: z.string().nullable(),
  totalPoints: wireNumber,
  simpleHits: wireNumber,
  dobleHits: wireNumber,
  pleno15Hits: wireNumber,
  simpleTotal: wireNumber,
  dobleTotal: wireNumber,
  pleno15Total: wireNumber,
  hits: wireNumber,
  allHits: wireNumber,
  n: wireNumber,
  accuracy: wireNumber,
  wilson: wireNumber,
  isSubGroup: z.boolean(),
  icons: z.array(z.enum(["burro", "pina", "bola", "rinoceronte"])),
  lastRoundHits: wireNumber.nullable(),
}) satisfies z.ZodType<ClassificationRow, z.ZodTypeDef, unknown>;
export const ClassificationRows = z.array(ClassificationRowSchema);

export const ClassificationRoundSchema = z.object({
  quinielaId: z.number(),
  numberQuiniela: z.number(),
  closeDate: z.string(),
}) satisfies z.ZodType<ClassificationRound>;

/**
 * GET /group/{id}/season/{seasonId}/StandingsPage[?quinielaId]: what the standings screen shows,
 * in one call (GetClassificationRounds + GetClassification + the season picker of /group/{id}/Seasons).
 * rows: the season's, or the counted round's; none for a round that does not count (yet); null
 * when the query's `known` is still their `version` (the caller keeps the rows it has).
 */
export const StandingsPage = z.object({
  group: z.object({ id: z.number(), name: z.string(), officeIcons: z.boolean() }),
  season: z.object({ id: z.number(), name: z.string() }),
  rounds: z.array(ClassificationRoundSchema),
  seasons: z.array(z.object({ id: z.number(), name: z.string() })),
  version: z.string(),
  rows: ClassificationRows.nullable(),
});
export type StandingsPage = z.infer<typeof StandingsPage>;

/**
 * GET /group/{id}/season/{seasonId}/StandingsVersion: what the standings page shows (every scope's
 * rows, the counted rounds, the group's name and icons, the season and its picker) as one string
 * that changes whenever any of it does. The web answers a reload with 304 from it, before any render
 * (decision 070).
 */
export const StandingsVersion = z.object({ version: z.string() });
export type StandingsVersion = z.infer<typeof StandingsVersion>;
