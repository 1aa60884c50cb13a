import { z } from "zod";
import { id } from "#core/contract/common";
import { PLENO_MARK_MESSAGE, REDUCTION_MESSAGE } from "#core/contract/ticket";
import { PLENO_MARKS } from "#core/domain/bet/slip";
import { parseEuros } from "#core/domain/money";
import { parsePrizeTable } from "#core/domain/bet/prizes";
import { parseSharesTable, SHARES_TABLE_REQUIRED } from "#core/domain/official/public-shares";
import { CATEGORIES, type Category } from "#core/domain/bet/scrutiny";

/** A checkbox group arrives as one string, several, or nothing. */
const marks = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.enum(PLENO_MARKS, { errorMap: () => ({ message: PLENO_MARK_MESSAGE }) })),
);

/** 'Boleto': how the manager plays the bet (decision 034). */
export const ticketSchema = z.object({
  betId: id,
  quinielaId: id,
  version: z.coerce.number().int().positive().optional(),
  reduction: z
    .string({ required_error: REDUCTION_MESSAGE })
    .regex(/^(none|[1-6])$/, REDUCTION_MESSAGE)
    .transform((v) => (v === "none" ? null : Number(v))),
  plenoHome: marks,
  plenoAway: marks,
});

const euros = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || text.trim() === "") return null;
    const parsed = parseEuros(text);
    if (!parsed.ok) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error.message });
      return z.NEVER;
    }
    return parsed.cents;
  });

/**
 * 'Premios del escrutinio': euros per winning bet of each category, typed "1.234,50", or the
 * official table pasted as text; what the pasted table names replaces the typed amount.
 */
export const prizesSchema = z
  .object({
    quinielaId: z.coerce.number().int().positive(),
    version: z.coerce.number().int().positive().optional(),
    especial: euros,
    primera: euros,
    segunda: euros,
    tercera: euros,
    cuarta: euros,
    quinta: euros,
    table: z.string().optional(),
  })
  .transform((v, ctx) => {
    const pasted = v.table?.trim() ? parsePrizeTable(v.table) : {};
    if (v.table?.trim() && Object.keys(pasted).length === 0) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["table"],
        message: "No se ha reconocido ninguna categoría en la tabla pegada (p. ej. «1ª (14 Aciertos) 12 1.234,56 €»).",
      });
      return z.NEVER;
    }
    const prizes = Object.fromEntries(CATEGORIES.map((c) => [c, pasted[c] ?? v[c] ?? null])) as Record<Category, number | null>;
    return { quinielaId: v.quinielaId, version: v.version, prizes };
  });

/**
 * 'Porcentajes del público' (decision 044): the operator's percentages table pasted as it comes,
 * one match a line; read by core/domain/official/public-shares, whose messages it shows on the field.
 */
export const sharesSchema = z
  .object({
    quinielaId: z.coerce.number().int().positive(),
    version: z.coerce.number().int().positive().optional(),
    shares: z.string({ required_error: SHARES_TABLE_REQUIRED }),
  })
  .transform((v, ctx) => {
    const parsed = parseSharesTable(v.shares);
    if (!parsed.ok) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["shares"], message: parsed.message });
      return z.NEVER;
    }
    return { quinielaId: v.quinielaId, version: v.version, shares: parsed.shares };
  });
