import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { dbConnections, dbPoolMax } from "../metrics";
import { preparedStatements } from "./pglite-statements";

/** The one query layer of the backend: plain SQL with $n parameters, the same on PGlite and PostgreSQL. */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Hears the notices of `channel` (pg_notify), each after its transaction committed.
   * `live(false)` says notices may be missed from now on (PostgreSQL's listening connection was
   * lost), `live(true)` that they are heard again, which it retries every second. Returns the stop.
   */
  listen(channel: string, notice: (payload: string) => void, live: (heard: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly kind: "pglite" | "postgres";
  /**
   * The embedded database only: a gzipped tar of its data directory, taken between two transactions
   * by the process that has it open (decision 088). PostgreSQL is copied by pg_dump instead.
   */
  dump?: () => Promise<Blob>;
}

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

/**
 * How both engines read numbers, set once here so no service converts a column by hand: `count(*)`
 * and `sum()` (int8) and the seasons' points and prices (numeric) arrive as JS numbers, not as
 * strings (pg) or BigInt (PGlite past 2^53). The values the game stores are small.
 */
const NUMBER_PARSERS: Record<number, (value: string) => number> = { [INT8]: Number, [NUMERIC]: Number };

type Runner = (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

function wrap(run: Runner, rest: Pick<Db, "exec" | "tx" | "listen" | "close" | "kind" | "dump">): Db {
  const query = async <T>(sql: string, params?: unknown[]) => (await run(sql, params)).rows as T[];
  return {
    query,
    one: async <T>(sql: string, params?: unknown[]) => (await query<T>(sql, params))[0],
    ...rest,
  };
}

/** `loadDataDir` starts from a data directory dumped by PGlite (the tests' migrated template) instead of an empty one. */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  const lite = await PGlite.create(dataDir, { parsers: NUMBER_PARSERS, ...options });
  const prepared = preparedStatements(lite);
  // PGlite is one connection inside the process: the metrics say so rather than invent a pool.
  const unwatch = [dbConnections(() => (lite.closed ? 0 : 1), { engine: "pglite", state: "total" }), dbPoolMax(() => 1, { engine: "pglite" })];
  const liteDb = (runner: Pick<PGlite, "exec">, inTx: boolean): Db =>
    wrap((sql, params) => prepared(sql, params, inTx), {
      kind: "pglite",
      exec: async (sql) => {
        await runner.exec(sql);
      },
      tx: (fn) => (inTx ? fn(liteDb(runner, true)) : lite.transaction((t) => fn(liteDb(t, true)))),
      // One process: a notice is heard before the write that sent it returns, and never missed.
      listen: async (channel, notice, live) => {
        const stop = await lite.listen(channel, notice);
        live(true);
        return stop;
      },
      close: async () => {
        if (inTx) return;
        for (const stop of unwatch) stop();
        await lite.close();
      },
    });
  return {
    ...liteDb(lite, false),
    // CHECKPOINT puts every page in the files; then no statement nor transaction runs while they are
    // read (every query of PGlite takes the transactions' turn, which is held here), so the copy is
    // the database between two transactions.
    dump: async () => {
      await lite.exec("checkpoint");
      return lite._runExclusiveTransaction(() => lite.dumpDataDir("gzip"));
    },
  };
}

export async function openPostgres(url: string): Promise<Db> {
  // Dates stay strings for `date` columns, so a season's start day never shifts with the server's zone.
  const parsers: Record<number, (value: string) => unknown> = { ...NUMBER_PARSERS, [DATE]: (v: string) => v };
  const types = { getTypeParser: (oid: number, format?: "text" | "binary") => parsers[oid] ?? pg.types.getTypeParser(oid, format) };
  const pool = new pg.Pool({ connectionString: url, max: 10, types: types as pg.CustomTypesConfig });
  // An idle connection the server ends (a restart, a failover, a test's database dropped) is an
  // 'error' on the pool, which drops that client; the next query opens another. Unheard, it would
  // end the process.
  pool.on("error", () => undefined);
  const unwatch = [
    dbConnections(() => pool.totalCount, { engine: "postgres", state: "total" }),
    dbConnections(() => pool.idleCount, { engine: "postgres", state: "idle" }),
    dbConnections(() => pool.waitingCount, { engine: "postgres", state: "waiting" }),
    dbPoolMax(() => pool.options.max, { engine: "postgres" }),
  ];
  const clientDb = (client: pg.PoolClient): Db =>
    wrap((sql, params) => client.query(sql, params as unknown[]), {
      kind: "postgres",
      exec: async (sql) => {
        await client.query(sql);
      },
      tx: (fn) => fn(clientDb(client)),
      listen: () => Promise.reject(new Error("listen in a transaction")),
      close: async () => {},
    });
  return wrap((sql, params) => pool.query(sql, params as unknown[]), {
    kind: "postgres",
    exec: async (sql) => {
      await pool.query(sql);
    },
    tx: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await fn(clientDb(client));
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback");
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, notice, live) => listenPostgres(url, types, channel, notice, live),
    close: () => {
      for (const stop of unwatch) stop();
      return pool.end();
    },
  });
}

/** A connection of its own that LISTENs, opened again a second after it is lost or refused (Db.listen). */
async function listenPostgres(
  url: string,
  types: unknown,
  channel: string,
  notice: (payload: string) => void,
  live: (heard: boolean) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  const connect = async () => {
    // TCP keep-alive: a connection that died without a word is found and opened again.
    const client = new pg.Client({ connectionString: url, types: types as pg.CustomTypesConfig, keepAlive: true });
    const lost = () => {
      if (current !== client) return;
      current = null;
      live(false);
      client.end().catch(() => undefined);
      if (!stopped) setTimeout(retry, 1000).unref();
    };
    client.on("notification", (message) => {
      if (message.channel === channel) notice(message.payload ?? "");
    });
    client.on("error", lost);
    client.on("end", lost);
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) return void client.end().catch(() => undefined);
    current = client;
    live(true);
  };
  const retry = () => {
    if (!stopped) connect().catch(() => setTimeout(retry, 1000).unref());
  };
  // Not heard until the connection listens; a server not reachable now is tried again every second.
  await connect().catch(() => setTimeout(retry, 1000).unref());
  return async () => {
    stopped = true;
    const client = current;
    current = null;
    await client?.end();
  };
}

export function openDb(options: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
