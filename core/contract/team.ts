import { z } from "zod";
import { id, text, wireId } from "./common";

export const TEAM_NAME_REQUIRED = "El nombre es obligatorio";
export const ALIAS_NOT_ARRAY = "Alias debe ser un array JSON";
export const LOGO_MESSAGE = "El logo debe ser una URL https:// o una ruta del sitio (/logos/…).";

/** Alias items become strings, empties are dropped (docs/architecture.md#forms-and-messages); a JSON string is read as its array. */
export function aliasList(value: unknown): string[] | null {
  let list = value;
  if (typeof value === "string") {
    if (!value.trim()) return [];
    try {
      list = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) return null;
  return list
    .filter((item) => item !== null && item !== undefined)
    .map((item) => (typeof item === "object" ? JSON.stringify(item) : String(item)).trim())
    .filter((item) => item.length > 0);
}

export const aliases = z.unknown().transform((value, ctx) => {
  const list = aliasList(value);
  if (list === null) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: ALIAS_NOT_ARRAY });
    return z.NEVER;
  }
  if (list.some((a) => a.length > 100)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Cada alias tiene como máximo 100 caracteres." });
    return z.NEVER;
  }
  return list;
});

/** An answer's alias list, as an array or as the JSON string of one (docs/architecture.md#forms-and-messages). */
const aliasesRead = z.union([z.array(z.unknown()), z.string(), z.null()]).transform((value, ctx) => {
  const list = aliasList(value);
  if (list === null) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: ALIAS_NOT_ARRAY });
    return z.NEVER;
  }
  return list;
});

/** A path or address whose percent-escapes decode (no "/%E0%A4%A"). */
const decodable = (v: string) => {
  try {
    decodeURIComponent(v);
    return true;
  } catch {
    return false;
  }
};

/** A logo is an https address or a path of this site; blank means none. */
export const logo = z
  .union([z.string(), z.null(), z.undefined()])
  .transform((v) => (v ?? "").trim())
  .pipe(
    z
      .string()
      .max(500, LOGO_MESSAGE)
      .refine((v) => v === "" || /^https:\/\/[^\s]+$/i.test(v) || /^\/(?![/\\])[^\s]*$/.test(v), LOGO_MESSAGE)
      .refine(decodable, LOGO_MESSAGE),
  )
  .transform((v) => v || null);

export const createTeamBody = z.object({
  name: text(100, TEAM_NAME_REQUIRED),
  logo,
  alias: aliases,
});

export const addAliasBody = z.object({ alias: text(100, "El alias es obligatorio.") });

/** GET /team/List items; POST /team/Create and /team/{id}/add-alias answer one. */
export const team = z.object({
  id: wireId,
  name: z.string(),
  logo: z.string().nullable(),
  alias: aliasesRead,
});
export type Team = z.infer<typeof team>;
export const teamList = z.array(team);

export const teamParams = z.object({ id });
