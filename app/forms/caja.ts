import { z } from "zod";
import { idempotencyKey, MAX_CENTS, MEMBER_REQUIRED, reference } from "#core/contract/caja";
import { id } from "#core/contract/common";
import { parseEuros } from "#core/domain/money";

/**
 * The caja's forms (decision 032). Each is one intent with its own schema, built from the
 * contract's fields (the key, the reference, the member), so the form and the backend refuse the
 * same values with the same Spanish message. Amounts are typed in Spanish ("12,50") and sent as cents.
 */

/** Euros as a person types them: "12,50", "12", "1.234,50 €"; more than zero unless `allowZero`. */
export const euros = (allowZero = false) =>
  z.string({ required_error: "Escribe una cantidad en euros." }).transform((text, ctx) => {
    const parsed = parseEuros(text, { maxCents: MAX_CENTS });
    if (!parsed.ok) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error.message });
      return z.NEVER;
    }
    if (!allowZero && parsed.cents === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "La cantidad debe ser mayor que cero." });
      return z.NEVER;
    }
    return parsed.cents;
  });

/** The member-level movements a manager records by hand, each its own small form. */
export const MEMBER_FORMS = {
  payment: { title: "Anotar un pago", button: "Anotar pago", hint: "Lo que un miembro mete en el bote (Bizum, efectivo, transferencia…)." },
  fine: { title: "Poner una multa", button: "Poner multa", hint: "Se descuenta del saldo del miembro y queda en el fondo de la peña." },
  payout: { title: "Pagar a un miembro", button: "Anotar pago al miembro", hint: "Dinero que sale del bote hacia un miembro (un premio, su saldo a favor)." },
} as const;
export type MemberFormKind = keyof typeof MEMBER_FORMS;

export const movementFormSchema = z.object({
  kind: z.enum(["payment", "fine", "payout"]),
  userId: id.optional().refine((v) => v !== undefined, MEMBER_REQUIRED),
  amount: euros(),
  reference: reference.optional().default(""),
  idempotencyKey,
});

/** Money of the pot itself: a prize won, or a ticket paid by hand. */
export const potFormSchema = z.object({
  kind: z.enum(["prize", "ticket"], { errorMap: () => ({ message: "Elige si entra o sale del bote." }) }),
  amount: euros(),
  reference: reference.optional().default(""),
  idempotencyKey,
});

export const reverseFormSchema = z.object({ movementId: id, idempotencyKey });

export const rulesFormSchema = z.object({
  quota: euros(true),
  quotaBasis: z.enum(["round", "season"], { errorMap: () => ({ message: "Elige cuándo se cobra la cuota." }) }),
  payTicket: z.boolean().optional().default(false),
  hideBalances: z.boolean().optional().default(false),
  bestPrize: euros(true),
  pinaPenalty: euros(true),
  lastPlaceFine: euros(true),
  /** Usernames, one a line (or separated by commas), first stamps first; empty: join order. */
  stampRota: z.string().max(5000).optional().default(""),
  version: z.number().int().positive().optional(),
});

/** The rota as typed: names one a line or separated by commas, blanks dropped. */
export const rotaNames = (text: string) =>
  text
    .split(/[\n,]/)
    .map((n) => n.trim())
    .filter(Boolean);

export const settleFormSchema = z.object({ seasonId: id, potCents: z.number().int() });
