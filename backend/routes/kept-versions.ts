import { requireUser } from "../context";
import { KEPT_VERSIONS } from "../kept-versions";
import { errorReplies } from "../schema";
import type { RoutePlugin } from "./resource";
import { resource } from "./resource";

/**
 * The version routes of the pages a browser keeps, one per declaration of backend/kept-versions.ts,
 * each under its page's resource in the OpenAPI document: the web answers a reload 304 with them
 * without computing the page (decision 067).
 */
const keptVersionRoutes: RoutePlugin = resource("kept-versions", (app, deps) => {
  for (const kept of KEPT_VERSIONS) {
    app.get(
      kept.path,
      {
        config: { guard: kept.guard },
        schema: {
          tags: [kept.tag],
          summary: kept.summary,
          ...(kept.params && { params: kept.params }),
          ...(kept.querystring && { querystring: kept.querystring }),
          response: { 200: kept.response, ...errorReplies },
        },
      },
      async (request) => {
        // The schemas have checked both parts already: the call cannot be null here.
        const call = kept.call(request.params, request.query)!;
        return call.read(deps, requireUser(request));
      },
    );
  }
});

export default keptVersionRoutes;
