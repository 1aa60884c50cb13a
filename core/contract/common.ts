import { z } from "zod";

/** Request bodies arrive in camelCase or PascalCase; everything downstream sees camelCase. */
export function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k.charAt(0).toLowerCase() + k.slice(1), camelKeys(v)]),
    );
  }
  return value;
}

export const id = z.coerce.number({ invalid_type_error: "Identificador no válido." }).int().positive("Identificador no válido.");

/** Text from a person: trimmed, bounded, free of control characters. */
export function text(max: number, required?: string) {
  const base = z
    .string({ required_error: required, invalid_type_error: required })
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .transform((s) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "").trim());
  return required
    ? base.pipe(z.string().min(1, required).max(max, `Máximo ${max} caracteres.`))
    : base.pipe(z.string().max(max, `Máximo ${max} caracteres.`));
}

export const isoDateTime = z.coerce.date({ invalid_type_error: "Fecha no válida.", required_error: "Fecha no válida." });

/** The first Spanish message of a failed parse, for `{ message }` error bodies. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Datos no válidos.";
}
