import { CALENDAR_INVALID, CalendarLink } from "#core/contract/calendar";
import { api, loadOrNull } from "~/server/shelf/client.server";
import { backendFetch } from "~/server/shelf/backend-fetch.server";
import { env } from "~/server/shelf/env.server";

export interface CalendarView {
  https: string;
  webcal: string;
}

/** The feed's two addresses: the page's scheme for copying, webcal:// for the phone to subscribe. */
export function calendarUrls(token: string): CalendarView {
  const https = `${env().PUBLIC_URL.replace(/\/$/, "")}/calendario/${token}/jornadas.ics`;
  return { https, webcal: https.replace(/^https?:/, "webcal:") };
}

export async function loadCalendar(request: Request): Promise<CalendarView | null> {
  const link = await loadOrNull(() => api.read(request, "/User/Calendar", CalendarLink));
  return link ? calendarUrls(link.token) : null;
}

export async function revokeCalendar(request: Request): Promise<void> {
  await api.post(request, "/User/Calendar/Revoke", undefined, CalendarLink);
}

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/** The backend's iCalendar answer as it is; a dead link is a 404 that says nothing of anyone. */
export async function calendarFeedResponse(token: string): Promise<Response> {
  if (!/^\d{1,9}\.[0-9a-f]{32}\.[0-9a-f]{64}$/i.test(token)) return plain(404, CALENDAR_INVALID);
  const response = await backendFetch(`/calendar/${token}`).catch(() => null);
  if (!response) return plain(503, "El servidor no responde; inténtalo más tarde.");
  if (response.status === 404) return plain(404, CALENDAR_INVALID);
  if (!response.ok) return plain(response.status >= 500 ? 502 : response.status, "No se pudo leer el calendario.");
  return new Response(await response.text(), {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "cache-control": "private, no-cache",
      "content-disposition": 'inline; filename="quiniela.ics"',
    },
  });
}
