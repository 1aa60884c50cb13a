import { z } from "zod";
import { version } from "./audit";
import { wireInt } from "./common";
import { SignSchema } from "./picks";
import { PLENO_MARKS } from "../domain/bet/slip";
import { CATEGORIES } from "../domain/bet/scrutiny";

/**
 * The group bet as the lottery shop takes it (decision 034): its slip (pleno marks, the official
 * reduction played), its bets and cost in cents, the ways it could be played, and its escrutinio
 * once the jornada has official results. Money is integer cents on the wire (decision 031).
 */

export const TICKET_EDIT_ERROR = "No se pudo guardar el boleto.";
export const TICKET_CONFIRMED_NO_EDIT = "La apuesta ya está confirmada: su boleto no se puede cambiar.";
export const REDUCTION_MESSAGE = "Elige el múltiple directo o una de las seis reducidas oficiales.";
export const PLENO_MARK_MESSAGE = "Las marcas del pleno son 0, 1, 2 o M.";
/** The official minimum of two bets a slip, said on the ticket when a single column is played twice. */
export const MIN_BETS_NOTE = "Un boleto lleva al menos 2 apuestas: esta columna se juega dos veces.";
export const UNVERIFIED_TABLE = "tabla no verificada";

export const PlenoMarkSchema = z.enum(PLENO_MARKS, { errorMap: () => ({ message: PLENO_MARK_MESSAGE }) });
export const PlenoMarks = z.object({
  home: z.array(PlenoMarkSchema).max(4, PLENO_MARK_MESSAGE),
  away: z.array(PlenoMarkSchema).max(4, PLENO_MARK_MESSAGE),
});
export type PlenoMarks = z.infer<typeof PlenoMarks>;

export const CategorySchema = z.enum(CATEGORIES);
/** A count or an amount per prize category. */
const perCategory = <T extends z.ZodTypeAny>(t: T) => z.object({ especial: t, primera: t, segunda: t, tercera: t, cuarta: t, quinta: t });

export const TicketOption = z.object({
  /** null: the full multiple ("Múltiple directo"). */
  reduction: wireInt.nullable(),
  name: z.string(),
  columns: wireInt,
  bets: wireInt,
  chargedBets: wireInt,
  costCents: wireInt,
  guarantee: z.string(),
  verified: z.boolean(),
});
export type TicketOption = z.infer<typeof TicketOption>;

export const TicketScrutiny = z.object({
  /** Winning bets per category. */
  winners: perCategory(wireInt),
  /** Prize per category in cents: winning bets × the official prize per bet; null where that prize is not known yet. */
  prizesCents: perCategory(wireInt.nullable()),
  /** Sum of the known prizes, in cents. */
  totalPrizeCents: wireInt,
  /** Whether every category the ticket wins has its official prize. */
  prizesComplete: z.boolean(),
  /** The prizes were estimated from the jornada's takings and the public's percentages, not published (the demo's; decision 044). */
  prizesEstimated: z.boolean(),
  best: z.object({ signs: z.array(SignSchema), hits: wireInt, plenoHit: z.boolean(), category: CategorySchema.nullable() }),
});
export type TicketScrutiny = z.infer<typeof TicketScrutiny>;

export const Ticket = z.object({
  /** The official reduction played (1–6), or null for the full multiple. */
  reduction: wireInt.nullable(),
  reductionName: z.string().nullable(),
  reductionVerified: z.boolean(),
  /** Matches (1–14) the reduction covers; the other multiples are played in full. */
  reducedMatches: z.array(wireInt),
  /** The pleno as the slip marks it, per team; null when the bet has no pleno. */
  plenoMarks: PlenoMarks.nullable(),
  columns: wireInt,
  bets: wireInt,
  /** Bets paid: at least 2 (a one-column slip is played twice). */
  chargedBets: wireInt,
  priceCents: wireInt,
  costCents: wireInt,
  /** Bets and cost of the same marks as a full multiple, to compare. */
  fullBets: wireInt,
  fullCostCents: wireInt,
  /** Every way the bet can be played: the full multiple, then each official reduction that fits. */
  options: z.array(TicketOption),
  /** The escrutinio; null until the jornada has its 14 official signs and the pleno. */
  scrutiny: TicketScrutiny.nullable(),
});
export type Ticket = z.infer<typeof Ticket>;

/** PUT /Bet/{id}/Ticket: how the manager plays the bet. */
export const updateTicketBody = z.object({
  /** The version the form was loaded from: a save against a newer one is a 409. */
  version,
  reduction: z.number({ invalid_type_error: REDUCTION_MESSAGE }).int(REDUCTION_MESSAGE).min(1, REDUCTION_MESSAGE).max(6, REDUCTION_MESSAGE).nullable(),
  /** Marks played per team; the bet's own pleno marks are always among them. Left out: unchanged. */
  plenoMarks: PlenoMarks.optional(),
});
export type UpdateTicketBody = z.infer<typeof updateTicketBody>;

/** GET and PUT /Quiniela/{id}/Prizes: the official prize per winning bet of each category, in cents. */
export const QuinielaPrizes = z.object({
  quinielaId: wireInt,
  /** 0 before any prize is entered. */
  version: wireInt,
  source: z.enum(["admin", "lottery", "estimate"]).nullable(),
  updatedAt: z.string().nullable(),
  prizes: perCategory(wireInt.nullable()),
});
export type QuinielaPrizes = z.infer<typeof QuinielaPrizes>;

export const PRIZE_MESSAGE = "Cada premio es un importe en céntimos, entero y no negativo.";
const prizeCents = z
  .number({ invalid_type_error: PRIZE_MESSAGE })
  .int(PRIZE_MESSAGE)
  .min(0, PRIZE_MESSAGE)
  .max(100_000_000_000, PRIZE_MESSAGE)
  .nullable()
  .optional();

export const setPrizesBody = z.object({
  version,
  /** Cents per winning bet; null or left out: not known (cleared). */
  prizes: z.object({
    especial: prizeCents,
    primera: prizeCents,
    segunda: prizeCents,
    tercera: prizeCents,
    cuarta: prizeCents,
    quinta: prizeCents,
  }),
});
