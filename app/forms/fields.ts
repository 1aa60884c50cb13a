import { z } from "zod";
import { isoDateTime } from "#core/contract/common";
import { madridLocalToUtc } from "#core/dates";

/**
 * What only a form needs on top of the contract's field schemas: every form value arrives as text.
 * The rules themselves (ranges, calendars, messages) stay the contract's, so the form refuses what
 * the backend would refuse, on the field and in the same words, with JavaScript or without.
 */

/**
 * A number as a person types one: digits, a minus, a decimal point. JavaScript's Number() also reads
 * "1e2", "0x10" and "Infinity", which nobody means on a form (decision 061): they are not numbers here.
 */
export const readTypedNumber = (text: string): number => (/^-?\d{1,12}(\.\d{1,12})?$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
/** A whole number typed as digits only ("1e1" is no 10): NaN otherwise. */
export const readDigits = (text: string): number => (/^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** A number typed as text, then the contract's rule: "" is missing, "abc" or "1e1" is not a number, both with the rule's message. */
export const typedNumber = <T extends z.ZodTypeAny>(rule: T) =>
  z.preprocess((value) => (typeof value === "string" ? (value.trim() === "" ? undefined : readTypedNumber(value)) : value), rule);

/**
 * A datetime-local value read as Madrid wall-clock time, then the contract's rule for a moment
 * (a real date, years 1900 to 9999). A browser without date inputs sends whatever was typed.
 */
export const madridMoment = (required: string) =>
  z
    .string({ required_error: required })
    .trim()
    .min(1, required)
    .transform((value, ctx) => {
      const moment = madridLocalToUtc(value);
      if (moment) return moment;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Fecha no válida." });
      return z.NEVER;
    })
    .pipe(isoDateTime);

/**
 * The contract's rule on the value exactly as the browser sent it. conform's parser would first
 * turn an empty text into a missing one, also inside the rule: a name of control characters only,
 * emptied by the contract's `text()`, would then get zod's "Falta un dato obligatorio." instead of
 * the contract's own message. conform does not look inside this wrapper.
 */
export const asSent = <T extends z.ZodTypeAny>(rule: T) =>
  z.custom<z.input<T>>().transform((value, ctx): z.output<T> => {
    const read = rule.safeParse(value);
    if (read.success) return read.data;
    for (const issue of read.error.issues) ctx.addIssue({ code: z.ZodIssueCode.custom, message: issue.message, path: issue.path });
    return z.NEVER;
  });

/** A contract body as a form: each field is the contract's, read `asSent`. */
export function formOf<S extends z.ZodRawShape>(body: z.ZodObject<S>) {
  const shape = Object.fromEntries(Object.entries(body.shape).map(([name, rule]) => [name, asSent(rule)]));
  return z.object(shape as { [K in keyof S]: ReturnType<typeof asSent<S[K]>> });
}
