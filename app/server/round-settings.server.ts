import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { GroupDetail } from "#core/contract/group";
import { BlockResult, GroupRoundDetail, type GroupRound } from "#core/contract/group-quiniela";
import { PoolTypeList, Quiniela, QuinielaList } from "#core/contract/quiniela";
import { madridLocalToUtc } from "#core/dates";
import { blockSchema, configureRoundSchema, roundStatusSchema } from "~/forms/groups";
import { redirectWithToast } from "~/server/session/toast.server";
import { api, ApiError, errorMessage, rethrowResponse } from "./client.server";
import { groupRounds, groupSeasons } from "./groups.server";

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
    pools: [...seasonPools].sort((a, b) => a.numberQuiniela - b.numberQuiniela).map((q) => ({ ...poolSummary(q), round: byPool.get(q.id) ?? null })),
    types,
    selected: chosen ? await selectedPool(request, group, chosen, seasonPools) : null,
    missing: chosen > 0 && !chosenPool,
  };
}

const toUtc = (local: string) => madridLocalToUtc(local)!.toISOString();

type Intent = "configure" | "dates" | "force" | "type" | "block" | "unblock";

const ERRORS: Record<Intent, string> = {
  configure: "No se pudo activar la jornada:",
  dates: "Error al actualizar fechas.",
  force: "Error al actualizar fechas.",
  type: "No se pudo cambiar el tipo de quiniela:",
  block: "Error al bloquear usuario.",
  unblock: "Error al desbloquear usuario.",
};

/** A save against a newer version (another manager saved first): the page answers 409 with the current values. */
const isStale = (error: unknown) => error instanceof ApiError && error.status === 409;

export async function roundSettingsAction(request: Request, group: GroupDetail) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "") as Intent;
  const url = new URL(request.url);
  const back = (quinielaId: number) => `${url.pathname}?quiniela=${quinielaId}`;
  const fail = (error: unknown) => {
    rethrowResponse(error);
    return [ERRORS[intent], errorMessage(error, "Inténtalo de nuevo.")];
  };

  if (intent === "configure" || intent === "dates") {
    const schema = intent === "configure" ? configureRoundSchema : roundStatusSchema;
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success") return data({ intent, lastResult: submission.reply(), message: null }, { status: 400 });
    const v = submission.value;
    const body = { groupId: group.id, quinielaId: v.quinielaId, openDate: toUtc(v.openDate), closeDate: toUtc(v.closeDate) };
    try {
      if ("typeQuinielaId" in v) {
        await api.post(
          request,
          "/GroupQuiniela/ConfigureGroupQuiniela",
          { ...body, forceClosed: v.forceClosed ?? false, typeQuinielaId: v.typeQuinielaId },
          GroupRoundDetail,
        );
      } else {
        // No forceClosed: the dates form never touches the forced close (docs/decisions/015).
        await api.post(request, "/GroupQuiniela/UpdateStatus", { ...body, version: v.version }, GroupRoundDetail);
      }
    } catch (error) {
      const stale = isStale(error);
      return data(
        { intent, lastResult: submission.reply({ formErrors: stale ? [errorMessage(error, "")] : fail(error) }), message: null, stale },
        { status: stale ? 409 : 400 },
      );
    }
    const text = intent === "configure" ? "Jornada activada para el grupo." : "Fechas actualizadas.";
    return redirectWithToast(back(v.quinielaId), { kind: "success", text });
  }

  if (intent === "force" || intent === "type") {
    const quinielaId = Number(formData.get("quinielaId"));
    // The version the button's page was loaded from: a stale "Quitar cierre forzado" is refused.
    const version = Number(formData.get("version")) || undefined;
    try {
      const round = await roundOf(request, group.id, quinielaId);
      if (!round) throw new ApiError(404, "Esta jornada no está configurada para el grupo.");
      const body = { groupId: group.id, quinielaId, openDate: round.openDate, closeDate: round.closeDate, version };
      if (intent === "force")
        await api.post(request, "/GroupQuiniela/UpdateStatus", { ...body, forceClosed: formData.get("forceClosed") === "true" }, GroupRoundDetail);
      else
        await api.post(
          request,
          "/GroupQuiniela/ConfigureGroupQuiniela",
          { ...body, forceClosed: round.forceClosed, typeQuinielaId: Number(formData.get("typeQuinielaId")) },
          GroupRoundDetail,
        );
    } catch (error) {
      const stale = isStale(error);
      return data({ intent, lastResult: null, message: stale ? errorMessage(error, "") : fail(error).join(" "), stale }, { status: stale ? 409 : 400 });
    }
    const text = intent === "force" ? (formData.get("forceClosed") === "true" ? "Jornada cerrada." : "Cierre forzado retirado.") : "Tipo de quiniela cambiado.";
    return redirectWithToast(back(quinielaId), { kind: "success", text });
  }

  if (intent === "block" || intent === "unblock") {
    const submission = parseWithZod(formData, { schema: blockSchema });
    const quinielaId = Number(formData.get("quinielaId"));
    if (submission.status !== "success") return data({ intent, lastResult: null, message: ERRORS[intent] }, { status: 400 });
    try {
      await api.post(request, intent === "block" ? "/GroupQuiniela/BlockUser" : "/GroupQuiniela/UnblockUser", submission.value, BlockResult);
    } catch (error) {
      return data({ intent, lastResult: null, message: fail(error).join(" ") }, { status: 400 });
    }
    return redirectWithToast(back(quinielaId), { kind: "success", text: intent === "block" ? "Usuario bloqueado en esta jornada." : "Usuario desbloqueado." });
  }

  return data({ intent, lastResult: null, message: "Acción desconocida." }, { status: 400 });
}
