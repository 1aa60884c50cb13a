import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { MyPrediction, Prediction, PREDICTION_SEND_ERROR } from "#core/contract/prediction";
import { PredictionsScreen } from "#core/contract/screens";
import { api, attempt } from "~/server/shelf/client.server";
import { picksOf, predictionRoundSchema, predictionSchema } from "~/forms/prediction";
import { submitToBackend } from "~/server/shelf/submit.server";
import { refuseOutsider } from "~/server/session/guards.server";
import { redirectWithToast } from "~/server/shelf/toast.server";

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
 * backend call. ?quiniela=N opens that round, even closed, to show why it is.
 */
export async function loadPredictions(request: Request, groupIdParam: string | undefined) {
  const groupId = groupIdOf(groupIdParam);
  const asked = Number(new URL(request.url).searchParams.get("quiniela"));
  const query = Number.isInteger(asked) && asked > 0 ? `?quinielaId=${asked}` : "";
  const read = await attempt(() => api.read(request, `/screens/group/${groupId}/predictions${query}`, PredictionsScreen));
  if (read.ok) return { groupId, ...read.value, loadError: null };
  refuseOutsider(read.status);
  const nothing: PredictionsScreen = { available: [], round: null, matches: [] };
  return { groupId, ...nothing, loadError: `Error al cargar quinielas: ${read.message("inténtalo de nuevo.")}` };
}

export async function sendPrediction(request: Request, groupIdParam: string | undefined) {
  const groupId = groupIdOf(groupIdParam);
  const formData = await request.formData();
  const refuse = (message: string, status: number) => {
    const submission = parseWithZod(formData, { schema: predictionSchema({ numDouble: 0, numTriple: 0 }) });
    return data({ lastResult: submission.reply({ formErrors: [message] }) }, { status });
  };
  // The round first, for its type: the rules of the form depend on it.
  const quinielaId = predictionRoundSchema.safeParse(Object.fromEntries(formData)).data?.quinielaId ?? 0;
  const read = await attempt(() => api.read(request, `/Quiniela/${quinielaId}/MyPrediction?groupId=${groupId}`, MyPrediction));
  if (!read.ok) return refuse(read.message(PREDICTION_SEND_ERROR), read.status);
  const round = read.value;

  const submission = parseWithZod(formData, { schema: predictionSchema(round) });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  const { plenoHome, plenoAway } = submission.value;
  const body = { groupId, matches: picksOf(submission.value), plain15: { home: Number(plenoHome), away: Number(plenoAway) } };
  const sent = await submitToBackend(
    submission,
    () =>
      round.prediction
        ? api.put(request, `/Quiniela/${round.quinielaId}/UpdatePrediction`, body, Prediction)
        : api.post(request, `/Quiniela/${round.quinielaId}/MakePrediction`, body, Prediction),
    (failure) => failure.message(PREDICTION_SEND_ERROR),
  );
  if (!sent.ok) return data({ lastResult: sent.reply }, { status: sent.failure.status < 500 ? sent.failure.status : 500 });
  return redirectWithToast(`/grupo/${groupId}/predictions?quiniela=${round.quinielaId}`, {
    kind: "success",
    text: round.prediction ? `Pronóstico de la jornada ${round.numberQuiniela} actualizado.` : `Pronóstico de la jornada ${round.numberQuiniela} enviado.`,
  });
}
