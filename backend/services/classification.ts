import type { ClassificationInfo, ClassificationRound, LastRoundSummary, SeasonStandings, StandingsPage } from "#core/contract/classification";
import { computeClassification, type ClassificationInput, type ClassificationRow } from "#core/domain/classification";
import type { Results } from "#core/domain/hits";
import type { PointValues } from "#core/domain/points";
import { roundStatus } from "#core/domain/round-status";
import { isSign, normalizePick, type Sign } from "#core/domain/signs";
import type { AuthUser, Deps } from "../context";
import type { Db } from "../db/db";
import { forbidden, notFound } from "../errors";
import { GROUP_NOT_FOUND } from "./groups";
import { groupSeasons } from "./season";
import { avatarPath } from "./users";

export const SEASON_NOT_FOUND = "Temporada no encontrada.";
const NOT_IN_SEASON = "Esa jornada no pertenece a la temporada.";
const NOT_A_MEMBER = "No perteneces a este grupo.";

export interface CountedRound extends ClassificationRound {
  results: Results;
}

const parseJson = (v: unknown): unknown => (typeof v === "string" ? JSON.parse(v) : v);

export function resultsOf(row: { matches: unknown; pleno_home: number | null; pleno_away: number | null }): Results {
  const raw = parseJson(row.matches);
  const matches = Array.isArray(raw) ? raw.map((s): Sign | null => (isSign(s) ? s : null)) : [];
  const pleno = row.pleno_home === null || row.pleno_away === null ? null : { home: row.pleno_home, away: row.pleno_away };
  return { matches, pleno };
}

/** Scopes kept per group and season besides each counted round's own (its quinielaId). */
const SEASON_SCOPE = 0;
/** The table of a round of the season that does not count (yet): every row at zero. */
const NO_ROUND_SCOPE = -1;
/** Advisory lock key, with the group's id: the same as the triggers of migration 010. */
const LOCK = 1515;

async function pointsOf(db: Db, seasonId: number): Promise<PointValues | null> {
  const row = await db.one<{ points_single: unknown; points_double: unknown; points_triple: unknown; points_pleno: unknown }>(
    "select points_single, points_double, points_triple, points_pleno from seasons where id = $1",
    [seasonId],
  );
  // numeric comes back as a string from PGlite and as a number from pg.
  return row
    ? { single: Number(row.points_single), double: Number(row.points_double), triple: Number(row.points_triple), pleno: Number(row.points_pleno) }
    : null;
}

/**
 * The group's rounds of the season that count: with official results and closed for the group.
 * An open round is left out even with results, so no figure hints at anyone's picks before the close.
 * Also the window in which that list holds: a round with results starts counting when its close
 * date passes, with no write to say so.
 */
async function countedRounds(db: Db, now: Date, groupId: number, seasonId: number) {
  const rows = await db.query<{
    quiniela_id: number;
    number: number;
    open_date: Date;
    close_date: Date;
    force_closed: boolean;
    matches: unknown;
    pleno_home: number | null;
    pleno_away: number | null;
  }>(
    `select q.id as quiniela_id, q.number, gq.open_date, gq.close_date, gq.force_closed, r.matches, r.pleno_home, r.pleno_away
       from group_quinielas gq
       join quinielas q on q.id = gq.quiniela_id
       join quiniela_results r on r.quiniela_id = q.id
      where gq.group_id = $1 and q.season_id = $2
      order by gq.close_date, q.number`,
    [groupId, seasonId],
  );
  let validFrom: Date | null = null;
  let staleAt: Date | null = null;
  for (const r of rows.filter((r) => !r.force_closed)) {
    const close = new Date(r.close_date);
    if (close <= now && (!validFrom || close > validFrom)) validFrom = close;
    if (close > now && (!staleAt || close < staleAt)) staleAt = close;
  }
  const counted: CountedRound[] = rows
    .filter((r) => roundStatus({ openDate: r.open_date, closeDate: r.close_date, forceClosed: r.force_closed }, now).state === "closed")
    .map((r) => ({ quinielaId: r.quiniela_id, numberQuiniela: r.number, closeDate: new Date(r.close_date).toISOString(), results: resultsOf(r) }));
  return { counted, validFrom, staleAt };
}

type Picks = ClassificationInput["predictions"];

async function roundPredictions(db: Db, groupId: number, quinielaIds: number[]): Promise<Picks> {
  if (!quinielaIds.length) return [];
  // One row of JSON instead of one row per prediction: far less to carry out of the database.
  const row = await db.one<{ picks: string | null }>(
    `select json_agg(json_build_array(user_id, quiniela_id, matches, pleno_home, pleno_away))::text as picks
       from predictions where group_id = $1 and quiniela_id = any($2::int[])`,
    [groupId, quinielaIds],
  );
  return (JSON.parse(row?.picks ?? "[]") as [number, number, unknown, number, number][]).map(([userId, quinielaId, matches, home, away]) => ({
    userId,
    quinielaId,
    matches: Array.isArray(matches) ? matches.map(normalizePick) : [],
    pleno: { home, away },
  }));
}

export interface ComputedStandings {
  /** Rows per scope: 0 the season, -1 a round that does not count, else the counted round's id. */
  scopes: Map<number, ClassificationRow[]>;
  rounds: CountedRound[];
  validFrom: Date | null;
  staleAt: Date | null;
}

/**
 * The standings (spec section 3) of a group's season and of each of its counted rounds, computed
 * from scratch by core/domain/classification from the stored picks and results: the only place
 * points are counted. What is stored is exactly this output.
 */
export async function computeStandings(db: Db, now: Date, groupId: number, seasonId: number): Promise<ComputedStandings | null> {
  const points = await pointsOf(db, seasonId);
  if (!points) return null;
  const { counted, validFrom, staleAt } = await countedRounds(db, now, groupId, seasonId);
  // Members who left keep their place if they played this season: their points were earned.
  const [members, predictions] = await Promise.all([
    db.query<{ id: number; username: string; avatar_version: number | null }>(
      `select u.id, u.username, u.avatar_version
         from group_members m join users u on u.id = m.user_id
        where m.group_id = $1
          and (m.removed_at is null or exists (
                select 1 from predictions p join quinielas q on q.id = p.quiniela_id
                 where p.group_id = m.group_id and p.user_id = m.user_id and q.season_id = $2))`,
      [groupId, seasonId],
    ),
    roundPredictions(
      db,
      groupId,
      counted.map((r) => r.quinielaId),
    ),
  ]);
  const base = {
    members: members.map((m) => ({ userId: m.id, userName: m.username, avatarPath: avatarPath(m.id, m.avatar_version) })),
    points,
  };
  const scope = (rounds: CountedRound[], picks: Picks) =>
    computeClassification({
      ...base,
      rounds: rounds.map((r) => ({ quinielaId: r.quinielaId, closeDate: r.closeDate, results: r.results })),
      predictions: picks,
    });
  const byRound = new Map<number, Picks>(counted.map((r) => [r.quinielaId, []]));
  for (const p of predictions) byRound.get(p.quinielaId)?.push(p);
  const scopes = new Map<number, ClassificationRow[]>([
    [SEASON_SCOPE, scope(counted, predictions)],
    [NO_ROUND_SCOPE, scope([], [])],
  ]);
  for (const r of counted) scopes.set(r.quinielaId, scope([r], byRound.get(r.quinielaId)!));
  return { scopes, rounds: counted, validFrom, staleAt };
}

/** Recomputes one group's season and stores it, inside the caller's transaction. */
async function refreshSet(tx: Db, now: Date, groupId: number, seasonId: number): Promise<void> {
  await tx.query("select pg_advisory_xact_lock($1, $2)", [LOCK, groupId]);
  const computed = await computeStandings(tx, now, groupId, seasonId);
  if (!computed || !(await tx.one("select 1 from groups where id = $1", [groupId]))) return;
  const rounds = JSON.stringify(computed.rounds);
  await tx.query(
    `insert into standings_sets (group_id, season_id, dirty, dirty_tx, valid_from, stale_at, rounds, computed_at)
     values ($1, $2, false, null, $3, $4, $5, $6)
     on conflict (group_id, season_id) do update set dirty = false, dirty_tx = null, valid_from = excluded.valid_from,
       stale_at = excluded.stale_at, rounds = excluded.rounds, computed_at = excluded.computed_at`,
    [groupId, seasonId, computed.validFrom, computed.staleAt, rounds, now],
  );
  await tx.query("delete from standings_scopes where group_id = $1 and season_id = $2", [groupId, seasonId]);
  // Each scope keeps core's JSON as written (json, not jsonb): the answer is the computed rows, key order included.
  await tx.query(
    `insert into standings_scopes (group_id, season_id, quiniela_id, rows)
     select $1, $2, (e->>0)::int, e->1 from json_array_elements($3::json) e`,
    [groupId, seasonId, JSON.stringify([...computed.scopes])],
  );
}

/**
 * How many sets a write recomputes in its own transaction. Past it (the results of a pool played by
 * hundreds of groups, a season's point values) the sets stay marked and each is recomputed by its
 * next read, one group at a time: the write answers at once instead of holding every group's lock
 * and the admin's request for minutes (docs/scale.md).
 */
export const EAGER_SETS = 25;

/**
 * Recomputes every set this transaction changed (the triggers of migration 010 marked them), so the
 * standings commit with the write; past EAGER_SETS they are left marked for their next read. Every
 * service that writes results, predictions, rounds, memberships, point values or a player's name
 * calls it last in its transaction.
 */
export async function refreshTouched(tx: Db, now: Date): Promise<void> {
  const touched = await tx.query<{ group_id: number; season_id: number }>(
    "select group_id, season_id from standings_sets where dirty and dirty_tx = txid_current() order by group_id, season_id",
  );
  if (touched.length > EAGER_SETS) return;
  for (const t of touched) await refreshSet(tx, now, t.group_id, t.season_id);
}

/** Fills every group's season with rounds, once, after migration 010 (the rules are TypeScript, not SQL). */
export async function backfillStandings(db: Db, now: Date): Promise<number> {
  const sets = await db.query<{ group_id: number; season_id: number }>(
    `select distinct gq.group_id, q.season_id from group_quinielas gq join quinielas q on q.id = gq.quiniela_id order by 1, 2`,
  );
  for (const s of sets) await db.tx((tx) => refreshSet(tx, now, s.group_id, s.season_id));
  return sets.length;
}

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
 * The four icons are an office custom (spec section 1): a group without 'Iconos y premios de
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
