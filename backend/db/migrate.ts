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

export async function migrate(db: Db, dir = migrationsDir()): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort();
  return db.tx(async (tx) => {
    if (tx.kind === "postgres") await tx.query("select pg_advisory_xact_lock($1::bigint)", [LOCK_KEYS.migrations]);
    await tx.exec("create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())");
    const done = new Set((await tx.query<{ name: string }>("select name from schema_migrations")).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(await readFile(path.join(dir, file), "utf8"));
      await tx.query("insert into schema_migrations (name) values ($1)", [file]);
      applied.push(file);
    }
    return applied;
  });
}
