// An upgrade from the previous release's database (decision 088): the migrations as they stood at
// commit 1a1c517 (the release an upgrade was first tried from, decision 088; copied from git into fixtures/upgrade/),
// some rows written in that schema, then today's runner. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL (CI's PostgreSQL lane).
import { copyFile, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../../backend/db/db";
import { migrate } from "../../backend/db/migrate";
import { emptyDb } from "../support/backend";
import * as build from "../support/builders";
import { rowsOf, schemaOf } from "../support/schema";

const TODAY = path.resolve("backend/db/migrations");
const RELEASE = path.resolve("fixtures/upgrade/1a1c517");
const opened: { db: Db; drop: () => Promise<void> }[] = [];
const dirs: string[] = [];

async function database() {
  const fresh = await emptyDb();
  opened.push(fresh);
  return fresh.db;
}

afterAll(async () => {
  for (const { db, drop } of opened) {
    await db.close();
    await drop();
  }
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A season, a pool with results, a peña with two members and their picks, in the release's schema. */
async function seedRelease(db: Db) {
  const users: number[] = [];
  for (const name of ["ana", "beto"]) {
    const row = await db.one<{ id: number }>("insert into users (email, username, password_hash) values ($1, $2, 'x') returning id", [
      `${name}@test.local`,
      name,
    ]);
    users.push(row!.id);
  }
  const seasonId = await build.season(db);
  const quinielaId = await build.pool(db, { seasonId, number: 1 });
  const groupId = await build.group(db, { name: "Peña de antes", members: [{ userId: users[0], role: 2 }, { userId: users[1] }] });
  await build.round(db, { groupId, quinielaId, openDate: new Date("2024-08-10T00:00:00Z"), closeDate: new Date("2024-08-15T10:00:00Z") });
  for (const userId of users) {
    await build.prediction(db, { groupId, quinielaId, userId, matches: Array.from({ length: 14 }, () => ["1"]), pleno: { home: 2, away: 1 } });
  }
  await build.results(
    db,
    quinielaId,
    Array.from({ length: 14 }, () => "1"),
    { home: 2, away: 1 },
  );
  return { users, groupId };
}

describe("an upgrade from the previous release's database", () => {
  it("migrated by today's runner, it has a fresh database's schema and keeps its rows", async () => {
    const old = await database();
    const releaseFiles = await migrate(old, RELEASE);
    expect(releaseFiles).toHaveLength(14);
    const { users, groupId } = await seedRelease(old);
    const before = await rowsOf(old);

    const applied = await migrate(old);
    const todayFiles = (await readdir(TODAY)).filter((f) => f.endsWith(".sql"));
    expect(applied).toEqual(todayFiles.filter((f) => !releaseFiles.includes(f)).sort());

    const fresh = await database();
    await migrate(fresh);
    const [upgraded, made] = [await schemaOf(old), await schemaOf(fresh)];
    for (const kind of Object.keys(made) as (keyof typeof made)[]) expect(upgraded[kind], kind).toEqual(made[kind]);
    expect(made.columns.length).toBeGreaterThan(300);

    // The release's rows are all still there: its tables hold what they held, and the picks are the members'.
    const after = await rowsOf(old);
    for (const table of ["seasons", "quinielas", "quiniela_matches", "quiniela_results", "group_quinielas"]) {
      expect(after[table], table).toHaveLength(before[table].length);
    }
    const picks = await old.query<{ user_id: number }>("select user_id from predictions where group_id = $1 order by user_id", [groupId]);
    expect(picks.map((p) => p.user_id)).toEqual(users);
    expect(await migrate(old)).toEqual([]);
  });

  it("a migration that fails leaves the database as it was, and the next start applies it", async () => {
    const db = await database();
    await migrate(db);
    await seedRelease(db);
    const [schemaBefore, rowsBefore] = [await schemaOf(db), await rowsOf(db)];

    const dir = await mkdtemp(path.join(tmpdir(), "quiniela-migrations-"));
    dirs.push(dir);
    for (const file of await readdir(TODAY)) await copyFile(path.join(TODAY, file), path.join(dir, file));
    // A table made, a column added and a row changed before the statement that fails.
    const failing = "999_fails_half_way.sql";
    await writeFile(
      path.join(dir, failing),
      `create table upgrade_probe (id integer primary key);
       alter table groups add column probe text;
       update groups set description = 'cambiada';
       select 1 / 0;`,
    );
    await expect(migrate(db, dir)).rejects.toThrow(/la migración 999_fails_half_way\.sql falló.*division by zero/);
    expect(await schemaOf(db)).toEqual(schemaBefore);
    expect(await rowsOf(db)).toEqual(rowsBefore);
    expect(await db.one("select 1 from schema_migrations where name = $1", [failing])).toBeUndefined();

    // Fixed, the file is applied on the next start, alone.
    await writeFile(path.join(dir, failing), "create table upgrade_probe (id integer primary key);");
    expect(await migrate(db, dir)).toEqual([failing]);
    expect(await db.one("select 1 from schema_migrations where name = $1", [failing])).toBeDefined();
  });
});
