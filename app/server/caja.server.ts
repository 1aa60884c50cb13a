import { randomBytes } from "node:crypto";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { Caja, CajaRules, KIND_LABELS, Movement, PrizeSharing, Settlement, Stamper } from "#core/contract/caja";
import { MOVEMENT_KINDS } from "#core/domain/caja";
import { formatEuros } from "#core/domain/money";
import { percentText } from "#core/domain/prize-sharing";
import { formatDateTime } from "#core/dates";
import { movementFormSchema, potFormSchema, reverseFormSchema, rotaNames, rulesFormSchema, settleFormSchema } from "~/forms/caja";
import { csvError, csvResponse, positiveId } from "~/server/bet-stats.server";
import { api, ApiError, errorMessage, rethrowResponse } from "~/server/client.server";
import { requireManagerOf } from "~/server/session/guards.server";
import { requireUser } from "~/server/session/session.server";
import { redirectWithToast } from "~/server/session/toast.server";

/** A one-time key for each form rendered: the backend records one movement per key (decision 032). */
const newKey = () => randomBytes(16).toString("base64url");

function groupIdOf(raw: string | undefined): number {
  const groupId = positiveId(raw);
  if (!groupId) throw new Response("No encontramos lo que buscas.", { status: 404 });
  return groupId;
}

/** The page's filters, as the GET form sends them: unknown values are dropped, not refused. */
export function cajaFilters(url: URL) {
  const member = positiveId(url.searchParams.get("miembro"));
  const rawKind = url.searchParams.get("tipo") ?? "";
  const kind = (MOVEMENT_KINDS as readonly string[]).includes(rawKind) ? (rawKind as (typeof MOVEMENT_KINDS)[number]) : null;
  return { member, kind };
}

function cajaPath(groupId: number, filters: ReturnType<typeof cajaFilters>) {
  const query = new URLSearchParams();
  if (filters.member) query.set("member", String(filters.member));
  if (filters.kind) query.set("kind", filters.kind);
  return `/group/${groupId}/caja${query.size ? `?${query}` : ""}`;
}

/** Thrown answers of the backend that the page shows as its own status (another group's caja: 403). */
function loadFailure(error: unknown): never {
  rethrowResponse(error);
  if (error instanceof ApiError && (error.status === 403 || error.status === 404)) throw new Response(error.message, { status: error.status });
  throw error;
}

export async function loadCajaPage(request: Request, groupIdParam: string | undefined) {
  await requireUser(request);
  const groupId = groupIdOf(groupIdParam);
  const filters = cajaFilters(new URL(request.url));
  const caja = await api.read(request, cajaPath(groupId, filters), Caja).catch(loadFailure);
  const keys = { payment: newKey(), fine: newKey(), payout: newKey(), pot: newKey(), reverse: newKey() };
  return { caja, filters, keys };
}

type Intent = "movement" | "pot" | "reverse" | "rules";
const reply = (intent: Intent, lastResult: unknown, status = 400) => data({ intent, lastResult }, { status });

/** The manager's forms on the caja page, told apart by their submit button's intent. */
export async function cajaAction(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const back = `/grupo/${group.id}/caja`;
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "movement" || intent === "pot") {
    const submission = parseWithZod(formData, { schema: intent === "movement" ? movementFormSchema : potFormSchema });
    if (submission.status !== "success") return reply(intent, submission.reply());
    const { amount, ...rest } = submission.value;
    try {
      const movement = await api.post(request, `/group/${group.id}/caja/movements`, { ...rest, amountCents: amount }, Movement);
      const who = movement.username ? ` de ${movement.username}` : "";
      return redirectWithToast(back, { kind: "success", text: `${KIND_LABELS[movement.kind]}${who} anotado: ${formatEuros(Math.abs(movement.amountCents))}.` });
    } catch (error) {
      rethrowResponse(error);
      return reply(intent, submission.reply({ formErrors: [errorMessage(error, "No se pudo anotar el movimiento.")] }));
    }
  }
  if (intent === "reverse") {
    const submission = parseWithZod(formData, { schema: reverseFormSchema });
    if (submission.status !== "success") return redirectWithToast(back, { kind: "error", text: "No se pudo corregir: recarga la caja y vuelve a intentarlo." });
    try {
      await api.post(
        request,
        `/group/${group.id}/caja/movements/${submission.value.movementId}/reverse`,
        { idempotencyKey: submission.value.idempotencyKey },
        Movement,
      );
    } catch (error) {
      rethrowResponse(error);
      return redirectWithToast(back, { kind: "error", text: `No se pudo corregir: ${errorMessage(error, "inténtalo de nuevo.")}` });
    }
    return redirectWithToast(back, { kind: "success", text: "Movimiento corregido: se ha anotado el movimiento contrario." });
  }
  if (intent === "rules") {
    const submission = parseWithZod(formData, { schema: rulesFormSchema });
    if (submission.status !== "success") return reply(intent, submission.reply());
    const v = submission.value;
    // The rota is typed as names; the backend takes the members' ids.
    const names = rotaNames(v.stampRota);
    let stampRota: number[] = [];
    if (names.length) {
      const caja = await api.read(request, `/group/${group.id}/caja`, Caja);
      const byName = new Map(caja.members.map((m) => [m.username.toLocaleLowerCase("es"), m.userId]));
      const unknown = names.filter((n) => !byName.has(n.toLocaleLowerCase("es")));
      if (unknown.length) return reply(intent, submission.reply({ fieldErrors: { stampRota: [`No hay ningún miembro llamado ${unknown.join(", ")}.`] } }));
      stampRota = names.map((n) => byName.get(n.toLocaleLowerCase("es"))!);
    }
    const body = {
      quotaCents: v.quota,
      quotaBasis: v.quotaBasis,
      payTicket: v.payTicket,
      hideBalances: v.hideBalances,
      bestPrizeCents: v.bestPrize,
      pinaPenaltyCents: v.pinaPenalty,
      lastPlaceFineCents: v.lastPlaceFine,
      stampRota,
      version: v.version,
    };
    try {
      await api.put(request, `/group/${group.id}/caja/rules`, body, CajaRules);
    } catch (error) {
      rethrowResponse(error);
      return reply(intent, submission.reply({ formErrors: [errorMessage(error, "No se pudieron guardar las normas.")] }));
    }
    return redirectWithToast(back, { kind: "success", text: "Normas de la caja guardadas." });
  }
  return redirectWithToast(back, { kind: "error", text: "Acción no válida." });
}

export async function loadSettlementPage(request: Request, groupIdParam: string | undefined) {
  await requireUser(request);
  const groupId = groupIdOf(groupIdParam);
  const [caja, settlement] = await Promise.all([
    api.read(request, `/group/${groupId}/caja`, Caja).catch(loadFailure),
    api.read(request, `/group/${groupId}/caja/settlement`, Settlement).catch(loadFailure),
  ]);
  return { groupId, groupName: caja.groupName, canWrite: caja.canWrite, settlement };
}

export async function settleAction(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const back = `/grupo/${group.id}/caja/liquidacion`;
  const submission = parseWithZod(await request.formData(), { schema: settleFormSchema });
  if (submission.status !== "success") return redirectWithToast(back, { kind: "error", text: "No se pudo liquidar: recarga la página." });
  try {
    await api.post(request, `/group/${group.id}/caja/settlement`, submission.value, Settlement);
  } catch (error) {
    rethrowResponse(error);
    return redirectWithToast(back, { kind: "error", text: `No se pudo liquidar: ${errorMessage(error, "inténtalo de nuevo.")}` });
  }
  return redirectWithToast(back, { kind: "success", text: "Temporada liquidada: el reparto está anotado en la caja." });
}

/**
 * Cents as a spreadsheet reads them in Spanish, "12,50": no euro sign, no thousands dot, and never
 * a minus (a cell starting with "-" is quoted against formula injection and would turn to text), so
 * money going up and going down have a column each.
 */
const csvEuros = (cents: number) => `${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, "0")}`;
const plus = (cents: number) => (cents > 0 ? csvEuros(cents) : "");
const minus = (cents: number) => (cents < 0 ? csvEuros(cents) : "");

/** The movements (with the page's filters) and the balances as one spreadsheet. */
export async function cajaCsv(request: Request, groupIdParam: string | undefined) {
  await requireUser(request);
  const groupId = groupIdOf(groupIdParam);
  const filters = cajaFilters(new URL(request.url));
  let caja: Caja;
  try {
    caja = await api.read(request, cajaPath(groupId, filters), Caja);
  } catch (error) {
    rethrowResponse(error);
    const status = error instanceof ApiError && error.status < 500 ? error.status : 502;
    return new Response(errorMessage(error, "No se pudo cargar la caja."), { status, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const rows: (string | number)[][] = [
    ["Fecha", "Tipo", "Miembro", "Suma (€)", "Resta (€)", "Referencia", "Anotado por", "Corrige a", "Id"],
    ...caja.movements.map((m) => [
      formatDateTime(m.recordedAt),
      KIND_LABELS[m.kind],
      m.username ?? "Bote",
      plus(m.amountCents),
      minus(m.amountCents),
      m.reference,
      m.recordedBy ?? "Automático",
      m.reversesId ?? "",
      m.id,
    ]),
    [],
    ["Saldos", "", "", "A favor (€)", "Debe (€)", "", "", "", ""],
    ["Bote", "", "Bote", plus(caja.potCents), minus(caja.potCents), "", "", "", ""],
    ...caja.members.filter((m) => m.balanceCents !== null).map((m) => ["Saldo", "", m.username, plus(m.balanceCents!), minus(m.balanceCents!), "", "", "", ""]),
  ];
  return csvResponse(`caja-${caja.groupName.replace(/[^\p{L}\p{N}]+/gu, "-").toLowerCase()}.csv`, rows);
}

/** The signed-in member's balance for the dashboard; null when the caja could not be read. */
export async function loadMyBalance(request: Request, groupIdParam: string | undefined): Promise<number | null> {
  const groupId = positiveId(groupIdParam);
  if (!groupId) return null;
  try {
    return (await api.read(request, `/group/${groupId}/caja`, Caja)).me?.balanceCents ?? null;
  } catch (error) {
    rethrowResponse(error);
    return null;
  }
}

/**
 * 'Esta semana sella: …' for the group bet page: who stamps the jornada's ticket. Null when the
 * rota cannot be read (the bet page does not fail for it).
 */
export async function loadStamper(request: Request, groupId: number, quinielaId: number | null | undefined): Promise<Stamper | null> {
  try {
    return await api.read(request, `/group/${groupId}/caja/stamper${quinielaId ? `?quinielaId=${quinielaId}` : ""}`, Stamper);
  } catch (error) {
    rethrowResponse(error);
    return null;
  }
}

function prizePath(groupIdParam: string | undefined, movementIdParam: string | undefined) {
  const groupId = groupIdOf(groupIdParam);
  const movementId = positiveId(movementIdParam);
  if (!movementId) throw new Response("No encontramos lo que buscas.", { status: 404 });
  return `/group/${groupId}/caja/prizes/${movementId}`;
}

/** The prize-sharing record (decision 035): who owns what of a prize the peña won. */
export async function loadPrizeSharing(request: Request, groupIdParam: string | undefined, movementIdParam: string | undefined) {
  await requireUser(request);
  const sharing = await api.read(request, prizePath(groupIdParam, movementIdParam), PrizeSharing).catch(loadFailure);
  return { sharing };
}

/** The same record as a spreadsheet: the prize's facts, then one row per member and the totals. */
export async function prizeSharingCsv(request: Request, groupIdParam: string | undefined, movementIdParam: string | undefined) {
  await requireUser(request);
  let s: PrizeSharing;
  try {
    s = await api.read(request, prizePath(groupIdParam, movementIdParam), PrizeSharing);
  } catch (error) {
    return csvError(error, "No se pudo cargar el reparto del premio.");
  }
  const percent = (h: number) => percentText(h).replace(/\s*%$/u, "");
  const rows: (string | number)[][] = [
    ["Reparto del premio", s.groupName, "", "", "", "", ""],
    ["Premio (€)", csvEuros(s.prizeCents), "Movimiento", s.movementId, "Fecha", formatDateTime(s.recordedAt), ""],
    ["Referencia", s.reference, "Temporada", s.seasonName ?? "", "Exento (€)", csvEuros(s.thresholdCents), ""],
    ["Gravamen (%)", s.levyPercent, "Reparto", s.basis === "quotas" ? "Según las cuotas aportadas" : "A partes iguales", "", "", ""],
    [],
    ["Miembro", "Aportación (€)", "Participación (%)", "Parte del premio (€)", "Exento (€)", "Gravamen (€)", "Neto (€)"],
    ...s.lines.map((l) => [
      l.username,
      s.basis === "quotas" ? csvEuros(l.contributionCents) : "",
      percent(l.percentHundredths),
      csvEuros(l.shareCents),
      csvEuros(l.exemptCents),
      csvEuros(l.levyCents),
      csvEuros(l.netCents),
    ]),
    ["Total", "", "100,00", csvEuros(s.prizeCents), csvEuros(s.thresholdCents), csvEuros(s.levyCents), csvEuros(s.netCents)],
  ];
  return csvResponse(`premio-${s.movementId}-${s.groupName.replace(/[^\p{L}\p{N}]+/gu, "-").toLowerCase()}.csv`, rows);
}
