// A backup that is proven (decision 088): taken while the app runs and answers, restored into a new
// place, the backend started on it, every table compared row by row. On PGlite the running app
// makes the copy (asked by `npm run backup` over its control socket); on PostgreSQL
// (TEST_DATABASE_URL, CI's lane) pg_dump and pg_restore do.
import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backupDatabase, restoreDatabase, runDailyBackup } from "../../backend/backup";
import type { Deps } from "../../backend/context";
import { runRoundCloses } from "../../backend/services/close/close-job";
import { createBackend } from "../../backend/start";
import { client, PASSWORD } from "../support/backend";
import * as build from "../support/builders";
import { databaseOn } from "../support/postgres";
import { rowsOf } from "../support/schema";

const ADMIN = { email: "jefa@test.local", username: "jefa", password: PASSWORD };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function folder(name: string) {
  const dir = await mkdtemp(path.join(tmpdir(), `quiniela-${name}-`));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A database on the engine of this run: a DATA_DIR of its own for PGlite, a fresh database on TEST_DATABASE_URL. */
async function place(name: string) {
  const dataDir = await folder(name);
  if (!onPostgres) return { dataDir, databaseUrl: undefined };
  const database = await databaseOn(process.env.TEST_DATABASE_URL!);
  cleanups.push(database.stop);
  return { dataDir, databaseUrl: database.url };
}

async function start(where: { dataDir: string; databaseUrl?: string }) {
  const { app, deps } = await createBackend({ ...where, admin: ADMIN, log: () => {} });
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, deps, url, api: client(url) };
}

/** Players signed up through the API, a season with two pools (one with results), a peña, its rounds and picks. */
async function seed(deps: Deps, url: string) {
  const api = client(url);
  const ids: number[] = [];
  for (const name of ["ana", "beto", "carla"]) {
    expect((await api.post("/auth/register", { email: `${name}@test.local`, username: name, password: PASSWORD })).status).toBe(201);
    ids.push((await deps.db.one<{ id: number }>("select id from users where username = $1", [name]))!.id);
  }
  const seasonId = await build.season(deps.db);
  const groupId = await build.group(deps.db, { name: "Peña del simulacro", members: ids.map((userId, i) => ({ userId, role: i === 0 ? 2 : 1 })) });
  for (const number of [1, 2]) {
    const quinielaId = await build.pool(deps.db, { seasonId, number, startDate: new Date(`2024-08-${10 + number * 7}T10:00:00Z`) });
    await build.round(deps.db, {
      groupId,
      quinielaId,
      openDate: new Date("2024-08-01T00:00:00Z"),
      closeDate: new Date(`2024-08-${12 + number * 7}T10:00:00Z`),
    });
    for (const [i, userId] of ids.entries()) {
      await build.prediction(deps.db, {
        groupId,
        quinielaId,
        userId,
        matches: Array.from({ length: 14 }, (_, m) => [(["1", "X", "2"] as const)[(m + i) % 3]]),
        pleno: { home: i, away: 1 },
      });
    }
    if (number === 1)
      await build.results(
        deps.db,
        quinielaId,
        Array.from({ length: 14 }, () => "1"),
        { home: 1, away: 1 },
      );
  }
  // The rounds past their close are closed now, not by the job's timer in the middle of the drill.
  await runRoundCloses(deps);
  return { groupId, seasonId };
}

/** `npm run backup` as a deployer types it, beside the running app. */
function npmRunBackup(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/run-ts.mjs", "scripts/backup.ts"], {
      env: { PATH: process.env.PATH, NODE_ENV: "test", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

describe(`the restore drill (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("a backup taken while the app answers, restored into a new place, holds every row of every table", async () => {
    const from = await place("drill");
    const outDir = await folder("drill-backups");
    const live = await start(from);
    const { groupId, seasonId } = await seed(live.deps, live.url);
    const token = (await live.api.post("/auth/login", { username: "ana", password: PASSWORD })).body.token as string;
    const standingsPath = `/group/${groupId}/season/${seasonId}/GetClassification`;
    const standings = (await live.api.as(token).get(standingsPath)).body;

    const before = await rowsOf(live.deps.db);
    // Reads keep coming while `npm run backup` runs beside the app: every one is answered.
    let backingUp = true;
    const answers: number[] = [];
    const reads = (async () => {
      while (backingUp) answers.push((await live.api.as(token).get(standingsPath)).status);
    })();
    const env: Record<string, string> = { DATA_DIR: from.dataDir, BACKUP_DIR: outDir, ...(from.databaseUrl ? { DATABASE_URL: from.databaseUrl } : {}) };
    const backup = await npmRunBackup(env);
    backingUp = false;
    await reads;
    expect(backup.code, backup.out).toBe(0);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((s) => s === 200)).toBe(true);
    const [file] = await readdir(outDir);
    expect(file).toMatch(onPostgres ? /^quiniela-.*Z\.dump$/ : /^quiniela-.*Z\.tar\.gz$/);
    expect(backup.out).toContain(path.join(outDir, file));
    expect((await stat(path.join(outDir, file))).mode & 0o077).toBe(0);
    // Nothing was written while the copy was taken, so the copy must hold exactly these rows.
    const rows = await rowsOf(live.deps.db);
    expect(rows).toEqual(before);
    expect(rows.predictions).toHaveLength(6);
    expect(rows.round_closes).toHaveLength(2);
    await live.app.close();

    const to = await place("drill-restored");
    await restoreDatabase({ ...to, file: path.join(outDir, file) });
    const restored = await start(to);
    try {
      expect(await rowsOf(restored.deps.db)).toEqual(rows);
      expect((await restored.api.as(token).get(standingsPath)).body).toEqual(standings);
    } finally {
      await restored.app.close();
    }
  }, 180_000);

  it.runIf(!onPostgres)(
    "the embedded app refuses a second process on its DATA_DIR, and makes its daily copy once a day, keeping BACKUP_KEEP_DAYS",
    async () => {
      const where = await place("daily");
      const dir = await folder("daily-backups");
      const live = await start(where);
      try {
        await expect(createBackend({ ...where, log: () => {} })).rejects.toThrow(/Ya hay una aplicación en marcha con este DATA_DIR/);
        expect((await live.api.get("/health")).status).toBe(200);

        const old = "quiniela-2026-11-01T03-00-00Z.tar.gz";
        await writeFile(path.join(dir, old), "una copia antigua");
        const morning = new Date("2026-11-22T03:00:00Z");
        const first = await runDailyBackup(live.deps.db, { dir, keepDays: 14, now: morning });
        expect(first.file).toBe(path.join(dir, "quiniela-2026-11-22T03-00-00Z.tar.gz"));
        expect(first.removed).toEqual([old]);
        // The same day, after a restart or a second run: nothing more.
        expect(await runDailyBackup(live.deps.db, { dir, keepDays: 14, now: new Date("2026-11-22T20:00:00Z") })).toEqual({ file: null, removed: [] });
        expect((await runDailyBackup(live.deps.db, { dir, keepDays: 14, now: new Date("2026-11-23T03:00:00Z") })).file).toMatch(/2026-11-23T03-00-00Z/);
        expect((await readdir(dir)).sort()).toEqual(["quiniela-2026-11-22T03-00-00Z.tar.gz", "quiniela-2026-11-23T03-00-00Z.tar.gz"]);
      } finally {
        await live.app.close();
      }
      // Closed, the files are free: a backup opens them itself.
      const file = await backupDatabase({ dataDir: where.dataDir, outDir: dir, now: new Date("2026-11-24T03:00:00Z") });
      expect(path.basename(file)).toBe("quiniela-2026-11-24T03-00-00Z.tar.gz");
    },
    120_000,
  );
});
