import { z } from "zod";
import { CATEGORIES } from "../domain/bet/scrutiny";
import { parseScore, SIGNS } from "../domain/signs";
import { bodyId, id, wireId, wireInt, wireNumber } from "./common";
import { PLENO_GOALS } from "./quiniela";
import { PicksSchema } from "./picks";

/** The jornada in play (decision 051): provisional results and what they say, marked as such. */

/** The results form's rule for the pleno, and its sibling for a match's score. */
export const MATCH_GOALS = "Introduce los goles de cada equipo (0-10).";
export const PROVISIONAL_AFTER_OFFICIAL = "Esta quiniela ya tiene resultados oficiales: los marcadores provisionales ya no se pueden cambiar.";
export const LIVE_NO_ROUND = "Este grupo no tiene ninguna jornada en juego.";
export const LIVE_NOT_PLAYED = "Este grupo no juega esa quiniela.";
/** Decision 061: a live figure per player before the close would tell everyone's picks. */
export const provisionalWhileOpen = (number: number) =>
  `La jornada ${number} sigue abierta a pronósticos en este grupo: los marcadores provisionales se ponen cuando cierre, para que nadie vea antes los pronósticos de los demás.`;
export const feedWhileOpen = (number: number) =>
  `La jornada ${number} sigue abierta a pronósticos en algún grupo: el directo traerá sus marcadores cuando cierre.`;
export const LIVE_PICKS_HIDDEN = "La jornada sigue abierta a pronósticos: los aciertos de cada jugador se verán cuando cierre.";
export const MATCH_POSITION = "El partido debe ser del 1 al 15.";

/** The most goals a side of a provisional score may have: the results form's bound. */
export const LIVE_MAX_GOALS = 10;

export const liveGroupParams = z.object({ id });
export const liveQuery = z.object({ quinielaId: id.optional() });

const goalsField = z.unknown();

/**
 * POST /Group/{id}/ProvisionalResult: one match's score as it ends (position 15 is the pleno).
 * Empty goals on both sides clear this caller's score of the match.
 */
export const provisionalBody = z.object({ quinielaId: bodyId, position: z.unknown(), home: goalsField, away: goalsField }).transform((b, ctx) => {
  const position = Number(b.position);
  if (!Number.isInteger(position) || position < 1 || position > 15) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: MATCH_POSITION, path: ["position"] });
    return z.NEVER;
  }
  const blank = (v: unknown) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");
  if (blank(b.home) && blank(b.away)) return { quinielaId: b.quinielaId, position, score: null };
  const score = parseScore({ home: b.home, away: b.away }, LIVE_MAX_GOALS);
  if (!score) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: position === 15 ? PLENO_GOALS : MATCH_GOALS, path: ["home"] });
    return z.NEVER;
  }
  return { quinielaId: b.quinielaId, position, score };
});
export type ProvisionalBody = z.infer<typeof provisionalBody>;

const count = wireInt.pipe(z.number().min(0));
const chance = wireNumber;
const score = z.object({ home: count, away: count });
const sign = z.enum(SIGNS);

/** Who set the score shown: the official results, this group's manager, an admin or the live feed. */
export const LIVE_SOURCES = ["oficial", "grupo", "admin", "feed"] as const;
export const LiveSourceSchema = z.enum(LIVE_SOURCES);
export type LiveSource = z.infer<typeof LiveSourceSchema>;

export const LiveMatch = z.object({
  position: count,
  home: z.string(),
  away: z.string(),
  /** The score shown (the pleno's official score, or the provisional one); null to play, or for an official sign with no score. */
  score: score.nullable(),
  /** Null: 'por jugar'. Always null for the pleno (position 15). */
  sign: sign.nullable(),
  source: LiveSourceSchema.nullable(),
  at: z.string().nullable(),
});

export const LivePlayer = z.object({ name: z.string(), hits: count, possible: count, rank: count });

const perCategory = z.object(Object.fromEntries(CATEGORIES.map((c) => [c, chance])) as Record<(typeof CATEGORIES)[number], typeof chance>);
const atLeast = z.object({ 10: chance, 11: chance, 12: chance, 13: chance, 14: chance, especial: chance });

export const LiveBet = z.object({
  betId: wireId,
  confirmed: z.boolean(),
  matches: PicksSchema,
  columns: count,
  /** The best column's hits among the matches played. */
  hits: count,
  bestColumn: z.array(sign),
  /** Columns that can still reach 10…14 hits. */
  alive: z.object({ 10: count, 11: count, 12: count, 13: count, 14: count }),
  /** P(best column ≥ k hits) with the played matches fixed, and P(14 + pleno). */
  atLeast,
  /** P(the best column has each category's hits): the Especial, then exactly 14, 13, 12, 11 and 10 hits. */
  categories: perCategory,
  /** P(the ticket cobra each category): some column has exactly its hits (decision 066). */
  wins: perCategory,
  /** Whose probabilities (decision 066): the peña's model leaning on the prior by `weight`, or the prior alone. */
  source: z.enum(["model", "prior"]),
  prior: z.enum(["pre-match", "public"]),
  weight: chance,
  /** The group's jornadas with results before this one: what the model has learnt from (decision 072). */
  pastRounds: count,
});

/** GET /Group/{id}/Live: the jornada in play as the group sees it; `provisional` false once official results are in. */
export const LiveRound = z.object({
  group: z.object({ id: wireId, name: z.string() }),
  quinielaId: wireId,
  numberQuiniela: count,
  provisional: z.boolean(),
  /** The view's own version (the view store's key, decision 071): changes whenever anything shown changes, a score, the official results, a prediction, the bet. The page's validator is not this but the edge's, made of GET /Group/{id}/LiveVersion (decision 082). */
  version: z.string(),
  played: count,
  matches: z.array(LiveMatch),
  players: z.array(LivePlayer),
  /** The group's round still takes picks: no score and no per-player figure is shown (decision 061). */
  roundOpen: z.boolean(),
  bet: LiveBet.nullable(),
  shareText: z.string(),
  /** The caller may type provisional scores here (a manager of the group, or an admin); absent on the kiosk. */
  canEdit: z.boolean().optional(),
});
export type LiveRound = z.infer<typeof LiveRound>;

/**
 * GET /Group/{id}/LiveVersion: what the live page shows for the caller, as one string that changes
 * whenever the page would (the round in play, its scores and results, the predictions, the bet, the
 * group's name, whether the round is closed, and the caller's role). The BFF answers a reload with 304
 * from it before rendering anything (decision 067).
 */
export const LiveVersion = z.object({ version: z.string() });
export type LiveVersion = z.infer<typeof LiveVersion>;

/** POST /Quiniela/{id}/LiveFeed: what the feed brought (admin). */
export const LiveFeedRun = z.object({ quinielaId: wireId, provider: z.string(), matched: count, stored: count, unmatched: z.array(z.string()) });
export type LiveFeedRun = z.infer<typeof LiveFeedRun>;
export const liveFeedParams = z.object({ id });
