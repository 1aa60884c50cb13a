// The versions of the pages a browser keeps (decisions 067, 070, 077, 082), each declared once in
// KEPT_VERSIONS: its route (backend/routes/kept-versions.ts registers them from here), the read a BFF in
// this same process calls instead of that route (the same guard and statement, without the HTTP request
// and reply), and what it depends on, which bounds how long this instance holds an answer: until a write
// to a declared table is committed (a notice) or a declared date comes. A reload answered 304 then
// reads nothing at all.
import type { z } from "zod";
import { liveGroupParams, liveQuery, LiveVersion } from "#core/contract/live";
import { classificationParams, StandingsVersion } from "#core/contract/standings";
import { roundSummaryVersionQuery, RoundSummaryVersion } from "#core/contract/bet-stats";
import { pathPattern } from "#core/contract/path-pattern";
import { cache, CACHES } from "./caches";
import { userFromToken, type AuthUser, type Deps } from "./context";
import { groupGuard, groupIn, type Guard } from "./guards";
import { sha256 } from "./security";
import { roundSummaryVersion } from "./services/bet/stats";
import { liveVersionFor } from "./services/live/versions";
import { standingsVersion } from "./services/standings/standings";
import { keptVersionRead, noticesListening } from "./metrics";

/**
 * What a write to each table tells the instances that hold versions (migration 032's triggers):
 * its group (`group`: the row's group_id; `group-row`: the row is the group; `bet`: the row's bet's
 * group), its user (`user`, `user-row`), or everyone (`all`). A version may read only these tables,
 * and every one of them must carry that trigger: tests/integration/kept-versions.test.ts checks both.
 */
export const NOTICES = {
  groups: "group-row",
  group_members: "group",
  group_quinielas: "group",
  bets: "group",
  bet_participants: "bet",
  predictions: "group",
  standings_sets: "group",
  provisional_results: "group",
  provisional_clears: "all",
  quinielas: "all",
  quiniela_results: "all",
  quiniela_matches: "all",
  quiniela_prizes: "all",
  quiniela_prize_sets: "all",
  seasons: "all",
  auth_tokens: "user",
  users: "user-row",
  ticket_receipts: "group",
} as const;
export type NoticedTable = keyof typeof NOTICES;

/** What every version read reads of its caller: the token and its user, and the guard's membership. */
export const CALLER_TABLES: readonly NoticedTable[] = ["auth_tokens", "users", "groups", "group_members"];

/**
 * A moment after which a version may change with no write: a group's rows' date columns compared with
 * the clock (`group_id` = the page's group), or midnight in Madrid (a page that reads today's date).
 */
export type KeptDate = { table: "group_quinielas" | "standings_sets"; columns: readonly string[] } | "madrid-midnight";

/**
 * One page a browser keeps (decisions 067, 070, 077, 078), said once: its version route (path, request
 * schemas, guard, OpenAPI summary), how that route names the page's group, the statement that reads its
 * version, and what that statement depends on (the tables it reads, the dates it compares). The Fastify
 * routes, the in-process read the web's edge calls and the held answers' bounds are all built from it.
 */
interface KeptVersionOf<P, Q> {
  tag: string;
  path: string;
  summary: string;
  params?: z.ZodType<P, z.ZodTypeDef, unknown>;
  querystring?: z.ZodType<Q, z.ZodTypeDef, unknown>;
  response: z.ZodType<{ version: string }>;
  guard: Guard;
  groupOf: (params: P, query: Q) => number;
  read: (deps: Deps, user: AuthUser, params: P, query: Q) => Promise<{ version: string }>;
  tables: readonly NoticedTable[];
  dates: readonly KeptDate[];
}

/** A declaration with its request parts checked by its own schemas: what the route and the in-process read share. */
export interface KeptVersion {
  tag: string;
  path: string;
  summary: string;
  params?: z.ZodTypeAny;
  querystring?: z.ZodTypeAny;
  response: z.ZodType<{ version: string }>;
  guard: Guard;
  tables: readonly NoticedTable[];
  dates: readonly KeptDate[];
  /** The request's raw parts checked; null where the route would answer 400. */
  call: (params: unknown, query: unknown) => VersionCall | null;
}

/** A version call understood: the group it concerns and how to read it for a caller (who may be refused). */
interface VersionCall {
  groupId: number;
  /** The route's guard, then its statement: throws what the route would answer instead of a 200. */
  read: (deps: Deps, user: AuthUser) => Promise<{ version: string }>;
}

function keptVersionOf<P, Q>(declared: KeptVersionOf<P, Q>): KeptVersion {
  const { groupOf, read, ...route } = declared;
  return {
    ...route,
    call(rawParams, rawQuery) {
      const params = declared.params ? declared.params.safeParse(rawParams) : { success: true as const, data: undefined as P };
      const query = declared.querystring ? declared.querystring.safeParse(rawQuery) : { success: true as const, data: undefined as Q };
      if (!params.success || !query.success) return null;
      const p = params.data;
      const q = query.data;
      return {
        groupId: groupOf(p, q),
        read: async (deps, user) => {
          await declared.guard.check(user, (declared.guard.from === "query" ? q : p) as Record<string, unknown>, deps);
          return read(deps, user, p, q);
        },
      };
    },
  };
}

/** The round a group plays and the results that close it: what every round-keyed version reads. */
const ROUNDS: readonly NoticedTable[] = ["group_quinielas", "quinielas", "quiniela_results"];
const ROUND_DATES: KeptDate = { table: "group_quinielas", columns: ["open_date", "close_date"] };

export const KEPT_VERSIONS: readonly KeptVersion[] = [
  keptVersionOf({
    tag: "live",
    path: "/Group/:id/LiveVersion",
    summary:
      "La versión de lo que muestra el directo del grupo a quien llama (jornada, marcadores, resultados, pronósticos, quiniela grupal, cierre y su papel): la web responde 304 con ella sin calcular la página",
    params: liveGroupParams,
    querystring: liveQuery,
    response: LiveVersion,
    guard: groupGuard("group-member", "params", groupIn("id")),
    groupOf: (p) => p.id,
    read: (deps, user, p, q) => liveVersionFor(deps, user, p.id, q.quinielaId),
    tables: [...ROUNDS, "groups", "group_members", "provisional_results", "provisional_clears", "bets", "predictions"],
    dates: [ROUND_DATES],
  }),
  keptVersionOf({
    tag: "classification",
    path: "/group/:id/season/:seasonId/StandingsVersion",
    summary:
      "La versión de lo que muestra la pantalla de clasificación (filas de cada jornada y de la temporada, jornadas que cuentan, grupo, temporada y su selector): la web responde 304 con ella sin calcular la página",
    params: classificationParams,
    response: StandingsVersion,
    guard: groupGuard("group-member", "params", groupIn("id")),
    groupOf: (p) => p.id,
    read: (deps, _user, p) => standingsVersion(deps, p.id, p.seasonId),
    tables: [...ROUNDS, "groups", "seasons", "standings_sets"],
    dates: [ROUND_DATES, { table: "standings_sets", columns: ["valid_from", "stale_at"] }, "madrid-midnight"],
  }),
  keptVersionOf({
    tag: "bet-stats",
    path: "/Bet/RoundSummaryVersion",
    summary:
      "La versión de lo que muestra la pantalla de resultados y apuestas de una jornada (lista de jornadas, resultado, apuesta, premios y jugadores): la web responde 304 con ella sin calcular la página",
    querystring: roundSummaryVersionQuery,
    response: RoundSummaryVersion,
    guard: groupGuard("group-member", "query", groupIn("groupId")),
    groupOf: (_p, q) => q.groupId,
    read: (deps, _user, _p, { groupId, ...pick }) => roundSummaryVersion(deps, groupId, pick),
    tables: [
      ...ROUNDS,
      "groups",
      "seasons",
      "quiniela_matches",
      "bets",
      "bet_participants",
      "quiniela_prizes",
      "quiniela_prize_sets",
      "standings_sets",
      "predictions",
      "ticket_receipts",
    ],
    dates: [ROUND_DATES],
  }),
];

const matchers = KEPT_VERSIONS.map((kept) => ({ kept, match: pathPattern(kept.path) }));

/** The declared version call at `address` (path and query), checked by its route's schemas; null for any other. */
function callOf(address: string): (VersionCall & { kept: KeptVersion }) | null {
  const url = new URL(address, "http://backend");
  for (const { kept, match } of matchers) {
    const params = match(url.pathname);
    if (!params) continue;
    const call = kept.call(params, Object.fromEntries(url.searchParams));
    return call && { ...call, kept };
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
  /** Whether the notices are heard now (the readiness answer, on PostgreSQL). */
  heard(): boolean;
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

  const unwatch = noticesListening(() => (heard ? 1 : 0));
  return {
    stop: () => {
      unwatch();
      return stop();
    },
    heard: () => heard,
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
          keptVersionRead("hit");
          return found.version;
        }
        held.delete(key);
      }
      const call = callOf(address);
      if (!call) return null;
      keptVersionRead("miss");
      const before = { all, userNotices, group: groups.get(call.groupId) ?? 0 };
      const answer = await readVersion(deps, authorization, call);
      if (!answer) return null;
      const { groupId } = call;
      const until = heard ? await heldUntil(deps, call.kept.dates, groupId, answer.user.tokenHash, new Date(now)) : 0;
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

/** A declared date as SQL: the first of those columns after `now` ($2) among the group's ($1) rows. */
const dateSql = (date: KeptDate) =>
  date === "madrid-midnight"
    ? `(date_trunc('day', $2::timestamptz at time zone 'Europe/Madrid') + interval '1 day') at time zone 'Europe/Madrid'`
    : `(select min(d) from ${date.table} x cross join lateral (values ${date.columns.map((c) => `(x.${c})`).join(", ")}) v(d) where x.group_id = $1 and d > $2)`;

/**
 * The first moment after `now` at which a version could change with no write: a date the page's
 * declaration names (a round of the group opens or closes, its stored standings become valid or
 * stale, the day changes in Madrid), the token's end, or HOLD_MS on.
 */
async function heldUntil(deps: Deps, dates: readonly KeptDate[], groupId: number, tokenHash: string, now: Date): Promise<number> {
  const row = await deps.db.one<{ until: Date | string }>(
    `select least(${[...dates.map(dateSql), "(select min(expires_at) from auth_tokens where token_hash = $3)", "$2::timestamptz + make_interval(secs => $4)"].join(",\n ")}) as until`,
    [groupId, now, tokenHash, HOLD_MS / 1000],
  );
  return new Date(row!.until).getTime();
}
