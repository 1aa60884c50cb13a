import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { GroupRoundList, type GroupRound } from "#core/contract/group-quiniela";
import { MyPrediction, Prediction, PREDICTION_SEND_ERROR } from "#core/contract/prediction";
import { Quiniela, type MatchRow } from "#core/contract/quiniela";
import { api, ApiError, errorMessage, rethrowResponse } from "~/server/client.server";
import { picksOf, predictionSchema } from "~/forms/prediction";
import { requireUser } from "~/server/session/session.server";
import { redirectWithToast } from "~/server/session/toast.server";

export type { MatchRow };

function groupIdOf(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response("No encontramos lo que buscas.", { status: 404 });
  return id;
}

/**
 * The rounds a player can still predict (spec section 2: close date ahead, not force-closed,
 * sorted by open date) and the chosen one with its matches and the player's saved picks.
 */
export async function loadPredictions(request: Request, groupIdParam: string | undefined) {
  await requireUser(request);
  const groupId = groupIdOf(groupIdParam);
  let rounds: GroupRound[];
  try {
    rounds = await api.read(request, `/GroupQuiniela/ByGroup/${groupId}`, GroupRoundList);
  } catch (error) {
    rethrowResponse(error);
    return { groupId, available: [], round: null, matches: [], loadError: `Error al cargar quinielas: ${errorMessage(error, "inténtalo de nuevo.")}` };
  }
  // The backend's state uses its own clock: "closed" is exactly "close date passed or force-closed".
  const available = rounds
    .filter((r) => r.state !== "closed")
    .sort((a, b) => new Date(a.openDate).getTime() - new Date(b.openDate).getTime() || a.numberQuiniela - b.numberQuiniela);
  const asked = Number(new URL(request.url).searchParams.get("quiniela"));
  // A closed round can still be opened by its link, to see the warning and the picks that stand.
  const chosen = rounds.find((r) => r.quinielaId === asked) ?? available.find((r) => r.state === "open") ?? available[0];
  if (!chosen) return { groupId, available, round: null, matches: [], loadError: null };

  try {
    const [round, quiniela] = await Promise.all([
      api.read(request, `/Quiniela/${chosen.quinielaId}/MyPrediction?groupId=${groupId}`, MyPrediction),
      api.read(request, `/quiniela/GetById/${chosen.quinielaId}`, Quiniela),
    ]);
    const matches: MatchRow[] = [...quiniela.matches]
      .sort((a, b) => a.position - b.position)
      .map((m) => ({ position: m.position, home: m.home, away: m.away }));
    return { groupId, available, round, matches, loadError: null };
  } catch (error) {
    rethrowResponse(error);
    return { groupId, available, round: null, matches: [], loadError: `Error al cargar los partidos: ${errorMessage(error, "inténtalo de nuevo.")}` };
  }
}

/** Sends the picks: POST the first time, PUT afterwards; any refusal keeps what was typed. */
export async function sendPrediction(request: Request, groupIdParam: string | undefined) {
  await requireUser(request);
  const groupId = groupIdOf(groupIdParam);
  const formData = await request.formData();
  const quinielaId = Number(formData.get("quinielaId"));
  const refuse = (message: string, status: number) => {
    const submission = parseWithZod(formData, { schema: predictionSchema({ numDouble: 0, numTriple: 0 }) });
    return json({ lastResult: submission.reply({ formErrors: [message] }) }, { status });
  };

  let round: MyPrediction;
  try {
    round = await api.read(request, `/Quiniela/${Number.isInteger(quinielaId) && quinielaId > 0 ? quinielaId : 0}/MyPrediction?groupId=${groupId}`, MyPrediction);
  } catch (error) {
    rethrowResponse(error);
    return refuse(errorMessage(error, PREDICTION_SEND_ERROR), error instanceof ApiError ? error.status : 500);
  }

  const submission = parseWithZod(formData, { schema: predictionSchema(round) });
  if (submission.status !== "success") return json({ lastResult: submission.reply() }, { status: 400 });
  const { plenoHome, plenoAway } = submission.value;
  const body = { groupId, matches: picksOf(submission.value), plain15: { home: Number(plenoHome), away: Number(plenoAway) } };
  try {
    if (round.prediction) await api.put(request, `/Quiniela/${round.quinielaId}/UpdatePrediction`, body, Prediction);
    else await api.post(request, `/Quiniela/${round.quinielaId}/MakePrediction`, body, Prediction);
  } catch (error) {
    rethrowResponse(error);
    const status = error instanceof ApiError && error.status < 500 ? error.status : 500;
    return json({ lastResult: submission.reply({ formErrors: [errorMessage(error, PREDICTION_SEND_ERROR)] }) }, { status });
  }
  return redirectWithToast(`/grupo/${groupId}/predictions?quiniela=${round.quinielaId}`, {
    kind: "success",
    text: round.prediction ? `Pronóstico de la jornada ${round.numberQuiniela} actualizado.` : `Pronóstico de la jornada ${round.numberQuiniela} enviado.`,
  });
}
