import { z } from "zod";

export const CALENDAR_INVALID = "Este calendario no existe o su enlace ha sido revocado.";

/**
 * GET /User/Calendar and POST /User/Calendar/Revoke: the token of the member's private calendar
 * feed; the web app makes its addresses (https and webcal) from it. Revoking answers the new one.
 */
export const CalendarLink = z.object({ token: z.string() });
export type CalendarLink = z.infer<typeof CalendarLink>;

/** The path of GET /calendar/{token}: a malformed token is a feed that does not exist (404). */
export const calendarTokenPath = z.object({ token: z.string().describe("El token del calendario: <usuario>.<nonce>.<firma>") });

/** The feed itself: an iCalendar document (RFC 5545), text/calendar. */
export const CalendarFeed = z.string().describe("Documento iCalendar (RFC 5545)");
