import { z } from "zod";
import type { ClassificationRow } from "../domain/classification";
import type { Score, Sign } from "../domain/signs";
import { id } from "./common";

export type { ClassificationRow, ClassificationSort, Icon } from "../domain/classification";

export const classificationParams = z.object({ id, seasonId: id });
export const classificationQuery = z.object({ quinielaId: id.optional() });

/** A round that counts in the standings: closed for the group and with official results. */
export interface ClassificationRound {
  quinielaId: number;
  numberQuiniela: number;
  closeDate: string;
}

/** GET /group/{id}/season/{seasonId}/GetClassificationRounds: what the standings screen shows around the table. */
export interface ClassificationInfo {
  /** officeIcons: 'Iconos y premios de oficina' is on, so the rows carry the four icons. */
  group: { id: number; name: string; officeIcons: boolean };
  season: { id: number; name: string };
  rounds: ClassificationRound[];
}

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
  position: z.number(),
  userId: z.number(),
  userName: z.string(),
  avatarPath: z.string().nullable(),
  totalPoints: z.number(),
  simpleHits: z.number(),
  dobleHits: z.number(),
  pleno15Hits: z.number(),
  simpleTotal: z.number(),
  dobleTotal: z.number(),
  pleno15Total: z.number(),
  hits: z.number(),
  allHits: z.number(),
  n: z.number(),
  accuracy: z.number(),
  wilson: z.number(),
  isSubGroup: z.boolean(),
  icons: z.array(z.enum(["burro", "pina", "bola", "rinoceronte"])),
  lastRoundHits: z.number().nullable(),
}) satisfies z.ZodType<ClassificationRow>;
export const ClassificationRows = z.array(ClassificationRowSchema);

export const ClassificationRoundSchema = z.object({ quinielaId: z.number(), numberQuiniela: z.number(), closeDate: z.string() }) satisfies z.ZodType<ClassificationRound>;

/**
 * GET /group/{id}/season/{seasonId}/StandingsPage[?quinielaId]: what the standings screen shows,
 * in one call (GetClassificationRounds + GetClassification + the season picker of /group/{id}/Seasons).
 * rows: the season's, or the counted round's; none for a round that does not count (yet).
 */
export const StandingsPage = z.object({
  group: z.object({ id: z.number(), name: z.string(), officeIcons: z.boolean() }),
  season: z.object({ id: z.number(), name: z.string() }),
  rounds: z.array(ClassificationRoundSchema),
  seasons: z.array(z.object({ id: z.number(), name: z.string() })),
  rows: ClassificationRows,
});
export type StandingsPage = z.infer<typeof StandingsPage>;
