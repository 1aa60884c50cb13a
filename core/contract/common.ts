import { z } from "zod";

/** The Spanish names of the JSON types, for messages about a value of the wrong type. */
const TYPE_NAMES: Record<string, string> = {
  string: "un texto",
  number: "un número",
  integer: "un número entero",
  float: "un número",
  boolean: "verdadero o falso",
  date: "una fecha",
  bigint: "un número",
  symbol: "un valor",
  function: "un valor",
  undefined: "nada",
  null: "un valor nulo",
  array: "una lista",
  object: "un objeto",
  unknown: "un valor",
  promise: "un valor",
  void: "nada",
  never: "nada",
  map: "un objeto",
  set: "una lista",
  nan: "un número no válido",
};
const typeName = (t: string) => TYPE_NAMES[t] ?? "un valor";

/**
 * Every zod message in Spanish: the contract's own messages win, and whatever a schema does not
 * name (a wrong type, a missing field, an unknown option) gets one of these instead of zod's English.
 */
export const spanishErrorMap: z.ZodErrorMap = (issue) => {
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      if (issue.received === "undefined") return { message: "Falta un dato obligatorio." };
      return { message: `Dato no válido: se esperaba ${typeName(issue.expected)} y se ha recibido ${typeName(issue.received)}.` };
    case z.ZodIssueCode.invalid_literal:
    case z.ZodIssueCode.invalid_enum_value:
    case z.ZodIssueCode.invalid_union:
    case z.ZodIssueCode.invalid_union_discriminator:
      return { message: "Valor no válido." };
    case z.ZodIssueCode.unrecognized_keys:
      return { message: issue.keys.length ? `No se admite el dato «${issue.keys[0]}».` : "Hay datos que no se esperaban." };
    case z.ZodIssueCode.invalid_date:
      return { message: "Fecha no válida." };
    case z.ZodIssueCode.invalid_string:
      if (issue.validation === "email") return { message: "Introduce un email válido." };
      if (issue.validation === "url") return { message: "Introduce una dirección web válida." };
      return { message: "Formato no válido." };
    case z.ZodIssueCode.too_small:
      if (issue.type === "string") return { message: issue.minimum === 1 ? "Este campo es obligatorio." : `Mínimo ${issue.minimum} caracteres.` };
      if (issue.type === "array" || issue.type === "set") return { message: `Se necesitan al menos ${issue.minimum} elementos.` };
      return { message: `El valor debe ser como mínimo ${issue.minimum}.` };
    case z.ZodIssueCode.too_big:
      if (issue.type === "string") return { message: `Máximo ${issue.maximum} caracteres.` };
      if (issue.type === "array" || issue.type === "set") return { message: `Como máximo ${issue.maximum} elementos.` };
      return { message: `El valor debe ser como máximo ${issue.maximum}.` };
    case z.ZodIssueCode.not_multiple_of:
      return { message: `El valor debe ser múltiplo de ${issue.multipleOf}.` };
    case z.ZodIssueCode.not_finite:
      return { message: "El número no es válido." };
    default:
      return { message: "Datos no válidos." };
  }
};

// Set once for every schema of the project (contract, backend and the BFF's forms all import this file).
z.setErrorMap(spanishErrorMap);

/** Deeper than any body of the contract: past it, keys are left as they are and the schema refuses the value. */
const MAX_DEPTH = 32;

const isUpper = (code: number) => code >= 65 && code <= 90;

/**
 * Request bodies arrive in camelCase or PascalCase; everything downstream sees camelCase. A value
 * whose keys are camelCase already is given back as it is, not copied: the backend's own answers
 * (a 200-row standings table) pass through here on every view.
 */
export function camelKeys(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || !value || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item = camelKeys(value[i], depth + 1);
      if (item !== value[i]) (copy ??= value.slice())[i] = item;
    }
    return copy ?? value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const entries = Object.entries(value);
  let changed = false;
  const mapped = entries.map(([k, v]) => {
    const key = isUpper(k.charCodeAt(0)) ? k.charAt(0).toLowerCase() + k.slice(1) : k;
    const inner = camelKeys(v, depth + 1);
    changed ||= key !== k || inner !== v;
    return [key, inner] as const;
  });
  return changed ? Object.fromEntries(mapped) : value;
}

/** The largest id a database `integer` holds. */
export const MAX_ID = 2_147_483_647;
export const ID_MESSAGE = "Identificador no válido.";

const inIdRange = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_ID;

/**
 * An id in a path or a query string: digits only ("0x10", "1e3", "true", "-1" and "" are refused),
 * 1..2147483647. A JSON integer in that range is also taken, so a body schema that uses it still works;
 * new body schemas use `bodyId`.
 */
// A failed pipe aborts the parse, so no refinement of an enclosing object ever sees a bad value.
export const id = z
  .union([z.string(), z.number()], { errorMap: () => ({ message: ID_MESSAGE }) })
  .transform((value) => (typeof value === "number" ? value : /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN))
  .pipe(z.number({ errorMap: () => ({ message: ID_MESSAGE }) }).refine(inIdRange, ID_MESSAGE));

/** An id in a JSON body: a JSON number, an integer, 1..2147483647. A string, a boolean or null is refused. */
export const bodyId = z
  .number({ errorMap: () => ({ message: ID_MESSAGE }) })
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(MAX_ID, ID_MESSAGE);

/** A yes/no in a JSON body: only the JSON booleans true and false ("false", 0 or "on" are refused). */
export const bodyBoolean = (message = "Valor no válido: se esperaba verdadero o falso.") => z.boolean({ errorMap: () => ({ message }) });

/** A number in a JSON body: a finite JSON number ("", null, [] and "3" are refused). */
export const bodyNumber = (message = "Valor no válido: se esperaba un número.") => z.number({ errorMap: () => ({ message }) }).finite(message);

/**
 * Numbers in an answer, read the way the spec allows them to arrive: a JSON number, or the digits
 * PostgreSQL sends for a bigint or numeric ("12", "0.75"). Anything else is off contract.
 * A number is checked by the first branch alone, with no transform: a 200-row standings answer has
 * thousands of them, and a transform on every field made its check eight times slower.
 */
export const wireNumber = z.union([
  z.number().finite(),
  z
    .string()
    .regex(/^-?\d+(?:\.\d+)?$/)
    .transform(Number),
]);
export const wireInt = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);
/** An id in an answer: a positive integer, as a number or its digits. */
export const wireId = z.union([
  z.number().int().min(1),
  z
    .string()
    .regex(/^0*[1-9]\d*$/)
    .transform(Number),
]);

/**
 * z.array(element), for long arrays of plain values in answers: a valid array is taken in one pass
 * of `isValid` (which must accept exactly what `element` accepts unchanged), and zod's own check,
 * with its messages, runs only when something is off. zod's bookkeeping per element cost about
 * 20 ms for the 3,000 signs of a round's 200 tickets, on both sides of every view. The
 * type and the OpenAPI description are z.array's.
 */
export function fastArray<T extends z.ZodTypeAny>(element: T, isValid: (value: unknown) => boolean): z.ZodArray<T> {
  class FastArray extends z.ZodArray<T> {
    _parse(input: z.ParseInput): z.ParseReturnType<T["_output"][]> {
      const { data } = input;
      const { minLength, maxLength, exactLength } = this._def;
      const fits =
        Array.isArray(data) &&
        (minLength === null || data.length >= minLength.value) &&
        (maxLength === null || data.length <= maxLength.value) &&
        (exactLength === null || data.length === exactLength.value);
      if (fits && data.every(isValid)) return { status: "valid", value: data };
      return super._parse(input);
    }
  }
  return new FastArray(z.array(element)._def);
}

/** A text with half of a character in it (an unpaired UTF-16 surrogate, "\ud800"): no database stores it as sent. */
export const ILL_FORMED_TEXT = "El texto contiene un carácter no válido.";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds an unpaired surrogate. */
export const isIllFormed = (s: string) => LONE_SURROGATE.test(s);

/**
 * Whether any string in a request part, its keys included, holds an unpaired surrogate. The
 * backend refuses such a request with ILL_FORMED_TEXT before its schema reads it, whatever the
 * field. Walked without recursion: a body may be thousands of arrays deep.
 */
export function holdsIllFormedText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (isIllFormed(item)) return true;
    } else if (Array.isArray(item)) {
      for (const inner of item) pending.push(inner);
    } else if (item && typeof item === "object") {
      for (const [key, inner] of Object.entries(item)) {
        if (isIllFormed(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** Text from a person: trimmed, bounded, free of control characters and of half characters. */
export function text(max: number, required?: string) {
  const base = z
    .string({ required_error: required, invalid_type_error: required })
    .refine((s) => !isIllFormed(s), ILL_FORMED_TEXT)
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .transform((s) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "").trim());
  return required ? base.pipe(z.string().min(1, required).max(max, `Máximo ${max} caracteres.`)) : base.pipe(z.string().max(max, `Máximo ${max} caracteres.`));
}

/** An ISO 8601 date or date-time ("2025-08-15", "2025-08-15T18:00:00Z", with or without an offset). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A moment as an ISO 8601 string (or a Date, for code that calls services directly). null, true,
 * numbers, arrays and other strings are refused: nothing becomes 1970-01-01 by accident.
 */
export function dateTime(message = "Fecha no válida.") {
  return z
    .union([z.string(), z.date()], { errorMap: () => ({ message }) })
    .transform((value) => (typeof value === "string" ? (ISO_DATE_TIME.test(value.trim()) ? new Date(value.trim()) : new Date(Number.NaN)) : value))
    .pipe(z.date({ errorMap: () => ({ message }) }).refine((date) => date.getUTCFullYear() >= 1900 && date.getUTCFullYear() <= 9999, message));
}

export const isoDateTime = dateTime();

/** The first Spanish message of a failed parse, for `{ message }` error bodies. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Datos no válidos.";
}
