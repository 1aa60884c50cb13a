import { NO_CURRENT_SEASON } from "#core/contract/season";
import { unresolvedMessage, type PoolType, type Quiniela, type QuinielaResults } from "#core/contract/quiniela";
import { resolveTeamNames } from "#core/domain/official/team-names";
import type { Score, Sign } from "#core/domain/signs";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { ApiError, badRequest, notFound } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { refreshTouched } from "../shelf/standings-store";
import { currentSeason, seasonById } from "./season";
import { assertRowVersion } from "../shelf/versions";
import { loadTeamIndex } from "./team";

const QUINIELA_NOT_FOUND = "Quiniela no encontrada.";
const RESULTS_NOT_FOUND = "Esta quiniela todavía no tiene resultados.";

/** Some names of the pool belong to no team: the 400 carries them so the editor can walk through each. */
export class UnresolvedTeamsError extends ApiError {
  constructor(readonly unknown: string[]) {
    super(400, unresolvedMessage(unknown));
  }
}

interface PoolRow {
  id: number;
  season_id: number;
  number: number;
  start_date: Date | string;
  closing_date: Date | string;
  position: number | null;
  home: string | null;
  away: string | null;
  home_team_id: number | null;
  away_team_id: number | null;
  version: number;
  has_results: boolean;
}

async function loadPools(db: Db, where: string, params: unknown[]): Promise<Quiniela[]> {
  const rows = await db.query<PoolRow>(
    `select q.id, q.season_id, q.number, q.start_date, q.closing_date, q.version,
            m.position, m.home, m.away, m.home_team_id, m.away_team_id,
            exists (select 1 from quiniela_results r where r.quiniela_id = q.id) as has_results
       from quinielas q left join quiniela_matches m on m.quiniela_id = q.id
      ${where}
      order by q.number, q.season_id, q.id, m.position`,
    params,
  );
  const pools = new Map<number, Quiniela>();
  for (const row of rows) {
    let pool = pools.get(row.id);
    if (!pool) {
      pool = {
        id: row.id,
        numberQuiniela: row.number,
        name: `Jornada ${row.number}`,
        startDate: new Date(row.start_date).toISOString(),
        closingDate: new Date(row.closing_date).toISOString(),
        seasonId: row.season_id,
        hasResults: row.has_results,
        matches: [],
        version: row.version,
      };
      pools.set(row.id, pool);
    }
    if (row.position !== null) {
      pool.matches.push({ position: row.position, home: row.home!, away: row.away!, homeTeamId: row.home_team_id, awayTeamId: row.away_team_id });
    }
  }
  return [...pools.values()];
}

/**
 * The catalogue is the pools no group owns: a pool created from a peña's jornadas file belongs to
 * that peña alone and is never listed, numbered or found as the catalogue's (decision 062).
 */
export const CATALOGUE = "q.owner_group_id is null";

export const allPools = ({ db }: Deps) => loadPools(db, `where ${CATALOGUE}`, []);

export async function poolsOfSeason({ db }: Deps, seasonId: number) {
  await seasonById(db, seasonId);
  return loadPools(db, `where q.season_id = $1 and ${CATALOGUE}`, [seasonId]);
}

/**
 * The one rule of every read of a pool by its id: a catalogue pool for anyone signed in; a peña's own
 * only for its members and the admin (decisions 062, 079). Anyone else gets the 404 of an id that
 * does not exist, so scanning ids tells nothing of another peña's jornadas.
 */
export async function assertPoolVisible(db: Db, user: { id: number; isAdmin: boolean }, id: number): Promise<void> {
  const visible = await db.one(
    `select 1 from quinielas q where q.id = $1 and (${CATALOGUE} or $3::boolean
        or exists (select 1 from group_members gm where gm.group_id = q.owner_group_id and gm.user_id = $2 and gm.removed_at is null))`,
    [id, user.id, user.isAdmin],
  );
  if (!visible) throw notFound(QUINIELA_NOT_FOUND);
}

/** A pool read through the API, as `assertPoolVisible` lets its caller see it. */
export async function visiblePool(db: Db, user: { id: number; isAdmin: boolean }, id: number): Promise<Quiniela> {
  await assertPoolVisible(db, user, id);
  return poolById(db, id);
}

export async function poolById(db: Db, id: number): Promise<Quiniela> {
  const [pool] = await loadPools(db, "where q.id = $1", [id]);
  if (!pool) throw notFound(QUINIELA_NOT_FOUND);
  return pool;
}

export async function poolTypes({ db }: Deps): Promise<PoolType[]> {
  const rows = await db.query<{ id: number; name: string; description: string; num_double: number; num_triple: number }>(
    "select id, name, description, num_double, num_triple from pool_types order by id",
  );
  return rows.map((r) => ({ id: r.id, name: r.name, description: r.description, numDouble: r.num_double, numTriple: r.num_triple }));
}

interface PoolInput {
  startDate: Date;
  closingDate: Date;
  matches: { home: string; away: string }[];
}

/** Every name resolved to a team by name or alias, or nothing is saved. */
async function resolvedMatches(db: Db, matches: PoolInput["matches"]) {
  const resolution = resolveTeamNames(matches, await loadTeamIndex(db));
  if (resolution.unknown.length) throw new UnresolvedTeamsError(resolution.unknown);
  return resolution.matches;
}

/**
 * The pool's 15 matches written anew. Each keeps the official start it had (decision 093) while its
 * two teams stay the same: an admin's edit, whose form has no match times, loses none; a match
 * changed by hand loses its start, and the pool's first match falls back to its close.
 */
export async function writeMatches(db: Db, quinielaId: number, matches: Awaited<ReturnType<typeof resolvedMatches>>) {
  const before = await db.query<{ position: number; home_team_id: number | null; away_team_id: number | null; kick_off: Date | string | null }>(
    "select position, home_team_id, away_team_id, kick_off from quiniela_matches where quiniela_id = $1",
    [quinielaId],
  );
  await db.query("delete from quiniela_matches where quiniela_id = $1", [quinielaId]);
  for (const [i, m] of matches.entries()) {
    const was = before.find((b) => b.position === i + 1);
    const same = was && was.home_team_id !== null && was.home_team_id === m.homeTeamId && was.away_team_id === m.awayTeamId;
    await db.query(
      "insert into quiniela_matches (quiniela_id, position, home, away, home_team_id, away_team_id, kick_off) values ($1, $2, $3, $4, $5, $6, $7)",
      [quinielaId, i + 1, m.home, m.away, m.homeTeamId, m.awayTeamId, same ? was.kick_off : null],
    );
  }
}

/**
 * The operator's official start of each match (decision 093), when its answer gives them all: a pasted
 * list of 15 lines gives none and leaves the pool's as they were. Only a start that differs is written,
 * so an import that sees the same answer again moves no version.
 */
export async function writeKickOffs(db: Db, quinielaId: number, matches: readonly { kickOff?: string | null }[]): Promise<void> {
  if (matches.length !== 15 || !matches.every((m) => m.kickOff)) return;
  for (const [i, m] of matches.entries()) {
    await db.query("update quiniela_matches set kick_off = $3 where quiniela_id = $1 and position = $2 and kick_off is distinct from $3", [
      quinielaId,
      i + 1,
      new Date(m.kickOff!),
    ]);
  }
}

/** A new pool in the given season, or the current one; its number is the season's pool count + 1. */
/** What the audit trail keeps of a pool. */
const poolSnapshot = (p: Quiniela) => ({
  numberQuiniela: p.numberQuiniela,
  startDate: p.startDate,
  closingDate: p.closingDate,
  matches: p.matches.map((m) => `${m.home} - ${m.away}`),
});

export async function createPool({ db, clock }: Deps, actorId: number | null, input: PoolInput & { seasonId?: number | null }): Promise<Quiniela> {
  const id = await db.tx(async (tx) => {
    const season = input.seasonId ? await seasonById(tx, input.seasonId) : await currentSeason(tx, clock());
    if (!season) throw badRequest(NO_CURRENT_SEASON);
    const matches = await resolvedMatches(tx, input.matches);
    // Locking the season makes two pools created at once take consecutive numbers, not the same one.
    await tx.query("select id from seasons where id = $1 for update", [season.id]);
    const count = await tx.one<{ n: number }>(`select count(*)::int as n from quinielas q where q.season_id = $1 and ${CATALOGUE}`, [season.id]);
    const row = await tx.one<{ id: number }>("insert into quinielas (season_id, number, start_date, closing_date) values ($1, $2, $3, $4) returning id", [
      season.id,
      count!.n + 1,
      input.startDate,
      input.closingDate,
    ]);
    await writeMatches(tx, row!.id, matches);
    const created = await poolById(tx, row!.id);
    await recordAudit(tx, {
      at: clock(),
      actorId,
      groupId: null,
      action: "pool.create",
      entity: "pool",
      entityId: created.id,
      subject: created.name,
      after: poolSnapshot(created),
    });
    return row!.id;
  });
  return poolById(db, id);
}

/** New dates and matches; the number stays, so other pools of the season keep theirs. */
export async function updatePool({ db, clock }: Deps, actorId: number | null, id: number, input: PoolInput & { version?: number }): Promise<Quiniela> {
  await db.tx(async (tx) => {
    const locked = await tx.one<{ version: number }>("select version from quinielas where id = $1 for update", [id]);
    if (!locked) throw notFound(QUINIELA_NOT_FOUND);
    assertRowVersion(locked.version, input.version, "La quiniela");
    const before = await poolById(tx, id);
    await tx.query("update quinielas set start_date = $2, closing_date = $3, version = version + 1 where id = $1", [id, input.startDate, input.closingDate]);
    await writeMatches(tx, id, await resolvedMatches(tx, input.matches));
    const after = await poolById(tx, id);
    await recordAudit(tx, {
      at: clock(),
      actorId,
      groupId: null,
      action: "pool.edit",
      entity: "pool",
      entityId: id,
      subject: after.name,
      before: poolSnapshot(before),
      after: poolSnapshot(after),
    });
  });
  return poolById(db, id);
}

export async function poolResults({ db }: Deps, quinielaId: number): Promise<QuinielaResults> {
  const row = await db.one<{ matches: unknown; pleno_home: number | null; pleno_away: number | null; version: number }>(
    "select matches, pleno_home, pleno_away, version from quiniela_results where quiniela_id = $1",
    [quinielaId],
  );
  if (!row) {
    await poolById(db, quinielaId);
    throw notFound(RESULTS_NOT_FOUND);
  }
  const matches = (typeof row.matches === "string" ? JSON.parse(row.matches) : row.matches) as (Sign | null)[];
  const pleno = row.pleno_home === null || row.pleno_away === null ? null : { home: row.pleno_home, away: row.pleno_away };
  return { quinielaId, matches, plain15: pleno, pl15: pleno, version: row.version };
}

/** What the audit trail keeps of a pool's results. */
const resultsSnapshot = (r: { matches: (Sign | null)[]; plain15: Score | null }) => ({
  matches: r.matches.map((m) => m ?? "-"),
  plain15: r.plain15 ? `${r.plain15.home}-${r.plain15.away}` : null,
});

/**
 * The official results: one row per pool, so every group sees them at once. The manual screen and
 * the lottery import (source 'loterias', no acting person when scheduled) both come through here.
 */
export async function setResults(
  deps: Deps,
  actorId: number | null,
  input: { quinielaId: number; matches: (Sign | null)[]; plain15: Score | null; version?: number },
  source: "manual" | "loterias" = "manual",
) {
  const pool = await poolById(deps.db, input.quinielaId);
  await deps.db.tx(async (tx) => {
    // Locking the pool serialises the first save of its results too, when there is no results row to lock yet.
    await tx.query("select id from quinielas where id = $1 for update", [input.quinielaId]);
    const before = await poolResults({ ...deps, db: tx }, input.quinielaId).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
    // A first save has nothing to be stale against: version 1 is what a new row gets.
    assertRowVersion(before?.version ?? 1, before ? input.version : undefined, "Los resultados");
    await tx.query(
      `insert into quiniela_results (quiniela_id, matches, pleno_home, pleno_away, source, updated_at)
       values ($1, $2, $3, $4, $6, $5)
       on conflict (quiniela_id) do update set matches = excluded.matches, pleno_home = excluded.pleno_home,
         pleno_away = excluded.pleno_away, source = excluded.source, updated_at = excluded.updated_at,
         version = quiniela_results.version + 1`,
      [input.quinielaId, JSON.stringify(input.matches), input.plain15?.home ?? null, input.plain15?.away ?? null, deps.clock(), source],
    );
    await recordAudit(tx, {
      at: deps.clock(),
      actorId,
      groupId: null,
      action: "results.set",
      entity: "results",
      entityId: input.quinielaId,
      subject: pool.name,
      before: before ? resultsSnapshot(before) : null,
      after: resultsSnapshot(input),
    });
    await refreshTouched(tx, deps.clock());
  });
  return poolResults(deps, input.quinielaId);
}
