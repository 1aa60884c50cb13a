// Two backends (two connection pools, as two machines) on one PostgreSQL keep the next official
// jornada at the same moment: one pool, one claimed slot (decision 046).
import { mkdtempSync, rmSync } from "node:fs";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Db } from "../../backend/db/db";
import { runOfficialSteps } from "../../backend/services/official/steps";
import { keepJornada } from "../../backend/services/official/jornada-to-pool";
import { createBackend } from "../../backend/start";
import type { Deps } from "../../backend/context";
import * as build from "../support/builders";
import { startFakeSelae, type FakeSelae } from "../support/fake-selae.mjs";
import { postgresUnavailable, throwawayPostgres } from "../support/postgres";

const ADMIN = { email: "admin@multi.local", username: "admin", password: "Admin#2026pass" };
const PRE = JSON.parse(readFileSync(new URL("../../fixtures/selae/pre-draw-2026-11-29.json", import.meta.url), "utf8"));
const MATCHES: { home: string; away: string }[] = PRE[0].partidos.map((p: { local: string; visitante: string }) => ({
  home: p.local.replace(" (M)", ""),
  away: p.visitante.replace(" (M)", ""),
}));
const NOW = new Date("2026-11-25T10:00:00Z");

const unavailable = postgresUnavailable();

describe.runIf(!unavailable)("the official jornada on two instances sharing PostgreSQL", () => {
  let pg: Awaited<ReturnType<typeof throwawayPostgres>>;
  let selae: FakeSelae;
  let db: Db;
  const dirs: string[] = [];
  let backends: Awaited<ReturnType<typeof createBackend>>[] = [];
  const deps = (i: number): Deps => ({ ...backends[i].deps, clock: () => NOW });

  beforeAll(async () => {
    pg = await throwawayPostgres();
    selae = await startFakeSelae();
    selae.setNext({ date: "20261129", id: "1338106048" });
    backends = await Promise.all(
      ["J1", "J2"].map((name) => {
        const dataDir = mkdtempSync(path.join(tmpdir(), `quiniela-multi-${name}-`));
        dirs.push(dataDir);
        return createBackend({ dataDir, databaseUrl: pg.url, admin: ADMIN, config: { lotteryBaseUrl: selae.url, linkSecret: "x".repeat(64) }, log: () => {} });
      }),
    );
    db = await openPostgres(pg.url);
    await build.season(db, { name: "2026-27", startDate: "2026-08-01" });
    for (const name of new Set(MATCHES.flatMap((m) => [m.home, m.away]))) await build.team(db, name);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(backends.map(({ app }) => app.close()));
    await db?.close();
    await selae?.close();
    await pg?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("the same draw kept by both at once makes one pool", async () => {
    const input = {
      key: "1338106048",
      source: "lottery" as const,
      drawDate: "2026-11-29",
      numero: null,
      jornada: "17",
      temporada: "2026-2027",
      opensAt: new Date("2026-11-23T08:00:00Z"),
      closesAt: new Date("2026-11-28T14:00:00Z"),
      matches: MATCHES,
    };
    const kept = await Promise.all([keepJornada(deps(0), input), keepJornada(deps(1), input), keepJornada(deps(0), input)]);
    expect(kept.every((k) => k.view.status === "creada")).toBe(true);
    expect(await db.query("select count(*)::int as n from quinielas")).toEqual([{ n: 1 }]);
    expect(await db.query("select count(*)::int as n from official_jornadas")).toEqual([{ n: 1 }]);
  }, 60_000);

  it("the scheduled slot goes to one instance", async () => {
    const runs = await Promise.all([runOfficialSteps(deps(0)), runOfficialSteps(deps(1))]);
    expect(runs.filter((r) => r !== null)).toHaveLength(1);
    expect(await db.query("select count(*)::int as n from quinielas")).toEqual([{ n: 1 }]);
  }, 60_000);
});
