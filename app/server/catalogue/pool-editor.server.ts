import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { Quiniela, QuinielaList } from "#core/contract/quiniela";
import { Season, SeasonList } from "#core/contract/season";
import { team as TeamSchema, teamList, type Team } from "#core/contract/team";
import { utcToMadridLocal } from "#core/dates";
import { normalizedMessage, resolveTeamNames, teamIndex, teamKey } from "#core/domain/official/team-names";
import { api, attempt, loadOrNull } from "~/server/shelf/client.server";
import { submitToBackend } from "~/server/shelf/submit.server";
import { linkTeamSchema, newTeamSchema, poolSchema } from "~/forms/catalogue";
import { askedRound } from "~/server/rounds/round-query.server";
import { redirectWithToast } from "~/server/shelf/toast.server";

const LOAD_POOL_ERROR = "No se pudo cargar la quiniela seleccionada.";
const TEAMS_ERROR = "No se pudieron cargar los equipos (continuarás igualmente).";
const NOT_IN_LIST = "Equipo no encontrado en la lista.";

/** What the editor carries between its server-rendered steps, as hidden inputs. */
const STATE_FIELDS = ["mode", "poolId", "version", "numberQuiniela", "startDate", "closingDate", "matchesJson", "total"] as const;
export type EditorState = Record<(typeof STATE_FIELDS)[number], string>;

const poolLabel = (pool: Quiniela, seasons: Season[]) => {
  const season = seasons.find((s) => s.id === pool.seasonId);
  return season ? `${pool.name} · ${season.name}` : pool.name;
};

const asJson = (matches: { home: string; away: string }[]) =>
  JSON.stringify(
    matches.map(({ home, away }) => ({ home, away })),
    null,
    2,
  );

/** Everything the editor shows before any post: the mode, the number a new pool gets, or the pool being edited. */
export async function loadEditor(request: Request) {
  const url = new URL(request.url);
  const mode = url.searchParams.get("modo") === "editar" ? ("edit" as const) : ("create" as const);
  const selectedId = askedRound(request);
  const [season, seasons, pools] = await Promise.all([
    loadOrNull(() => api.read(request, "/season/GetCurrentSeason", Season)),
    api.read(request, "/season/List", SeasonList).catch((): Season[] => []),
    loadOrNull(() => api.read(request, "/quiniela/all", QuinielaList)),
  ]);
  let selected: Quiniela | null = null;
  let loadError: string | null = null;
  if (mode === "edit" && selectedId) {
    selected = await loadOrNull(() => api.read(request, `/quiniela/GetById/${selectedId}`, Quiniela));
    if (!selected) loadError = LOAD_POOL_ERROR;
  }
  if (pools === null) loadError = mode === "edit" ? LOAD_POOL_ERROR : "Error al cargar quinielas";
  const nextNumber = season && pools ? pools.filter((p) => p.seasonId === season.id).length + 1 : null;
  const defaults =
    mode === "edit"
      ? selected && {
          numberQuiniela: String(selected.numberQuiniela),
          startDate: utcToMadridLocal(selected.startDate),
          closingDate: utcToMadridLocal(selected.closingDate),
          matchesJson: asJson(selected.matches),
        }
      : nextNumber !== null
        ? { numberQuiniela: String(nextNumber), startDate: "", closingDate: "", matchesJson: "" }
        : null;
  return {
    mode,
    season,
    selectedId: selected?.id ?? null,
    pools: (pools ?? [])
      .slice()
      .sort((a, b) => b.seasonId - a.seasonId || b.numberQuiniela - a.numberQuiniela)
      .map((p) => ({ id: p.id, label: poolLabel(p, seasons) })),
    loadError,
    defaults,
    /** The version of the pool being edited: a save against a newer one is refused (409). */
    version: selected?.version ?? null,
  };
}

async function loadTeams(request: Request): Promise<{ teams: Team[]; teamsError: string | null }> {
  const teams = await loadOrNull(() => api.read(request, "/team/List", teamList));
  return teams ? { teams, teamsError: null } : { teams: [], teamsError: TEAMS_ERROR };
}

function readState(formData: FormData): EditorState {
  return Object.fromEntries(STATE_FIELDS.map((f) => [f, String(formData.get(f) ?? "")])) as EditorState;
}

function stateFormData(state: EditorState): FormData {
  const formData = new FormData();
  for (const f of STATE_FIELDS) formData.set(f, state[f]);
  return formData;
}

/** The pool form again, with what was typed and the message. */
function formStep(submission: ReturnType<typeof parsePool>, formErrors?: string[], status = 400, stale = false) {
  return data({ step: "form" as const, lastResult: submission.reply(formErrors ? { formErrors } : undefined), stale }, { status });
}

const parsePool = (formData: FormData) => parseWithZod(formData, { schema: poolSchema });

/** 'Volver al formulario': the pool form again, with everything kept. */
export const backToPoolForm = (formData: FormData) => formStep(parsePool(stateFormData(readState(formData))), undefined, 200);

/** 'Vincular': the unknown name becomes an alias of a team of the list. */
export async function linkTeam(request: Request, formData: FormData) {
  const state = readState(formData);
  const submission = parseWithZod(formData, { schema: linkTeamSchema });
  const { teams } = await loadTeams(request);
  if (submission.status !== "success") return resolveStep(request, state, { link: submission.reply() });
  const team = teams.find((t) => t.id === Number(submission.value.teamId));
  if (!team) return resolveStep(request, state, { link: submission.reply({ fieldErrors: { teamId: [NOT_IN_LIST] } }) });
  const sent = await submitToBackend(
    submission,
    () => api.post(request, `/team/${team.id}/add-alias`, { alias: submission.value.unknownName }, TeamSchema),
    (failure) => failure.message("No se pudo vincular el equipo."),
  );
  if (!sent.ok) return resolveStep(request, state, { link: sent.reply });
  return resolveStep(request, state, {}, `«${submission.value.unknownName}» es ahora un alias de ${team.name}.`);
}

/** 'Crear equipo': a new team, which also answers to the pasted spelling, or the pool would still not resolve. */
export async function createTeamForPool(request: Request, formData: FormData) {
  const state = readState(formData);
  const submission = parseWithZod(formData, { schema: newTeamSchema });
  if (submission.status !== "success") return resolveStep(request, state, { create: submission.reply() });
  const { unknownName, name, logo, alias } = submission.value;
  const aliases = teamKey(unknownName) === teamKey(name) || alias.some((a) => teamKey(a) === teamKey(unknownName)) ? alias : [...alias, unknownName];
  const sent = await submitToBackend(
    submission,
    () => api.post(request, "/team/Create", { name, logo: logo ?? "", alias: aliases }, TeamSchema),
    (failure) => failure.message("Error guardando equipo"),
  );
  if (!sent.ok) return resolveStep(request, state, { create: sent.reply });
  return resolveStep(request, state, {}, `Equipo ${name} creado.`);
}

/** 'Guardar quiniela': the form checked; names no team answers to open the resolution step, else the pool is saved. */
export async function submitPool(request: Request, formData: FormData) {
  const submission = parsePool(formData);
  if (submission.status !== "success") return formStep(submission);
  return resolveStep(request, { ...readState(formData), total: "" }, {});
}

/**
 * The editor's steps, told apart by the submit button's `intent`. "save" checks the form; names no
 * team answers to open the resolution step, one name at a time ("link" adds the name as an alias of
 * a team, "create-team" makes a team); once every name is known the pool is saved. "back" returns
 * to the form with everything kept.
 */
export async function handleEditor(request: Request) {
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "back":
      return backToPoolForm(formData);
    case "link":
      return linkTeam(request, formData);
    case "create-team":
      return createTeamForPool(request, formData);
    default:
      return submitPool(request, formData);
  }
}

type StepResults = { link?: SubmissionResult<string[]>; create?: SubmissionResult<string[]> };

/** The next unknown name, or, when none is left, the pool saved. */
async function resolveStep(request: Request, state: EditorState, results: StepResults, done?: string) {
  const submission = parsePool(stateFormData(state));
  if (submission.status !== "success") return formStep(submission);
  const { teams, teamsError } = await loadTeams(request);
  const resolution = resolveTeamNames(submission.value.matches, teamIndex(teams));
  // Without the team list the backend still resolves the names, and says which are unknown.
  if (!resolution.unknown.length || teamsError) {
    return savePool(request, state, submission, resolution, teamsError);
  }
  const total = Math.max(Number(state.total) || 0, resolution.unknown.length);
  return {
    step: "resolve" as const,
    state: { ...state, total: String(total) },
    unknownName: resolution.unknown[0],
    position: total - resolution.unknown.length + 1,
    total,
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
    normalized: resolution.normalized ? normalizedMessage(resolution.normalized) : null,
    done: done ?? null,
    link: results.link ?? null,
    create: results.create ?? null,
  };
}

async function savePool(
  request: Request,
  state: EditorState,
  submission: ReturnType<typeof parsePool>,
  resolution: ReturnType<typeof resolveTeamNames<{ home: string; away: string }>>,
  teamsError: string | null,
) {
  if (submission.status !== "success") return formStep(submission);
  const { numberQuiniela, startDate, closingDate } = submission.value;
  const body = {
    numberQuiniela,
    startDate: startDate.toISOString(),
    closingDate: closingDate.toISOString(),
    matches: resolution.matches.map(({ home, away }) => ({ home, away })),
    version: state.mode === "edit" ? Number(state.version) || undefined : undefined,
  };
  const sent = await attempt(() =>
    state.mode === "edit"
      ? api.put(request, `/quiniela/UpdateQuiniela/${Number(state.poolId) || 0}`, body, Quiniela)
      : api.post(request, "/quiniela/CreateQuiniela", body, Quiniela),
  );
  if (!sent.ok) {
    // Another admin saved first: 409, the typed pool stays in the form and the current values are shown.
    const stale = sent.status === 409;
    const message = `Error al guardar: ${sent.message("inténtalo de nuevo.")}`;
    return formStep(submission, teamsError ? [teamsError, message] : [message], stale ? 409 : 400, stale);
  }
  const saved = sent.value;
  const parts = [`Quiniela guardada: ${saved.name}.`];
  if (resolution.normalized) parts.push(normalizedMessage(resolution.normalized));
  return redirectWithToast(`/crear-quiniela?modo=editar&quiniela=${saved.id}`, { kind: "success", text: parts.join(" ") });
}
