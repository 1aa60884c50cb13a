import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { GroupDetail } from "#core/contract/group";
import { BlockResult, GroupRoundDetail, type GroupRound } from "#core/contract/rounds";
import { PoolTypeList, Quiniela, QuinielaList } from "#core/contract/quiniela";
import { blockSchema, configureRoundSchema, forceCloseSchema, roundStatusSchema, roundTypeSchema } from "~/forms/groups";
import { redirectWithToast } from "~/server/shelf/toast.server";
import { api, ApiError, attempt, type Failure } from "../shelf/client.server";
import { submitToBackend } from "../shelf/submit.server";
import { groupRounds, groupSeasons } from "../group/groups.server";

/** The pool fields the settings screen shows. */
const poolSummary = (q: Quiniela) => ({ id: q.id, numberQuiniela: q.numberQuiniela, startDate: q.startDate, closingDate: q.closingDate });

async function roundOf(request: Request, groupId: number, quinielaId: number): Promise<GroupRoundDetail | null> {
  try {
    return await api.read(request, `/GroupQuiniela/GetByGroupAndQuiniela?groupId=${groupId}&quinielaId=${quinielaId}`, GroupRoundDetail);
  } catch (error) {
    // 404 is the contract's "not configured yet".
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

async function selectedPool(request: Request, group: GroupDetail, quinielaId: number, seasonPools: Quiniela[]) {
  let pool = seasonPools.find((q) => q.id === quinielaId);
  if (!pool) {
    try {
      pool = await api.read(request, `/quiniela/GetById/${quinielaId}`, Quiniela);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) return null;
      throw error;
    }
  }
  const round = await roundOf(request, group.id, quinielaId);
  const blocked = new Set(round?.blockedUserIds ?? []);
  return {
    pool: poolSummary(pool),
    round,
    members: group.members.map((m) => ({ userId: m.userId, username: m.username, role: m.role, blocked: blocked.has(m.userId) })),
  };
}

/**
 * /grupo/{id}/ajustes and /grupo/{id}/gestionar-quinielas: the season's pools and, for the one
 * chosen with ?quiniela=, its configuration, dates, state and blocked members.
 */
/** Pools on one page of the season's list: a season of 38 jornadas is not one screen (decision 042). */
export const POOLS_PAGE = 10;

/** The latest jornadas first, a page of them; `page` beyond the last shows the last. */
export function poolsPage<T>(all: T[], page: number) {
  const pages = Math.max(1, Math.ceil(all.length / POOLS_PAGE));
  const shown = Math.min(Math.max(1, Math.trunc(page)), pages);
  return { pools: all.slice((shown - 1) * POOLS_PAGE, shown * POOLS_PAGE), poolPage: { page: shown, pages, total: all.length } };
}

export async function roundSettingsLoader(request: Request, group: GroupDetail) {
  const search = new URL(request.url).searchParams;
  const chosen = Number(search.get("quiniela")) || 0;
  const [seasonList, rounds, types, chosenPool] = await Promise.all([
    groupSeasons(request, group.id),
    groupRounds(request, group.id),
    api.read(request, "/quiniela/GetTypesQuiniela", PoolTypeList),
    chosen ? api.read(request, `/quiniela/GetById/${chosen}`, Quiniela).catch(() => null) : null,
  ]);
  const seasons = seasonList?.seasons ?? [];
  // ?temporada= from the picker; else the chosen pool's season (after a post); else the one in play.
  const asked = Number(search.get("temporada")) || chosenPool?.seasonId || 0;
  const season = seasons.find((s) => s.id === asked) ?? seasonList?.current ?? null;
  const seasonPools = season ? await api.read(request, `/quiniela/GetBySeasonId/${season.id}`, QuinielaList) : [];
  const byPool = new Map<number, GroupRound>(rounds.map((r) => [r.quinielaId, r]));
  return {
    group: { id: group.id, name: group.name },
    season: season ? { id: season.id, name: season.name } : null,
    seasons: seasons.map((s) => ({ id: s.id, name: s.name })),
    ...poolsPage(
      [...seasonPools].sort((a, b) => b.numberQuiniela - a.numberQuiniela).map((q) => ({ ...poolSummary(q), round: byPool.get(q.id) ?? null })),
      Number(search.get("pagina")) || 1,
    ),
    types,
    selected: chosen ? await selectedPool(request, group, chosen, seasonPools) : null,
    missing: chosen > 0 && !chosenPool,
  };
}

type Intent = "configure" | "dates" | "force" | "type" | "block" | "unblock";

const ERRORS: Record<Intent, string> = {
  configure: "No se pudo activar la jornada:",
  dates: "Error al actualizar fechas.",
  force: "Error al actualizar fechas.",
  type: "No se pudo cambiar el tipo de quiniela:",
  block: "Error al bloquear usuario.",
  unblock: "Error al desbloquear usuario.",
};

/** Every answer of the settings page has one shape: the form's reply, or a message for its buttons. */
function answer(intent: string, status: number, { lastResult = null, message = null, stale = false }: Partial<SettingsAnswer> = {}) {
  return data({ intent, lastResult, message, stale }, { status });
}
type SettingsAnswer = { lastResult: SubmissionResult<string[]> | null; message: string | null; stale: boolean };

/** A save against a newer version (another manager saved first): the page answers 409 with the current values. */
const isStale = (failure: Failure) => failure.status === 409;

/** A refused call's words: the conflict as the backend says it, else what failed and why. */
const failureText = (intent: Intent) => (failure: Failure) =>
  isStale(failure) ? [failure.message("")] : [ERRORS[intent], failure.message("Inténtalo de nuevo.")];

/** A form (configure, dates) refused by the backend: its reply, 409 when stale. */
function refusedForm(intent: Intent, { failure, reply }: { failure: Failure; reply: SubmissionResult<string[]> }) {
  return answer(intent, isStale(failure) ? 409 : 400, { lastResult: reply, stale: isStale(failure) });
}

/** A button (force, type) refused by the backend: its message, 409 when stale. */
const refusedButton = (intent: Intent, failure: Failure) =>
  answer(intent, isStale(failure) ? 409 : 400, { message: failureText(intent)(failure).join(" "), stale: isStale(failure) });

const backTo = (request: Request, quinielaId: number) => `${new URL(request.url).pathname}?quiniela=${quinielaId}`;

/** 'Activar jornada': dates, type and forced close of a round the group has not played yet. */
export async function configureRound(request: Request, group: GroupDetail, formData: FormData) {
  const submission = parseWithZod(formData, { schema: configureRoundSchema });
  if (submission.status !== "success") return answer("configure", 400, { lastResult: submission.reply() });
  const { quinielaId, typeQuinielaId, openDate, closeDate, forceClosed } = submission.value;
  const body = {
    groupId: group.id,
    quinielaId,
    openDate: openDate.toISOString(),
    closeDate: closeDate.toISOString(),
    forceClosed: forceClosed ?? false,
    typeQuinielaId,
  };
  const sent = await submitToBackend(
    submission,
    () => api.post(request, "/GroupQuiniela/ConfigureGroupQuiniela", body, GroupRoundDetail),
    failureText("configure"),
  );
  if (!sent.ok) return refusedForm("configure", sent);
  return redirectWithToast(backTo(request, quinielaId), { kind: "success", text: "Jornada activada para el grupo." });
}

/** 'Guardar fechas'. No forceClosed: the dates form never touches the forced close (docs/decisions/015). */
export async function changeRoundDates(request: Request, group: GroupDetail, formData: FormData) {
  const submission = parseWithZod(formData, { schema: roundStatusSchema });
  if (submission.status !== "success") return answer("dates", 400, { lastResult: submission.reply() });
  const { quinielaId, openDate, closeDate, version } = submission.value;
  const body = { groupId: group.id, quinielaId, openDate: openDate.toISOString(), closeDate: closeDate.toISOString(), version };
  const sent = await submitToBackend(submission, () => api.post(request, "/GroupQuiniela/UpdateStatus", body, GroupRoundDetail), failureText("dates"));
  if (!sent.ok) return refusedForm("dates", sent);
  return redirectWithToast(backTo(request, quinielaId), { kind: "success", text: "Fechas actualizadas." });
}

/** The round as configured for the group; a round not configured is refused like the backend would. */
async function configuredRound(request: Request, groupId: number, quinielaId: number) {
  const round = await roundOf(request, groupId, quinielaId);
  if (!round) throw new ApiError(404, "Esta jornada no está configurada para el grupo.");
  return round;
}

/** 'Forzar cierre ahora' / 'Quitar cierre forzado', refused when the page was loaded before another change. */
export async function forceCloseRound(request: Request, group: GroupDetail, formData: FormData) {
  const submission = parseWithZod(formData, { schema: forceCloseSchema });
  if (submission.status !== "success") return answer("force", 400, { message: `${ERRORS.force} Datos no válidos.` });
  const { quinielaId, forceClosed, version } = submission.value;
  const done = await attempt(async () => {
    const { openDate, closeDate } = await configuredRound(request, group.id, quinielaId);
    await api.post(request, "/GroupQuiniela/UpdateStatus", { groupId: group.id, quinielaId, openDate, closeDate, version, forceClosed }, GroupRoundDetail);
  });
  if (!done.ok) return refusedButton("force", done);
  return redirectWithToast(backTo(request, quinielaId), { kind: "success", text: forceClosed ? "Jornada cerrada." : "Cierre forzado retirado." });
}

/** 'Cambiar tipo': the round keeps its dates and its forced close. */
export async function changeRoundType(request: Request, group: GroupDetail, formData: FormData) {
  const submission = parseWithZod(formData, { schema: roundTypeSchema });
  if (submission.status !== "success") return answer("type", 400, { message: `${ERRORS.type} Datos no válidos.` });
  const { quinielaId, typeQuinielaId, version } = submission.value;
  const done = await attempt(async () => {
    const { openDate, closeDate, forceClosed } = await configuredRound(request, group.id, quinielaId);
    const body = { groupId: group.id, quinielaId, openDate, closeDate, version, forceClosed, typeQuinielaId };
    await api.post(request, "/GroupQuiniela/ConfigureGroupQuiniela", body, GroupRoundDetail);
  });
  if (!done.ok) return refusedButton("type", done);
  return redirectWithToast(backTo(request, quinielaId), { kind: "success", text: "Tipo de quiniela cambiado." });
}

/** 'Bloquear' / 'Desbloquear' a member in this round. */
async function setBlocked(request: Request, formData: FormData, intent: "block" | "unblock") {
  const submission = parseWithZod(formData, { schema: blockSchema });
  if (submission.status !== "success") return answer(intent, 400, { message: ERRORS[intent] });
  const { quinielaId, groupQuinielaId, userId } = submission.value;
  const path = intent === "block" ? "/GroupQuiniela/BlockUser" : "/GroupQuiniela/UnblockUser";
  const done = await attempt(() => api.post(request, path, { groupQuinielaId, userId }, BlockResult));
  if (!done.ok) return answer(intent, 400, { message: failureText(intent)(done).join(" ") });
  return redirectWithToast(backTo(request, quinielaId), {
    kind: "success",
    text: intent === "block" ? "Usuario bloqueado en esta jornada." : "Usuario desbloqueado.",
  });
}

export const blockMember = (request: Request, formData: FormData) => setBlocked(request, formData, "block");
export const unblockMember = (request: Request, formData: FormData) => setBlocked(request, formData, "unblock");

/**
 * The action of /grupo/{id}/ajustes and /grupo/{id}/gestionar-quinielas: one function per form,
 * told apart by the submit button's `intent`. The week's rule, a form of /grupo/{id}/ajustes too, is
 * the week room's (`weekRuleAction`): the week sits above the rounds in the house, so the page's route
 * hands that intent over itself.
 */
export async function roundSettingsAction(request: Request, group: GroupDetail, formData: FormData) {
  const intent = String(formData.get("intent") ?? "");
  switch (intent) {
    case "configure":
      return configureRound(request, group, formData);
    case "dates":
      return changeRoundDates(request, group, formData);
    case "force":
      return forceCloseRound(request, group, formData);
    case "type":
      return changeRoundType(request, group, formData);
    case "block":
      return blockMember(request, formData);
    case "unblock":
      return unblockMember(request, formData);
    default:
      return answer(intent, 400, { message: "Acción desconocida." });
  }
}
