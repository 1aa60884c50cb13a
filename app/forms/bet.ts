import { z } from "zod";
import { BET_INCOMPLETE, BET_PLENO_MAX } from "#core/contract/bet";
import { id } from "#core/contract/common";
import { parseScore, type Pick, type Score } from "#core/domain/signs";
import { MATCH_FIELDS, matchShape, picksOf, type MatchField } from "./prediction";

/**
 * 'Editar quiniela grupal' (docs/architecture.md#the-group-bet): every match needs a sign and the pleno 0 to 9 goals a
 * side; any gap is the spec's one message. The backend checks the same again.
 */
export const betEditSchema = z
  .object({
    betId: id,
    quinielaId: id,
    plenoHome: z.string().optional(),
    plenoAway: z.string().optional(),
    ...matchShape,
  })
  .superRefine((value, ctx) => {
    const complete = picksOf(value).every((p) => p.length > 0);
    const pleno = parseScore({ home: value.plenoHome ?? "", away: value.plenoAway ?? "" }, BET_PLENO_MAX);
    if (!complete || !pleno) ctx.addIssue({ code: z.ZodIssueCode.custom, message: BET_INCOMPLETE, path: [] });
  });

export type BetEditForm = z.input<typeof betEditSchema>;

/** The bet's picks and pleno as the edit form's initial values. */
export function betEditDefaults(betId: number, matches: Pick[], pleno: Score | null) {
  const defaults: { betId: string; plenoHome?: string; plenoAway?: string } & Partial<Record<MatchField, string[]>> = { betId: String(betId) };
  MATCH_FIELDS.forEach((f, i) => (defaults[f] = matches[i] ?? []));
  if (pleno) {
    defaults.plenoHome = String(pleno.home);
    defaults.plenoAway = String(pleno.away);
  }
  return defaults;
}

/** 'Generar quiniela grupal': the top N goes as typed, the backend reads it (decision 011). */
export const generateBetSchema = z.object({ quinielaId: id, seasonId: id.optional(), topN: z.string().optional() });

/** 'Confirmar apuesta'. */
export const confirmBetSchema = z.object({ quinielaId: id, betId: id });

/** 'Quitar pronóstico automático': an absent member's picks played by the group's rule, taken away by a manager. */
export const removeAutomaticSchema = z.object({ quinielaId: id, predictionId: id });
