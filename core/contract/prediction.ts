import { z } from "zod";
import { bodyId, id, wireId, wireInt } from "./common";
import { PicksSchema, RoundReasonSchema, RoundStateSchema, ScoreSchema } from "./picks";

/** The fallback when a send fails without a message of its own (docs/architecture.md#forms-and-messages). */
export const PREDICTION_SEND_ERROR = "Error al enviar el pronóstico. Verifica si la quiniela sigue abierta.";
export const ROUND_CLOSED_MESSAGE = "La jornada está cerrada: ya no admite pronósticos ni cambios.";
export const ROUND_NOT_OPEN_MESSAGE = "La jornada todavía no está abierta: aún no admite pronósticos.";
export const RESULTS_FINAL_MESSAGE = "Esta quiniela ya tiene resultados oficiales: no admite pronósticos ni cambios.";
export const BLOCKED_MESSAGE = "El gestor te ha bloqueado en esta jornada: no puedes enviar ni cambiar tu pronóstico.";

/**
 * POST /Quiniela/{id}/MakePrediction and PUT /Quiniela/{id}/UpdatePrediction. The picks and the
 * pleno are checked by core/domain/predictions/prediction-rules against the round's type, not here, so the
 * answer can say which rule failed.
 */
export const predictionBody = z.object({
  groupId: bodyId,
  matches: z.unknown(),
  plain15: z.unknown(),
});

export const groupIdQuery = z.object({ groupId: id });

export const quinielaParams = z.object({ id });

/** One player's prediction of one round (the API contract, docs/architecture.md#the-contract). */
export const Prediction = z.object({
  predictionId: wireId,
  id: wireId,
  userId: wireId,
  username: z.string(),
  avatarPath: z.string().nullable(),
  /** 14 picks; empty picks and a null pleno when the round is still open and the picks are someone else's. */
  matches: PicksSchema,
  plain15: ScoreSchema.nullable(),
  /** True when only the fact of having predicted is shown (a manager looking before the close). */
  hidden: z.boolean(),
  updatedAt: z.string(),
  /** Written after the round was reopened (docs/decisions/015). */
  late: z.boolean(),
  /** Played for an absent member by the group's rule, not by them. */
  automatic: z.boolean(),
});
export type Prediction = z.infer<typeof Prediction>;
/** GET /Quiniela/{id}/GetPredictions?groupId. */
export const PredictionList = z.array(Prediction);

/** GET /Quiniela/{id}/MyPrediction?groupId: what the predictions screen needs about one round. */
export const MyPrediction = z.object({
  groupQuinielaId: wireId,
  groupId: wireId,
  quinielaId: wireId,
  numberQuiniela: wireInt,
  openDate: z.string(),
  closeDate: z.string(),
  forceClosed: z.boolean(),
  state: RoundStateSchema,
  reason: RoundReasonSchema.nullable(),
  typeQuinielaId: wireId,
  typeName: z.string(),
  numDouble: wireInt,
  numTriple: wireInt,
  blocked: z.boolean(),
  prediction: Prediction.nullable(),
});
export type MyPrediction = z.infer<typeof MyPrediction>;
