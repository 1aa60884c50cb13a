import { CalendarFeed, CalendarLink, calendarTokenPath } from "#core/contract/calendar";
import { requireUser } from "../context";
import { errorReplies } from "../schema";
import * as calendar from "../services/account/calendar";
import { resource } from "./resource";

/** The member's private calendar feed of their groups' rounds (decision 036). */
export default resource("calendar", (app, deps) => {
  app.get(
    "/User/Calendar",
    { schema: { summary: "El token del calendario privado del usuario (se crea la primera vez)", response: { 200: CalendarLink, ...errorReplies } } },
    async (request) => calendar.calendarLink(deps, requireUser(request).id),
  );

  app.post(
    "/User/Calendar/Revoke",
    { schema: { summary: "Revoca el enlace del calendario y da uno nuevo", response: { 200: CalendarLink, ...errorReplies } } },
    async (request) => calendar.revokeCalendar(deps, requireUser(request).id),
  );

  app.get(
    "/calendar/:token",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        summary: "Calendario iCalendar de las jornadas del usuario del enlace (público, sin cuenta)",
        security: [],
        params: calendarTokenPath,
        produces: ["text/calendar"],
        response: { 200: CalendarFeed, 404: errorReplies[404], 429: errorReplies[429], 500: errorReplies[500] },
      },
    },
    async (request, reply) => {
      const feed = await calendar.calendarFeed(deps, request.params.token);
      // Calendar apps poll; each poll reads the current rounds.
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("cache-control", "private, no-cache")
        .header("content-disposition", 'inline; filename="quiniela.ics"')
        .send(feed);
    },
  );
});
