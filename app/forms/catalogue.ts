import { z } from "zod";
import { groupRows, registerByAdminBody } from "#core/contract/admin-user";
import { version } from "#core/contract/audit";
import { camelKeys, firstIssue, id } from "#core/contract/common";
import { plenoGoals, POOL_DATES_ORDER, POOL_FIELDS_REQUIRED, POOL_MATCH_COUNT, poolMatch, poolMatches } from "#core/contract/quiniela";
import { betPrice, createSeasonBody, pointValue, seasonPointsBody } from "#core/contract/season";
import { aliases, aliasList, createTeamBody } from "#core/contract/team";
import { madridLocalToUtc } from "#core/dates";
import { MATCHES } from "#core/domain/signs";
import { formOf, readDigits, typedNumber } from "./fields";

// ---- Seasons ----

/** 'Crear temporada': the contract's body as it is (the start date checked against the real calendar). */
export const seasonSchema = formOf(createSeasonBody);

const points = typedNumber(pointValue);
/** A season's points and price per bet: the contract's values, typed as text; the price is always on the form. */
export const pointsSchema = seasonPointsBody.extend({
  seasonId: id,
  single: points,
  double: points,
  triple: points,
  pleno: points,
  betPrice: typedNumber(betPrice),
});

// ---- Teams ----

export const ALIAS_EXAMPLE = '["Atleti", "Atlético"]';

/**
 * The contract's alias list (a JSON array, items as text, empties dropped, each at most 100
 * characters), with the message the form shows when the text is not a JSON array.
 */
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
    })
    .pipe(aliases);

/** 'Crear equipo': the contract's body (name, logo, aliases). */
export const teamSchema = formOf(createTeamBody);

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
    const number = readDigits(v.numberQuiniela ?? "");
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

export const newTeamSchema = teamSchema.extend({
  unknownName: z.string(),
  alias: aliasField("alias debe ser un JSON array"),
});

// ---- Results ----

/** The message at a match left without its sign: official results are the 14 signs or none (the contract's rule). */
export const RESULT_MISSING = "Elige el resultado de este partido: 1, X o 2.";
const sign = z.enum(["1", "X", "2"], { errorMap: (issue) => ({ message: issue.code === "invalid_type" ? RESULT_MISSING : "Usa 1, X o 2." }) });
const goals = plenoGoals.optional();

export const resultsSchema = z.object({
  quinielaId: z.union([z.string(), z.number()], { errorMap: () => ({ message: "Selecciona una jornada." }) }).pipe(id),
  // Always fourteen, so that each empty one is told at its own select, even when the form sent none.
  signs: z.preprocess((v) => Array.from({ length: MATCHES }, (_, i) => (Array.isArray(v) ? v[i] : undefined)), z.array(sign)),
  plenoHome: goals,
  plenoAway: goals,
  /** The version of the results the form was loaded from; absent for a first save. */
  version: typedNumber(version),
});
// The pleno is sent only when both goals are filled (decision 006): one alone is left out, and
// the action says so, rather than refusing the fourteen signs. The fourteen signs are all required.

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
