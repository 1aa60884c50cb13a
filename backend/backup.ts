import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Db } from "./db/db";
import { privateDataDir } from "./files";

const DAY_MS = 86_400_000;

/** "2026-11-22T03-15-00Z": sorts by date, safe in a file name. */
const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");

/** A backup's file name, `quiniela-<stamp>.tar.gz` (embedded) or `.dump` (pg_dump); its date, or null for any other file. */
const BACKUP_NAME = /^quiniela-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.(tar\.gz|dump)$/;
export function backupDate(name: string): Date | null {
  const m = BACKUP_NAME.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : null;
}

const pgliteDir = (dataDir: string) => path.join(dataDir, "pglite");

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", (error) => reject(new Error(`No se pudo ejecutar ${command}: ${error.message}`)));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} terminó con el código ${code}`))));
  });
}

/** Writes `bytes` as `file` in one step: a copy cut short (a full disk, a stop) is a `.partial` file, never a backup. */
async function writeWhole(file: string, bytes: Blob) {
  const partial = `${file}.partial`;
  await writeFile(partial, Buffer.from(await bytes.arrayBuffer()), { mode: 0o600 });
  await rename(partial, file);
}

/** The embedded database's copy, taken by the process that has it open (decision 088). */
export async function backupLive(db: Db, outDir: string, now = new Date()): Promise<string> {
  if (!db.dump) throw new Error("Con PostgreSQL la copia es de pg_dump: npm run backup con DATABASE_URL.");
  await mkdir(outDir, { recursive: true, mode: 0o700 });
  const file = path.join(outDir, `quiniela-${stamp(now)}.tar.gz`);
  await writeWhole(file, await db.dump());
  return file;
}

/** Removes the backups of `outDir` older than `keepDays` (and copies left half-written a day ago); returns their names. */
export async function pruneBackups(outDir: string, keepDays: number, now = new Date()): Promise<string[]> {
  const names = await readdir(outDir).catch(() => [] as string[]);
  const cutoff = now.getTime() - keepDays * DAY_MS;
  const removed: string[] = [];
  for (const name of names) {
    const file = path.join(outDir, name);
    const date = backupDate(name);
    const partial = name.endsWith(".partial") && backupDate(name.slice(0, -".partial".length));
    if (date ? date.getTime() >= cutoff : !partial || (await stat(file)).mtimeMs > now.getTime() - DAY_MS) continue;
    await unlink(file).catch(() => undefined);
    removed.push(name);
  }
  return removed;
}

/**
 * The daily backup's one pass: a copy when the newest one in `dir` is a day old or more (one made by
 * `npm run backup` counts), then the old ones go. The files are the claim: a restart or a second pass
 * of the day finds today's copy and writes none.
 */
export async function runDailyBackup(db: Db, options: { dir: string; keepDays: number; now?: Date }): Promise<{ file: string | null; removed: string[] }> {
  const now = options.now ?? new Date();
  const names = await readdir(options.dir).catch(() => [] as string[]);
  const newest = Math.max(0, ...names.map((n) => backupDate(n)?.getTime() ?? 0));
  const file = now.getTime() - newest >= DAY_MS ? await backupLive(db, options.dir, now) : null;
  return { file, removed: await pruneBackups(options.dir, options.keepDays, now) };
}

/**
 * The running app's control socket: a Unix socket in DATA_DIR (private to the app's user, 0700), or
 * in the temporary folder, named after DATA_DIR, when that path is too long for a socket.
 */
export function controlSocketPath(dataDir: string): string {
  const inDataDir = path.join(path.resolve(dataDir), "control.sock");
  if (Buffer.byteLength(inDataDir) < 100) return inDataDir;
  return path.join(tmpdir(), `quiniela-${createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16)}.sock`);
}

/** Asks the app running on `dataDir` for a backup in `outDir`: its file, or null when no app answers there. */
export function askRunningApp(dataDir: string, outDir: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ outDir });
    const request = http.request(
      { socketPath: controlSocketPath(dataDir), path: "/backup", method: "POST", headers: { "content-type": "application/json" } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          const answer = (() => {
            try {
              return JSON.parse(text) as { file?: string; message?: string };
            } catch {
              return {};
            }
          })();
          if (response.statusCode === 200 && answer.file) resolve(answer.file);
          else reject(new Error(answer.message ?? `la aplicación en marcha respondió ${response.statusCode}`));
        });
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      // No socket, or one left by an app that is gone: nobody has the database open.
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
    request.end(body);
  });
}

/**
 * Listens on the control socket before the embedded database opens, so a second app (or a backup
 * that would open the files itself) on the same DATA_DIR finds this one. `serve` hands it the open
 * database; until then a backup is refused as "arrancando". Refuses to start when another app answers.
 */
export async function openControlSocket(dataDir: string): Promise<{ serve: (db: Db) => void; close: () => Promise<void> }> {
  const socket = controlSocketPath(dataDir);
  if (existsSync(socket)) {
    const alive = await new Promise<boolean>((resolve) => {
      const probe = http.request({ socketPath: socket, path: "/", method: "GET" }, (response) => {
        response.resume();
        resolve(true);
      });
      probe.on("error", () => resolve(false));
      probe.end();
    });
    if (alive) throw new Error(`Ya hay una aplicación en marcha con este DATA_DIR (${dataDir}): la base de datos embebida admite un solo proceso.`);
    await unlink(socket);
  }
  let db: Db | null = null;
  const answer = (res: http.ServerResponse, status: number, body: object) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/backup") return answer(res, 404, { message: "Solo POST /backup." });
    if (!db) return answer(res, 503, { message: "La aplicación está arrancando; vuelve a intentarlo en unos segundos." });
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk.slice(0, 10_000)));
    req.on("end", () => {
      let outDir: unknown;
      try {
        outDir = (JSON.parse(text) as { outDir?: unknown }).outDir;
      } catch {
        outDir = undefined;
      }
      if (typeof outDir !== "string" || !path.isAbsolute(outDir)) return answer(res, 400, { message: "Falta outDir, una ruta absoluta." });
      backupLive(db!, outDir).then(
        (file) => answer(res, 200, { file }),
        (error: Error) => answer(res, 500, { message: `No se pudo hacer la copia: ${error.message}` }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, () => resolve());
  });
  // Only the app's user may ask (the folder is private too, unless the socket is in the temporary one).
  await chmod(socket, 0o600);
  return {
    serve: (open) => {
      db = open;
    },
    close: () =>
      new Promise<void>((resolve) => {
        db = null;
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A consistent copy of the database in a dated file of `outDir`. PostgreSQL: pg_dump's custom
 * format (consistent while the app runs). Embedded: asked of the running app when there is one
 * (its control socket); otherwise PGlite's own dump of its data directory, opened here.
 */
export async function backupDatabase(options: { dataDir: string; databaseUrl?: string; outDir: string; now?: Date }): Promise<string> {
  await mkdir(options.outDir, { recursive: true, mode: 0o700 });
  const when = stamp(options.now ?? new Date());
  if (options.databaseUrl) {
    const file = path.join(options.outDir, `quiniela-${when}.dump`);
    await run("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, options.databaseUrl]);
    return file;
  }
  const live = await askRunningApp(options.dataDir, path.resolve(options.outDir));
  if (live) return live;
  const dir = pgliteDir(options.dataDir);
  if (!existsSync(dir)) throw new Error(`No hay base de datos embebida en ${dir}.`);
  // Nobody answers on the control socket: this process holds it while the files are open, so an app
  // started meanwhile refuses to open them too.
  const control = await openControlSocket(options.dataDir);
  const lite = await PGlite.create(dir);
  try {
    await lite.exec("checkpoint");
    const file = path.join(options.outDir, `quiniela-${when}.tar.gz`);
    await writeWhole(file, await lite.dumpDataDir("gzip"));
    return file;
  } finally {
    await lite.close();
    await control.close();
  }
}

/**
 * Puts a backup back. Embedded: into a DATA_DIR without a database (a fresh one, or after moving
 * the damaged one aside). PostgreSQL: pg_restore into DATABASE_URL, replacing what is there.
 */
export async function restoreDatabase(options: { dataDir: string; databaseUrl?: string; file: string }): Promise<void> {
  if (options.databaseUrl) {
    await run("pg_restore", ["--clean", "--if-exists", "--no-owner", `--dbname=${options.databaseUrl}`, options.file]);
    return;
  }
  const dir = pgliteDir(options.dataDir);
  if (existsSync(dir)) throw new Error(`Ya hay una base de datos en ${dir}: restaura en un DATA_DIR nuevo o aparta esa carpeta primero.`);
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const archive = new Blob([await readFile(options.file)], { type: "application/x-gzip" });
  const lite = await PGlite.create(dir, { loadDataDir: archive });
  try {
    await lite.exec("checkpoint");
  } finally {
    await lite.close();
  }
  await privateDataDir(options.dataDir);
}
