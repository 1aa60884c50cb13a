import { z } from "zod";
import { version } from "./audit";
import { wireInt, wireNumber } from "./common";
import { SignSchema } from "./picks";
import { TARGETS } from "../domain/bet/placement";

/**
 * The bet's chances from the peña's own votes, and where its doubles and triples pay most
 * (decision 037): GET /Bet/{id}/Chances (members) and POST /Bet/{id}/ApplyPlacement (manager,
 * before the bet is confirmed).
 */

export const CHANCES_LOAD_ERROR = "No se pudieron calcular las probabilidades de la apuesta.";
export const PLACEMENT_APPLY_ERROR = "No se pudo aplicar la colocación.";
export const PLACEMENT_CONFIRMED = "La apuesta ya está confirmada: su colocación de dobles y triples no se puede cambiar.";
export const PLACEMENT_NOTHING = "No hay ninguna colocación que aplicar con ese presupuesto.";
export const TARGET_MESSAGE = "Elige el objetivo: 10 o más aciertos, 12 o más, o el premio esperado.";
export const BUDGET_MESSAGE = "El presupuesto es una cantidad en céntimos, entera y no negativa.";

export const TargetSchema = z.enum(TARGETS as [string, ...string[]] as ["p10", "p12", "prize"], { errorMap: () => ({ message: TARGET_MESSAGE }) });
const budgetCents = z.coerce.number({ invalid_type_error: BUDGET_MESSAGE }).int(BUDGET_MESSAGE).min(0, BUDGET_MESSAGE).max(100_000_000, BUDGET_MESSAGE);

export const chancesQuery = z.object({
  target: TargetSchema.default("p10"),
  /** A budget in cents: the suggestion may then change the number of doubles and triples, or use a reduction. */
  budgetCents: budgetCents.optional(),
});
export type ChancesQuery = z.infer<typeof chancesQuery>;

export const applyPlacementBody = z.object({
  /** The version the page was loaded from: the bet changed since is a 409. */
  version,
  target: TargetSchema,
  budgetCents: budgetCents.optional(),
});
export type ApplyPlacementBody = z.infer<typeof applyPlacementBody>;

const perCategory = <T extends z.ZodTypeAny>(t: T) => z.object({ especial: t, primera: t, segunda: t, tercera: t, cuarta: t, quinta: t });

const AtLeast = z.object({ "10": wireNumber, "11": wireNumber, "12": wireNumber, "13": wireNumber, "14": wireNumber, especial: wireNumber });

export const Odds = z.object({
  /** P(best column ≥ 10 … 14 hits) and P(14 + pleno). */
  atLeast: AtLeast,
  /** P(the ticket cobra each category): some column has exactly its hits (decision 066). */
  wins: perCategory(wireNumber),
  /** Expected prize at the prizes of `prizes`, rounded to whole cents. */
  expectedPrizeCents: wireInt,
  /** What the ticket costs at the shop, and what the peña can expect to lose on average (cost − expected prize), in cents (decision 097). */
  costCents: wireInt,
  expectedLossCents: wireInt,
});

export const BetChances = z.object({
  betId: wireInt,
  version: wireInt,
  confirmed: z.boolean(),
  /** The group lets suggestions change the majority's signs; off, they only place doubles and triples (decision 097). */
  suggestionsChangeSigns: z.boolean(),
  target: TargetSchema,
  budgetCents: wireInt.nullable(),
  /** Per match 1–14: [P(1), P(X), P(2)] of the source the page uses (`model.source`). */
  probabilities: z.array(z.tuple([wireNumber, wireNumber, wireNumber])),
  plenoChance: wireNumber,
  model: z.object({
    alpha: wireNumber,
    beta: wireNumber,
    /** False until three jornadas with results: default parameters. */
    fitted: z.boolean(),
    pastRounds: wireInt,
    fittedMatches: wireInt,
    logLoss: wireNumber.nullable(),
    voters: wireInt,
    /** The season's shares of [1, X, 2] so far, with the prior. */
    baseRates: z.tuple([wireNumber, wireNumber, wireNumber]),
    /**
     * Whose probabilities these are (decision 066): the peña's model leaning on the prior by
     * `weight`, or the prior alone («valoración previa»: the pre-match view of the matches, or the
     * public's percentages of the jornada) where that was the better on the jornadas played.
     */
    source: z.enum(["model", "prior"]),
    prior: z.enum(["pre-match", "public"]),
    /** The model's share of the probabilities (0 when the source is the prior). */
    weight: wireNumber,
    /** Mean log loss of the prior on the season's past matches; null without any. */
    priorLogLoss: wireNumber.nullable(),
  }),
  /** Prize per winning bet used for the expected prize: each category's fund shared with the others who would hit it (decision 097). */
  prizes: z.object({
    perCategoryCents: perCategory(wireInt),
    fromSeason: perCategory(z.boolean()),
    jornadas: wireInt,
    /**
     * True when the jornada's public percentages are known: each category's prize is then its fund
     * of the takings shared among the winners the percentages predict (decision 044), not an average.
     */
    shared: z.boolean(),
    /**
     * Whose percentages say how many others share each prize (decision 097): the jornada's public
     * ones, the app's estimate from the valoración previa stored for the jornada, or an estimate
     * from these chances tilted toward the favourite as the public bets.
     */
    publicShares: z.enum(["jornada", "rating", "chances"]),
    /** The pool's payback by the rules: 5500 (55 % of the takings to prizes). */
    paybackBasisPoints: wireInt,
    /** The Especial's winners as a share of the 1ª's: the pooled share of real escrutinios. */
    especialShare: wireNumber,
  }),
  /** The bet as it stands (its reduction and pleno marks included). */
  current: Odds,
  suggestion: z
    .object({
      matches: z.array(z.array(SignSchema)),
      reduction: wireInt.nullable(),
      reductionName: z.string().nullable(),
      doubles: z.array(wireInt),
      triples: z.array(wireInt),
      odds: Odds,
      costCents: wireInt,
      /** The target's value of the suggestion and of the bet as it stands. */
      value: wireNumber,
      currentValue: wireNumber,
      /** Whether the suggestion is the bet as it stands already. */
      same: z.boolean(),
      /** False when a reduction's search stopped before its bound proved it the best. */
      proven: z.boolean(),
      sentence: z.string(),
      /** One line per match whose pick it changes, «El 13: de 2 a 1» (decision 097). */
      changes: z.array(z.string()),
    })
    .nullable(),
});
export type BetChances = z.infer<typeof BetChances>;
