import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { MyPrediction, Prediction, PREDICTION_SEND_ERROR } from "#core/contract/prediction";
import { PredictionsScreen } from "#core/contract/screens";
import { api, ApiError, errorMessage, rethrowResponse } from "~/server/client.server";
import { picksOf, predictionSchema } from "~/forms/prediction";
import { redirectWithToast } from "~/server/session/toast.server";

/** A match of the chosen round, by position. */
export type MatchRow = PredictionsScreen["matches"][number];

function groupIdOf(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response("No encontramos lo que buscas.", { status: 404 });
  return id;
}

/**
 * The rounds a player can still predict (close date ahead, not force-closed,
 * sorted by open date: docs/architecture.md#screens-and-who-reaches-them) and the chosen one with its matches and the player's saved picks, in one
 * backend call (issue 15). ?quiniela=N opens that round, even closed, to show why it is.
 */
export async function loadPredictions(request: Request, groupIdParam: string | undefined) {
  const groupId = groupIdOf(groupIdParam);
  const asked = Number(new URL(request.url).searchParams.get("quiniela"));
  const query = Number.isInteger(asked) && asked > 0 ? `?quinielaId=${asked}` : "";
  try {
    const screen = await api.read(request, `/screens/group/${groupId}/predictions${query}`, PredictionsScreen);
    return { groupId, ...screen, loadError: null };
  } catch (error) {
    rethrowResponse(error);
    const nothing: PredictionsScreen = { available: [], round: null, matches: [] };
    return { groupId, ...nothing, loadError: `Error al cargar quinielas: ${errorMessage(error, "inténtalo de nuevo.")}` };
  }
}

export async function sendPrediction(request: Request, groupIdParam: string | undefined) {
  const groupId = groupIdOf(groupIdParam);
  const formData = await request.formData();
  const quinielaId = Number(formData.get("quinielaId"));
  const refuse = (message: string, status: number) => {
    const submission = parseWithZod(formData, { schema: predictionSchema({ numDouble: 0, numTriple: 0 }) });
    return data({ lastResult: submission.reply({ formErrors: [message] }) }, { status });
  };

  let round: MyPrediction;
  try {
    round = await api.read(
      request,
      `/Quiniela/${Number.isInteger(quinielaId) && quinielaId > 0 ? quinielaId : 0}/MyPrediction?groupId=${groupId}`,
      MyPrediction,
    );
  } catch (error) {
    rethrowResponse(error);
    return refuse(errorMessage(error, PREDICTION_SEND_ERROR), error instanceof ApiError ? error.status : 500);
  }

  const submission = parseWithZod(formData, { schema: predictionSchema(round) });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  const { plenoHome, plenoAway } = submission.value;
  const body = { groupId, matches: picksOf(submission.value), plain15: { home: Number(plenoHome), away: Number(plenoAway) } };
  try {
    if (round.prediction) await api.put(request, `/Quiniela/${round.quinielaId}/UpdatePrediction`, body, Prediction);
    else await api.post(request, `/Quiniela/${round.quinielaId}/MakePrediction`, body, Prediction);
  } catch (error) {
    rethrowResponse(error);
    const status = error instanceof ApiError && error.status < 500 ? error.status : 500;
    return data({ lastResult: submission.reply({ formErrors: [errorMessage(error, PREDICTION_SEND_ERROR)] }) }, { status });
  }
  return redirectWithToast(`/grupo/${groupId}/predictions?quiniela=${round.quinielaId}`, {
    kind: "success",
    text: round.prediction ? `Pronóstico de la jornada ${round.numberQuiniela} actualizado.` : `Pronóstico de la jornada ${round.numberQuiniela} enviado.`,
  });
}
