import { z } from "zod";
import { validatePrediction } from "#core/domain/predictions/prediction-rules";
import { id } from "#core/contract/common";
import { SignSchema } from "#core/contract/picks";
import { MATCHES, type Pick, type Score } from "#core/domain/signs";

/** One checkbox group per match, named m1..m14: a match left blank simply sends nothing. */
export const MATCH_FIELDS = Array.from({ length: MATCHES }, (_, i) => `m${i + 1}`) as MatchField[];
export type MatchField = "m1" | "m2" | "m3" | "m4" | "m5" | "m6" | "m7" | "m8" | "m9" | "m10" | "m11" | "m12" | "m13" | "m14";

/** One match's checkboxes: the contract's signs, with the form's message. */
const pick = z.array(z.enum(SignSchema.options, { message: "Elige 1, X o 2." })).default([]);
/** The fourteen matches' checkbox groups, shared with the group bet's edit form. */
export const matchShape = Object.fromEntries(MATCH_FIELDS.map((f) => [f, pick])) as Record<MatchField, typeof pick>;

/** The round a prediction is for, read before the rest: its type decides the rules. */
export const predictionRoundSchema = z.object({ quinielaId: id });

const base = predictionRoundSchema.extend({
  // Strings on purpose: core's parseScore decides what a valid goal count is, with its own message.
  plenoHome: z.string().optional(),
  plenoAway: z.string().optional(),
  ...matchShape,
});

export type PredictionForm = z.infer<typeof base>;

export const picksOf = (value: Partial<Record<MatchField, Pick>>): Pick[] => MATCH_FIELDS.map((f) => value[f] ?? []);

/**
 * The rules of a prediction for the round's type (docs/architecture.md#predictions), run by core/domain/predictions/prediction-rules: the
 * spec's message for the whole form, each broken rule on the match or pleno goals it is about (so
 * the screen marks them in place), and the rules about the whole ticket (how many doubles) on the
 * form too. The backend runs the same rules again.
 */
export function predictionSchema(type: { numDouble: number; numTriple: number }) {
  return base.superRefine((value, ctx) => {
    const checked = validatePrediction({ matches: picksOf(value), pleno: { home: value.plenoHome ?? "", away: value.plenoAway ?? "" } }, type);
    if (checked.ok) return;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: checked.message, path: [] });
    for (const issue of checked.issues) {
      const paths = issue.match
        ? [[MATCH_FIELDS[issue.match - 1]]]
        : issue.pleno
          ? issue.pleno.map((side) => [side === "home" ? "plenoHome" : "plenoAway"])
          : [[]];
      for (const path of paths) ctx.addIssue({ code: z.ZodIssueCode.custom, message: issue.message, path });
    }
  });
}

/** The saved prediction as the form's initial values. */
export function predictionDefaults(quinielaId: number, saved: { matches: Pick[]; plain15: Score | null } | null) {
  const defaults: { quinielaId: string; plenoHome?: string; plenoAway?: string } & Partial<Record<MatchField, string[]>> = {
    quinielaId: String(quinielaId),
  };
  if (!saved) return defaults;
  MATCH_FIELDS.forEach((f, i) => (defaults[f] = saved.matches[i] ?? []));
  if (saved.plain15) {
    defaults.plenoHome = String(saved.plain15.home);
    defaults.plenoAway = String(saved.plain15.away);
  }
  return defaults;
}
