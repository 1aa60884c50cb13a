import { KIOSK_INVALID, KioskLink, KioskLinkList, KioskScreen, RevokedKioskLink } from "#core/contract/kiosk";
import { parseWithZod } from "@conform-to/zod";
import { revokeKioskSchema } from "~/forms/kiosk";
import { cache, CACHES } from "~/server/shelf/caches.server";
import { api, ApiError, attempt, loadOrNull } from "~/server/shelf/client.server";
import { env } from "~/server/shelf/env.server";
import { requireManagerOf } from "~/server/session/guards.server";
import { redirectWithToast } from "~/server/shelf/toast.server";
import { firstError } from "~/server/shelf/submit.server";

export interface KioskLinkView {
  id: number;
  url: string;
  createdAt: string;
  createdBy: string | null;
}

const kioskUrl = (token: string) => `${env().PUBLIC_URL.replace(/\/$/, "")}/kiosk/${token}`;

/** The group's working kiosk links, for its settings page (the caller has checked it is a manager). */
export async function loadKioskLinks(request: Request, groupId: number): Promise<KioskLinkView[]> {
  const links = await loadOrNull(() => api.read(request, `/group/${groupId}/kiosk`, KioskLinkList));
  return (links ?? []).map((l) => ({ id: l.id, url: kioskUrl(l.token), createdAt: l.createdAt, createdBy: l.createdBy }));
}

const settingsOf = (groupId: number) => `/grupo/${groupId}/ajustes`;
const refused = (groupId: number, detail: string) =>
  redirectWithToast(settingsOf(groupId), { kind: "error", text: `No se pudo cambiar el enlace de pantalla: ${detail}` });

/** 'Crear enlace de pantalla'. */
export async function createKioskLink(request: Request, groupId: number) {
  const done = await attempt(() => api.post(request, `/group/${groupId}/kiosk`, undefined, KioskLink));
  if (!done.ok) return refused(groupId, done.message("inténtalo de nuevo."));
  return redirectWithToast(settingsOf(groupId), { kind: "success", text: "Enlace de pantalla creado. Ábrelo en la tele de la oficina." });
}

/** 'Revocar' one link: the screen that uses it shows nothing from then on. */
export async function revokeKioskLink(request: Request, groupId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: revokeKioskSchema });
  if (submission.status !== "success") return refused(groupId, firstError(submission));
  const done = await attempt(() => api.post(request, `/kiosk/${submission.value.linkId}/revoke`, undefined, RevokedKioskLink));
  if (!done.ok) return refused(groupId, done.message("inténtalo de nuevo."));
  return redirectWithToast(settingsOf(groupId), { kind: "success", text: "Enlace de pantalla revocado: ya no muestra nada." });
}

/** Creates or revokes a kiosk link, told apart by the submit button's `intent`, then back to the group's settings. */
export async function kioskLinkAction(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "kiosk-create":
      return createKioskLink(request, group.id);
    case "kiosk-revoke":
      return revokeKioskLink(request, group.id, formData);
    default:
      return redirectWithToast(settingsOf(group.id), { kind: "error", text: "Acción no válida." });
  }
}

/** The screen's data as last read, and since when the backend has failed to answer (null: it answers). */
export interface KioskReading {
  screen: KioskScreen;
  readAt: Date;
  offlineSince: Date | null;
}

/**
 * The last good answer per kiosk link, so a TV keeps its content through a backend restart or a
 * network cut. Bounded: a link nobody opens any more drops out first.
 */
const lastGood = cache<KioskReading>(CACHES.kioskLastGood);
const remember = (token: string, reading: KioskReading) => lastGood.set(token, reading);

/**
 * What the public office screen shows. An unknown or revoked link is a plain 404; any other
 * failure gives the last good content with the time the connection was lost, or null when this
 * server has never read that link (the screen then waits and tries again).
 */
export async function loadKioskScreen(request: Request, token: string | undefined): Promise<KioskReading | null> {
  if (!token || !/^[\w.-]{1,200}$/.test(token)) throw new Response(KIOSK_INVALID, { status: 404 });
  const key = token.toLowerCase();
  try {
    const reading = { screen: await api.read(request, `/kiosk/${token}/standings`, KioskScreen), readAt: new Date(), offlineSince: null };
    remember(key, reading);
    return reading;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      lastGood.delete(key);
      throw new Response(KIOSK_INVALID, { status: 404 });
    }
    const known = lastGood.get(key);
    if (!known) return null;
    const reading = { ...known, offlineSince: known.offlineSince ?? new Date() };
    remember(key, reading);
    return reading;
  }
}
