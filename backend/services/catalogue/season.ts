import { NO_CURRENT_SEASON, SEASON_NAME_TAKEN, type GroupSeasons, type Season } from "#core/contract/season";
import type { PointValues } from "#core/domain/points";
import { madridToday } from "#core/dates";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { conflict, notFound } from "../../errors";
import { roundClosedSql } from "../rounds/closed-sql";
import { refreshTouched } from "../shelf/standings-store";

export const SEASON_NOT_FOUND = "Temporada no encontrada.";

interface SeasonRow {
  id: number;
  name: string;
  start_date: string;
  points_single: number;
  points_double: number;
  points_triple: number;
  points_pleno: number;
  bet_price: number;
}

// to_char keeps the calendar day as written, whatever the driver does with `date` values.
const COLUMNS = "id, name, to_char(start_date, 'YYYY-MM-DD') as start_date, points_single, points_double, points_triple, points_pleno, bet_price";

const toSeason = (row: SeasonRow): Season => ({
  id: row.id,
  name: row.name,
  startDate: row.start_date,
  points: {
    single: row.points_single,
    double: row.points_double,
    triple: row.points_triple,
    pleno: row.points_pleno,
  },
  betPrice: row.bet_price,
});

/** The latest season whose start date is today or earlier; null when none has started. */
export async function currentSeason(db: Db, now: Date): Promise<Season | null> {
  const row = await db.one<SeasonRow>(`select ${COLUMNS} from seasons where start_date <= $1::date order by start_date desc, id desc limit 1`, [
    madridToday(now),
  ]);
  return row ? toSeason(row) : null;
}

/**
 * The season being played, as SQL over $today (a date): the latest started season that has pools,
 * else the latest started. A season just created stays in the wings until its first pool exists,
 * so the rounds still open in the previous one (and its standings) do not vanish from the groups'
 * screens (decision 013). New pools still go to the latest started season (`currentSeason`).
 */
const PLAYING = (today: string) => `select s.id, s.name from seasons s where s.start_date <= ${today}::date
  order by exists (select 1 from quinielas q where q.season_id = s.id and q.owner_group_id is null) desc, s.start_date desc, s.id desc limit 1`;

/**
 * The season a group is in, as SQL over $group and $now: that of its latest round still open or to
 * come (a manager mid-season stays there, whatever the admin creates); with none, the season being
 * played (PLAYING over $today).
 */
const GROUP_CURRENT = (group: string, now: string, today: string) => `select id, name from (
    (select 1 as rank, s.id, s.name from group_quinielas gq join quinielas q on q.id = gq.quiniela_id join seasons s on s.id = q.season_id
      where gq.group_id = ${group} and not ${roundClosedSql("gq", now)}
      order by gq.open_date desc, q.number desc limit 1)
    union all
    (select 2, p.id, p.name from (${PLAYING(today)}) p)
  ) c order by rank limit 1`;

export async function groupCurrentSeason(db: Db, groupId: number, now: Date): Promise<{ id: number; name: string } | null> {
  return (await db.one<{ id: number; name: string }>(GROUP_CURRENT("$1", "$2", "$3"), [groupId, now, madridToday(now)])) ?? null;
}

/**
 * The group's season picker, in one statement: its current season, every season with rounds in the
 * group and the season being played (where the manager activates the next rounds), newest first.
 */
export async function groupSeasons({ db, clock }: Deps, groupId: number): Promise<GroupSeasons> {
  const now = clock();
  const rows = await db.query<{ id: number; name: string; start_date: string; rounds: number; current: boolean }>(
    `with current as (${GROUP_CURRENT("$1", "$2", "$3")}), playing as (${PLAYING("$3")})
     select s.id, s.name, to_char(s.start_date, 'YYYY-MM-DD') as start_date, count(gq.id)::int as rounds,
            s.id in (select id from current) as current
       from seasons s
       left join quinielas q on q.season_id = s.id
       left join group_quinielas gq on gq.quiniela_id = q.id and gq.group_id = $1
      group by s.id
     having count(gq.id) > 0 or s.id in (select id from current) or s.id in (select id from playing)
      order by s.start_date desc, s.id desc`,
    [groupId, now, madridToday(now)],
  );
  const current = rows.find((r) => r.current);
  return {
    current: current ? { id: current.id, name: current.name } : null,
    seasons: rows.map((r) => ({ id: r.id, name: r.name, startDate: r.start_date, rounds: r.rounds })),
  };
}

export async function requireCurrentSeason({ db, clock }: Deps): Promise<Season> {
  const season = await currentSeason(db, clock());
  if (!season) throw notFound(NO_CURRENT_SEASON);
  return season;
}

export async function seasonById(db: Db, id: number): Promise<Season> {
  const row = await db.one<SeasonRow>(`select ${COLUMNS} from seasons where id = $1`, [id]);
  if (!row) throw notFound(SEASON_NOT_FOUND);
  return toSeason(row);
}

/** Newest first. */
export async function listSeasons({ db }: Deps): Promise<Season[]> {
  const rows = await db.query<SeasonRow>(`select ${COLUMNS} from seasons order by start_date desc, id desc`);
  return rows.map(toSeason);
}

/** A new season starts with the default point values (the column defaults, docs/architecture.md#points-accuracy-and-wilson). */
export async function createSeason({ db }: Deps, input: { name: string; startDate: string }): Promise<Season> {
  // Two seasons of one name could not be told apart in any picker.
  const row = await db.one<SeasonRow>(
    `insert into seasons (name, start_date) select $1, $2::date
      where not exists (select 1 from seasons where lower(name) = lower($1)) returning ${COLUMNS}`,
    [input.name, input.startDate],
  );
  if (!row) throw conflict(SEASON_NAME_TAKEN);
  return toSeason(row);
}

/** The point values, and the price per bet of the group bet's ticket when it is sent (kept otherwise). */
export async function setSeasonPoints({ db, clock }: Deps, id: number, points: PointValues & { betPrice?: number }): Promise<Season> {
  const row = await db.tx(async (tx) => {
    const updated = await tx.one<SeasonRow>(
      `update seasons set points_single = $2, points_double = $3, points_triple = $4, points_pleno = $5, bet_price = coalesce($6, bet_price)
        where id = $1 returning ${COLUMNS}`,
      [id, points.single, points.double, points.triple, points.pleno, points.betPrice ?? null],
    );
    await refreshTouched(tx, clock());
    return updated;
  });
  if (!row) throw notFound(SEASON_NOT_FOUND);
  return toSeason(row);
}
