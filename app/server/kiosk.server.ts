import { KIOSK_INVALID, KioskLink, KioskLinkList, KioskScreen, RevokedKioskLink } from "#core/contract/kiosk";
import { api, ApiError, errorMessage, rethrowResponse } from "~/server/client.server";
import { env } from "~/server/env.server";
import { requireManagerOf } from "~/server/session/guards.server";
import { redirectWithToast } from "~/server/session/toast.server";

export interface KioskLinkView {
  id: number;
  url: string;
  createdAt: string;
  createdBy: string | null;
}

const kioskUrl = (token: string) => `${env().PUBLIC_URL.replace(/\/$/, "")}/kiosk/${token}`;

/** The group's working kiosk links, for its settings page (the caller has checked it is a manager). */
export async function loadKioskLinks(request: Request, groupId: number): Promise<KioskLinkView[]> {
  try {
    const links = await api.read(request, `/group/${groupId}/kiosk`, KioskLinkList);
    return links.map((l) => ({ id: l.id, url: kioskUrl(l.token), createdAt: l.createdAt, createdBy: l.createdBy }));
  } catch (error) {
    rethrowResponse(error);
    return [];
  }
}

/** Creates or revokes a kiosk link, then back to the group's settings with the outcome. */
export async function kioskLinkAction(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const back = `/grupo/${group.id}/ajustes`;
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "kiosk-create") {
      await api.post(request, `/group/${group.id}/kiosk`, undefined, KioskLink);
      return redirectWithToast(back, { kind: "success", text: "Enlace de pantalla creado. Ábrelo en la tele de la oficina." });
    }
    if (intent === "kiosk-revoke") {
      await api.post(request, `/kiosk/${Number(form.get("linkId")) || 0}/revoke`, undefined, RevokedKioskLink);
      return redirectWithToast(back, { kind: "success", text: "Enlace de pantalla revocado: ya no muestra nada." });
    }
  } catch (error) {
    rethrowResponse(error);
    return redirectWithToast(back, { kind: "error", text: `No se pudo cambiar el enlace de pantalla: ${errorMessage(error, "inténtalo de nuevo.")}` });
  }
  return redirectWithToast(back, { kind: "error", text: "Acción no válida." });
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
const lastGood = new Map<string, KioskReading>();
const LAST_GOOD_LIMIT = 500;

function remember(token: string, reading: KioskReading) {
  lastGood.delete(token);
  lastGood.set(token, reading);
  if (lastGood.size > LAST_GOOD_LIMIT) lastGood.delete(lastGood.keys().next().value!);
}

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
