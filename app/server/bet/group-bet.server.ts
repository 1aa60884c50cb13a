import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import {
  Bet,
  BET_CONFIRM_ERROR,
  BET_EDIT_ERROR,
  BET_GENERATE_ERROR,
  BET_LOAD_ERROR,
  BetParticipants,
  BetRanking,
  BetRoundStatuses,
  LastBetTopN,
  type BetParticipant,
  type BetRoundStatus,
} from "#core/contract/bet";
import { PredictionList, type Prediction } from "#core/contract/prediction";
import { Quiniela, type MatchRow } from "#core/contract/quiniela";
import { resolveTopN } from "#core/domain/bet/group-bet";
import { api, ApiError, attempt, type Failure } from "~/server/shelf/client.server";
import { firstError, submitToBackend } from "~/server/shelf/submit.server";
import type { GroupDetail } from "#core/contract/group";
import { betEditSchema, confirmBetSchema, generateBetSchema, removeAutomaticSchema } from "~/forms/bet";
import { ticketSchema } from "~/forms/ticket";
import { TICKET_EDIT_ERROR } from "#core/contract/ticket";
import { picksOf } from "~/forms/prediction";
import { redirectWithToast } from "~/server/shelf/toast.server";
import { applyPlacement } from "~/server/bet/chances.server";
import { removeReceipt, uploadReceipt } from "~/server/bet/receipt.server";
import { readMultipartForm } from "~/server/shelf/upload.server";
import { RECEIPT_MAX_BYTES } from "#core/contract/receipt";

export type { MatchRow };

/** A read whose 404 means "not there yet" (the bet of a round not generated). */
async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The round shown when none is asked for: the latest that has opened, else the first one. */
function defaultRound(rounds: BetRoundStatus[]): BetRoundStatus | undefined {
  const started = rounds.filter((r) => r.state !== "not-open");
  return started.at(-1) ?? rounds[0];
}

export async function matchesOf(request: Request, quinielaId: number): Promise<MatchRow[]> {
  const quiniela = await api.read(request, `/quiniela/GetById/${quinielaId}`, Quiniela);
  return [...quiniela.matches].sort((a, b) => a.position - b.position).map((m) => ({ position: m.position, home: m.home, away: m.away }));
}

/** Everything /grupo/{id}/quiniela-grupal shows for the chosen round. */
export async function loadGroupBet(request: Request, { group, isManager }: { group: GroupDetail; isManager: boolean }) {
  const base = { groupId: group.id, groupName: group.name, isManager };
  const empty = {
    rounds: [] as BetRoundStatus[],
    round: null,
    matches: [] as MatchRow[],
    bet: null as Bet | null,
    participants: [] as BetParticipant[],
    ranking: [] as BetRanking,
    predictions: [] as Prediction[],
    defaultTopN: 1,
  };
  const listed = await attempt(() => api.read(request, `/Bet/ByGroupStatus?groupId=${group.id}`, BetRoundStatuses));
  if (!listed.ok) return { ...base, ...empty, loadError: BET_LOAD_ERROR };
  const rounds = listed.value;
  const asked = Number(new URL(request.url).searchParams.get("quiniela"));
  const round = rounds.find((r) => r.quinielaId === asked) ?? defaultRound(rounds);
  if (!round) return { ...base, ...empty, rounds, loadError: null };
  const q = `groupId=${group.id}&quinielaId=${round.quinielaId}`;
  const read = await attempt(async () => {
    const [matches, bet, ranking, predictions, last] = await Promise.all([
      matchesOf(request, round.quinielaId),
      orNull(() => api.read(request, `/Bet/GetBet?${q}`, Bet)),
      api.read(request, `/Bet/Ranking?${q}`, BetRanking),
      api.read(request, `/Quiniela/${round.quinielaId}/GetPredictions?groupId=${group.id}`, PredictionList),
      api.read(request, `/Bet/LastBetTopN?groupId=${group.id}`, LastBetTopN),
    ]);
    const participants = bet ? await api.read(request, `/Bet/${bet.id}/Participants`, BetParticipants) : [];
    return { matches, bet, participants, ranking, predictions, last };
  });
  if (!read.ok) return { ...base, ...empty, rounds, round, loadError: BET_LOAD_ERROR };
  const { matches, bet, participants, ranking, predictions, last } = read.value;
  return {
    ...base,
    rounds,
    round,
    matches,
    bet,
    participants,
    ranking,
    // Only what the page shows of each ticket: for 200 members the hydration data is then 1 KB gzip lighter.
    predictions: predictions.map(({ predictionId, userId, username, avatarPath, matches, plain15, hidden, automatic }) => ({
      predictionId,
      automatic,
      userId,
      username,
      avatarPath,
      matches,
      plain15,
      hidden,
    })),
    defaultTopN: resolveTopN(undefined, last.topN, round.predictions),
    loadError: null,
  };
}

const statusOf = (failure: Failure) => (failure.status < 500 ? failure.status : 500);
const backTo = (group: GroupDetail, quinielaId: number) => `/grupo/${group.id}/quiniela-grupal?quiniela=${quinielaId}`;

/** 'Editar quiniela grupal': every match and the pleno, saved over the generated bet. */
export async function editBet(request: Request, group: GroupDetail, formData: FormData) {
  const submission = parseWithZod(formData, { schema: betEditSchema });
  if (submission.status !== "success") return data({ intent: "edit", message: null, lastResult: submission.reply() }, { status: 400 });
  const { betId, quinielaId, plenoHome, plenoAway } = submission.value;
  const mergedPrediction = { Matches: picksOf(submission.value), Pl15: { Home: Number(plenoHome), Away: Number(plenoAway) } };
  const sent = await submitToBackend(
    submission,
    () => api.put(request, "/Bet/Update", { betId, mergedPrediction }, Bet),
    (failure) => `${BET_EDIT_ERROR} ${failure.message("")}`.trim(),
  );
  if (!sent.ok) return data({ intent: "edit", message: null, lastResult: sent.reply }, { status: statusOf(sent.failure) });
  return redirectWithToast(backTo(group, quinielaId), { kind: "success", text: "Quiniela grupal guardada." });
}

/** 'Confirmar apuesta': the bet is final and can no longer be edited. */
export async function confirmBet(request: Request, group: GroupDetail, formData: FormData) {
  const submission = parseWithZod(formData, { schema: confirmBetSchema });
  if (submission.status !== "success")
    return data({ intent: "confirm", message: `${BET_CONFIRM_ERROR} ${firstError(submission)}`, lastResult: null }, { status: 400 });
  const { betId, quinielaId } = submission.value;
  const done = await attempt(() => api.put(request, `/Bet/${betId}/ConfirmBet`, {}, Bet));
  if (!done.ok) return data({ intent: "confirm", message: `${BET_CONFIRM_ERROR} ${done.message("")}`.trim(), lastResult: null }, { status: statusOf(done) });
  return redirectWithToast(backTo(group, quinielaId), { kind: "success", text: "Apuesta confirmada." });
}

/** 'Generar quiniela grupal': the typed top N goes as typed; the backend turns an invalid one into 1 (decision 011). */
export async function generateBet(request: Request, group: GroupDetail, formData: FormData) {
  const submission = parseWithZod(formData, { schema: generateBetSchema });
  if (submission.status !== "success")
    return data({ intent: "generate", message: `${BET_GENERATE_ERROR} ${firstError(submission)}`, lastResult: null }, { status: 400 });
  const { quinielaId, seasonId, topN } = submission.value;
  const done = await attempt(() => api.post(request, "/Bet/GenerateBet", { groupId: group.id, quinielaId, seasonId, topNUsers: topN ?? "" }, Bet));
  if (!done.ok) return data({ intent: "generate", message: `${BET_GENERATE_ERROR} ${done.message("")}`.trim(), lastResult: null }, { status: statusOf(done) });
  return redirectWithToast(backTo(group, quinielaId), { kind: "success", text: `Quiniela grupal de la jornada ${done.value.numberQuiniela} generada.` });
}

/** 'Quitar pronóstico automático' (decision 048): back to the round with what happened. */
export async function removeAutomatic(request: Request, group: GroupDetail, formData: FormData) {
  const submission = parseWithZod(formData, { schema: removeAutomaticSchema });
  if (submission.status !== "success") return redirectWithToast(`/grupo/${group.id}/quiniela-grupal`, { kind: "error", text: firstError(submission) });
  const { quinielaId, predictionId } = submission.value;
  const done = await attempt(() => api.delete(request, `/group/${group.id}/AutomaticPrediction/${predictionId}`));
  if (!done.ok)
    return redirectWithToast(backTo(group, quinielaId), {
      kind: "error",
      text: `No se pudo quitar el pronóstico automático: ${done.message("inténtalo de nuevo.")}`,
    });
  return redirectWithToast(backTo(group, quinielaId), { kind: "success", text: "Pronóstico automático quitado." });
}

/** Generate, edit, confirm or apply the suggested placement, told apart by the submit button's `intent`; each failure stays on the page with its message. */
export async function groupBetAction(request: Request, group: GroupDetail) {
  // The resguardo's form is multipart (decision 090); the page's other forms read as before.
  const { formData, tooLarge } = await readMultipartForm(request, RECEIPT_MAX_BYTES);
  switch (formData.get("intent")) {
    case "receipt":
      return uploadReceipt(request, group, formData, tooLarge);
    case "receipt-remove":
      return removeReceipt(request, group, formData);
    case "edit":
      return editBet(request, group, formData);
    case "ticket":
      return saveTicket(request, group, formData);
    case "confirm":
      return confirmBet(request, group, formData);
    case "placement":
      return applyPlacement(request, group, formData);
    case "remove-automatic":
      return removeAutomatic(request, group, formData);
    default:
      return generateBet(request, group, formData);
  }
}

/** 'Guardar boleto': how the bet is played (reduction, pleno marks). A stale form is a 409 with the current ticket shown. */
export async function saveTicket(request: Request, group: GroupDetail, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ticketSchema });
  if (submission.status !== "success")
    return data({ intent: "ticket", message: `${TICKET_EDIT_ERROR} ${firstError(submission)}`.trim(), lastResult: null }, { status: 400 });
  const { betId, quinielaId, version, reduction, plenoHome, plenoAway } = submission.value;
  const done = await attempt(() => api.put(request, `/Bet/${betId}/Ticket`, { version, reduction, plenoMarks: { home: plenoHome, away: plenoAway } }, Bet));
  if (!done.ok) return data({ intent: "ticket", message: `${TICKET_EDIT_ERROR} ${done.message("")}`.trim(), lastResult: null }, { status: statusOf(done) });
  return redirectWithToast(backTo(group, quinielaId), { kind: "success", text: "Boleto guardado." });
}
