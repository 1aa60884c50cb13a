import { sourceShort } from "#core/domain/bet/chances-text";
import { data } from "@remix-run/node";
import { Bet } from "#core/contract/bet";
import { BetChances, CHANCES_LOAD_ERROR, PLACEMENT_APPLY_ERROR } from "#core/contract/chances";
import type { GroupDetail } from "#core/contract/group";
import { parseEuros } from "#core/domain/money";
import { TARGETS, type Target } from "#core/domain/bet/placement";
import { api, attempt } from "~/server/shelf/client.server";
import { redirectWithToast } from "~/server/shelf/toast.server";

/**
 * The 'Probabilidades' part of the group bet page (decision 037): the target and the optional
 * budget come in the address (a GET form, so it works without JavaScript), the chances from one call.
 */

const targetOf = (v: unknown): Target => (TARGETS.includes(v as Target) ? (v as Target) : "p10");

/** The budget typed in euros: cents, nothing when left blank, or the Spanish message for the field. */
function budgetOf(text: string): { cents?: number; error: string | null } {
  if (text.trim() === "") return { error: null };
  const parsed = parseEuros(text, { maxCents: 1_000_000 * 100 });
  return parsed.ok ? { cents: parsed.cents, error: null } : { error: parsed.error.message };
}

export async function loadChances(request: Request, betId: number) {
  const params = new URL(request.url).searchParams;
  const target = targetOf(params.get("objetivo"));
  const budgetText = params.get("presupuesto") ?? "";
  const budget = budgetOf(budgetText);
  const query = new URLSearchParams({ target });
  if (budget.cents !== undefined) query.set("budgetCents", String(budget.cents));
  const read = await attempt(() => api.read(request, `/Bet/${betId}/Chances?${query}`, BetChances));
  return {
    target,
    /** A target or a budget was asked for: the page opens the placement's fold on its answer. */
    asked: params.has("objetivo") || params.has("presupuesto"),
    budgetText,
    budgetError: budget.error,
    chances: read.ok ? read.value : null,
    loadError: read.ok ? null : `${CHANCES_LOAD_ERROR} ${read.message("")}`.trim(),
  };
}
export type ChancesData = Awaited<ReturnType<typeof loadChances>>;

/** The P(≥ 10) line of the print view: the chances of the bet as it stands. */
export async function loadTenOrMore(request: Request, betId: number): Promise<{ p: number; source: string } | null> {
  const read = await attempt(() => api.read(request, `/Bet/${betId}/Chances`, BetChances));
  return read.ok ? { p: read.value.current.atLeast["10"], source: sourceShort(read.value.model) } : null;
}

const int = (v: FormDataEntryValue | null) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null);

/** 'Aplicar esta colocación': the backend computes the suggestion again and applies it; back to the same target and budget. */
export async function applyPlacement(request: Request, group: GroupDetail, formData: FormData) {
  const betId = int(formData.get("betId"));
  const quinielaId = int(formData.get("quinielaId"));
  const version = int(formData.get("version"));
  const budgetCents = int(formData.get("budgetCents"));
  const target = targetOf(formData.get("target"));
  if (betId === null || quinielaId === null) return data({ intent: "placement", message: PLACEMENT_APPLY_ERROR, lastResult: null }, { status: 400 });
  const body = { target, ...(version ? { version } : {}), ...(budgetCents !== null ? { budgetCents } : {}) };
  const done = await attempt(() => api.post(request, `/Bet/${betId}/ApplyPlacement`, body, Bet));
  if (!done.ok) {
    const status = done.status < 500 ? done.status : 500;
    return data({ intent: "placement", message: `${PLACEMENT_APPLY_ERROR} ${done.message("")}`.trim(), lastResult: null }, { status });
  }
  const back = new URLSearchParams({ quiniela: String(quinielaId), objetivo: target });
  const budgetText = formData.get("presupuesto");
  if (typeof budgetText === "string" && budgetText.trim()) back.set("presupuesto", budgetText.trim());
  return redirectWithToast(`/grupo/${group.id}/quiniela-grupal?${back}`, { kind: "success", text: "Colocación de dobles y triples aplicada." });
}
