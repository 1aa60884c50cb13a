import type { FastifySchemaCompiler } from "fastify";
import { z } from "zod";
import { camelKeys, firstIssue, holdsIllFormedText, ILL_FORMED_TEXT } from "#core/contract/common";
import { UNKNOWN_FIELD, unknownField } from "#core/contract/unknown-fields";
import { badRequest } from "./errors";

/**
 * Every request part a route declares is checked by the contract's own zod schema: bodies and query
 * strings in either key casing (the spec's PascalCase or camelCase), params as they come. A failure
 * is a `{ message }` 400 with the schema's first Spanish message; a string anywhere in the part
 * with half a character (an unpaired surrogate) is one too, the same everywhere, and so is a body
 * field the contract does not have (named in the message).
 */
export const contractValidator: FastifySchemaCompiler<z.ZodTypeAny> =
  ({ schema, httpPart }) =>
  (data) => {
    // Every string of every part, not only the fields that are `text`: a half character reaching
    // the database is a 500 there, or stored as '�'.
    if (holdsIllFormedText(data)) return { error: badRequest(ILL_FORMED_TEXT) };
    // A parsed query string has no prototype: copied into a plain object, its keys are camelCased too.
    const input = httpPart === "body" ? camelKeys(data ?? {}) : httpPart === "querystring" ? camelKeys({ ...(data as object) }) : data;
    // A field the contract does not have is refused by name, not dropped.
    const unknown = httpPart === "body" ? unknownField(schema, input) : null;
    if (unknown) return { error: badRequest(UNKNOWN_FIELD(unknown)) };
    const result = schema.safeParse(input);
    return result.success ? { value: result.data } : { error: badRequest(firstIssue(result.error)) };
  };

/** The body of every error answer: one Spanish sentence. */
export const errorBody = z.object({ message: z.string() }).describe("Error: un mensaje en español para mostrar tal cual.");

/** The errors any authenticated operation may answer, each a `{ message }`. */
export const errorReplies = {
  400: errorBody.describe("Datos no válidos"),
  401: errorBody.describe("Sin sesión o sesión caducada"),
  403: errorBody.describe("Sin permiso"),
  404: errorBody.describe("No existe"),
  409: errorBody.describe("Conflicto: el estado cambió o ya existe"),
  429: errorBody.describe("Demasiados intentos"),
  500: errorBody.describe("Error interno, con su referencia"),
} as const;

/** A 204: the operation answers no body. */
export const noContent = z.null().describe("Sin contenido");
