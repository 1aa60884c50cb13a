import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBackendConfig } from "../../backend/config";
import { openDb, type Db } from "../../backend/db/db";
import { createMailer } from "../../backend/mailer";
import { betById, picksOf } from "../../backend/services/bet/row";
import { betChances } from "../../backend/services/bet/chances";
import { readFile } from "node:fs/promises";
import { DEMO_INTRO, DEMO_SNAPSHOT, snapshotGroups } from "../../scripts/backtest-snapshot";

/** `npm run demo` into a directory of its own, as a newcomer runs it. */
const loadDemo = (dataDir: string) =>
  spawnSync(process.execPath, ["scripts/run-ts.mjs", "scripts/demo.ts"], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, encoding: "utf8" });

let dir: string;
let db: Db;
let firstRun: ReturnType<typeof loadDemo>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "demo-test-"));
  firstRun = loadDemo(dir);
  db = await openDb({ dataDir: path.join(dir, "pglite") });
}, 120_000);
afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

const hits = (matches: unknown, results: unknown) => {
  const r = picksOf(results);
  return picksOf(matches).filter((pick, i) => r[i]?.length === 1 && pick.includes(r[i][0])).length;
};

describe("the demo plays like a real peña", () => {
  it("is the season the committed backtest was computed from (decision 066: tests/integration/bet/backtest-figures.test.ts computes the figures from it)", async () => {
    const groups = await db.query<{ id: number }>("select id from groups where invite_code in ('DEMOOFICINA', 'DEMOBARRIO') order by id");
    const snapshot = { intro: DEMO_INTRO, groups: [] as Awaited<ReturnType<typeof snapshotGroups>> };
    for (const g of groups) snapshot.groups.push(...(await snapshotGroups(db, g.id)));
    // What `npm run backtest` writes: run it and commit both files when the demo changes on purpose.
    expect(JSON.stringify(snapshot) + "\n").toBe(await readFile(DEMO_SNAPSHOT, "utf8"));
  });

  it("loads", () => {
    expect(firstRun.status, firstRun.stderr).toBe(0);
    expect(firstRun.stdout).toContain("Demo cargada: temporada 2024-25");
  });

  it("closes no round after its pool's official close, and keeps one stamper fixed for every confirmed bet (decision 065)", async () => {
    const late = await db.query("select gq.id from group_quinielas gq join quinielas q on q.id = gq.quiniela_id where gq.close_date > q.closing_date");
    expect(late).toEqual([]);
    const open = await db.query<{ closing_date: Date }>(
      "select q.closing_date from quinielas q where not exists (select 1 from quiniela_results r where r.quiniela_id = q.id)",
    );
    expect(open.map((q) => new Date(q.closing_date).getTime() > Date.now())).toEqual([true]);
    const unstamped = await db.query("select id from bets where confirmed and stamper_user_id is null");
    expect(unstamped).toEqual([]);
  });

  it("has players who hit between 5.5 and 9.5 of 14 on average, and a group bet with 14 at most twice", async () => {
    const predictions = await db.query<{ matches: unknown; results: unknown }>(
      "select p.matches, r.matches as results from predictions p join quiniela_results r on r.quiniela_id = p.quiniela_id",
    );
    const mean = predictions.reduce((t, p) => t + hits(p.matches, p.results), 0) / predictions.length;
    expect(mean).toBeGreaterThan(5.5);
    expect(mean).toBeLessThan(9.5);
    const bets = await db.query<{ group_id: number; matches: unknown; results: unknown }>(
      "select b.group_id, b.matches, r.matches as results from bets b join quiniela_results r on r.quiniela_id = b.quiniela_id",
    );
    expect(bets).toHaveLength(74);
    for (const group of new Set(bets.map((b) => b.group_id))) {
      expect(bets.filter((b) => b.group_id === group && hits(b.matches, b.results) === 14).length).toBeLessThanOrEqual(2);
    }
  });

  it("gives the group bet 10 or more hits with less than 50 % in most jornadas, on the bet page's chances", async () => {
    const bets = await db.query<{ id: number }>("select id from bets order by id");
    const deps = { db, mailer: createMailer({ outboxDir: path.join(dir, "outbox") }), clock: () => new Date(), config: defaultBackendConfig, fetch };
    let under = 0;
    for (const bet of bets) if ((await betChances(deps, bet.id, { target: "p10" })).current.atLeast["10"] < 0.5) under++;
    expect(under).toBeGreaterThan(bets.length / 2);
  }, 120_000);

  it("dates every movement of the caja in 2024-25, and credits a few estimated prizes", async () => {
    const range = await db.one<{ first: Date; last: Date; prizes: number }>(
      "select min(recorded_at) as first, max(recorded_at) as last, count(*) filter (where kind = 'prize') as prizes from caja_movements",
    );
    expect(new Date(range!.first).getTime()).toBeGreaterThanOrEqual(Date.parse("2024-08-01T00:00:00Z"));
    expect(new Date(range!.last).getTime()).toBeLessThan(Date.parse("2025-07-01T00:00:00Z"));
    expect(Number(range!.prizes)).toBeGreaterThan(0);
    const estimated = await db.query<{ quiniela_id: number }>("select quiniela_id from quiniela_prize_sets where source = 'estimate'");
    expect(estimated.length).toBeGreaterThan(2);
    // The escrutinio of such a jornada's bet has its amounts, marked as estimated wherever it is shown.
    const bet = await db.one<{ id: number }>("select id from bets where quiniela_id = $1 limit 1", [estimated[0].quiniela_id]);
    const scrutiny = (await betById(db, bet!.id)).ticket.scrutiny!;
    expect(scrutiny).toMatchObject({ prizesEstimated: true, prizesComplete: true });
  });

  it("changes nothing when run again", async () => {
    const count = async () =>
      Number(
        (await db.one<{ n: number }>("select (select count(*) from caja_movements) + (select count(*) from bets) + (select count(*) from audit_log) as n"))!.n,
      );
    const before = await count();
    await db.close();
    const again = loadDemo(dir);
    db = await openDb({ dataDir: path.join(dir, "pglite") });
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain("La demo ya está cargada: no se cambia nada.");
    expect(await count()).toBe(before);
  }, 120_000);
});
