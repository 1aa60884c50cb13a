import { data } from "@remix-run/node";
import { BetRoundStatuses } from "#core/contract/bet";
import { RevokedShareLink, SHARE_INVALID, SharedView, ShareLink, ShareLinkList } from "#core/contract/share";
import { backendFetch } from "~/server/shelf/backend-fetch.server";
import { api, attempt } from "~/server/shelf/client.server";
import { env } from "~/server/shelf/env.server";
import { requireManagerOf } from "~/server/session/guards.server";
import { redirectWithToast } from "~/server/shelf/toast.server";

const TOKEN = /^\d{1,9}\.[0-9a-f]{32}\.[0-9a-f]{64}$/i;
const origin = () => env().PUBLIC_URL.replace(/\/$/, "");
export const shareUrl = (token: string) => `${origin()}/compartir/${token}`;

export interface ShareLinkView {
  id: number;
  what: string;
  url: string;
  createdAt: string;
  createdBy: string | null;
}

/** The group's working share links and its jornadas, for its settings page (the caller is a manager). */
export async function loadShareLinks(request: Request, groupId: number) {
  const read = await attempt(() =>
    Promise.all([api.read(request, `/group/${groupId}/share`, ShareLinkList), api.read(request, `/Bet/ByGroupStatus?groupId=${groupId}`, BetRoundStatuses)]),
  );
  if (!read.ok) return { links: [], rounds: [] };
  const [links, rounds] = read.value;
  return {
    links: links.map((l): ShareLinkView => ({
      id: l.id,
      what: l.kind === "bet" ? `Quiniela grupal · jornada ${l.numberQuiniela}` : "Clasificación",
      url: shareUrl(l.token),
      createdAt: l.createdAt,
      createdBy: l.createdBy,
    })),
    rounds: rounds.map((r) => ({ quinielaId: r.quinielaId, numberQuiniela: r.numberQuiniela })),
  };
}

/** Creates or revokes a share link (one function each), then back to the group's settings with the outcome. */
export async function shareLinkAction(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "share-create":
      return createShareLink(request, group.id, form);
    case "share-revoke":
      return revokeShareLink(request, group.id, form);
    default:
      return redirectWithToast(`/grupo/${group.id}/ajustes`, { kind: "error", text: "Acción no válida." });
  }
}

const positive = (raw: FormDataEntryValue | null) => (typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : 0);

async function createShareLink(request: Request, groupId: number, form: FormData) {
  const back = `/grupo/${groupId}/ajustes`;
  const what = form.get("what");
  const body = what === "standings" ? { kind: "standings" } : { kind: "bet", quinielaId: positive(what) };
  const sent = await attempt(() => api.post(request, `/group/${groupId}/share`, body, ShareLink));
  if (!sent.ok) return redirectWithToast(back, { kind: "error", text: `No se pudo cambiar el enlace público: ${sent.message("inténtalo de nuevo.")}` });
  return redirectWithToast(back, { kind: "success", text: "Enlace público creado: compártelo y se verá con su vista previa." });
}

async function revokeShareLink(request: Request, groupId: number, form: FormData) {
  const back = `/grupo/${groupId}/ajustes`;
  const sent = await attempt(() => api.post(request, `/share/${positive(form.get("linkId"))}/revoke`, undefined, RevokedShareLink));
  if (!sent.ok) return redirectWithToast(back, { kind: "error", text: `No se pudo cambiar el enlace público: ${sent.message("inténtalo de nuevo.")}` });
  return redirectWithToast(back, { kind: "success", text: "Enlace público revocado: ya no muestra nada." });
}

/** What a public link shows, read without any session; a dead link is a 404 that names nothing. */
export async function loadSharedView(token: string) {
  const dead = () => {
    throw data({ message: SHARE_INVALID }, { status: 404 });
  };
  if (!TOKEN.test(token)) return dead();
  const response = await backendFetch(`/share/${token}`).catch(() => null);
  if (!response) throw data({ message: "El servidor no responde; inténtalo más tarde." }, { status: 503 });
  if (response.status === 404) return dead();
  const view = SharedView.safeParse(await response.json().catch(() => null));
  if (!response.ok || !view.success) throw data({ message: "No se pudo leer el enlace." }, { status: 502 });
  const base = shareUrl(token);
  return { view: view.data, url: base, image: `${base}/imagen/${view.data.version}.png` };
}

/** The preview image, relayed with the backend's cache headers (immutable for its own version). */
export async function shareImageResponse(token: string, file: string): Promise<Response> {
  const none = () => new Response("No encontrado.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  if (!TOKEN.test(token) || !/^[0-9a-f]{16}\.png$/i.test(file)) return none();
  const response = await backendFetch(`/share/${token}/image/${file}`).catch(() => null);
  if (!response?.ok) return none();
  return new Response(response.body, {
    headers: {
      "content-type": "image/png",
      "cache-control": response.headers.get("cache-control") ?? "no-cache",
      etag: response.headers.get("etag") ?? "",
    },
  });
}
