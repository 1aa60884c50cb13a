// Whether this instance can serve (decision 087), beside /health's "the process runs": the
// database answers, every migration of this release is applied, the notices are heard (where
// something listens: the held versions on PostgreSQL), a mail transport takes mail. A balancer
// reads GET /ready and takes the instance out on a 503, whose JSON says why.
import type { FastifyInstance } from "fastify";
import { readdir } from "node:fs/promises";
import type { Deps } from "./context";
import { migrationsDir } from "./db/migrate";
import { readyGauge } from "./metrics";

/** One check: null when it holds, otherwise the Spanish reason. */
export type ReadyCheck = () => Promise<string | null> | string | null;

export interface Readiness {
  ready: boolean;
  checks: Record<string, "ok" | string>;
}

const extra = new WeakMap<FastifyInstance, Map<string, ReadyCheck>>();

/** A check that another part adds (server.ts: the held versions' notices). */
export function addReadyCheck(app: FastifyInstance, name: string, check: ReadyCheck) {
  const checks = extra.get(app) ?? new Map<string, ReadyCheck>();
  extra.set(app, checks);
  checks.set(name, check);
}

/** The held versions' notices (backend/kept-versions.ts), where another instance's writes come through them: PostgreSQL. */
export function noticesCheck(app: FastifyInstance, deps: Deps, versions: { heard(): boolean }) {
  const engine = deps.db.kind;
  addReadyCheck(app, "notices", () => (engine === "postgres" && !versions.heard() ? "no se oyen los avisos de escritura de PostgreSQL (LISTEN)" : null));
}

/** A database that does not answer in this long is not reachable (a dropped server may hang a connect). */
const DB_TIMEOUT_MS = 2_000;

const within = <T>(ms: number, promise: Promise<T>) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("sin respuesta")), ms).unref())]);

async function database(deps: Deps): Promise<{ reachable: string | null; migrations: string | null }> {
  let applied: Set<string>;
  try {
    const rows = await within(DB_TIMEOUT_MS, deps.db.query<{ name: string }>("select name from schema_migrations"));
    applied = new Set(rows.map((r) => r.name));
  } catch (error) {
    const reason = `la base de datos no responde (${(error as Error).message})`;
    return { reachable: reason, migrations: "sin comprobar: la base de datos no responde" };
  }
  const files = (await readdir(migrationsDir())).filter((f) => f.endsWith(".sql"));
  const missing = files.filter((f) => !applied.has(f));
  return { reachable: null, migrations: missing.length ? `faltan migraciones: ${missing.sort().join(", ")}` : null };
}

export async function readiness(app: FastifyInstance, deps: Deps): Promise<Readiness> {
  const { reachable, migrations } = await database(deps);
  const results: Record<string, string | null> = {
    database: reachable,
    migrations,
    mail: deps.mailer.check ? await deps.mailer.check() : null,
  };
  for (const [name, check] of extra.get(app) ?? []) results[name] = await check();
  const checks = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v ?? "ok"]));
  const ready = Object.values(results).every((v) => v === null);
  readyGauge.labels("api").set(ready ? 1 : 0);
  return { ready, checks };
}
