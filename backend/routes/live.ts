import { kioskTokenParams, kioskTokenPath, KIOSK_INVALID } from "#core/contract/kiosk";
import { liveFeedParams, LiveFeedRun, liveGroupParams, liveQuery, LiveRound, provisionalBody } from "#core/contract/live";
import { requireUser } from "../context";
import { ApiError, notFound } from "../errors";
import { adminOnly, groupGuard, groupIn } from "../guards";
import { configuredFeed, pullFeed } from "../services/live/pull";
import { errorReplies } from "../schema";
import { kioskLinkOf } from "../services/kiosk/kiosk";
import { setProvisional } from "../services/live/provisional";
import { liveFor, liveRound } from "../services/live/view";
import { resource } from "./resource";

/** The jornada in play (decisions 050 and 051): provisional scores and the live view. */
export default resource("live", (app, deps) => {
  app.get(
    "/Group/:id/Live",
    {
      config: { guard: groupGuard("group-member", "params", groupIn("id")) },
      schema: {
        summary:
          "La jornada en juego del grupo en directo: marcadores provisionales (los del gestor del grupo sobre los de un admin y los del directo), aciertos de cada jugador y de la quiniela grupal, columnas vivas y probabilidades con los partidos jugados fijos",
        params: liveGroupParams,
        querystring: liveQuery,
        response: { 200: LiveRound, ...errorReplies },
      },
    },
    async (request) => liveFor(deps, requireUser(request), request.params.id, request.query.quinielaId),
  );

  app.post(
    "/Group/:id/ProvisionalResult",
    {
      config: { guard: groupGuard("group-manager", "params", groupIn("id")) },
      schema: {
        summary:
          "Marcador provisional de un partido (1–14, 15 el pleno) de una quiniela que juega el grupo (gestor o admin); goles vacíos lo borran; 409 si ya hay resultados oficiales",
        params: liveGroupParams,
        body: provisionalBody,
        response: { 200: LiveRound, ...errorReplies },
      },
    },
    async (request) => setProvisional(deps, requireUser(request), request.params.id, request.body),
  );

  app.get(
    "/kiosk/:token/Live",
    {
      config: { rateLimit: { max: 240, timeWindow: "1 minute" } },
      schema: {
        summary: "La jornada en directo del grupo del enlace de pantalla (público, sin cuenta)",
        security: [],
        params: kioskTokenPath,
        response: { 200: LiveRound, 404: errorReplies[404], 429: errorReplies[429], 500: errorReplies[500] },
      },
    },
    async (request) => {
      const params = kioskTokenParams.safeParse(request.params);
      if (!params.success) throw new ApiError(404, params.error.issues[0]?.message ?? KIOSK_INVALID);
      const link = await kioskLinkOf(deps, params.data.token);
      return liveRound(deps, link.group_id);
    },
  );

  app.post(
    "/Quiniela/:id/LiveFeed",
    {
      config: { guard: adminOnly },
      schema: {
        summary:
          "Trae del directo (football-data.org, con LIVE_FEED_KEY) los marcadores de la quiniela como provisionales (admin); 409 si ya hay resultados oficiales",
        params: liveFeedParams,
        response: { 200: LiveFeedRun, ...errorReplies },
      },
    },
    async (request) => {
      const feed = configuredFeed(deps);
      if (!feed) throw notFound("No hay directo configurado: falta LIVE_FEED_KEY.");
      return pullFeed(deps, request.params.id, feed);
    },
  );
});
