import { PGlite } from "@electric-sql/pglite";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openPglite, openPostgres, type Db } from "../../backend/db/db";
import { migrate } from "../../backend/db/migrate";

/**
 * A migrated database made once and copied for every test file (decision 089). An empty PGlite runs
 * initdb (about 2 s of CPU) and then the migrations; loading a dumped data directory takes a
 * quarter of that. On PostgreSQL a database is made from a migrated template database. Either
 * template is named by a hash of the migrations' text and the engine's version, so a new or changed
 * migration makes a new one; the test's own `migrate` then finds nothing left to apply.
 */
const migrationsDir = fileURLToPath(new URL("../../backend/db/migrations", import.meta.url));

async function migrationsHash(): Promise<string> {
  const hash = createHash("sha256");
  const pgliteVersion = JSON.parse(
    await readFile(fileURLToPath(new URL("../../node_modules/@electric-sql/pglite/package.json", import.meta.url)), "utf8"),
  ).version;
  hash.update(`pglite ${pgliteVersion}\n`);
  for (const file of (await readdir(migrationsDir)).filter((f) => f.endsWith(".sql")).sort()) {
    hash.update(`${file}\n`);
    hash.update(await readFile(path.join(migrationsDir, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

let pgliteDump: Promise<Blob> | null = null;

/** The migrated PGlite data directory as PGlite dumps it, kept in the temp directory between runs. */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `quiniela-pglite-template-${await migrationsHash()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    /* not made yet */
  }
  const dir = await mkdtemp(path.join(tmpdir(), "quiniela-pglite-template-"));
  try {
    const db = await openPglite(dir);
    await migrate(db);
    await db.close();
    const lite = await PGlite.create(dir);
    const dump = await lite.dumpDataDir("none");
    await lite.close();
    // Another worker may make the same file at once: each writes its own and renames it into place.
    const partial = `${file}.${randomBytes(4).toString("hex")}`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A migrated in-memory PGlite of its own. */
export async function migratedPglite(): Promise<Db> {
  pgliteDump ??= pgliteTemplate();
  return openPglite(undefined, { loadDataDir: await pgliteDump });
}

/** Serializes the making of the PostgreSQL template among the test workers (any constant). */
const TEMPLATE_LOCK = 8_908_901;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The name of a migrated template database on the server of `base` (a URL), made once. */
async function postgresTemplate(base: string): Promise<string> {
  const name = `quiniela_template_${await migrationsHash()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    const found = await admin.query("select datistemplate from pg_database where datname = $1", [name]);
    if (found.rows[0]?.datistemplate) return name;
    // A half-made one (a run stopped while migrating) is made again.
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString());
    await migrate(db);
    await db.close();
    await admin.query(`alter database ${name} is_template true`);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
}

/** A fresh migrated database on the PostgreSQL server of `base` (a URL), dropped by `stop`. */
export async function migratedDatabaseOn(base: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const template = await postgresTemplate(base);
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (error) {
        // 55006: the template is in use a moment longer (its last connection closing); try again.
        if ((error as { code?: string }).code !== "55006" || attempt >= 50) throw error;
        await sleep(100);
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    stop: async () => {
      const again = new pg.Client({ connectionString: base });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}
