import { z } from "zod";
import { MATCHES, normalizePick, parseScore, type Score, type Sign } from "#core/domain/signs";
import { version } from "./audit";
import { bodyId, dateTime, id, text, wireId, wireInt } from "./common";
import { ScoreSchema, SignSchema } from "./picks";

export const POOL_FIELDS_REQUIRED = "Todos los campos de fecha y jornada son obligatorios.";
export const POOL_MATCH_COUNT = "El JSON debe contener un array de 15 partidos.";
export const POOL_MATCH_SHAPE = 'Cada partido debe tener "home" y "away".';
export const POOL_DATES_ORDER = "La fecha de cierre debe ser posterior a la de inicio.";
export const PLENO_GOALS = "Introduce los goles del pleno al quince (0-10).";
export const RESULT_SIGN = "Cada resultado debe ser 1, X o 2.";
/** Official results are all 14 signs or none: an empty list, a short one or an empty sign is refused. */
export const RESULTS_REQUIRED = "Faltan resultados: indica 1, X o 2 en los 14 partidos.";
/** A pool has 14 matches plus the pleno. */
export const POOL_SIZE = MATCHES + 1;

const moment = dateTime(POOL_FIELDS_REQUIRED);
const teamName = text(100, POOL_MATCH_SHAPE);

export const poolMatch = z.object({ home: teamName, away: teamName }, { errorMap: () => ({ message: POOL_MATCH_SHAPE }) });

export const poolMatches = z
  .array(z.unknown(), { errorMap: () => ({ message: POOL_MATCH_COUNT }) })
  .length(POOL_SIZE, POOL_MATCH_COUNT)
  .pipe(z.array(poolMatch));

/** POST /quiniela/CreateQuiniela and PUT /quiniela/UpdateQuiniela/{id}. The number is the server's to give. */
export const quinielaBody = z
  .object({
    numberQuiniela: z.unknown().optional(),
    startDate: moment,
    closingDate: moment,
    matches: poolMatches,
    seasonId: bodyId.optional().nullable(),
    /** UpdateQuiniela only: the version the editor was loaded from. */
    version,
  })
  .refine((b) => b.closingDate.getTime() > b.startDate.getTime(), { message: POOL_DATES_ORDER, path: ["closingDate"] });

/** One official sign; an empty one (null, "") is a missing result, and anything else is refused. */
const resultSign = z.unknown().transform((v, ctx): Sign => {
  if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: RESULTS_REQUIRED });
    return z.NEVER;
  }
  const pick = normalizePick(typeof v === "number" ? v : String(v).trim());
  if (pick.length !== 1 || String(v).trim().length !== 1) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: RESULT_SIGN });
    return z.NEVER;
  }
  return pick[0];
});

/** The most goals a side of the official pleno may have: the forms say 0-10 (decision 006). */
const PLENO_MAX = 10;

const pleno = z.unknown().transform((v, ctx): Score | null => {
  if (v === null || v === undefined) return null;
  const score = parseScore(v, PLENO_MAX);
  if (!score) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: PLENO_GOALS });
    return z.NEVER;
  }
  return score;
});

/** One side's goals of the official pleno as typed ("2"): the rule `pleno` applies to each side, for the results form. */
export const plenoGoals = z.string().refine((v) => parseScore({ home: v, away: v }, PLENO_MAX) !== null, PLENO_GOALS);

/**
 * POST /Quiniela/SetResults: the 14 signs, all of them, and the pleno when known (the contract:
 * "matches (14), plain15?"). A round with some results and not others would count the missing ones
 * as misses in one place and as pending in another, so there is no such thing.
 */
export const setResultsBody = z
  .object({
    quinielaId: bodyId,
    matches: z
      .array(resultSign, { errorMap: () => ({ message: RESULTS_REQUIRED }) })
      .min(MATCHES, RESULTS_REQUIRED)
      .max(MATCHES, "Los resultados son de 14 partidos."),
    plain15: pleno.optional(),
    pl15: pleno.optional(),
    version,
  })
  .transform(({ quinielaId, matches, plain15, pl15, version }) => ({
    quinielaId,
    version,
    matches,
    plain15: plain15 ?? pl15 ?? null,
  }));

export const QuinielaMatch = z.object({
  /** 1..15; 15 is the pleno al quince. */
  position: wireInt,
  home: z.string(),
  away: z.string(),
  homeTeamId: wireId.nullable(),
  awayTeamId: wireId.nullable(),
});
export type QuinielaMatch = z.infer<typeof QuinielaMatch>;
/** GET /Quiniela/{id}/GetMatches. */
export const QuinielaMatchList = z.array(QuinielaMatch);
/** A match as the screens list it: its place and its two teams. */
export type MatchRow = Pick<QuinielaMatch, "position" | "home" | "away">;

/** GET /quiniela/GetById/{id}; /quiniela/all and /GetBySeasonId answer arrays of these. */
export const Quiniela = z.object({
  id: wireId,
  numberQuiniela: wireInt,
  /** "Jornada N" */
  name: z.string(),
  startDate: z.string(),
  closingDate: z.string(),
  seasonId: wireId,
  /** Whether the official results are in. */
  hasResults: z.boolean(),
  matches: QuinielaMatchList,
  /** Sent back with an edit, so a save against a newer version is refused (409). */
  version: wireInt,
});
export type Quiniela = z.infer<typeof Quiniela>;
export const QuinielaList = z.array(Quiniela);

/** What /quinielas reads of GET /quiniela/GetBySeasonId/{seasonId} (the matches are left out). */
export const PoolSummary = Quiniela.pick({ id: true, numberQuiniela: true, startDate: true, closingDate: true, hasResults: true });
export const PoolSummaryList = z.array(PoolSummary);

/** GET /Quiniela/GetResults/{id} and POST /Quiniela/SetResults. `pl15` repeats `plain15` for clients that read either. */
export const QuinielaResults = z.object({
  quinielaId: wireId,
  matches: z.array(SignSchema.nullable()),
  plain15: ScoreSchema.nullable(),
  pl15: ScoreSchema.nullable(),
  /** Sent back with a change, so a save against a newer version is refused (409). */
  version: wireInt,
});
export type QuinielaResults = z.infer<typeof QuinielaResults>;

/** GET /quiniela/GetTypesQuiniela items. */
export const PoolType = z.object({
  id: wireId,
  name: z.string(),
  description: z.string(),
  numDouble: wireInt,
  numTriple: wireInt,
});
export type PoolType = z.infer<typeof PoolType>;
export const PoolTypeList = z.array(PoolType);

/** The 400 of CreateQuiniela/UpdateQuiniela: `unknown` lists the names that belong to no team, when that is the reason. */
export const UnresolvedTeams = z
  .object({ message: z.string(), unknown: z.array(z.string()).optional() })
  .describe("Datos no válidos; con `unknown`, los nombres que no son de ningún equipo");
export type UnresolvedTeams = z.infer<typeof UnresolvedTeams>;

export const quinielaParams = z.object({ id });
export const seasonParams = z.object({ seasonId: id });

export const unresolvedMessage = (names: string[]) => `Hay equipos sin resolver: ${names.join(", ")}`;
