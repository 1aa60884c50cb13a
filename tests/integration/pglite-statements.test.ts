import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, type Db } from "../../backend/db/db";
import { MAX_STATEMENTS } from "../../backend/db/pglite-statements";

/**
 * backend/db/pglite-statements.ts: on PGlite every query is a named prepared statement, cached per
 * SQL text (an LRU of MAX_STATEMENTS), bound with the parameter types learnt at preparation, run
 * under PGlite's transaction lock when outside a transaction, and prepared again once when the
 * statement is gone (SQLSTATE 26000) or its result went stale (0A000). One in-memory database for the file, a table per test.
 */

let db: Db;
beforeAll(async () => {
  db = await openPglite();
});
afterAll(() => db?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many statements the session holds prepared, all of them or those with exactly this text. */
async function prepared(text?: string): Promise<number> {
  const row = text
    ? await db.one<{ n: number }>("select count(*) as n from pg_prepared_statements where statement = $1", [text])
    : await db.one<{ n: number }>("select count(*) as n from pg_prepared_statements");
  return row!.n;
}

async function failure(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error("expected the query to fail");
}

describe("queries on PGlite as cached prepared statements", () => {
  it("answers the same query text with different parameters, on custom and on generic plans", async () => {
    await db.exec(
      "create table plans (id int primary key, name text, at timestamptz not null, tags jsonb not null, price numeric(10,2) not null, big int8 not null)",
    );
    const T0 = Date.parse("2025-03-01T10:00:00Z");
    const rows = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      name: i % 3 === 0 ? null : `name-${i % 4}`,
      at: new Date(T0 + i * 3_600_000),
      tags: { n: i, even: i % 2 === 0, list: [i, "x"] },
      price: i + 0.25,
      big: 2 ** 40 + i,
    }));
    const insert = "insert into plans (id, name, at, tags, price, big) values ($1, $2, $3, $4, $5, $6) returning id, name, at, tags, price, big";
    for (const r of rows) {
      expect(await db.query(insert, [r.id, r.name, r.at, r.tags, r.price, r.big])).toEqual([r]);
    }

    const select =
      "select id, name, at, tags, price, big from plans where id = any($1::int[]) and ($2::text is null or name = $2) and at >= $3 and tags @> $4 order by id";
    const cases: [number[], string | null, Date, object][] = [
      [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], null, new Date(0), {}],
      [[2, 3, 4], null, new Date(0), {}],
      [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "name-1", new Date(0), {}],
      [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], null, new Date(T0 + 6 * 3_600_000), {}],
      [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], null, new Date(0), { even: true }],
      [[5, 6, 7, 8], "name-3", new Date(T0 + 3_600_000), {}],
      [[], null, new Date(0), {}],
      [[1, 4, 7, 10], null, new Date(0), { even: false }],
      [[9, 10, 11, 12], "name-0", new Date(T0), { list: ["x"] }],
      [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "nobody", new Date(0), {}],
      [[3, 99], null, new Date(T0 + 100 * 3_600_000), {}],
    ];
    const expected = ([ids, name, from, tags]: (typeof cases)[number]) =>
      rows.filter(
        (r) =>
          ids.includes(r.id) &&
          (name === null || r.name === name) &&
          r.at >= from &&
          // jsonb @> on these flat objects: equal scalars, and arrays holding every listed element.
          Object.entries(tags).every(([k, v]) => {
            const held: unknown = r.tags[k as keyof typeof r.tags];
            return Array.isArray(v) ? Array.isArray(held) && v.every((e) => held.includes(e)) : held === v;
          }),
      );
    expect(cases.map((c) => expected(c).length)).toEqual([12, 3, 2, 6, 6, 1, 0, 2, 1, 0, 0]);

    // Past five runs Postgres may switch to its generic plan; then force it, to be sure both plans answer.
    for (let round = 0; round < 2; round++) {
      for (const c of cases) expect(await db.query(select, c), JSON.stringify(c)).toEqual(expected(c));
    }
    await db.exec("set plan_cache_mode = force_generic_plan");
    try {
      for (const c of cases) expect(await db.query(select, c), JSON.stringify(c)).toEqual(expected(c));
    } finally {
      await db.exec("reset plan_cache_mode");
    }
    const plans = await db.one<{ generic_plans: number; n: number }>(
      "select generic_plans, (select count(*) from pg_prepared_statements where statement = $1) as n from pg_prepared_statements where statement = $1",
      [select],
    );
    expect(plans!.n).toBe(1);
    expect(plans!.generic_plans).toBeGreaterThanOrEqual(cases.length);

    // int8 and numeric results arrive as JS numbers (db.ts sets those parsers).
    const totals = await db.one<{ n: number; total: number; bigs: number; top: number }>(
      "select count(*) as n, sum(price) as total, sum(big) as bigs, max(big) as top from plans where id = any($1::int[])",
      [[1, 2, 3]],
    );
    expect(totals).toEqual({ n: 3, total: 0.25 + 1.25 + 2.25, bigs: 3 * 2 ** 40 + 3, top: 2 ** 40 + 2 });
    for (const value of Object.values(totals!)) expect(typeof value).toBe("number");

    // Nulls and undefined bind as SQL null, on a statement whose types are already known.
    const nullable = "select $1::int as a, $2::text as b, $3::jsonb as c, $4::timestamptz as d";
    for (let i = 0; i < 8; i++) {
      const values = i % 2 === 0 ? [i, `t${i}`, { i }, new Date(T0 + i)] : [null, undefined, null, null];
      expect(await db.one(nullable, values)).toEqual(
        i % 2 === 0 ? { a: i, b: `t${i}`, c: { i }, d: new Date(T0 + i) } : { a: null, b: null, c: null, d: null },
      );
    }
  });

  it("reports a failed statement with its SQLSTATE and keeps serving the next queries", async () => {
    await db.exec("create table uniq (id int primary key, label text not null)");
    const insert = "insert into uniq (id, label) values ($1, $2)";
    const count = "select count(*) as n from uniq";
    await db.query(insert, [1, "one"]);

    for (let i = 0; i < 5; i++) {
      const duplicate = await failure(db.query(insert, [1, "again"]));
      expect(duplicate.code).toBe("23505");
      expect(duplicate.message).toMatch(/duplicate key/);
      const notANumber = await failure(db.query(insert, ["abc", "bad"]));
      expect(notANumber.code).toBe("22P02");
      // The same texts, and others, right after the failure.
      await db.query(insert, [100 + i, `ok ${i}`]);
      expect((await db.one<{ n: number }>(count))!.n).toBe(2 + i);
      expect(await db.one("select $1::int * 2 as twice", [21 + i])).toEqual({ twice: 42 + 2 * i });
    }

    // A failure while executing (not binding) a select, then the same text again.
    const divide = "select 10 / $1::int as q";
    expect((await failure(db.query(divide, [0]))).code).toBe("22012");
    expect(await db.one(divide, [2])).toEqual({ q: 5 });
    // No transaction was left open or aborted by the failures: a transaction still commits and rolls back.
    await db.tx(async (t) => {
      await t.query(insert, [200, "in tx"]);
    });
    await expect(
      db.tx(async (t) => {
        await t.query(insert, [201, "rolled back"]);
        throw new Error("abandon");
      }),
    ).rejects.toThrow("abandon");
    expect(await db.query("select id from uniq where id >= $1 order by id", [200])).toEqual([{ id: 200 }]);
  });

  it("throws on a syntax error every time without caching the text, and a good query still works", async () => {
    const bad = "selec $1::int as x";
    const first = await failure(db.query(bad, [1]));
    expect(first.code).toBe("42601");
    const second = await failure(db.query(bad, [1]));
    expect(second).toMatchObject({ code: "42601", message: first.message });
    expect(await db.one("select $1::int + 1 as x", [1])).toEqual({ x: 2 });
    expect(await prepared(bad)).toBe(0);

    // A text that fails to prepare is prepared afresh next time: once its table exists, it answers.
    const later = "select count(*) as n from created_later where id > $1";
    expect((await failure(db.query(later, [0]))).code).toBe("42P01");
    await db.exec("create table created_later (id int primary key); insert into created_later values (1), (2)");
    expect(await db.one(later, [0])).toEqual({ n: 2 });
    expect(await prepared(later)).toBe(1);
  });

  it("sees its own writes inside a transaction, rolls them back on a throw, and keeps statements first prepared there", async () => {
    await db.exec("create table txrows (id int primary key)");
    const insert = "insert into txrows (id) values ($1)";
    const all = "select id from txrows order by id";

    const committed = await db.tx(async (t) => {
      await t.query(insert, [1]);
      return t.query(all);
    });
    expect(committed).toEqual([{ id: 1 }]);
    expect(await db.query(all)).toEqual([{ id: 1 }]);

    // Prepared for the first time inside a transaction that is then rolled back.
    const fresh = "select count(*) as n from txrows where id >= $1";
    let inside: unknown[] = [];
    let counted: unknown;
    await expect(
      db.tx(async (t) => {
        await t.query(insert, [2]);
        inside = await t.query(all);
        counted = await t.one(fresh, [0]);
        throw new Error("abandon");
      }),
    ).rejects.toThrow("abandon");
    expect(inside).toEqual([{ id: 1 }, { id: 2 }]);
    expect(counted).toEqual({ n: 2 });
    expect(await db.query(all)).toEqual([{ id: 1 }]);
    expect(await db.one(fresh, [0])).toEqual({ n: 1 });
    expect(await db.one(fresh, [5])).toEqual({ n: 0 });
    expect(await prepared(fresh)).toBe(1);

    // A transaction that fails in Postgres is rolled back too, and the next one works.
    const duplicate = await failure(
      db.tx(async (t) => {
        await t.query(insert, [3]);
        await t.query(insert, [1]);
      }),
    );
    expect(duplicate.code).toBe("23505");
    expect(await db.query(all)).toEqual([{ id: 1 }]);
    await db.tx(async (t) => {
      await t.query(insert, [3]);
      expect(await t.one(fresh, [0])).toEqual({ n: 2 });
    });
    expect(await db.query(all)).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it("never lets a query outside a transaction see the transaction's uncommitted rows", async () => {
    await db.exec("create table conc (id int primary key)");
    // A text never run before: all the waiting calls find it unprepared.
    const count = "select count(*) as n, coalesce(max(id), 0) as top from conc where id > $1";
    const outside = (n: number) => Array.from({ length: n }, () => db.one<{ n: number; top: number }>(count, [0]));

    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
    const seenInside: unknown[] = [];
    // Started in the same tick as the transaction: they run before it or after it, as a whole.
    const around = outside(25);
    const tx = db.tx(async (t) => {
      await t.query("insert into conc (id) values ($1)", [1]);
      seenInside.push(await t.one(count, [0]));
      firstInserted();
      await sleep(50);
      await t.query("insert into conc (id) values ($1)", [2]);
      seenInside.push(await t.one(count, [0]));
      return "committed";
    });
    const aroundToo = outside(25);
    await inserted;
    // Started while the transaction holds its first row and sleeps: they wait for its commit.
    const during = outside(50);

    expect(await tx).toBe("committed");
    const [before, after, whileOpen] = await Promise.all([Promise.all(around), Promise.all(aroundToo), Promise.all(during)]);
    expect(seenInside).toEqual([
      { n: 1, top: 1 },
      { n: 2, top: 2 },
    ]);
    for (const row of [...before, ...after]) expect([0, 2]).toContain(row!.n);
    for (const row of [...before, ...after]) expect(row!.top).toBe(row!.n);
    expect(whileOpen).toEqual(Array.from({ length: 50 }, () => ({ n: 2, top: 2 })));
    expect(await prepared(count)).toBe(1);
  });

  it("answers correctly past MAX_STATEMENTS distinct texts, closing the oldest and preparing them again", async () => {
    const texts = Array.from({ length: MAX_STATEMENTS + 50 }, (_, n) => `select $1::int + ${n} as v`);
    for (const [n, text] of texts.entries()) expect(await db.one(text, [1000])).toEqual({ v: 1000 + n });

    expect(await prepared()).toBe(MAX_STATEMENTS);
    expect(await prepared(texts[0])).toBe(0);
    expect(await prepared(texts[texts.length - 1])).toBe(1);

    // The first ones again (evicted and closed), then all of them (cached or evicted meanwhile).
    for (const [n, text] of texts.slice(0, 60).entries()) expect(await db.one(text, [7])).toEqual({ v: 7 + n });
    expect(await prepared(texts[0])).toBe(1);
    for (const [n, text] of texts.entries()) expect(await db.one(text, [-n])).toEqual({ v: 0 });
    expect(await prepared()).toBe(MAX_STATEMENTS);
  });

  it("prepares a statement again, transparently, when the session has dropped it", async () => {
    await db.exec("create table gone (id int primary key)");
    const insert = "insert into gone (id) values ($1)";
    const count = "select count(*) as n from gone where id <= $1";
    for (const id of [1, 2, 3]) await db.query(insert, [id]);
    expect(await db.one(count, [2])).toEqual({ n: 2 });

    await db.exec("deallocate all");
    // The counting query was dropped too: it comes back, alone.
    expect(await prepared()).toBe(1);
    expect(await db.one(count, [3])).toEqual({ n: 3 });
    await db.query(insert, [4]);
    expect(await db.one(count, [10])).toEqual({ n: 4 });
    expect(await prepared(count)).toBe(1);

    // One statement dropped by name, the others kept.
    const { name } = (await db.one<{ name: string }>("select name from pg_prepared_statements where statement = $1", [count]))!;
    await db.exec(`deallocate ${name}`);
    expect(await prepared(count)).toBe(0);
    expect(await db.one(count, [1])).toEqual({ n: 1 });
    expect(await prepared(count)).toBe(1);
    expect(await db.one<{ name: string }>("select name from pg_prepared_statements where statement = $1", [count])).not.toEqual({ name });
  });

  it("prepares a select * again when its table gains a column, instead of failing from then on", async () => {
    await db.exec("create table widened (id int primary key, name text)");
    await db.query("insert into widened (id, name) values ($1, $2)", [1, "uno"]);
    const all = "select * from widened where id = $1";
    expect(await db.one(all, [1])).toEqual({ id: 1, name: "uno" });
    await db.exec("alter table widened add column extra int");
    expect(await db.one(all, [1])).toEqual({ id: 1, name: "uno", extra: null });
    expect(await db.one(all, [1])).toEqual({ id: 1, name: "uno", extra: null });
    expect(await prepared(all)).toBe(1);
  });
});
