import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { privateDataDir } from "./files";

/** "2026-11-22T03-15-00Z": sorts by date, safe in a file name. */
const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");

const pgliteDir = (dataDir: string) => path.join(dataDir, "pglite");

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", (error) => reject(new Error(`No se pudo ejecutar ${command}: ${error.message}`)));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} terminó con el código ${code}`))));
  });
}

/**
 * A consistent copy of the database in a dated file of `outDir`. PostgreSQL: pg_dump's custom
 * format (consistent while the app runs). Embedded: PGlite's own dump of its data directory, taken
 * with the app stopped (the embedded database admits one process), so nothing is half-written.
 */
export async function backupDatabase(options: { dataDir: string; databaseUrl?: string; outDir: string; now?: Date }): Promise<string> {
  await mkdir(options.outDir, { recursive: true, mode: 0o700 });
  const when = stamp(options.now ?? new Date());
  if (options.databaseUrl) {
    const file = path.join(options.outDir, `quiniela-${when}.dump`);
    await run("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, options.databaseUrl]);
    return file;
  }
  const dir = pgliteDir(options.dataDir);
  if (!existsSync(dir)) throw new Error(`No hay base de datos embebida en ${dir}.`);
  const lite = await PGlite.create(dir);
  try {
    // CHECKPOINT writes everything to the data files before they are copied.
    await lite.exec("checkpoint");
    const dump = await lite.dumpDataDir("gzip");
    const file = path.join(options.outDir, `quiniela-${when}.tar.gz`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    return file;
  } finally {
    await lite.close();
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
