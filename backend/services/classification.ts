import type { ClassificationInfo, ClassificationRound, LastRoundSummary, SeasonStandings } from "#core/contract/classification";
import { computeClassification, type ClassificationInput, type ClassificationRow } from "#core/domain/classification";
import type { Results } from "#core/domain/hits";
import type { PointValues } from "#core/domain/points";
import { roundStatus } from "#core/domain/round-status";
import { isSign, normalizePick, type Sign } from "#core/domain/signs";
import type { Deps } from "../context";
import type { Db } from "../db/db";
import { notFound } from "../errors";
import { GROUP_NOT_FOUND } from "./groups";
import { avatarPath } from "./users";

export const SEASON_NOT_FOUND = "Temporada no encontrada.";

interface CountedRound extends ClassificationRound {
  results: Results;
}

const parseJson = (v: unknown): unknown => (typeof v === "string" ? JSON.parse(v) : v);

export function resultsOf(row: { matches: unknown; pleno_home: number | null; pleno_away: number | null }): Results {
  const raw = parseJson(row.matches);
  const matches = Array.isArray(raw) ? raw.map((s): Sign | null => (isSign(s) ? s : null)) : [];
  const pleno = row.pleno_home === null || row.pleno_away === null ? null : { home: row.pleno_home, away: row.pleno_away };
  return { matches, pleno };
}

async function season(deps: Deps, seasonId: number) {
  const row = await deps.db.one<{ id: number; name: string; points_single: unknown; points_double: unknown; points_triple: unknown; points_pleno: unknown }>(
    "select id, name, points_single, points_double, points_triple, points_pleno from seasons where id = $1",
    [seasonId],
  );
  if (!row) throw notFound(SEASON_NOT_FOUND);
  // numeric comes back as a string from PGlite and as a number from pg.
  const points: PointValues = {
    single: Number(row.points_single),
    double: Number(row.points_double),
    triple: Number(row.points_triple),
    pleno: Number(row.points_pleno),
  };
  return { id: row.id, name: row.name, points };
}

/**
 * The group's rounds of the season that count: with official results and closed for the group.
 * An open round is left out even with results, so no figure hints at anyone's picks before the close.
 */
async function countedRounds(deps: Deps, groupId: number, seasonId: number): Promise<CountedRound[]> {
  const rows = await deps.db.query<{
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
  const now = deps.clock();
  return rows
    .filter((r) => roundStatus({ openDate: r.open_date, closeDate: r.close_date, forceClosed: r.force_closed }, now).state === "closed")
    .map((r) => ({ quinielaId: r.quiniela_id, numberQuiniela: r.number, closeDate: new Date(r.close_date).toISOString(), results: resultsOf(r) }));
}

async function groupOf(deps: Deps, groupId: number): Promise<{ name: string; officeIcons: boolean }> {
  const row = await deps.db.one<{ name: string; office_icons: boolean }>("select name, office_icons from groups where id = $1", [groupId]);
  if (!row) throw notFound(GROUP_NOT_FOUND);
  return { name: row.name, officeIcons: row.office_icons };
}

type Picks = ClassificationInput["predictions"];

/**
 * Parsed picks per group round, with the fingerprint they were read under. Reading thousands of
 * jsonb rows is what makes a big group's standings slow; a counted round is closed, so its picks
 * hardly ever change, and a cheap aggregate tells when they did. Keyed by database, so test
 * backends sharing a process never mix.
 */
const picksCache = new WeakMap<Db, Map<string, { fingerprint: string; picks: Picks }>>();
const CACHE_LIMIT = 5_000;

const rowsMemo = new WeakMap<Db, Map<string, { signature: string; rows: ClassificationRow[] }>>();

async function roundPredictions(db: Db, groupId: number, quinielaIds: number[]): Promise<{ picks: Picks; fingerprints: string[] }> {
  if (!quinielaIds.length) return { picks: [], fingerprints: [] };
  const cache = picksCache.get(db) ?? new Map<string, { fingerprint: string; picks: Picks }>();
  picksCache.set(db, cache);
  const marks = await db.query<{ quiniela_id: number; fingerprint: string }>(
    `select quiniela_id, count(*) || '/' || sum(id) || '/' || max(updated_at) as fingerprint
       from predictions where group_id = $1 and quiniela_id = any($2::int[]) group by quiniela_id`,
    [groupId, quinielaIds],
  );
  const key = (quinielaId: number) => `${groupId}:${quinielaId}`;
  const stale = marks.filter((m) => cache.get(key(m.quiniela_id))?.fingerprint !== m.fingerprint);
  if (stale.length) {
    // One row of JSON instead of one row per prediction: far less to carry out of the database.
    const row = await db.one<{ picks: string | null }>(
      `select json_agg(json_build_array(user_id, quiniela_id, matches, pleno_home, pleno_away))::text as picks
         from predictions where group_id = $1 and quiniela_id = any($2::int[])`,
      [groupId, stale.map((m) => m.quiniela_id)],
    );
    const fresh = new Map<number, Picks>(stale.map((m) => [m.quiniela_id, []]));
    for (const [userId, quinielaId, matches, home, away] of JSON.parse(row?.picks ?? "[]") as [number, number, unknown, number, number][]) {
      fresh.get(quinielaId)?.push({ userId, quinielaId, matches: Array.isArray(matches) ? matches.map(normalizePick) : [], pleno: { home, away } });
    }
    if (cache.size > CACHE_LIMIT) cache.clear();
    for (const m of stale) cache.set(key(m.quiniela_id), { fingerprint: m.fingerprint, picks: fresh.get(m.quiniela_id)! });
  }
  return {
    picks: marks.flatMap((m) => cache.get(key(m.quiniela_id))!.picks),
    fingerprints: marks.map((m) => `${m.quiniela_id}:${m.fingerprint}`),
  };
}

/** The standings (spec section 3) computed by core/domain/classification from stored picks and results. */
export async function classification(
  deps: Deps,
  groupId: number,
  seasonId: number,
  quinielaId?: number,
): Promise<{ rows: ClassificationRow[]; rounds: CountedRound[] }> {
  const [{ points }, all, inSeason] = await Promise.all([
    season(deps, seasonId),
    countedRounds(deps, groupId, seasonId),
    quinielaId === undefined || deps.db.one("select 1 from quinielas where id = $1 and season_id = $2", [quinielaId, seasonId]),
  ]);
  if (!inSeason) throw notFound("Esa jornada no pertenece a la temporada.");
  const rounds = quinielaId === undefined ? all : all.filter((r) => r.quinielaId === quinielaId);

  // Members who left keep their place if they played this season: their points were earned.
  const [members, predictions] = await Promise.all([
    deps.db.query<{ id: number; username: string; avatar_version: number | null }>(
      `select u.id, u.username, u.avatar_version
         from group_members m join users u on u.id = m.user_id
        where m.group_id = $1
          and (m.removed_at is null or exists (
                select 1 from predictions p join quinielas q on q.id = p.quiniela_id
                 where p.group_id = m.group_id and p.user_id = m.user_id and q.season_id = $2))`,
      [groupId, seasonId],
    ),
    roundPredictions(deps.db, groupId, rounds.map((r) => r.quinielaId)),
  ]);

  const input: ClassificationInput = {
    members: members.map((m) => ({ userId: m.id, userName: m.username, avatarPath: avatarPath(m.id, m.avatar_version) })),
    rounds: rounds.map((r) => ({ quinielaId: r.quinielaId, closeDate: r.closeDate, results: r.results })),
    predictions: predictions.picks,
    points,
  };
  // Scoring thousands of tickets costs more than reading them: the same inputs give the same rows.
  const signature = JSON.stringify([input.members, input.rounds, input.points, predictions.fingerprints]);
  const memo = rowsMemo.get(deps.db) ?? new Map<string, { signature: string; rows: ClassificationRow[] }>();
  rowsMemo.set(deps.db, memo);
  const memoKey = `${groupId}:${seasonId}:${quinielaId ?? ""}`;
  const known = memo.get(memoKey);
  const rows = known?.signature === signature ? known.rows : computeClassification(input);
  if (known?.signature !== signature) {
    if (memo.size > CACHE_LIMIT) memo.clear();
    memo.set(memoKey, { signature, rows });
  }
  return { rows, rounds };
}

/**
 * The four icons are an office custom (spec section 1): a group without 'Iconos y premios de
 * oficina' gets its rows without them. Rows may be memoised, so they are copied, never changed.
 */
export function iconsWhereWanted(rows: ClassificationRow[], officeIcons: boolean): ClassificationRow[] {
  return officeIcons ? rows : rows.map((r) => (r.icons.length ? { ...r, icons: [] } : r));
}

export async function classificationInfo(deps: Deps, groupId: number, seasonId: number): Promise<ClassificationInfo> {
  const [group, s, rounds] = await Promise.all([groupOf(deps, groupId), season(deps, seasonId), countedRounds(deps, groupId, seasonId)]);
  return {
    group: { id: groupId, ...group },
    season: { id: s.id, name: s.name },
    rounds: rounds.map(({ quinielaId, numberQuiniela, closeDate }) => ({ quinielaId, numberQuiniela, closeDate })),
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
    (await deps.db.one<{ id: number; name: string }>(
      "select id, name from seasons where start_date <= $1::date order by start_date desc, id desc limit 1",
      [now.toISOString().slice(0, 10)],
    ));
  return row ?? null;
}

/** The group's current standings and last round, as the office screen shows them. */
export async function seasonStandings(deps: Deps, groupId: number): Promise<SeasonStandings> {
  const current = await currentSeasonOf(deps, groupId);
  if (!current) return { season: null, rows: [], lastRound: null };
  const { rows, rounds } = await classification(deps, groupId, current.id);
  return { season: current, rows, lastRound: lastRoundSummary(rows, rounds) };
}
