import { NO_CURRENT_SEASON, type Season } from "#core/contract/season";
import type { PointValues } from "#core/domain/points";
import { utcToMadridLocal } from "#core/dates";
import type { Deps } from "../context";
import type { Db } from "../db/db";
import { notFound } from "../errors";

export const SEASON_NOT_FOUND = "Temporada no encontrada.";

interface SeasonRow {
  id: number;
  name: string;
  start_date: string;
  points_single: number | string;
  points_double: number | string;
  points_triple: number | string;
  points_pleno: number | string;
  bet_price: number | string;
}

// to_char keeps the calendar day as written, whatever the driver does with `date` values.
const COLUMNS = "id, name, to_char(start_date, 'YYYY-MM-DD') as start_date, points_single, points_double, points_triple, points_pleno, bet_price";

const toSeason = (row: SeasonRow): Season => ({
  id: row.id,
  name: row.name,
  startDate: row.start_date,
  points: {
    single: Number(row.points_single),
    double: Number(row.points_double),
    triple: Number(row.points_triple),
    pleno: Number(row.points_pleno),
  },
  betPrice: Number(row.bet_price),
});

/** Today in Madrid: a season that starts "today" has started for the players who live there. */
export const madridToday = (now: Date) => utcToMadridLocal(now).slice(0, 10);

/** The latest season whose start date is today or earlier; null when none has started. */
export async function currentSeason(db: Db, now: Date): Promise<Season | null> {
  const row = await db.one<SeasonRow>(
    `select ${COLUMNS} from seasons where start_date <= $1::date order by start_date desc, id desc limit 1`,
    [madridToday(now)],
  );
  return row ? toSeason(row) : null;
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

/** A new season starts with the default point values of DESIGN.md §5 (the column defaults). */
export async function createSeason({ db }: Deps, input: { name: string; startDate: string }): Promise<Season> {
  const row = await db.one<SeasonRow>(
    `insert into seasons (name, start_date) values ($1, $2::date) returning ${COLUMNS}`,
    [input.name, input.startDate],
  );
  return toSeason(row!);
}

/** The point values, and the price per bet of the group bet's ticket when it is sent (kept otherwise). */
export async function setSeasonPoints({ db }: Deps, id: number, points: PointValues & { betPrice?: number }): Promise<Season> {
  const row = await db.one<SeasonRow>(
    `update seasons set points_single = $2, points_double = $3, points_triple = $4, points_pleno = $5, bet_price = coalesce($6, bet_price)
      where id = $1 returning ${COLUMNS}`,
    [id, points.single, points.double, points.triple, points.pleno, points.betPrice ?? null],
  );
  if (!row) throw notFound(SEASON_NOT_FOUND);
  return toSeason(row);
}
