// The version reads of the pages a browser keeps (decisions 067, 070), for a BFF in this same process
// (decision 077): the same caller check, guard and statement as their routes
// (GET /Group/{id}/LiveVersion, /group/{id}/season/{seasonId}/StandingsVersion,
// /Bet/RoundSummaryVersion), without the HTTP request, reply and schemas around them, and each answer
// held in memory until a write it depends on is committed or a date it depends on comes: a reload
// answered 304 then reads nothing at all.
import { liveGroupParams, liveQuery } from "#core/contract/live";
import { classificationParams } from "#core/contract/classification";
import { roundSummaryVersionQuery } from "#core/contract/bet-stats";
import { cache, CACHES } from "./caches";
import { userFromToken, type AuthUser, type Deps } from "./context";
import { groupGuard, groupIn } from "./guards";
import { sha256 } from "./security";
import { roundSummaryVersion } from "./services/bet/stats";
import { liveVersionFor } from "./services/live/view";
import { standingsVersion } from "./services/standings/classification";

/** The guard of the three routes: a member of the group the request names (any role), or an admin. */
const MEMBER_BY_ID = groupGuard("group-member", "params", groupIn("id"));
const MEMBER_BY_GROUP_ID = groupGuard("group-member", "query", groupIn("groupId"));

/** A version call understood: the group it concerns and how to read it for a caller (who may be refused). */
interface VersionCall {
  groupId: number;
  read: (deps: Deps, user: AuthUser) => Promise<{ version: string }>;
}

const ROUTES: { path: RegExp; parse: (path: RegExpExecArray, query: Record<string, string>) => VersionCall | null }[] = [
  {
    path: /^\/group\/([^/]+)\/liveversion$/i,
    parse: (m, query) => {
      const params = liveGroupParams.safeParse({ id: m[1] });
      const q = liveQuery.safeParse(query);
      if (!params.success || !q.success) return null;
      return {
        groupId: params.data.id,
        read: async (deps, user) => {
          await MEMBER_BY_ID.check(user, params.data, deps);
          return liveVersionFor(deps, user, params.data.id, q.data.quinielaId);
        },
      };
    },
  },
  {
    path: /^\/group\/([^/]+)\/season\/([^/]+)\/standingsversion$/i,
    parse: (m) => {
      const params = classificationParams.safeParse({ id: m[1], seasonId: m[2] });
      if (!params.success) return null;
      return {
        groupId: params.data.id,
        read: async (deps, user) => {
          await MEMBER_BY_ID.check(user, params.data, deps);
          return standingsVersion(deps, params.data.id, params.data.seasonId);
        },
      };
    },
  },
  {
    path: /^\/bet\/roundsummaryversion$/i,
    parse: (_m, query) => {
      const q = roundSummaryVersionQuery.safeParse(query);
      if (!q.success) return null;
      const { groupId, ...pick } = q.data;
      return {
        groupId,
        read: async (deps, user) => {
          await MEMBER_BY_GROUP_ID.check(user, q.data, deps);
          return roundSummaryVersion(deps, groupId, pick);
        },
      };
    },
  },
];

function callOf(address: string): VersionCall | null {
  const url = new URL(address, "http://backend");
  for (const route of ROUTES) {
    const found = route.path.exec(url.pathname);
    if (found) return route.parse(found, Object.fromEntries(url.searchParams));
  }
  return null;
}

/**
 * The version the route at `address` (path and query) would answer to the holder of `authorization`,
 * read now, or null where the route would answer anything but a 200 (no session, not a member, no
 * such group, a malformed address, another route): the BFF then renders the page, whose own reads
 * say why.
 */
export async function keptVersion(deps: Deps, authorization: string, address: string): Promise<string | null> {
  return (await readVersion(deps, authorization, callOf(address)))?.version ?? null;
}

async function readVersion(deps: Deps, authorization: string, call: VersionCall | null): Promise<{ version: string; user: AuthUser } | null> {
  if (!call) return null;
  const user = await userFromToken(deps.db, authorization, deps.clock());
  if (!user) return null;
  try {
    return { version: (await call.read(deps, user)).version, user };
  } catch {
    return null;
  }
}

/** The channel of migration 032's notices: 'g:<group id>', 'u:<user id>' or '*'. */
const CHANNEL = "quiniela_versions";

/** Answers held at most this long, whatever the notices say: a dependency missed by them is wrong for no longer. */
const HOLD_MS = 5 * 60_000;

interface Held {
  version: string;
  groupId: number;
  userId: number;
  /** The notice counts the answer was read under: any change since, and it is read again. */
  all: number;
  group: number;
  user: number;
  /** The first date that may change it: a round's opening or close, the set's, the token's end, midnight in Madrid. */
  until: number;
}

export interface HeldVersions {
  /** keptVersion, held: what was read for this token and address, while nothing it depends on moved. */
  read(authorization: string, address: string): Promise<string | null>;
  stop(): Promise<void>;
}

/**
 * keptVersion with its answers held in this instance (decision 077). An answer is kept under the
 * notice counts of its group, its caller and everything ('*') as they were before it was read, and
 * until the first date that could change it; a notice of any of them (migration 032: every write to
 * what the version reads, once committed, from any instance) makes the next view read it again.
 * While the notices cannot be heard (PostgreSQL's listening connection lost) nothing is held.
 */
export async function heldVersions(deps: Deps, log: (message: string) => void = () => {}): Promise<HeldVersions> {
  let all = 0;
  let userNotices = 0;
  let heard = false;
  const groups = new Map<number, number>();
  const users = new Map<number, number>();
  const held = cache<Held>(CACHES.heldVersions);
  const bump = (counts: Map<number, number>, id: number) => counts.set(id, (counts.get(id) ?? 0) + 1);
  const notice = (payload: string) => {
    const [kind, id] = payload.split(":");
    const n = Number(id);
    if (kind === "g" && Number.isInteger(n)) bump(groups, n);
    else if (kind === "u" && Number.isInteger(n)) {
      bump(users, n);
      userNotices++;
    } else all++;
  };
  let stop: () => Promise<void> = async () => {};
  try {
    stop = await deps.db.listen(CHANNEL, notice, (live) => {
      // Said when it changes: an instance that stops hearing the writes reads every version afresh.
      if (live !== heard) {
        log(
          live
            ? "Versiones de las páginas guardadas: se oyen los avisos de escritura; cada una se guarda hasta la siguiente escritura que la cambie"
            : "Versiones de las páginas guardadas: sin avisos de escritura; cada vista lee la suya hasta volver a oírlos",
        );
      }
      heard = live;
      all++;
    });
  } catch {
    // Nothing heard: every answer is read afresh, as the route reads it.
  }

  return {
    stop: () => stop(),
    async read(authorization, address) {
      const key = `${sha256(authorization)}\0${address}`;
      const now = deps.clock().getTime();
      const found = held.get(key);
      if (found) {
        if (
          heard &&
          found.all === all &&
          found.group === (groups.get(found.groupId) ?? 0) &&
          found.user === (users.get(found.userId) ?? 0) &&
          now < found.until
        ) {
          return found.version;
        }
        held.delete(key);
      }
      const call = callOf(address);
      if (!call) return null;
      const before = { all, userNotices, group: groups.get(call.groupId) ?? 0 };
      const answer = await readVersion(deps, authorization, call);
      if (!answer) return null;
      const { groupId } = call;
      const until = heard ? await heldUntil(deps, groupId, answer.user.tokenHash, new Date(now)) : 0;
      // A notice of any user while this was read could be this token's end: such an answer is not held.
      if (heard && before.userNotices === userNotices) {
        held.set(key, {
          version: answer.version,
          groupId,
          userId: answer.user.id,
          all: before.all,
          group: before.group,
          user: users.get(answer.user.id) ?? 0,
          until,
        });
      }
      return answer.version;
    },
  };
}

/**
 * The first moment after `now` at which a version of this group's kept pages could change with no
 * write: a round of the group opens or closes, its stored standings become valid or stale, the
 * token ends, the day changes in Madrid (the standings' season picker), or HOLD_MS pass.
 */
async function heldUntil(deps: Deps, groupId: number, tokenHash: string, now: Date): Promise<number> {
  const row = await deps.db.one<{ until: Date | string }>(
    `select least(
        (select min(d) from group_quinielas gq cross join lateral (values (gq.open_date), (gq.close_date)) v(d) where gq.group_id = $1 and d > $2),
        (select min(d) from standings_sets ss cross join lateral (values (ss.valid_from), (ss.stale_at)) v(d) where ss.group_id = $1 and d > $2),
        (select min(expires_at) from auth_tokens where token_hash = $3),
        (date_trunc('day', $2::timestamptz at time zone 'Europe/Madrid') + interval '1 day') at time zone 'Europe/Madrid',
        $2::timestamptz + make_interval(secs => $4)) as until`,
    [groupId, now, tokenHash, HOLD_MS / 1000],
  );
  return new Date(row!.until).getTime();
}
