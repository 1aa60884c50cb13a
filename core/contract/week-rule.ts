import { z } from "zod";
import { id, wireId, wireInt } from "./common";

/** The Spanish messages of what PUT /group/{id}/Automation refuses. */
export const WEEK_RULE = {
  boolean: "Valor no válido: marca o desmarca la casilla.",
  rota: "Elige el tipo de quiniela de cada semana de la rota.",
  rotaLength: "La rota tiene de 1 a 4 semanas.",
  openAt: "Elige cuándo se abre la jornada: al publicarse o un día y hora.",
  weekday: "Elige el día de la semana en que se abre la jornada.",
  time: "Indica la hora de apertura como HH:MM (por ejemplo, 18:00).",
  closeBefore: "El cierre del grupo debe ser de 0 a 10080 minutos (una semana) antes del cierre oficial.",
  betRule: "Elige cómo se genera la apuesta: por Wilson o con la colocación sugerida.",
  topN: "El número de jugadores incluidos debe ser un número entero de 1 a 100.",
  absentFill: "Elige qué juega quien no haya pronosticado.",
  absentMax: "El máximo de veces por temporada debe ser un número entero de 1 a 38.",
  unknownType: "Ese tipo de quiniela no existe.",
} as const;

const flag = z.boolean({ errorMap: () => ({ message: WEEK_RULE.boolean }) });
const intIn = (min: number, max: number, message: string) =>
  z
    .number({ errorMap: () => ({ message }) })
    .int(message)
    .min(min, message)
    .max(max, message);

export const OPEN_AT = ["publication", "weekly"] as const;
export const BET_RULES = ["wilson", "placement"] as const;
export const ABSENT_FILLS = ["off", "season", "last-bet"] as const;

/** Each field's rule, which the settings form reads too. */
export const weekRuleFields = {
  autoOpen: flag,
  typeRota: z
    .array(intIn(1, 2_147_483_647, WEEK_RULE.rota), { errorMap: () => ({ message: WEEK_RULE.rota }) })
    .min(1, WEEK_RULE.rotaLength)
    .max(4, WEEK_RULE.rotaLength),
  openAt: z.enum(OPEN_AT, { errorMap: () => ({ message: WEEK_RULE.openAt }) }),
  openWeekday: intIn(1, 7, WEEK_RULE.weekday).nullable(),
  openTime: z
    .string({ errorMap: () => ({ message: WEEK_RULE.time }) })
    .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, WEEK_RULE.time)
    .nullable(),
  closeBeforeMinutes: intIn(0, 10_080, WEEK_RULE.closeBefore),
  betAtClose: flag,
  betRule: z.enum(BET_RULES, { errorMap: () => ({ message: WEEK_RULE.betRule }) }),
  topN: intIn(1, 100, WEEK_RULE.topN).nullable(),
  autoConfirm: flag,
  absentFill: z.enum(ABSENT_FILLS, { errorMap: () => ({ message: WEEK_RULE.absentFill }) }),
  absentMax: intIn(1, 38, WEEK_RULE.absentMax),
  /** The caja's «Pagar el boleto del bote al confirmar la apuesta», asked with the rule (decision 064). */
  payTicket: flag,
};

/** A weekly opening needs its day and hour, said on the field that is missing. */
export function weeklyNeedsDayAndHour(v: { openAt?: string; openWeekday?: number | null; openTime?: string | null }, ctx: z.RefinementCtx) {
  if (v.openAt !== "weekly") return;
  if (v.openWeekday == null) ctx.addIssue({ code: "custom", path: ["openWeekday"], message: WEEK_RULE.weekday });
  if (v.openTime == null) ctx.addIssue({ code: "custom", path: ["openTime"], message: WEEK_RULE.time });
}

/** PUT /group/{id}/Automation: the peña's standing rule for the week, set once. */
export const weekRuleBody = z
  .object({
    ...weekRuleFields,
    openWeekday: weekRuleFields.openWeekday.optional(),
    openTime: weekRuleFields.openTime.optional(),
    topN: weekRuleFields.topN.optional(),
    // Left out by a client of the API: the caja's rule stays as it is.
    payTicket: weekRuleFields.payTicket.optional(),
    // GET answers 0 for a rule never saved: sent back as it came, it is the version it was loaded from (decision 061).
    version: z.number({ invalid_type_error: "Versión no válida." }).int("Versión no válida.").min(0, "Versión no válida.").optional(),
  })
  .superRefine(weeklyNeedsDayAndHour);
export type WeekRuleBody = z.infer<typeof weekRuleBody>;

/** GET and PUT /group/{id}/Automation: the rule as stored (the defaults until a manager saves one). */
export const GroupWeekRule = z.object({
  groupId: wireId,
  autoOpen: z.boolean(),
  typeRota: z.array(wireId),
  openAt: z.enum(OPEN_AT),
  openWeekday: wireInt.nullable(),
  openTime: z.string().nullable(),
  closeBeforeMinutes: wireInt,
  betAtClose: z.boolean(),
  betRule: z.enum(BET_RULES),
  topN: wireInt.nullable(),
  autoConfirm: z.boolean(),
  absentFill: z.enum(ABSENT_FILLS),
  absentMax: wireInt,
  /** The caja's ticket rule; on by default until a manager saves the standing rule (decision 064). */
  payTicket: z.boolean(),
  /** 0 until a manager saves the rule. */
  version: wireInt,
});
export type GroupWeekRule = z.infer<typeof GroupWeekRule>;

export const weekRuleParams = z.object({ id });
export const automaticPickParams = z.object({ id, predictionId: id });

/** An automatic pick taken away by hand that was not one (a member's own prediction, or none). */
export const NOT_AUTOMATIC = "Ese pronóstico no es automático: solo se pueden quitar los pronósticos jugados automáticamente.";
