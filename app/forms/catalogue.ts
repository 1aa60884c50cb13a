import { z } from "zod";
import { groupRows, registerByAdminBody } from "#core/contract/admin-user";
import { camelKeys, firstIssue } from "#core/contract/common";
import { PLENO_GOALS, POOL_DATES_ORDER, POOL_FIELDS_REQUIRED, POOL_MATCH_COUNT, poolMatch, poolMatches } from "#core/contract/quiniela";
import { BET_PRICE_MESSAGE, SEASON_REQUIRED } from "#core/contract/season";
import { ALIAS_NOT_ARRAY, aliasList, LOGO_MESSAGE, TEAM_NAME_REQUIRED } from "#core/contract/team";
import { madridLocalToUtc } from "#core/dates";
import { MATCHES } from "#core/domain/signs";

// ---- Seasons ----

export const seasonSchema = z.object({
  name: z.string({ required_error: SEASON_REQUIRED }).trim().min(1, SEASON_REQUIRED).max(100, "Máximo 100 caracteres."),
  startDate: z
    .string({ required_error: SEASON_REQUIRED })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "La fecha de inicio no es válida (AAAA-MM-DD)."),
});

const POINTS_MESSAGE = "Cada valor de puntos debe ser un número entre 0 y 100.";
const points = z.coerce.number({ required_error: POINTS_MESSAGE, invalid_type_error: POINTS_MESSAGE }).min(0, POINTS_MESSAGE).max(100, POINTS_MESSAGE);
export const pointsSchema = z.object({
  seasonId: z.coerce.number().int().positive(),
  single: points,
  double: points,
  triple: points,
  pleno: points,
  betPrice: z.coerce.number({ required_error: BET_PRICE_MESSAGE, invalid_type_error: BET_PRICE_MESSAGE }).min(0, BET_PRICE_MESSAGE).max(100, BET_PRICE_MESSAGE),
});

// ---- Teams ----

export const ALIAS_EXAMPLE = '["Atleti", "Atlético"]';

const logoField = z
  .string()
  .trim()
  .max(500, LOGO_MESSAGE)
  .refine((v) => /^https:\/\/\S+$/i.test(v) || /^\/(?![/\\])\S*$/.test(v), LOGO_MESSAGE)
  .optional();

/** Alias as a JSON array: items become strings and empties are dropped (docs/architecture.md#forms-and-messages). */
const aliasField = (message: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const list = aliasList(value ?? "");
      if (list === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return list;
    });

export const teamSchema = z.object({
  name: z.string({ required_error: TEAM_NAME_REQUIRED }).trim().min(1, TEAM_NAME_REQUIRED).max(100, "Máximo 100 caracteres."),
  logo: logoField,
  alias: aliasField(ALIAS_NOT_ARRAY),
});

// ---- Pools ----

export type PoolMatchInput = z.infer<typeof poolMatch>;

/** The pasted JSON: an array of 15 objects with home and away (either key casing). */
export function readMatchesJson(text: string): { matches: PoolMatchInput[] } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: POOL_MATCH_COUNT };
  }
  // The contract's own rule for the 15 rows, so the form refuses exactly what the backend would.
  const read = poolMatches.safeParse(camelKeys(parsed));
  return read.success ? { matches: read.data } : { error: firstIssue(read.error) };
}

/**
 * The pool editor's form: number (read-only), dates as Madrid wall-clock time, matches as JSON.
 * Missing number or dates share one message, shown once for the form (docs/architecture.md#forms-and-messages). No field is
 * called "id" or "matches": a form control by that name would hide the form element's own property.
 */
export const poolSchema = z
  .object({
    numberQuiniela: z.string().optional(),
    startDate: z.string().optional(),
    closingDate: z.string().optional(),
    matchesJson: z.string({ required_error: POOL_MATCH_COUNT }),
  })
  .transform((v, ctx) => {
    const start = v.startDate ? madridLocalToUtc(v.startDate) : null;
    const closing = v.closingDate ? madridLocalToUtc(v.closingDate) : null;
    const number = Number(v.numberQuiniela);
    let ok = true;
    if (!v.numberQuiniela || !Number.isInteger(number) || number < 1 || !start || !closing) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: POOL_FIELDS_REQUIRED });
      ok = false;
    } else if (closing <= start) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["closingDate"], message: POOL_DATES_ORDER });
      ok = false;
    }
    const read = readMatchesJson(v.matchesJson);
    if ("error" in read) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["matchesJson"], message: read.error });
      ok = false;
    }
    if (!ok || "error" in read) return z.NEVER;
    return { numberQuiniela: number, startDate: start!, closingDate: closing!, matches: read.matches };
  });

/** The team-resolution step: link the unknown name to a team, or create one. */
export const linkTeamSchema = z.object({
  unknownName: z.string(),
  teamId: z.string({ required_error: "Selecciona un equipo" }).regex(/^\d+$/, "Selecciona un equipo"),
});

export const newTeamSchema = z.object({
  unknownName: z.string(),
  name: teamSchema.shape.name,
  logo: logoField,
  alias: aliasField("alias debe ser un JSON array"),
});

// ---- Results ----

const sign = z.enum(["1", "X", "2"], { errorMap: () => ({ message: "Usa 1, X o 2." }) }).optional();
const goals = z
  .string()
  .trim()
  .regex(/^\d{1,2}$/, PLENO_GOALS)
  .refine((v) => Number(v) <= 10, PLENO_GOALS)
  .optional();

export const resultsSchema = z.object({
  quinielaId: z.coerce.number({ required_error: "Selecciona una jornada." }).int().positive("Selecciona una jornada."),
  signs: z.array(sign).max(MATCHES).default([]),
  plenoHome: goals,
  plenoAway: goals,
  /** The version of the results the form was loaded from; absent for a first save. */
  version: z.coerce.number().int().positive().optional(),
});
// The pleno is sent only when both goals are filled (decision 006): one alone is left out, and
// the action says so, rather than refusing the fourteen signs.

// ---- Users created by an admin ----

/**
 * The contract's own body, with the form's group rows (two selects each, as text) turned into
 * numbers first: the rules of a row are the API's (`groupRows`), each message at its row.
 */
export const createUserSchema = registerByAdminBody.extend({
  groups: z
    .array(z.object({ groupId: z.string().optional(), roleId: z.string().optional() }))
    .default([])
    .transform((rows) => rows.map((row) => ({ groupId: row.groupId ? Number(row.groupId) : undefined, roleId: row.roleId ? Number(row.roleId) : undefined })))
    .pipe(groupRows),
});
