import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * Why PostgreSQL is not available here, or null when it is: TEST_DATABASE_URL, else the initdb and
 * pg_ctl binaries on PATH (as .ci/run uses them).
 */
export function postgresUnavailable(): string | null {
  if (process.env.TEST_DATABASE_URL) return null;
  const found = ["initdb", "pg_ctl"].every((bin) => spawnSync(bin, ["--version"], { stdio: "ignore" }).status === 0);
  return found ? null : "no hay TEST_DATABASE_URL ni binarios de PostgreSQL (initdb, pg_ctl) en el PATH";
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });

/** Runs a PostgreSQL binary; as root it runs as `nobody`, since PostgreSQL refuses to run as root. */
function run(args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync("su", ["nobody", "-s", "/bin/sh", "-c", args.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ")], { encoding: "utf8" })
    : spawnSync(args[0], args.slice(1), { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${args[0]} falló: ${result.stderr || result.stdout}`);
}

/** A fresh database on the PostgreSQL server of `base` (a URL), dropped by `stop`. */
export async function databaseOn(base: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
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

/**
 * A database of its own on PostgreSQL for one test file or script: a fresh database on
 * TEST_DATABASE_URL, or a throwaway cluster (initdb + pg_ctl on a free port) removed by `stop`.
 * The cluster runs with fsync off unless `durable` (a benchmark whose commits must cost what they do).
 */
export async function throwawayPostgres(options: { durable?: boolean } = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (base) return databaseOn(base);
  const dir = mkdtempSync(path.join(tmpdir(), "quiniela-pg-"));
  if (process.getuid?.() === 0) {
    const nobody = spawnSync("id", ["-u", "nobody"], { encoding: "utf8" });
    chownSync(dir, Number(nobody.stdout.trim()), -1);
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  const data = path.join(dir, "data");
  run(["initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  run([
    "pg_ctl",
    "-D",
    data,
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${options.durable ? "" : " -c fsync=off"}`,
    "-l",
    path.join(dir, "log"),
    "-w",
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      try {
        run(["pg_ctl", "-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
