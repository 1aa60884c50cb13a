import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { Season, SeasonList } from "#core/contract/season";
import { pointsSchema, seasonSchema } from "~/forms/catalogue";
import { api, attempt } from "~/server/shelf/client.server";
import { redirectWithToast } from "~/server/shelf/toast.server";
import { submitToBackend } from "~/server/shelf/submit.server";

/** Every season, each with its points, for /crear-temporada. */
export async function loadSeasons(request: Request) {
  const read = await attempt(() => api.read(request, "/season/List", SeasonList));
  if (read.ok) return { seasons: read.value, loadError: null };
  const none: Season[] = [];
  return { seasons: none, loadError: read.message("No se pudieron cargar las temporadas.") };
}

/** 'Crear temporada'. */
export async function createSeason(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: seasonSchema });
  if (submission.status !== "success") return data({ intent: "create" as const, lastResult: submission.reply() }, { status: 400 });
  const sent = await submitToBackend(
    submission,
    () => api.post(request, "/season/CreateSeason", submission.value, Season),
    (failure) => `Error al crear temporada: ${failure.message("inténtalo de nuevo.")}`,
  );
  if (!sent.ok) return data({ intent: "create" as const, lastResult: sent.reply }, { status: 400 });
  return redirectWithToast("/crear-temporada", { kind: "success", text: `Temporada ${sent.value.name} creada.` });
}

/** 'Guardar puntos' of one season. */
export async function saveSeasonPoints(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: pointsSchema });
  if (submission.status !== "success") return data({ intent: "points" as const, lastResult: submission.reply() }, { status: 400 });
  const { seasonId, ...points } = submission.value;
  const sent = await submitToBackend(
    submission,
    () => api.put(request, `/season/${seasonId}/Points`, points, Season),
    (failure) => failure.message("No se pudieron guardar los puntos."),
  );
  if (!sent.ok) return data({ intent: "points" as const, lastResult: sent.reply }, { status: 400 });
  return redirectWithToast("/crear-temporada", { kind: "success", text: "Puntos de la temporada guardados." });
}
