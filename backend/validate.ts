import type { z } from "zod";
import { camelKeys, firstIssue } from "#core/contract/common";
import { badRequest } from "./errors";

/** Validates a request body (either key casing) against the contract; a failure is a Spanish 400. */
export function parse<S extends z.ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(camelKeys(body ?? {}));
  if (!result.success) throw badRequest(firstIssue(result.error));
  return result.data;
}
