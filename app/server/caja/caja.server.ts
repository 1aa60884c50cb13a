import { randomBytes } from "node:crypto";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { Caja, CajaRules, KIND_LABELS, Movement, PrizeSharing, ROTA_REPEATED, Settlement, Stamper } from "#core/contract/caja";
import { MOVEMENT_KINDS } from "#core/domain/caja/caja";
import { formatEuros, plainEuros } from "#core/domain/money";
import { percentText } from "#core/domain/caja/prize-sharing";
import { formatDateTime } from "#core/dates";
import { movementFormSchema, potFormSchema, reverseFormSchema, rotaNames, rulesFormSchema, settleFormSchema } from "~/forms/caja";
import { csvError, csvResponse } from "~/server/shelf/csv.server";
import { positiveId } from "~/server/shelf/ids.server";
import { api, attempt, loadOrNull, type Failure } from "~/server/shelf/client.server";
import { submitToBackend } from "~/server/shelf/submit.server";
import { refuseOutsider, requireManagerOf } from "~/server/session/guards.server";
import { requireUser } from "~/server/shelf/session.server";
import { redirectWithToast } from "~/server/shelf/toast.server";

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

/** Movements on one page of the caja, the newest first (decision 042). */
const CAJA_PAGE = 25;

/** The page's place in the list (`antes`: older than that movement) and the movement chosen to correct. */
export function cajaPlace(url: URL) {
  return { before: positiveId(url.searchParams.get("antes")), correct: positiveId(url.searchParams.get("corregir")) };
}

function cajaPath(groupId: number, filters: ReturnType<typeof cajaFilters>, page?: { before: number | null }) {
  const query = new URLSearchParams();
  if (filters.member) query.set("member", String(filters.member));
  if (filters.kind) query.set("kind", filters.kind);
  if (page) query.set("limit", String(CAJA_PAGE));
  if (page?.before) query.set("before", String(page.before));
  return `/group/${groupId}/caja${query.size ? `?${query}` : ""}`;
}

/** Thrown answers of the backend that the page shows as its own status (another group's caja: 403). */
async function readOrThrow<T>(read: () => Promise<T>): Promise<T> {
  const outcome = await attempt(read);
  if (outcome.ok) return outcome.value;
  // Another group's caja is a 403; an id the backend cannot read (too big, say) is nothing to find here.
  if (outcome.status === 400) throw new Response("No encontramos lo que buscas.", { status: 404 });
  refuseOutsider(outcome.status);
  if (outcome.status === 404) throw new Response(outcome.message(""), { status: outcome.status });
  throw outcome.error;
}

export async function loadCajaPage(request: Request, groupIdParam: string | undefined) {
  await requireUser(request);
  const groupId = groupIdOf(groupIdParam);
  const url = new URL(request.url);
  const filters = cajaFilters(url);
  const place = cajaPlace(url);
  const caja = await readOrThrow(() => api.read(request, cajaPath(groupId, filters, place), Caja));
  const keys = { payment: newKey(), fine: newKey(), payout: newKey(), pot: newKey(), reverse: newKey() };
  return { caja, filters, place, keys };
}

type Intent = "movement" | "pot" | "reverse" | "rules";
const reply = (intent: Intent, lastResult: unknown, status = 400) => data({ intent, lastResult }, { status });
const failedWith = (fallback: string) => (failure: Failure) => failure.message(fallback);

/** The manager's forms on the caja page, told apart by their submit button's intent: one function each. */
export async function cajaAction(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const formData = await request.formData();
  const intent = formData.get("intent");
  switch (intent) {
    case "movement":
    case "pot":
      return recordMovement(request, group.id, intent, formData);
    case "reverse":
      return reverseMovement(request, group.id, formData);
    case "rules":
      return saveRules(request, group.id, formData);
    default:
      return redirectWithToast(`/grupo/${group.id}/caja`, { kind: "error", text: "Acción no válida." });
  }
}

async function recordMovement(request: Request, groupId: number, intent: "movement" | "pot", formData: FormData) {
  const submission = parseWithZod(formData, { schema: intent === "movement" ? movementFormSchema : potFormSchema });
  if (submission.status !== "success") return reply(intent, submission.reply());
  const { amount, ...rest } = submission.value;
  const sent = await submitToBackend(
    submission,
    () => api.post(request, `/group/${groupId}/caja/movements`, { ...rest, amountCents: amount }, Movement),
    failedWith("No se pudo anotar el movimiento."),
  );
  if (!sent.ok) return reply(intent, sent.reply);
  const movement = sent.value;
  const who = movement.username ? ` de ${movement.username}` : "";
  return redirectWithToast(`/grupo/${groupId}/caja`, {
    kind: "success",
    text: `${KIND_LABELS[movement.kind]}${who} anotado: ${formatEuros(Math.abs(movement.amountCents))}.`,
  });
}

async function reverseMovement(request: Request, groupId: number, formData: FormData) {
  const back = `/grupo/${groupId}/caja`;
  const submission = parseWithZod(formData, { schema: reverseFormSchema });
  if (submission.status !== "success") return redirectWithToast(back, { kind: "error", text: "No se pudo corregir: recarga la caja y vuelve a intentarlo." });
  const { movementId, idempotencyKey } = submission.value;
  const sent = await attempt(() => api.post(request, `/group/${groupId}/caja/movements/${movementId}/reverse`, { idempotencyKey }, Movement));
  if (!sent.ok) return redirectWithToast(back, { kind: "error", text: `No se pudo corregir: ${sent.message("inténtalo de nuevo.")}` });
  return redirectWithToast(back, { kind: "success", text: "Movimiento corregido: se ha anotado el movimiento contrario." });
}

async function saveRules(request: Request, groupId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: rulesFormSchema });
  if (submission.status !== "success") return reply("rules", submission.reply());
  const v = submission.value;
  // The rota is typed as names; the backend takes the members' ids.
  const names = rotaNames(v.stampRota);
  let stampRota: number[] = [];
  if (names.length) {
    const caja = await readOrThrow(() => api.read(request, `/group/${groupId}/caja?limit=1`, Caja));
    const byName = new Map(caja.members.map((m) => [m.username.toLocaleLowerCase("es"), m.userId]));
    const unknown = names.filter((n) => !byName.has(n.toLocaleLowerCase("es")));
    if (unknown.length) return reply("rules", submission.reply({ fieldErrors: { stampRota: [`No hay ningún miembro llamado ${unknown.join(", ")}.`] } }));
    stampRota = names.map((n) => byName.get(n.toLocaleLowerCase("es"))!);
    // The same member twice: said on the field, as the backend would refuse it.
    if (new Set(stampRota).size !== stampRota.length) return reply("rules", submission.reply({ fieldErrors: { stampRota: [ROTA_REPEATED] } }));
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
  const sent = await submitToBackend(
    submission,
    () => api.put(request, `/group/${groupId}/caja/rules`, body, CajaRules),
    failedWith("No se pudieron guardar las normas."),
  );
  if (!sent.ok) return reply("rules", sent.reply);
  return redirectWithToast(`/grupo/${groupId}/caja`, { kind: "success", text: "Normas de la caja guardadas." });
}

export async function loadSettlementPage(request: Request, groupIdParam: string | undefined) {
  await requireUser(request);
  const groupId = groupIdOf(groupIdParam);
  const [caja, settlement] = await Promise.all([
    readOrThrow(() => api.read(request, `/group/${groupId}/caja?limit=1`, Caja)),
    readOrThrow(() => api.read(request, `/group/${groupId}/caja/settlement`, Settlement)),
  ]);
  return { groupId, groupName: caja.groupName, canWrite: caja.canWrite, settlement };
}

export async function settleAction(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const back = `/grupo/${group.id}/caja/liquidacion`;
  const submission = parseWithZod(await request.formData(), { schema: settleFormSchema });
  if (submission.status !== "success") return redirectWithToast(back, { kind: "error", text: "No se pudo liquidar: recarga la página." });
  const sent = await attempt(() => api.post(request, `/group/${group.id}/caja/settlement`, submission.value, Settlement));
  if (!sent.ok) return redirectWithToast(back, { kind: "error", text: `No se pudo liquidar: ${sent.message("inténtalo de nuevo.")}` });
  return redirectWithToast(back, { kind: "success", text: "Temporada liquidada: el reparto está anotado en la caja." });
}

/**
 * Cents as a spreadsheet reads them in Spanish, "12,50": no euro sign, no thousands dot, and never
 * a minus (a cell starting with "-" is quoted against formula injection and would turn to text), so
 * money going up and going down have a column each.
 */
const csvEuros = (cents: number) => plainEuros(Math.abs(cents));
const plus = (cents: number) => (cents > 0 ? csvEuros(cents) : "");
const minus = (cents: number) => (cents < 0 ? csvEuros(cents) : "");

/** The movements (with the page's filters) and the balances as one spreadsheet. */
export async function cajaCsv(request: Request, groupIdParam: string | undefined) {
  await requireUser(request);
  const groupId = groupIdOf(groupIdParam);
  const filters = cajaFilters(new URL(request.url));
  const read = await attempt(() => api.read(request, cajaPath(groupId, filters), Caja));
  if (!read.ok) return csvError(read, "No se pudo cargar la caja.");
  const caja = read.value;
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
  const caja = await loadOrNull(() => api.read(request, `/group/${groupId}/caja?limit=1`, Caja));
  return caja?.me?.balanceCents ?? null;
}

/**
 * 'Esta semana sella: …' for the group bet page: who stamps the jornada's ticket. Null when the
 * rota cannot be read (the bet page does not fail for it).
 */
export async function loadStamper(request: Request, groupId: number, quinielaId: number | null | undefined): Promise<Stamper | null> {
  return loadOrNull(() => api.read(request, `/group/${groupId}/caja/stamper${quinielaId ? `?quinielaId=${quinielaId}` : ""}`, Stamper));
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
  const sharing = await readOrThrow(() => api.read(request, prizePath(groupIdParam, movementIdParam), PrizeSharing));
  return { sharing };
}

/** The same record as a spreadsheet: the prize's facts, then one row per member and the totals. */
export async function prizeSharingCsv(request: Request, groupIdParam: string | undefined, movementIdParam: string | undefined) {
  await requireUser(request);
  const read = await attempt(() => api.read(request, prizePath(groupIdParam, movementIdParam), PrizeSharing));
  if (!read.ok) return csvError(read, "No se pudo cargar el reparto del premio.");
  const s = read.value;
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
