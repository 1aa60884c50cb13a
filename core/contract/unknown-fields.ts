import { z } from "zod";

/**
 * The contract's objects are closed (`additionalProperties: false` in /openapi.json): a field it
 * does not have is refused, naming it, instead of being dropped without a word (the hardening tests:
 * `amountCents` on a correction, `groupId` on a movement, `sexta` in a prize table). zod's own
 * objects strip such fields, so the backend walks the schema beside the value, before it is read.
 */
export const UNKNOWN_FIELD = (field: string) => `No se admite el dato «${field.length > 60 ? `${field.slice(0, 60)}…` : field}».`;

/** The schema under the wrappers that do not change an object's fields. */
function bare(schema: z.ZodTypeAny): z.ZodTypeAny {
  for (let depth = 0; depth < 32; depth++) {
    if (schema instanceof z.ZodEffects) schema = schema.innerType();
    else if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) schema = schema.unwrap();
    else if (schema instanceof z.ZodDefault || schema instanceof z.ZodCatch) schema = schema._def.innerType;
    else if (schema instanceof z.ZodPipeline) schema = schema._def.in;
    else if (schema instanceof z.ZodBranded) schema = schema.unwrap();
    else if (schema instanceof z.ZodReadonly) schema = schema._def.innerType;
    else if (schema instanceof z.ZodLazy) schema = schema.schema;
    else return schema;
  }
  return schema;
}

/**
 * The first field of `value` that `schema` does not declare, as a path ("prizes.sexta"), or null.
 * Objects that take any field (`.passthrough()`, a catchall) and the alternatives of a union are
 * not looked into: what is unknown there is for their own schema to say.
 */
export function unknownField(schema: z.ZodTypeAny, value: unknown, at = ""): string | null {
  const s = bare(schema);
  if (s instanceof z.ZodObject) {
    if (!value || typeof value !== "object" || Array.isArray(value)) return null;
    const shape = s.shape as Record<string, z.ZodTypeAny>;
    const closed = s._def.unknownKeys !== "passthrough" && s._def.catchall instanceof z.ZodNever;
    for (const [key, inner] of Object.entries(value)) {
      const field = shape[key];
      if (!field) {
        if (closed) return at + key;
        continue;
      }
      const deeper = unknownField(field, inner, `${at}${key}.`);
      if (deeper) return deeper;
    }
    return null;
  }
  if (s instanceof z.ZodArray && Array.isArray(value)) {
    for (const item of value) {
      const deeper = unknownField(s.element, item, at);
      if (deeper) return deeper;
    }
  }
  return null;
}
