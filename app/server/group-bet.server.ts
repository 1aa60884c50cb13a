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
import { resolveTopN } from "#core/domain/group-bet";
import { api, ApiError, errorMessage, rethrowResponse } from "~/server/client.server";
import type { GroupDetail } from "#core/contract/group";
import { betEditSchema } from "~/forms/bet";
import { ticketSchema } from "~/forms/ticket";
import { TICKET_EDIT_ERROR } from "#core/contract/ticket";
import { picksOf } from "~/forms/prediction";
import { redirectWithToast } from "~/server/session/toast.server";

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
  let rounds: BetRoundStatus[];
  try {
    rounds = await api.read(request, `/Bet/ByGroupStatus?groupId=${group.id}`, BetRoundStatuses);
  } catch (error) {
    rethrowResponse(error);
    return { ...base, ...empty, loadError: BET_LOAD_ERROR };
  }
  const asked = Number(new URL(request.url).searchParams.get("quiniela"));
  const round = rounds.find((r) => r.quinielaId === asked) ?? defaultRound(rounds);
  if (!round) return { ...base, ...empty, rounds, loadError: null };
  try {
    const q = `groupId=${group.id}&quinielaId=${round.quinielaId}`;
    const [matches, bet, ranking, predictions, last] = await Promise.all([
      matchesOf(request, round.quinielaId),
      orNull(() => api.read(request, `/Bet/GetBet?${q}`, Bet)),
      api.read(request, `/Bet/Ranking?${q}`, BetRanking),
      api.read(request, `/Quiniela/${round.quinielaId}/GetPredictions?groupId=${group.id}`, PredictionList),
      api.read(request, `/Bet/LastBetTopN?groupId=${group.id}`, LastBetTopN),
    ]);
    const participants = bet ? await api.read(request, `/Bet/${bet.id}/Participants`, BetParticipants) : [];
    return {
      ...base,
      rounds,
      round,
      matches,
      bet,
      participants,
      ranking,
      // Only what the page shows of each ticket: for 200 members the hydration data is then 1 KB gzip lighter (issue 15).
      predictions: predictions.map(({ userId, username, avatarPath, matches, plain15, hidden }) => ({
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
  } catch (error) {
    rethrowResponse(error);
    return { ...base, ...empty, rounds, round, loadError: BET_LOAD_ERROR };
  }
}

const statusOf = (error: unknown) => (error instanceof ApiError && error.status < 500 ? error.status : 500);

/** Generate, edit or confirm, told apart by the submit button's `intent`; each failure stays on the page with its message. */
export async function groupBetAction(request: Request, group: GroupDetail) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const quinielaId = Number(formData.get("quinielaId"));
  const back = `/grupo/${group.id}/quiniela-grupal?quiniela=${quinielaId}`;

  if (intent === "edit") {
    const submission = parseWithZod(formData, { schema: betEditSchema });
    if (submission.status !== "success") return data({ intent, message: null, lastResult: submission.reply() }, { status: 400 });
    const { betId, plenoHome, plenoAway } = submission.value;
    try {
      await api.put(
        request,
        "/Bet/Update",
        { betId, mergedPrediction: { Matches: picksOf(submission.value), Pl15: { Home: Number(plenoHome), Away: Number(plenoAway) } } },
        Bet,
      );
    } catch (error) {
      rethrowResponse(error);
      const message = `${BET_EDIT_ERROR} ${errorMessage(error, "")}`.trim();
      return data({ intent, message: null, lastResult: submission.reply({ formErrors: [message] }) }, { status: statusOf(error) });
    }
    return redirectWithToast(back, { kind: "success", text: "Quiniela grupal guardada." });
  }

  if (intent === "ticket") return saveTicket(request, formData, back);

  if (intent === "confirm") {
    const betId = Number(formData.get("betId"));
    try {
      await api.put(request, `/Bet/${Number.isInteger(betId) && betId > 0 ? betId : 0}/ConfirmBet`, {}, Bet);
    } catch (error) {
      rethrowResponse(error);
      return data({ intent, message: `${BET_CONFIRM_ERROR} ${errorMessage(error, "")}`.trim(), lastResult: null }, { status: statusOf(error) });
    }
    return redirectWithToast(back, { kind: "success", text: "Apuesta confirmada." });
  }

  // Generate: the typed top N goes as typed; the backend turns an invalid one into 1 (docs/architecture.md#limits).
  try {
    const bet = await api.post(
      request,
      "/Bet/GenerateBet",
      {
        groupId: group.id,
        quinielaId: Number.isInteger(quinielaId) && quinielaId > 0 ? quinielaId : 0,
        seasonId: Number(formData.get("seasonId")) || undefined,
        topNUsers: String(formData.get("topN") ?? ""),
      },
      Bet,
    );
    return redirectWithToast(back, { kind: "success", text: `Quiniela grupal de la jornada ${bet.numberQuiniela} generada.` });
  } catch (error) {
    rethrowResponse(error);
    return data({ intent: "generate", message: `${BET_GENERATE_ERROR} ${errorMessage(error, "")}`.trim(), lastResult: null }, { status: statusOf(error) });
  }
}

/** 'Guardar boleto': how the bet is played (reduction, pleno marks). A stale form is a 409 with the current ticket shown. */
async function saveTicket(request: Request, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: ticketSchema });
  if (submission.status !== "success") {
    return data(
      { intent: "ticket", message: `${TICKET_EDIT_ERROR} ${Object.values(submission.error ?? {}).flat()[0] ?? ""}`.trim(), lastResult: null },
      { status: 400 },
    );
  }
  const { betId, version, reduction, plenoHome, plenoAway } = submission.value;
  try {
    await api.put(request, `/Bet/${betId}/Ticket`, { version, reduction, plenoMarks: { home: plenoHome, away: plenoAway } }, Bet);
  } catch (error) {
    rethrowResponse(error);
    return data({ intent: "ticket", message: `${TICKET_EDIT_ERROR} ${errorMessage(error, "")}`.trim(), lastResult: null }, { status: statusOf(error) });
  }
  return redirectWithToast(back, { kind: "success", text: "Boleto guardado." });
}
