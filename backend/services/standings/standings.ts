/**
 * The standings' reads: each answers from the stored set (standings-store.ts), recomputing it first
 * when a write marked it or a close date overtook it.
 */
import type { ClassificationInfo, ClassificationRound, LastRoundSummary, SeasonStandings, StandingsPage } from "#core/contract/standings";
import type { ClassificationRow } from "#core/domain/standings/standings";
import { GROUP_NOT_FOUND } from "#core/contract/group";
import type { AuthUser, Deps } from "../../context";
import type { Db } from "../../db/db";
import { forbidden, notFound } from "../../errors";
import { madridToday } from "#core/dates";
import { groupSeasons, SEASON_NOT_FOUND } from "../catalogue/season";
import { roundClosedSql } from "../rounds/closed-sql";
import { parseJson } from "../shelf/json";
import { NO_ROUND_SCOPE, refreshSet, SEASON_SCOPE, type CountedRound } from "../shelf/standings-store";

const NOT_IN_SEASON = "Esa jornada no pertenece a la temporada.";
const NOT_A_MEMBER = "No perteneces a este grupo.";

interface SetMeta {
  dirty: boolean | null;
  valid_from: Date | null;
  stale_at: Date | null;
  rounds: unknown;
  /** The set row's version (its xmin): any write to the set, a recomputation included, changes it. */
  version: string | null;
  rows?: string | null;
}

/** A stored set answers while nothing marked it and its counted rounds still hold at `now`. */
const isFresh = (meta: SetMeta | undefined, now: Date): meta is SetMeta =>
  !!meta && meta.dirty === false && (meta.valid_from === null || now >= new Date(meta.valid_from)) && (meta.stale_at === null || now < new Date(meta.stale_at));

const SET_META = "ss.dirty, ss.valid_from, ss.stale_at, ss.rounds, ss.xmin::text as version";
/** A scope's rows as one JSON text, from the primary key ($3 is the scope). */
const SCOPE_TEXT = `(select r.rows::text from standings_scopes r
    where r.group_id = ss.group_id and r.season_id = ss.season_id and r.quiniela_id = $3)`;
const SCOPE_ROWS = `${SCOPE_TEXT} as rows`;

/** The set's state, with the scope's rows when a scope is given: the read of a view. */
async function readSet(db: Db, groupId: number, seasonId: number, scope: number | null): Promise<SetMeta | undefined> {
  return scope === null
    ? db.one<SetMeta>(`select ${SET_META} from standings_sets ss where ss.group_id = $1 and ss.season_id = $2`, [groupId, seasonId])
    : db.one<SetMeta>(`select ${SET_META}, ${SCOPE_ROWS} from standings_sets ss where ss.group_id = $1 and ss.season_id = $2`, [groupId, seasonId, scope]);
}

/** The stored set, recomputed first when missing, marked, or overtaken by a close date. */
async function freshSet(db: Db, now: Date, groupId: number, seasonId: number, scope: number | null, known: SetMeta | undefined): Promise<SetMeta> {
  if (isFresh(known, now)) return known;
  return db.tx(async (tx) => {
    await refreshSet(tx, now, groupId, seasonId);
    return (await readSet(tx, groupId, seasonId, scope))!;
  });
}

const roundsOf = (meta: SetMeta): CountedRound[] => parseJson(meta.rounds) as CountedRound[];
const rowsOf = (meta: SetMeta): ClassificationRow[] => JSON.parse(meta.rows ?? "[]") as ClassificationRow[];

/**
 * The group exists (404) and the caller belongs to it or is an admin (403), with its office icons
 * setting: one statement where three used to run.
 */
export async function groupAccess(db: Db, user: AuthUser, groupId: number): Promise<{ name: string; officeIcons: boolean }> {
  const row = await db.one<{ name: string; office_icons: boolean; member: boolean }>(
    `select g.name, g.office_icons,
            exists (select 1 from group_members m where m.group_id = g.id and m.user_id = $2 and m.removed_at is null) as member
       from groups g where g.id = $1`,
    [groupId, user.id],
  );
  if (!row) throw notFound(GROUP_NOT_FOUND);
  if (!row.member && !user.isAdmin) throw forbidden(NOT_A_MEMBER);
  return { name: row.name, officeIcons: row.office_icons };
}

/** The standings of a group's season (or of one round with quinielaId), as stored. */
export async function classification(
  deps: Deps,
  groupId: number,
  seasonId: number,
  quinielaId?: number,
): Promise<{ rows: ClassificationRow[]; rounds: CountedRound[] }> {
  const now = deps.clock();
  const known = await readSet(deps.db, groupId, seasonId, quinielaId ?? SEASON_SCOPE);
  if (!known && !(await deps.db.one("select 1 from seasons where id = $1", [seasonId]))) throw notFound(SEASON_NOT_FOUND);
  const meta = await freshSet(deps.db, now, groupId, seasonId, quinielaId ?? SEASON_SCOPE, known);
  const rounds = roundsOf(meta);
  if (quinielaId === undefined || rounds.some((r) => r.quinielaId === quinielaId)) return { rows: rowsOf(meta), rounds };
  // A round of the season that does not count (yet) has every row at zero; one of another season is not found.
  if (!(await deps.db.one("select 1 from quinielas where id = $1 and season_id = $2", [quinielaId, seasonId]))) throw notFound(NOT_IN_SEASON);
  return { rows: rowsOf((await readSet(deps.db, groupId, seasonId, NO_ROUND_SCOPE))!), rounds: [] };
}

/** Season Wilson and position per player, for the group bet's ranking: a read of the stored season rows. */
export async function seasonRanks(deps: Deps, groupId: number, seasonId: number): Promise<Map<number, { wilson: number; position: number }>> {
  const now = deps.clock();
  const meta = await freshSet(deps.db, now, groupId, seasonId, SEASON_SCOPE, await readSet(deps.db, groupId, seasonId, SEASON_SCOPE));
  return new Map(rowsOf(meta).map((r) => [r.userId, { wilson: r.wilson, position: r.position }]));
}

/**
 * The four icons are an office custom (docs/architecture.md#icons): a group without 'Iconos y premios de
 * oficina' gets its rows without them. Rows may be shared, so they are copied, never changed.
 */
export function iconsWhereWanted(rows: ClassificationRow[], officeIcons: boolean): ClassificationRow[] {
  return officeIcons ? rows : rows.map((r) => (r.icons.length ? { ...r, icons: [] } : r));
}

const roundRef = ({ quinielaId, numberQuiniela, closeDate }: ClassificationRound): ClassificationRound => ({ quinielaId, numberQuiniela, closeDate });

export async function classificationInfo(deps: Deps, groupId: number, seasonId: number): Promise<ClassificationInfo> {
  const head = await deps.db.one<{ name: string; office_icons: boolean; season_name: string | null } & SetMeta>(
    `select g.name, g.office_icons, s.name as season_name, ${SET_META}
       from groups g left join seasons s on s.id = $2 left join standings_sets ss on ss.group_id = g.id and ss.season_id = s.id
      where g.id = $1`,
    [groupId, seasonId],
  );
  if (!head) throw notFound(GROUP_NOT_FOUND);
  if (head.season_name === null) throw notFound(SEASON_NOT_FOUND);
  const meta = await freshSet(deps.db, deps.clock(), groupId, seasonId, null, head.dirty === null ? undefined : head);
  return {
    group: { id: groupId, name: head.name, officeIcons: head.office_icons },
    season: { id: seasonId, name: head.season_name },
    rounds: roundsOf(meta).map(roundRef),
  };
}

/**
 * GET /group/{id}/season/{seasonId}/StandingsPage: everything the standings screen shows, in as few
 * statements as the data allows: the group, the caller's membership, the season, the stored set and
 * the scope's rows in one; the season picker in its own three. A round that does not count answers
 * no rows (its table of zeros would only mislead). `version` names the rows: a caller that already
 * holds them sends it back as `known` and gets `rows: null` while they are still the same
 * (decision 027).
 */
export async function standingsPage(
  deps: Deps,
  user: AuthUser,
  groupId: number,
  seasonId: number,
  quinielaId?: number,
  known?: string,
): Promise<StandingsPage> {
  const scope = quinielaId ?? SEASON_SCOPE;
  const head = await deps.db.one<{ name: string; office_icons: boolean; member: boolean; season_name: string | null } & SetMeta>(
    `select g.name, g.office_icons, s.name as season_name,
            exists (select 1 from group_members m where m.group_id = g.id and m.user_id = $4 and m.removed_at is null) as member,
            ${SET_META},
            case when ss.xmin::text || '.' || g.office_icons::int = $5 then null else ${SCOPE_TEXT} end as rows
       from groups g left join seasons s on s.id = $2 left join standings_sets ss on ss.group_id = g.id and ss.season_id = s.id
      where g.id = $1`,
    [groupId, seasonId, scope, user.id, known ?? null],
  );
  if (!head) throw notFound(GROUP_NOT_FOUND);
  if (!head.member && !user.isAdmin) throw forbidden(NOT_A_MEMBER);
  if (head.season_name === null) throw notFound(SEASON_NOT_FOUND);
  const meta = await freshSet(deps.db, deps.clock(), groupId, seasonId, scope, head.dirty === null ? undefined : head);
  const version = `${meta.version}.${Number(head.office_icons)}`;
  const rounds = roundsOf(meta);
  const counts = quinielaId === undefined || rounds.some((r) => r.quinielaId === quinielaId);
  const picker = await groupSeasons(deps, groupId);
  const seasons = picker.seasons.map((s) => ({ id: s.id, name: s.name }));
  if (!seasons.some((s) => s.id === seasonId)) seasons.push({ id: seasonId, name: head.season_name });
  return {
    group: { id: groupId, name: head.name, officeIcons: head.office_icons },
    season: { id: seasonId, name: head.season_name },
    rounds: rounds.map(roundRef),
    seasons,
    version,
    rows: version === known ? null : counts ? iconsWhereWanted(rowsOf(meta), head.office_icons) : [],
  };
}

/** A set of rows as one short text (a fingerprint) that changes with any insert, update or delete among them: their xmin in key order. */
const rowsFingerprint = (table: string, where: string, key: string) =>
  `(select md5(coalesce(string_agg(t.${key}::text || ':' || t.xmin::text, ',' order by t.${key}), '')) from ${table} t where ${where})`;

/**
 * GET /group/{id}/season/{seasonId}/StandingsVersion: what the standings page shows, as one string
 * read in one statement, nothing of the view computed (decision 070): the stored set's row version
 * (the rows of every scope, the counted rounds), the group's row (its name, its office icons), the
 * season's row (its name), and the season picker's inputs (every season's row, the group's rounds and
 * which of them have opened and closed by now, the newest shared pool and the day, which name the season being played). A set that a write
 * marked or a close date overtook is recomputed first, as the page's read would.
 */
export async function standingsVersion(deps: Deps, groupId: number, seasonId: number): Promise<{ version: string }> {
  const now = deps.clock();
  const read = () =>
    deps.db.one<SetMeta & { head: string; season: string | null }>(
      `select ${SET_META}, s.xmin::text as season,
              concat_ws('.', g.xmin::text, $4::text,
                ${rowsFingerprint("seasons", "true", "id")},
                ${rowsFingerprint("group_quinielas", "t.group_id = $1", "id")},
                (select count(*) filter (where gq.open_date <= $3) || '-' || count(*) filter (where ${roundClosedSql("gq", "$3")})
                   from group_quinielas gq where gq.group_id = $1),
                (select max(q.id) from quinielas q where q.owner_group_id is null)) as head
         from groups g left join seasons s on s.id = $2 left join standings_sets ss on ss.group_id = g.id and ss.season_id = s.id
        where g.id = $1`,
      [groupId, seasonId, now, madridToday(now)],
    );
  let head = await read();
  if (!head) throw notFound(GROUP_NOT_FOUND);
  if (head.season === null) throw notFound(SEASON_NOT_FOUND);
  if (!isFresh(head.dirty === null ? undefined : head, now)) {
    await freshSet(deps.db, now, groupId, seasonId, null, undefined);
    head = (await read())!;
  }
  return { version: `${head.version}.${head.season}.${head.head}` };
}

/** The last counted round in figures, read from the rows' lastRoundHits (computed by core). */
export function lastRoundSummary(rows: ClassificationRow[], rounds: CountedRound[]): LastRoundSummary | null {
  const last = rounds.at(-1);
  if (!last) return null;
  const played = rows.filter((r): r is ClassificationRow & { lastRoundHits: number } => r.lastRoundHits !== null);
  const hits = played.map((r) => r.lastRoundHits);
  const bestHits = hits.length ? Math.max(...hits) : 0;
  const worstHits = hits.length ? Math.min(...hits) : 0;
  return {
    quinielaId: last.quinielaId,
    numberQuiniela: last.numberQuiniela,
    closeDate: last.closeDate,
    results: { matches: last.results.matches, plain15: last.results.pleno },
    players: played.length,
    averageHits: hits.length ? Math.round((hits.reduce((s, h) => s + h, 0) / hits.length) * 100) / 100 : 0,
    bestHits,
    best: played.filter((r) => r.lastRoundHits === bestHits).map((r) => r.userName),
    worstHits,
    worst: played.filter((r) => r.lastRoundHits === worstHits).map((r) => r.userName),
  };
}

/**
 * The season a group is playing now: that of its latest round already open, else the current
 * season (the latest that has started).
 */
export async function currentSeasonOf(deps: Deps, groupId: number): Promise<{ id: number; name: string } | null> {
  const now = deps.clock();
  const row =
    (await deps.db.one<{ id: number; name: string }>(
      `select s.id, s.name from group_quinielas gq join quinielas q on q.id = gq.quiniela_id join seasons s on s.id = q.season_id
        where gq.group_id = $1 and gq.open_date <= $2 order by gq.open_date desc, q.number desc limit 1`,
      [groupId, now],
    )) ??
    (await deps.db.one<{ id: number; name: string }>("select id, name from seasons where start_date <= $1::date order by start_date desc, id desc limit 1", [
      now.toISOString().slice(0, 10),
    ]));
  return row ?? null;
}

/** The group's current standings and last round, as the office screen shows them. */
export async function seasonStandings(deps: Deps, groupId: number): Promise<SeasonStandings> {
  const current = await currentSeasonOf(deps, groupId);
  if (!current) return { season: null, rows: [], lastRound: null };
  const { rows, rounds } = await classification(deps, groupId, current.id);
  return { season: current, rows, lastRound: lastRoundSummary(rows, rounds) };
}
