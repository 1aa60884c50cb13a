import { z } from "zod";
import { version } from "./audit";
import { id, wireInt, wireNumber } from "./common";
import { RoundStateSchema, ScoreSchema, SignSchema } from "./picks";
import { Ticket } from "./ticket";

/** The group bet's load and action errors (docs/architecture.md#forms-and-messages). */
export const BET_LOAD_ERROR = "No se pudieron cargar los datos de la jornada.";
export const BET_GENERATE_ERROR = "No se pudo generar la quiniela grupal.";
export const BET_EDIT_ERROR = "No se pudo editar la quiniela grupal.";
export const BET_CONFIRM_ERROR = "No se pudo confirmar la apuesta.";
/** The group bet's save (docs/architecture.md#the-group-bet). */
export const BET_INCOMPLETE = "Debes completar todas las predicciones antes de guardar.";
export const BET_NOT_FOUND = "Todavía no se ha generado la quiniela grupal de esta jornada.";
export const BET_ALREADY_GENERATED = "La quiniela grupal de esta jornada ya está generada.";
export const BET_CONFIRMED_NO_EDIT = "La apuesta ya está confirmada: no se puede editar.";
export const BET_NO_PREDICTIONS = "Nadie ha enviado pronóstico en esta jornada: no hay nada que combinar.";
/** The group bet editor allows 0 to 9 goals per side (docs/architecture.md#limits). */
export const BET_PLENO_MAX = 9;

export const groupQuery = z.object({ groupId: id });
export const groupQuinielaQuery = z.object({ groupId: id, quinielaId: id });
export const betParams = z.object({ id });

/**
 * POST /Bet/GenerateBet. topNUsers is read as the spec says (an integer of at least 1; anything else
 * typed becomes 1; left out, the group's last N or the number of predictions), by core's resolveTopN.
 */
export const generateBetBody = z.object({
  groupId: id,
  quinielaId: id,
  seasonId: id.optional(),
  topNUsers: z.unknown().optional(),
});

/** PUT /Bet/Update: picks and pleno are checked by the service, so the answer is the spec's one message. */
export const updateBetBody = z.object({
  betId: id,
  /** The version the edit form was loaded from: a save against a newer one is a 409. */
  version,
  mergedPrediction: z.object(
    { matches: z.unknown(), pl15: z.unknown().optional(), plain15: z.unknown().optional() },
    {
      invalid_type_error: BET_INCOMPLETE,
      required_error: BET_INCOMPLETE,
    },
  ),
});

const Sign = SignSchema;
// The BFF's client lower-cases the first letter of every key, so "X" may arrive as "x".
const Votes = z.preprocess(
  (v) => (v && typeof v === "object" && "x" in v && !("X" in v) ? { ...v, X: (v as { x: unknown }).x } : v),
  z.object({ "1": wireInt, X: wireInt, "2": wireInt }),
);

/** A group bet (the API contract, docs/architecture.md#the-contract), with what the screen and the ticket need around it. */
export const Bet = z.object({
  id: wireInt,
  groupId: wireInt,
  quinielaId: wireInt,
  seasonId: wireInt,
  numberQuiniela: wireInt,
  topN: wireInt,
  usernamesIncluded: z.array(z.string()),
  mergedPrediction: z.object({ matches: z.array(z.array(Sign)), pl15: ScoreSchema.nullable() }),
  votes: z.array(Votes),
  explanations: z.array(z.string()),
  confirmBet: z.boolean(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: wireInt,
  /** 2^doubles × 3^triples. */
  columns: wireInt,
  /** Deprecated: euros per column, the season's setting; read `ticket.priceCents`. */
  betPrice: wireNumber.describe("Obsoleto: usa ticket.priceCents (céntimos)."),
  /** Deprecated: columns × price in euros, without the pleno or the two-bet minimum; read `ticket.costCents`. */
  cost: wireNumber.describe("Obsoleto: usa ticket.costCents (céntimos), lo que cobra la administración."),
  /** Hits out of 15 against the official results (core/domain/hits); null before there are results. */
  hits: wireInt.nullable(),
  results: z.object({ matches: z.array(Sign.nullable()), pl15: ScoreSchema.nullable() }).nullable(),
  /** The bet as the lottery shop takes it: slip, bets, cost in cents and escrutinio (decision 034). */
  ticket: Ticket,
});
export type Bet = z.infer<typeof Bet>;

/** What a share text or a public page tells of the bet's ticket: its picks, bets, cost, whether played and its hits. */
export const betShareFields = (bet: Pick<Bet, "mergedPrediction" | "ticket" | "confirmBet" | "hits">) => ({
  picks: bet.mergedPrediction.matches,
  pleno: bet.mergedPrediction.pl15,
  bets: bet.ticket.chargedBets,
  costCents: bet.ticket.costCents,
  confirmed: bet.confirmBet,
  hits: bet.hits,
});

/** GET /Bet/{id}/Participants: the included players, best rank first. */
export const BetParticipant = z.object({
  predictionId: wireInt.nullable(),
  rankPosition: wireInt,
  username: z.string(),
  userId: wireInt,
});
export const BetParticipants = z.array(BetParticipant);
export type BetParticipant = z.infer<typeof BetParticipant>;

/** GET /Bet/LastBetTopN: the N of the group's latest bet, null when it has none yet. */
export const LastBetTopN = z.object({ topN: wireInt.nullable() });

/** GET /Bet/ByGroupStatus: per round of the group, whether its bet can be generated and whether it exists. */
export const BetRoundStatus = z.object({
  quinielaId: wireInt,
  seasonId: wireInt,
  numberQuiniela: wireInt,
  openDate: z.string(),
  closeDate: z.string(),
  forceClosed: z.boolean(),
  state: RoundStateSchema,
  typeName: z.string(),
  numDouble: wireInt,
  numTriple: wireInt,
  predictions: wireInt,
  required: wireInt,
  submitted: wireInt,
  missing: wireInt,
  canGenerate: z.boolean(),
  reasons: z.array(z.string()),
  betId: wireInt.nullable(),
  confirmBet: z.boolean(),
});
export const BetRoundStatuses = z.array(BetRoundStatus);
export type BetRoundStatus = z.infer<typeof BetRoundStatus>;

/** GET /Bet/Ranking?groupId&quinielaId: who predicted the round, by season Wilson ('Top Nº'), and who is in the bet ('In.'). */
export const BetRankingEntry = z.object({
  userId: wireInt,
  username: z.string(),
  rankPosition: wireInt,
  included: z.boolean(),
});
export const BetRanking = z.array(BetRankingEntry);
export type BetRanking = z.infer<typeof BetRanking>;
