import { z } from "zod";

// ---- The lottery service's bodies (SELAE, game LAQU), as recorded in fixtures/selae ----

/** Fields are read leniently (numbers may come as strings, some are missing on unplayed draws). */
const looseText = z.union([z.string(), z.number()]).transform(String);

export const selaeMatch = z
  .object({
    posicion: z.coerce.number().int().min(1).max(15).optional(),
    local: z.string().min(1),
    visitante: z.string().min(1),
    signo: z.string().nullish(),
    marcador: z.string().nullish(),
    fecha_completa: z.string().nullish(),
    fecha: z.string().nullish(),
    idLocal: looseText.nullish(),
    idVisitante: looseText.nullish(),
  })
  .passthrough();

export const selaeDraw = z
  .object({
    id_sorteo: looseText.optional(),
    fecha_sorteo: z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, "fecha_sorteo no tiene el formato AAAA-MM-DD HH:mm:ss"),
    jornada: looseText.nullish(),
    numero: looseText.nullish(),
    temporada: z.string().nullish(),
    combinacion: z.string().nullish(),
    partidos: z.array(selaeMatch).length(15, "el sorteo no trae 15 partidos"),
  })
  .passthrough();
export type SelaeDraw = z.infer<typeof selaeDraw>;

/**
 * A whole answer of `fechav3` (or a body posted to RegistrarQuiniela): a list of draws, or the
 * service's "no draw that day" sentence, which comes as a JSON string.
 */
export const selaeBody = z.union([z.string(), z.array(selaeDraw), selaeDraw.transform((d) => [d])]);
export type SelaeBody = z.infer<typeof selaeBody>;

/** A `buscadorSorteos` answer: only the draw dates are needed from it. */
export const selaeRange = z.union([z.string().transform(() => []), z.array(z.object({ fecha_sorteo: z.string().regex(/^\d{4}-\d{2}-\d{2}/) }).passthrough())]);

// ---- Our calls ----

export const DATE_REQUIRED = "Debes indicar Fecha (yyyyMMdd)";
export const TIMEOUT_MESSAGE = "Tiempo de espera agotado consultando Loterías.";
export const SEARCH_FAILED = "Error en búsqueda automática";
export const SEARCH_FINISHED = "Búsqueda automática finalizada.";
export const UNKNOWN_ERROR = "Error desconocido";

/** yyyyMMdd, a real calendar day. */
export const drawDateParam = z
  .string({ required_error: DATE_REQUIRED, invalid_type_error: DATE_REQUIRED })
  .trim()
  .regex(/^\d{8}$/, DATE_REQUIRED)
  .refine((v) => {
    const d = new Date(Date.UTC(+v.slice(0, 4), +v.slice(4, 6) - 1, +v.slice(6, 8)));
    return d.getUTCFullYear() === +v.slice(0, 4) && d.getUTCMonth() === +v.slice(4, 6) - 1 && d.getUTCDate() === +v.slice(6, 8);
  }, DATE_REQUIRED);

/** POST /Loteria/quiniela/consultar: the single-date lookup (spec: payload field `fecha`). */
export const lookupBody = z.object({ fecha: drawDateParam });

/** GET /Loteria/quiniela/ultima: the last stored draw's day (Madrid), or null when none is stored. */
export const lastDraw = z.object({ drawDate: z.string().nullable() });

export const drawMatch = z.object({
  position: z.number().int(),
  home: z.string(),
  away: z.string(),
  /** 1, X or 2 for matches 1–14; null when not played yet. */
  sign: z.enum(["1", "X", "2"]).nullable(),
  /** "1 - 1" as the service writes it; null when not played yet. */
  score: z.string().nullable(),
  /** The operator's own ids of the two clubs (`idLocal`, `idVisitante`), when the answer carries them (decision 091). */
  homeId: z.string().nullish(),
  awayId: z.string().nullish(),
});

/** A draw read from the service's body: what the screen shows and what is stored. */
export const drawSummary = z.object({
  drawDate: z.string(),
  drawnAt: z.string(),
  jornada: z.string().nullable(),
  played: z.boolean(),
  matches: z.array(drawMatch),
  pleno: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
});
export type DrawSummary = z.infer<typeof drawSummary>;

export const storedIn = z.object({
  quinielaId: z.number().int(),
  name: z.string(),
  seasonName: z.string(),
});
export type StoredIn = z.infer<typeof storedIn>;

/** The answer of a lookup: the draw (if any), where it was stored (if it was) and why not. */
export const lookupResult = z.object({
  fecha: z.string(),
  status: z.enum(["ok", "sin-sorteo", "sin-resultados", "sin-quiniela"]),
  mensaje: z.string(),
  draw: drawSummary.nullable(),
  stored: storedIn.nullable(),
  raw: z.string(),
});
export type LookupResult = z.infer<typeof lookupResult>;

/** One progress line of the automatic search (fecha, status, mensaje: the API contract, docs/architecture.md#the-contract). */
export const logLine = z.object({
  fecha: z.string(),
  status: z.string(),
  mensaje: z.string(),
});
export type LogLine = z.infer<typeof logLine>;

/** POST /Loteria/RegistrarQuiniela answers a message. */
export const messageBody = z.object({ message: z.string() });

/**
 * POST /Loteria/RegistrarQuiniela's body: a `fechav3` answer as Loterías sends it. It is read by
 * `selaeBody` in the service, so a bad one is refused with the reason in the message.
 */
export const registerBody = z
  .unknown()
  .describe("Un cuerpo de fechav3 de Loterías: una lista de sorteos, un sorteo, o el texto con el que el servicio dice que no hay sorteo");

/** POST /Loteria/quiniela/buscar takes nothing. */
export const searchBody = z.object({}).describe("Sin datos");

/** POST /Loteria/quiniela/buscar's 200: newline-delimited JSON, one `logLine` per checked day, written as the search goes. */
export const searchLines = z.string().describe("application/x-ndjson: una línea JSON { fecha, status, mensaje } por día consultado, según avanza la búsqueda");
