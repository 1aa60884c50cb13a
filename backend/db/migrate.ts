import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "./db";
import { LOCK_KEYS } from "./advisory";

/**
 * Migrations are plain SQL files applied in name order, once each. In the bundled build they sit
 * in build/migrations beside the bundle; from source, beside this file.
 */
export function migrationsDir(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
}

/**
 * Applies the files not yet applied, each in a transaction of its own with its schema_migrations
 * row (decision 088): a file that fails leaves the database as the last good one left it, the
 * start stops with the file's name, and the next start tries that file again. On PostgreSQL each
 * transaction waits for the migrations' lock, so instances starting together apply each file once.
 */
export async function migrate(db: Db, dir = migrationsDir()): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(path.join(dir, file), "utf8");
    const ran = await db
      .tx(async (tx) => {
        if (tx.kind === "postgres") await tx.query("select pg_advisory_xact_lock($1::bigint)", [LOCK_KEYS.migrations]);
        await tx.exec("create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())");
        if (await tx.one("select 1 from schema_migrations where name = $1", [file])) return false;
        await tx.exec(sql);
        await tx.query("insert into schema_migrations (name) values ($1)", [file]);
        return true;
      })
      .catch((error: Error) => {
        throw new Error(`la migración ${file} falló y no se ha aplicado (la base de datos queda como estaba): ${error.message}`);
      });
    if (ran) applied.push(file);
  }
  return applied;
}
