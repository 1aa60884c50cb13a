import { z } from "zod";
import type { RoundReason, RoundState } from "../domain/round-status";
import type { Pick, Score } from "../domain/signs";
import { bodyId, id } from "./common";

/** The spec's fallback when a send fails without a message of its own (section 8). */
export const PREDICTION_SEND_ERROR = "Error al enviar el pronóstico. Verifica si la quiniela sigue abierta.";
export const ROUND_CLOSED_MESSAGE = "La jornada está cerrada: ya no admite pronósticos ni cambios.";
export const ROUND_NOT_OPEN_MESSAGE = "La jornada todavía no está abierta: aún no admite pronósticos.";
export const RESULTS_FINAL_MESSAGE = "Esta quiniela ya tiene resultados oficiales: no admite pronósticos ni cambios.";
export const BLOCKED_MESSAGE = "El gestor te ha bloqueado en esta jornada: no puedes enviar ni cambiar tu pronóstico.";

/**
 * POST /Quiniela/{id}/MakePrediction and PUT /Quiniela/{id}/UpdatePrediction. The picks and the
 * pleno are checked by core/domain/prediction-rules against the round's type, not here, so the
 * answer can say which rule failed.
 */
export const predictionBody = z.object({
  groupId: bodyId,
  matches: z.unknown(),
  plain15: z.unknown(),
});

export const groupIdQuery = z.object({ groupId: id });

/** One player's prediction of one round (spec section 3). */
export interface Prediction {
  predictionId: number;
  id: number;
  userId: number;
  username: string;
  avatarPath: string | null;
  /** 14 picks; empty picks and a null pleno when the round is still open and the picks are someone else's. */
  matches: Pick[];
  plain15: Score | null;
  /** True when only the fact of having predicted is shown (a manager looking before the close). */
  hidden: boolean;
  updatedAt: string;
  /** Written after the round was reopened (docs/decisions/015). */
  late: boolean;
}

/** GET /Quiniela/{id}/MyPrediction?groupId: what the predictions screen needs about one round. */
export interface MyPrediction {
  groupQuinielaId: number;
  groupId: number;
  quinielaId: number;
  numberQuiniela: number;
  openDate: string;
  closeDate: string;
  forceClosed: boolean;
  state: RoundState;
  reason: RoundReason | null;
  typeQuinielaId: number;
  typeName: string;
  numDouble: number;
  numTriple: number;
  blocked: boolean;
  prediction: Prediction | null;
}
