import { readDigits } from "~/forms/fields";
import { data } from "@remix-run/node";
import { KIOSK_INVALID } from "#core/contract/kiosk";
import { LiveRound, MATCH_POSITION, provisionalBody } from "#core/contract/live";
import { api, ApiError, attempt } from "~/server/shelf/client.server";
import { GROUP_NOT_FOUND } from "#core/contract/group";
import { refuseOutsider, requireManagerOf } from "~/server/session/guards.server";
import { requireUser } from "~/server/shelf/session.server";
import { redirectWithToast } from "~/server/shelf/toast.server";
import { keepNot, KEPT_PAGES } from "~/server/shelf/kept-pages.server";

/**
 * The jornada in play: the live page, the 'Marcador provisional' forms and the kiosk's
 * live mode read one backend call, `GET /Group/{id}/Live` (or its kiosk twin).
 */

/**
 * The live view of the group's round in play (or the one asked), or the backend's reason for none. One
 * backend call: it checks the membership. A page without its view is not kept under the versions
 * (decision 070): the next view renders again.
 */
export async function loadLive(request: Request, params: { groupId?: string }, context?: unknown) {
  await requireUser(request);
  const args = KEPT_PAGES.live.args(params, new URL(request.url).searchParams);
  const groupId = args.groupId ?? 0;
  const q = args.quinielaId;
  const read = await attempt(() => api.read(request, `/Group/${groupId}/Live${q ? `?quinielaId=${q}` : ""}`, LiveRound));
  if (!read.ok) refuseOutsider(read.status);
  if (!read.ok && (read.status === 401 || (read.status === 404 && read.message("") === GROUP_NOT_FOUND))) {
    throw await redirectWithToast("/inicio", { kind: "error", text: "Error al cargar el grupo" });
  }
  if (!read.ok) keepNot(context);
  return { groupId, live: read.ok ? read.value : null, message: read.ok ? null : read.message("No se pudo cargar el directo.") };
}

/** The kiosk's live mode: a dead link is a 404, like the standings screen. */
export async function loadKioskLive(request: Request, token: string | undefined): Promise<LiveRound | null> {
  if (!token || !/^[\w.-]{1,200}$/.test(token)) throw new Response(KIOSK_INVALID, { status: 404 });
  try {
    return await api.read(request, `/kiosk/${token}/Live`, LiveRound);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.message === KIOSK_INVALID) throw new Response(KIOSK_INVALID, { status: 404 });
    return null;
  }
}

export interface ScoreFormState {
  position: number;
  home: string;
  away: string;
  message: string;
}

const text = (v: FormDataEntryValue | null) => (typeof v === "string" ? v.trim() : "");

/** 'Guardar' of one match's 'Marcador provisional': checked as the backend checks it, sent, back to the same match. */
export async function provisionalAction(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const form = await request.formData();
  const position = readDigits(text(form.get("position")));
  const state = { position, home: text(form.get("home")), away: text(form.get("away")) };
  const quinielaId = readDigits(text(form.get("quinielaId")));
  const parsed = provisionalBody.safeParse({ quinielaId, ...state });
  if (!parsed.success) return data({ ...state, message: parsed.error.issues[0]?.message ?? MATCH_POSITION }, { status: 400 });
  const done = await attempt(() => api.post(request, `/Group/${group.id}/ProvisionalResult`, { quinielaId, ...state }, LiveRound));
  if (!done.ok) return data({ ...state, message: done.message("No se pudo guardar el marcador.") }, { status: done.status < 500 ? done.status : 500 });
  const said = parsed.data.score
    ? position === 15
      ? "Marcador del pleno al 15 guardado."
      : `Marcador del partido ${position} guardado.`
    : "Marcador borrado.";
  return redirectWithToast(`/grupo/${group.id}/directo/marcadores?quiniela=${quinielaId}#partido-${position}`, { kind: "success", text: said });
}
