import type { Db } from "../../backend/db/db";
import type { Pick, Score, Sign } from "#core/domain/signs";
import { teamKey } from "#core/domain/official/team-names";

/**
 * Data builders that write straight to the schema, for integration tests of one resource whose
 * set-up belongs to another. Journeys (e2e) build their data through the API instead.
 */
export async function season(db: Db, input: { name?: string; startDate?: string } = {}) {
  const row = await db.one<{ id: number }>("insert into seasons (name, start_date) values ($1, $2) returning id", [
    input.name ?? "2024-25",
    input.startDate ?? "2024-08-01",
  ]);
  return row!.id;
}

export async function team(db: Db, name: string, aliases: string[] = []) {
  const row = await db.one<{ id: number }>("insert into teams (name) values ($1) returning id", [name]);
  for (const alias of aliases) {
    await db.query("insert into team_aliases (team_id, alias, alias_key) values ($1, $2, $3)", [row!.id, alias, teamKey(alias)]);
  }
  return row!.id;
}

/** A pool of 15 matches (names "Local N" / "Visitante N" unless given). */
export async function pool(
  db: Db,
  input: { seasonId: number; number: number; startDate?: Date; closingDate?: Date; matches?: { home: string; away: string }[] },
) {
  const start = input.startDate ?? new Date("2024-08-15T10:00:00Z");
  const close = input.closingDate ?? new Date(start.getTime() + 3 * 86_400_000);
  const row = await db.one<{ id: number }>("insert into quinielas (season_id, number, start_date, closing_date) values ($1, $2, $3, $4) returning id", [
    input.seasonId,
    input.number,
    start,
    close,
  ]);
  const matches = input.matches ?? Array.from({ length: 15 }, (_, i) => ({ home: `Local ${i + 1}`, away: `Visitante ${i + 1}` }));
  for (const [i, m] of matches.entries()) {
    await db.query("insert into quiniela_matches (quiniela_id, position, home, away) values ($1, $2, $3, $4)", [row!.id, i + 1, m.home, m.away]);
  }
  return row!.id;
}

export async function results(db: Db, quinielaId: number, matches: (Sign | null)[], pleno: Score | null) {
  await db.query(
    `insert into quiniela_results (quiniela_id, matches, pleno_home, pleno_away) values ($1, $2, $3, $4)
     on conflict (quiniela_id) do update set matches = excluded.matches, pleno_home = excluded.pleno_home, pleno_away = excluded.pleno_away`,
    [quinielaId, JSON.stringify(matches), pleno?.home ?? null, pleno?.away ?? null],
  );
}

/** A group with 'Iconos y premios de oficina' on unless `officeIcons: false`, like the groups made before that setting. */
export async function group(db: Db, input: { name?: string; officeIcons?: boolean; members?: { userId: number; role?: 1 | 2 }[] } = {}) {
  const row = await db.one<{ id: number }>("insert into groups (name, invite_code, office_icons) values ($1, $2, $3) returning id", [
    input.name ?? "Peña de prueba",
    `CODE${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    input.officeIcons ?? true,
  ]);
  for (const m of input.members ?? []) {
    await db.query("insert into group_members (group_id, user_id, role_id) values ($1, $2, $3)", [row!.id, m.userId, m.role ?? 1]);
  }
  return row!.id;
}

export async function round(db: Db, input: { groupId: number; quinielaId: number; openDate: Date; closeDate: Date; forceClosed?: boolean; typeId?: number }) {
  const row = await db.one<{ id: number }>(
    `insert into group_quinielas (group_id, quiniela_id, open_date, close_date, force_closed, type_quiniela_id)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [input.groupId, input.quinielaId, input.openDate, input.closeDate, input.forceClosed ?? false, input.typeId ?? 1],
  );
  return row!.id;
}

export async function prediction(db: Db, input: { groupId: number; quinielaId: number; userId: number; matches: Pick[]; pleno: Score }) {
  const row = await db.one<{ id: number }>(
    `insert into predictions (group_id, quiniela_id, user_id, matches, pleno_home, pleno_away) values ($1, $2, $3, $4, $5, $6) returning id`,
    [input.groupId, input.quinielaId, input.userId, JSON.stringify(input.matches), input.pleno.home, input.pleno.away],
  );
  return row!.id;
}
