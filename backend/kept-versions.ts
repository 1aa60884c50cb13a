// The version reads of the pages a browser keeps (decisions 067, 070), for a BFF in this same process
// (decision 077): the same caller check, guard and statement as their routes
// (GET /Group/{id}/LiveVersion, /group/{id}/season/{seasonId}/StandingsVersion,
// /Bet/RoundSummaryVersion), without the HTTP request, reply and schemas around them. A reload answered
// 304 costs this and nothing else of the backend.
import { liveGroupParams, liveQuery } from "#core/contract/live";
import { classificationParams } from "#core/contract/classification";
import { roundSummaryVersionQuery } from "#core/contract/bet-stats";
import { userFromToken, type AuthUser, type Deps } from "./context";
import { groupGuard, groupIn } from "./guards";
import { roundSummaryVersion } from "./services/bet/stats";
import { liveVersionFor } from "./services/live/view";
import { standingsVersion } from "./services/standings/classification";

/** The guard of the three routes: a member of the group the request names (any role), or an admin. */
const MEMBER_BY_ID = groupGuard("group-member", "params", groupIn("id"));
const MEMBER_BY_GROUP_ID = groupGuard("group-member", "query", groupIn("groupId"));

interface VersionRoute {
  path: RegExp;
  read: (deps: Deps, user: AuthUser, path: RegExpExecArray, query: Record<string, string>) => Promise<{ version: string } | null>;
}

const ROUTES: VersionRoute[] = [
  {
    path: /^\/group\/([^/]+)\/liveversion$/i,
    read: async (deps, user, m, query) => {
      const params = liveGroupParams.safeParse({ id: m[1] });
      const q = liveQuery.safeParse(query);
      if (!params.success || !q.success) return null;
      await MEMBER_BY_ID.check(user, params.data, deps);
      return liveVersionFor(deps, user, params.data.id, q.data.quinielaId);
    },
  },
  {
    path: /^\/group\/([^/]+)\/season\/([^/]+)\/standingsversion$/i,
    read: async (deps, user, m) => {
      const params = classificationParams.safeParse({ id: m[1], seasonId: m[2] });
      if (!params.success) return null;
      await MEMBER_BY_ID.check(user, params.data, deps);
      return standingsVersion(deps, params.data.id, params.data.seasonId);
    },
  },
  {
    path: /^\/bet\/roundsummaryversion$/i,
    read: async (deps, user, _m, query) => {
      const q = roundSummaryVersionQuery.safeParse(query);
      if (!q.success) return null;
      await MEMBER_BY_GROUP_ID.check(user, q.data, deps);
      const { groupId, ...pick } = q.data;
      return roundSummaryVersion(deps, groupId, pick);
    },
  },
];

/**
 * The version the route at `address` (path and query) would answer to the holder of `authorization`,
 * or null where the route would answer anything but a 200 (no session, not a member, no such group,
 * a malformed address): the BFF then renders the page, whose own reads say why.
 */
export async function keptVersion(deps: Deps, authorization: string, address: string): Promise<string | null> {
  const url = new URL(address, "http://backend");
  for (const route of ROUTES) {
    const found = route.path.exec(url.pathname);
    if (!found) continue;
    const user = await userFromToken(deps.db, authorization, deps.clock());
    if (!user) return null;
    try {
      return (await route.read(deps, user, found, Object.fromEntries(url.searchParams)))?.version ?? null;
    } catch {
      return null;
    }
  }
  return null;
}
