import type { KioskLink, KioskStandings } from "#core/contract/kiosk";
import { KIOSK_INVALID } from "#core/contract/kiosk";
import { api, ApiError, errorMessage } from "~/api/client.server";
import { env } from "~/env.server";
import { requireManagerOf } from "~/session/guards.server";
import { redirectWithToast } from "~/session/toast.server";

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
    const links = await api.get<KioskLink[]>(request, `/group/${groupId}/kiosk`);
    return links.map((l) => ({ id: l.id, url: kioskUrl(l.token), createdAt: l.createdAt, createdBy: l.createdBy }));
  } catch (error) {
    if (error instanceof Response) throw error;
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
      await api.post(request, `/group/${group.id}/kiosk`);
      return redirectWithToast(back, { kind: "success", text: "Enlace de pantalla creado. Ábrelo en la tele de la oficina." });
    }
    if (intent === "kiosk-revoke") {
      await api.post(request, `/kiosk/${Number(form.get("linkId")) || 0}/revoke`);
      return redirectWithToast(back, { kind: "success", text: "Enlace de pantalla revocado: ya no muestra nada." });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return redirectWithToast(back, { kind: "error", text: `No se pudo cambiar el enlace de pantalla: ${errorMessage(error, "inténtalo de nuevo.")}` });
  }
  return redirectWithToast(back, { kind: "error", text: "Acción no válida." });
}

/** What the public office screen shows; an unknown or revoked link is a plain 404. */
export async function loadKioskScreen(request: Request, token: string | undefined): Promise<KioskStandings> {
  if (!token || !/^[\w.-]{1,200}$/.test(token)) throw new Response(KIOSK_INVALID, { status: 404 });
  try {
    return await api.get<KioskStandings>(request, `/kiosk/${token}/standings`);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw new Response(KIOSK_INVALID, { status: 404 });
    throw error;
  }
}
