import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { jornadasPanel, PASTE_CLOSE_REQUIRED, pastePreview, stepsDone, type StepsDone } from "#core/contract/jornadas";
import { madridLocalToUtc } from "#core/dates";
import { api, attempt, loadOrNull } from "~/server/shelf/client.server";
import { pasteSchema } from "~/forms/lottery";
import { redirectWithToast } from "~/server/shelf/toast.server";

/** The panel of /call-quiniela: the coming jornadas and the machine's steps; null when it could not be read. */
export const loadPanel = (request: Request) => loadOrNull(() => api.read(request, "/Loteria/jornadas", jornadasPanel));

const back = (done: StepsDone) => redirectWithToast("/call-quiniela", { kind: done.ok ? "success" : "error", text: done.messages.join(" ") || "Hecho." });

async function toastOf(request: Request, call: () => Promise<StepsDone>, fallback: string) {
  const sent = await attempt(call);
  if (sent.ok) return back(sent.value);
  return redirectWithToast("/call-quiniela", { kind: "error", text: sent.message(fallback) });
}

/**
 * The card's answer for each unknown name (`spelling-N`): the known club chosen (`eleccion-N`, its
 * id), or a new club named in `nombre-N` (chosen as «nuevo», or typed where no club was close).
 */
function teamChoices(formData: FormData) {
  const teams: { spelling: string; teamId?: number; name?: string }[] = [];
  for (let i = 0; formData.has(`spelling-${i}`); i++) {
    const spelling = String(formData.get(`spelling-${i}`));
    const choice = String(formData.get(`eleccion-${i}`) ?? "nuevo");
    const teamId = Number(choice);
    teams.push(Number.isInteger(teamId) && teamId > 0 ? { spelling, teamId } : { spelling, name: String(formData.get(`nombre-${i}`) ?? "") });
  }
  return teams;
}

/** 'Importar próxima jornada', 'Reintentar', 'Crear los equipos', 'Aceptar el cambio', 'Aceptar los oficiales': each posts, then back to the page with what happened. */
export function machineAction(request: Request, intent: string, formData: FormData) {
  switch (intent) {
    case "importar":
      return toastOf(request, () => api.post(request, "/Loteria/jornadas/importar", {}, stepsDone), "No se pudo importar la próxima jornada.");
    case "reintentar":
      return toastOf(
        request,
        () => api.post(request, "/Loteria/jornadas/reintentar", { stepId: Number(formData.get("stepId")) || 0 }, stepsDone),
        "No se pudo reintentar.",
      );
    case "crear-equipos": {
      const teams = teamChoices(formData);
      return toastOf(
        request,
        () => api.post(request, "/Loteria/jornadas/equipos", { drawKey: String(formData.get("drawKey") ?? ""), teams }, stepsDone),
        "No se pudieron crear los equipos.",
      );
    }
    case "aceptar":
      return toastOf(
        request,
        () => api.post(request, "/Loteria/jornadas/aceptar", { drawKey: String(formData.get("drawKey") ?? "") }, stepsDone),
        "No se pudo aceptar el cambio.",
      );
    default:
      return toastOf(
        request,
        () => api.post(request, `/Loteria/jornadas/premios/${Number(formData.get("quinielaId")) || 0}/aceptar`, {}, stepsDone),
        "No se pudieron aceptar los premios.",
      );
  }
}

/**
 * The paste, in two steps that need no script: 'Revisar' shows the 15 matches resolved (the paste
 * and the close travel on as hidden fields), 'Crear quiniela' creates it. A bad paste comes back
 * with the backend's message on the field that caused it, the text kept.
 */
export async function pasteAction(request: Request, formData: FormData, confirm: boolean) {
  const submission = parseWithZod(formData, { schema: pasteSchema });
  if (submission.status !== "success") return data({ paste: submission.reply(), preview: null }, { status: 400 });
  const closing = submission.value.cierre ? madridLocalToUtc(submission.value.cierre) : null;
  const sent = await attempt(() =>
    api.post(request, "/Loteria/jornadas/pegar", { text: submission.value.pegado, closingDate: closing?.toISOString() ?? null, confirm }, pastePreview),
  );
  if (!sent.ok) {
    const message = sent.message("No se pudo leer lo pegado.");
    const field = message === PASTE_CLOSE_REQUIRED || /cierre/i.test(message) ? "cierre" : "pegado";
    return data({ paste: submission.reply({ fieldErrors: { [field]: [message] } }), preview: null }, { status: 400 });
  }
  const created = sent.value.created;
  if (confirm && created) {
    const text = sent.value.message ?? `Quiniela creada: ${created.poolName ?? "jornada"}.`;
    return redirectWithToast("/call-quiniela", { kind: created.status === "creada" ? "success" : "info", text });
  }
  return { paste: submission.reply(), preview: { ...sent.value.jornada, cierre: submission.value.cierre ?? "", pegado: submission.value.pegado } };
}
