import { z } from "zod";
import { bodyId, dateTime, text } from "./common";

// ---- The official jornadas and the machine's steps (decision 046) ----

export const PASTE_REQUIRED = "Pega la respuesta de Loterías o los 15 partidos.";
export const PASTE_CLOSE_REQUIRED = "Indica el cierre de la jornada: las líneas de la web no lo traen.";
export const IMPORT_BUSY = "Ya hay una importación de la próxima jornada en curso.";

const officialMatch = z.object({ home: z.string(), away: z.string() });

/** One of the 15 matches as our catalogue reads it: each name's team, or null when no team answers to it. */
export const resolvedMatch = z.object({
  home: z.string(),
  away: z.string(),
  homeTeam: z.string().nullable(),
  awayTeam: z.string().nullable(),
});

/** An official jornada as the machine keeps it: created, waiting for names ('pendiente'), for a new season, or with a change to accept. */
export const officialJornada = z.object({
  drawKey: z.string(),
  drawDate: z.string().nullable(),
  jornada: z.string().nullable(),
  temporada: z.string().nullable(),
  opensAt: z.string().nullable(),
  closesAt: z.string(),
  status: z.enum(["creada", "pendiente", "temporada-nueva", "cambio"]),
  message: z.string().nullable(),
  quinielaId: z.number().int().nullable(),
  poolName: z.string().nullable(),
  matches: z.array(resolvedMatch),
  /** A change of matches waiting for the admin, when players had already picked. */
  pendingMatches: z.array(officialMatch).nullable(),
  unknown: z.array(z.string()),
  /** For each unknown name, the known clubs whose names are close to it, the closest first (decision 091). */
  choices: z.array(z.object({ spelling: z.string(), close: z.array(z.object({ id: z.number().int(), name: z.string() })) })).default([]),
  source: z.enum(["lottery", "paste"]),
});
export type OfficialJornadaView = z.infer<typeof officialJornada>;

/**
 * One step taken by the machine. Other features add their own kinds (the standing rule of a peña:
 * 'abrir-jornada', 'apuesta'); the panel shows any kind, with its group when there is one.
 */
export const officialStep = z.object({
  id: z.number().int(),
  kind: z.string(),
  quinielaId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
  drawKey: z.string().nullable(),
  outcome: z.enum(["ok", "aviso", "error"]),
  message: z.string(),
  at: z.string(),
  /** A failed step the panel offers to try again. */
  retryable: z.boolean(),
});
export type OfficialStep = z.infer<typeof officialStep>;

/** GET /Loteria/jornadas: the coming jornadas and the last steps (admin panel). */
export const jornadasPanel = z.object({ jornadas: z.array(officialJornada), steps: z.array(officialStep) });
export type JornadasPanel = z.infer<typeof jornadasPanel>;

/** What an import or a retry did, one sentence a step. */
export const stepsDone = z.object({ ok: z.boolean(), messages: z.array(z.string()) });
export type StepsDone = z.infer<typeof stepsDone>;

/** POST /Loteria/jornadas/pegar: the paste, previewed (confirm false) or created (confirm true). */
export const pasteBody = z.object({
  text: text(60_000, PASTE_REQUIRED),
  /** The official close, needed for the 15 lines (the JSON's first kick-off stands in when absent). */
  closingDate: dateTime("La fecha de cierre no es válida.").optional().nullable(),
  confirm: z.boolean().optional(),
});

export const pastePreview = z.object({
  jornada: officialJornada.omit({ status: true, message: true, quinielaId: true, poolName: true, pendingMatches: true }),
  created: officialJornada.nullable(),
  /** What the confirm did, in Spanish (created, held, or already there); null for a preview. */
  message: z.string().nullable(),
});
export type PastePreview = z.infer<typeof pastePreview>;

/** POST /Loteria/jornadas/reintentar: a failed step, tried again. */
export const retryBody = z.object({ stepId: bodyId });
export const TEAMS_NONE = "No hay equipos que crear.";
export const TEAM_SPELLING_UNKNOWN = "Ese nombre no está sin resolver en esa jornada.";
export const TEAM_NAME_REQUIRED = "Elige el club ya existente o escribe el nombre del club nuevo.";
export const TEAM_CHOSEN_GONE = "El club elegido ya no existe: vuelve a cargar la página.";
export const JORNADA_NOT_PENDING = "Esa jornada ya no espera equipos.";

/**
 * POST /Loteria/jornadas/equipos (decision 064): the unknown names of a pending jornada, each with the
 * team it names, created at once; a name already a team's (or typed twice) is kept as an alias of it.
 */
export const jornadaTeamsBody = z.object({
  drawKey: text(80, "Falta la jornada."),
  teams: z
    .array(
      z.object({
        spelling: text(100, TEAM_SPELLING_UNKNOWN),
        /** The known club chosen for the spelling (kept as its alias); left out: a club named `name`. */
        teamId: bodyId.optional(),
        name: text(100, "Escribe el nombre de cada equipo.").optional(),
      }),
      {
        errorMap: () => ({ message: TEAMS_NONE }),
      },
    )
    .min(1, TEAMS_NONE)
    .max(30, TEAMS_NONE),
});
export type JornadaTeamsBody = z.infer<typeof jornadaTeamsBody>;

/** POST /Loteria/jornadas/aceptar: the admin accepts a held jornada's new matches (or, for prizes, the official ones). */
export const acceptBody = z.object({ drawKey: text(80, "Falta la jornada.") });
