import { z } from "zod";
import { version } from "#core/contract/audit";
import { WEEK_RULE, weekRuleFields, weeklyNeedsDayAndHour } from "#core/contract/week-rule";
import { typedNumber } from "./fields";

const rotaType = z
  .number({ errorMap: () => ({ message: WEEK_RULE.rota }) })
  .int(WEEK_RULE.rota)
  .min(1, WEEK_RULE.rota);
const flag = z.boolean().optional();

/**
 * 'Regla automática de la semana' on /grupo/{id}/ajustes: the contract's fields as the form sends
 * them (numbers as text, unticked boxes absent, the rota as one select a week).
 */
export const weekRuleSchema = z
  .object({
    autoOpen: flag,
    typeRota1: typedNumber(rotaType),
    typeRota2: typedNumber(rotaType.optional()),
    typeRota3: typedNumber(rotaType.optional()),
    typeRota4: typedNumber(rotaType.optional()),
    openAt: weekRuleFields.openAt,
    openWeekday: typedNumber(weekRuleFields.openWeekday.unwrap().optional()),
    openTime: weekRuleFields.openTime.unwrap().optional(),
    closeBeforeMinutes: typedNumber(weekRuleFields.closeBeforeMinutes),
    betAtClose: flag,
    betRule: weekRuleFields.betRule,
    topN: typedNumber(weekRuleFields.topN.unwrap().optional()),
    autoConfirm: flag,
    absentFill: weekRuleFields.absentFill,
    absentMax: typedNumber(weekRuleFields.absentMax),
    payTicket: flag,
    version: typedNumber(version),
  })
  .superRefine(weeklyNeedsDayAndHour);
export type WeekRuleForm = z.infer<typeof weekRuleSchema>;

/** The contract's body from the form's values. */
export function weekRuleBodyOf(v: WeekRuleForm) {
  const weekly = v.openAt === "weekly";
  return {
    autoOpen: Boolean(v.autoOpen),
    typeRota: [v.typeRota1, v.typeRota2, v.typeRota3, v.typeRota4].filter((t): t is number => t !== undefined),
    openAt: v.openAt,
    openWeekday: weekly ? (v.openWeekday ?? null) : null,
    openTime: weekly ? (v.openTime ?? null) : null,
    closeBeforeMinutes: v.closeBeforeMinutes,
    betAtClose: Boolean(v.betAtClose),
    betRule: v.betRule,
    topN: v.topN ?? null,
    autoConfirm: Boolean(v.autoConfirm),
    absentFill: v.absentFill,
    absentMax: v.absentMax,
    payTicket: Boolean(v.payTicket),
    ...(v.version ? { version: v.version } : {}),
  };
}
