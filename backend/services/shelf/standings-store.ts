/**
 * The stored standings' write side: computes a group's season from its picks and results (through
 * core/domain/standings/standings) and keeps it in standings_sets and standings_scopes. It imports no
 * other service, so every service that writes may call refreshTouched without a circle; the reads
 * are in standings.ts.
 */
import { computeClassification, type ClassificationInput, type ClassificationRow } from "#core/domain/standings/standings";
import type { ClassificationRound } from "#core/contract/standings";
import type { Results } from "#core/domain/hits";
import type { PointValues } from "#core/domain/points";
import { resultsComplete, roundStatus } from "#core/domain/rounds/round-status";
import { isSign, normalizePick, type Sign } from "#core/domain/signs";
import { avatarPath } from "../../avatar-path";
import type { Db } from "../../db/db";
import { LOCK_KEYS } from "../../db/advisory";
import { parseJson } from "./json";

export interface CountedRound extends ClassificationRound {
  results: Results;
}

export function resultsOf(row: { matches: unknown; pleno_home: number | null; pleno_away: number | null }): Results {
  const raw = parseJson(row.matches);
  const matches = Array.isArray(raw) ? raw.map((s): Sign | null => (isSign(s) ? s : null)) : [];
  const pleno = row.pleno_home === null || row.pleno_away === null ? null : { home: row.pleno_home, away: row.pleno_away };
  return { matches, pleno };
}

/** A group round with its official results, as the reads that count rounds select it. */
export interface RoundResultsRow {
  quiniela_id: number;
  number: number;
  open_date: Date;
  close_date: Date;
  force_closed: boolean;
  matches: unknown;
  pleno_home: number | null;
  pleno_away: number | null;
}

/**
 * Whether the round is closed for the group at `now`: only then do its results count. Complete
 * official results close it whatever its date: no prediction can change any more.
 */
export const closedAt = (r: RoundResultsRow, now: Date) =>
  resultsComplete(r.matches, r.pleno_home, r.pleno_away) ||
  roundStatus({ openDate: r.open_date, closeDate: r.close_date, forceClosed: r.force_closed }, now).state === "closed";

/** Scopes kept per group and season besides each counted round's own (its quinielaId). */
export const SEASON_SCOPE = 0;
/** The table of a round of the season that does not count (yet): every row at zero. */
export const NO_ROUND_SCOPE = -1;

async function pointsOf(db: Db, seasonId: number): Promise<PointValues | null> {
  // numeric arrives as a number from both engines: db/db.ts sets the parser once for both.
  const row = await db.one<{ points_single: number; points_double: number; points_triple: number; points_pleno: number }>(
    "select points_single, points_double, points_triple, points_pleno from seasons where id = $1",
    [seasonId],
  );
  return row ? { single: row.points_single, double: row.points_double, triple: row.points_triple, pleno: row.points_pleno } : null;
}

/**
 * The group's rounds of the season that count: with official results and closed for the group.
 * An open round is left out even with results, so no figure hints at anyone's picks before the close.
 * Also the window in which that list holds: a round with results starts counting when its close
 * date passes, with no write to say so.
 */
async function countedRounds(db: Db, now: Date, groupId: number, seasonId: number) {
  const rows = await db.query<RoundResultsRow>(
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
  // Forced or complete, a round counts from the write that made it so, not from a date.
  for (const r of rows.filter((r) => !r.force_closed && !resultsComplete(r.matches, r.pleno_home, r.pleno_away))) {
    const close = new Date(r.close_date);
    if (close <= now && (!validFrom || close > validFrom)) validFrom = close;
    if (close > now && (!staleAt || close < staleAt)) staleAt = close;
  }
  const counted: CountedRound[] = rows
    .filter((r) => closedAt(r, now))
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
 * The standings (docs/architecture.md#points-accuracy-and-wilson) of a group's season and of each of its counted rounds, computed
 * from scratch by core/domain/standings/standings from the stored picks and results: the only place
 * points are counted. What is stored is exactly this output.
 */
export async function computeStandings(
  db: Db,
  now: Date,
  groupId: number,
  seasonId: number,
  options: { asOf?: number } = {},
): Promise<ComputedStandings | null> {
  const points = await pointsOf(db, seasonId);
  if (!points) return null;
  const all = await countedRounds(db, now, groupId, seasonId);
  const { validFrom, staleAt } = all;
  // `asOf`: the season as it stood once that round counted, the later ones left out (a round's digest).
  const upTo = options.asOf === undefined ? -1 : all.counted.findIndex((r) => r.quinielaId === options.asOf);
  const counted = upTo < 0 ? all.counted : all.counted.slice(0, upTo + 1);
  // Members who left keep their place if they played this season: their points were earned.
  const [members, predictions] = await Promise.all([
    db.query<{ id: number; username: string; avatar_version: number | null }>(
      `select u.id, coalesce(m.display_name, u.username) as username, u.avatar_version
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
export async function refreshSet(tx: Db, now: Date, groupId: number, seasonId: number): Promise<void> {
  await tx.query("select pg_advisory_xact_lock($1, $2)", [LOCK_KEYS.standings, groupId]);
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
