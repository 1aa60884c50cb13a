import { parse, protocol, type PGlite } from "@electric-sql/pglite";

const { serialize } = protocol;

/** How many distinct statements stay prepared: every query of the backend is static SQL, so far fewer. */
export const MAX_STATEMENTS = 400;

/** SQLSTATE 26000: the named statement is gone (closed, or the session was reset). */
const NO_SUCH_STATEMENT = "26000";
/** SQLSTATE 0A000 on a bind: a table changed under a `*`, and the kept plan cannot give the new columns. */
const STALE_RESULT = "0A000";

interface Statement {
  name: string;
  paramTypes: number[];
}

/**
 * Queries on PGlite as named prepared statements, the way a PostgreSQL driver keeps them on a
 * connection. PGlite's own `query` parses, plans and describes every statement on each call (six
 * trips into the engine); in the WebAssembly build planning alone is 0.5 to 6 ms a query, more than
 * most of them take to run. Prepared once per text, a query is bound and executed (Postgres keeps
 * its plan, generic after a few runs), with the parameter types learnt at preparation.
 * `inTransaction` says the caller already holds PGlite's transaction lock (inside `transaction`);
 * otherwise the query takes it, as `PGlite.query` does, so it never runs inside another caller's
 * open transaction.
 */
export function preparedStatements(lite: PGlite) {
  // Insertion order is use order: a statement used again is moved to the end, the first is the oldest.
  const statements = new Map<string, Statement>();
  let counter = 0;
  const send = (message: Uint8Array) => lite.execProtocolStream(message, { syncToFs: false });

  async function prepare(sql: string): Promise<Statement> {
    const name = `s${++counter}`;
    try {
      await send(serialize.parse({ name, text: sql, types: [] }));
      const described = await send(serialize.describe({ type: "S", name }));
      return { name, paramTypes: parse.parseDescribeStatementResults(described) };
    } finally {
      await send(serialize.sync());
    }
  }

  async function run(sql: string, params: unknown[]) {
    let statement = statements.get(sql);
    if (statement) statements.delete(sql);
    else {
      statement = await prepare(sql);
      if (statements.size >= MAX_STATEMENTS) {
        const [oldestSql, oldest] = statements.entries().next().value as [string, Statement];
        statements.delete(oldestSql);
        await send(serialize.close({ type: "S", name: oldest.name }));
        await send(serialize.sync());
      }
    }
    statements.set(sql, statement);
    const { paramTypes } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const write = lite.serializers[paramTypes[i]];
      return write ? write(value) : String(value);
    });
    const messages = [];
    try {
      messages.push(
        ...(await send(serialize.bind({ statement: statement.name, values }))),
        ...(await send(serialize.describe({ type: "P" }))),
        ...(await send(serialize.execute({}))),
      );
    } finally {
      messages.push(...(await send(serialize.sync())));
    }
    return parse.parseResults(messages, lite.parsers)[0];
  }

  /**
   * A statement the session dropped, or whose result a schema change made stale, is prepared again.
   * Outside a transaction the query is then retried once; inside one the failed bind has aborted
   * the transaction, so the error goes up and the next call prepares afresh.
   */
  async function runAgainIfStale(sql: string, params: unknown[], inTransaction: boolean) {
    try {
      return await run(sql, params);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== NO_SUCH_STATEMENT && code !== STALE_RESULT) throw error;
      const stale = statements.get(sql);
      statements.delete(sql);
      if (code === STALE_RESULT && stale) {
        await send(serialize.close({ type: "S", name: stale.name }));
        await send(serialize.sync());
      }
      if (inTransaction) throw error;
      return run(sql, params);
    }
  }

  return (sql: string, params: unknown[] = [], inTransaction = false) =>
    inTransaction
      ? lite._runExclusiveQuery(() => runAgainIfStale(sql, params, true))
      : lite._runExclusiveTransaction(() =>
          lite._runExclusiveQuery(async () => {
            const result = await runAgainIfStale(sql, params, false);
            await lite.syncToFs();
            return result;
          }),
        );
}
