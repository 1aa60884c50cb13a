import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { officialTeamName } from "#core/domain/official/official-jornada";
import { lookupDate } from "../../../backend/services/official/draw-results";
import { refreshPrizes } from "../../../backend/services/official/prizes";
import { createBackend } from "../../../backend/start";
import { addDays, compactDate } from "#core/domain/official/lottery";
import { madridToday } from "#core/dates";
import { startFakeSelae, type FakeSelae } from "../../support/fake-selae.mjs";
import * as build from "../../support/builders";
import AUGUST from "../../../fixtures/selae/played-draw-2026-08-23.json";

// An escrutinio refused once is asked again after a restart (decision 091): what the refusal left
// in the database (its step on the panel) does not keep the pool from the next run's question.
let fake: FakeSelae;
let dataDir: string;
beforeAll(async () => {
  fake = await startFakeSelae();
  dataDir = await mkdtemp(path.join(tmpdir(), "quiniela-escrutinio-"));
});
afterAll(async () => {
  await fake?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const boot = () =>
  createBackend({
    dataDir,
    log: () => {},
    config: { lotteryBaseUrl: fake.url, lotteryAutoImport: false, lotteryTimeoutMs: 2000, lotteryBackoffMs: 50, lotteryThrottleBudgetMs: 300 },
  });

describe("an escrutinio refused before a restart", () => {
  it("is asked again by the restarted backend and stored once the operator serves it whole", async () => {
    // The draw of yesterday (Madrid), on the real clock the whole backend runs on.
    const day = addDays(madridToday(new Date()), -1);
    const first = await boot();
    let quinielaId: number;
    try {
      const db = first.deps.db;
      const seasonId = await build.season(db, { name: "Temporada del reinicio", startDate: addDays(day, -30) });
      const names = new Set<string>();
      for (const p of AUGUST[0].partidos) names.add(officialTeamName(p.local)).add(officialTeamName(p.visitante));
      for (const name of names) await build.team(db, name);
      const close = new Date(`${addDays(day, -1)}T13:00:00Z`);
      quinielaId = await build.pool(db, {
        seasonId,
        number: 1,
        startDate: new Date(close.getTime() - 4 * 86_400_000),
        closingDate: close,
        matches: AUGUST[0].partidos.map((p) => ({ home: officialTeamName(p.local), away: officialTeamName(p.visitante) })),
      });
      fake.addDraw(compactDate(day), "20261004", "played-draw-2026-10-04-escrutinio-ilegible.json");
      expect(await lookupDate(first.deps, compactDate(day))).toMatchObject({ status: "ok" });
      const step = await db.one<{ outcome: string }>("select outcome from official_steps where step_key = $1", [`escrutinio:${quinielaId}`]);
      expect(step).toEqual({ outcome: "error" });
    } finally {
      await first.app.close();
    }

    fake.addDraw(compactDate(day), "20261004", "played-draw-2026-10-04-escrutinio-numerico.json");
    const second = await boot();
    try {
      expect(await refreshPrizes(second.deps)).toEqual({ ok: true, messages: [`Premios del sorteo del ${day} guardados.`] });
      const stored = await second.deps.db.query<{ category: string; prize_cents: number }>(
        "select category, prize_cents from quiniela_prizes where quiniela_id = $1 and category = 'primera'",
        [quinielaId!],
      );
      expect(stored.map((r) => Number(r.prize_cents))).toEqual([19_996_161]);
    } finally {
      await second.app.close();
    }
    // Two boots of the embedded database and their migrations.
  }, 120_000);
});
