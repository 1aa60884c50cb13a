import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sign } from "#core/domain/signs";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * Decision 062: the picks importer keeps the predictions form's and the manager's rules. It writes
 * only into closed rounds, never for a player blocked in the round, and never into a round the group
 * played in the app once it has official results; each refused line is named in the preview.
 */
const NOW = new Date("2026-03-01T12:00:00Z");
const DAY = 86_400_000;
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
});
afterAll(() => t.close());

type Player = Awaited<ReturnType<TestBackend["player"]>>;
const ALL_1: Sign[] = Array(14).fill("1");
const line = (number: number, who: string) => [String(number), who, ...Array(14).fill("1"), "1-0"].join(";");

async function preview(who: Player, groupId: number, lines: string[]) {
  const form = new FormData();
  form.set("kind", "picks");
  const csv = ["Jornada;Jugador;" + Array.from({ length: 14 }, (_, i) => `P${i + 1}`).join(";") + ";Pleno", ...lines].join("\r\n");
  form.set("archivo", new Blob([csv]), "picks.csv");
  const res = await who.post(`/group/${groupId}/import/preview`, form);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("the picks importer keeps the form's rules", () => {
  it("refuses lines for an open round, a blocked player and a round played in the app with results, and writes nothing after the results", async () => {
    const manager = await t.player();
    const ana = await t.player();
    const bea = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: ana.id }, { userId: bea.id }] });
    const seasonId = await build.season(t.db, { name: `Temporada ${groupId}`, startDate: "2025-08-01" });
    const pools: Record<number, { pool: number; round: number }> = {};
    // 1: still open. 2 and 3: closed, without results, ana played them in the app. 4: played in the app, with results.
    // 5: the peña's history, with results and no pick made in the app.
    for (const n of [1, 2, 3, 4, 5]) {
      const close = n === 1 ? new Date(NOW.getTime() + 2 * DAY) : new Date(NOW.getTime() - (10 - n) * DAY);
      const pool = await build.pool(t.db, { seasonId, number: n, startDate: new Date(close.getTime() - 3 * DAY), closingDate: close });
      const round = await build.round(t.db, { groupId, quinielaId: pool, openDate: new Date(close.getTime() - 3 * DAY), closeDate: close });
      pools[n] = { pool, round };
    }
    for (const n of [1, 2, 3, 4])
      await build.prediction(t.db, { groupId, quinielaId: pools[n].pool, userId: ana.id, matches: ALL_1.map((s) => [s]), pleno: { home: 0, away: 0 } });
    await build.results(t.db, pools[4].pool, ALL_1, { home: 1, away: 0 });
    await build.results(t.db, pools[5].pool, ALL_1, { home: 1, away: 0 });
    await t.db.query("insert into group_quiniela_blocks (group_quiniela_id, user_id) values ($1, $2)", [pools[2].round, bea.id]);

    const p = await preview(manager, groupId, [
      line(1, ana.username),
      line(2, bea.username),
      line(2, manager.username),
      line(3, manager.username),
      line(4, manager.username),
      line(5, manager.username),
    ]);
    expect(p.errors).toEqual([
      { line: 2, message: "La jornada 1 no ha cerrado todavía: cada jugador hace su pronóstico en la app hasta el cierre." },
      { line: 3, message: `${bea.username} está bloqueado en la jornada 2: no se le pone ningún pronóstico.` },
      { line: 6, message: "La jornada 4 se jugó en la app y ya tiene resultados oficiales: sus pronósticos ya no se cambian." },
    ]);
    expect(p.rounds).toEqual([
      { number: 2, created: 1, changed: 0, unchanged: 0 },
      { number: 3, created: 1, changed: 0, unchanged: 0 },
      { number: 5, created: 1, changed: 0, unchanged: 0 },
    ]);

    // Jornada 3's official results arrive between the preview and the confirm: its line is refused then.
    await build.results(t.db, pools[3].pool, ALL_1, { home: 1, away: 0 });
    const c = await manager.post(`/group/${groupId}/import/confirm`, { draft: p.draft });
    expect(c.body).toMatchObject({ picksCreated: 2, picksChanged: 0, refused: 4 });
    const written = await t.db.query<{ quiniela_id: number; user_id: number; late: boolean }>(
      "select quiniela_id, user_id, late from predictions where group_id = $1 and user_id <> $2 order by quiniela_id",
      [groupId, ana.id],
    );
    expect(written).toEqual([
      { quiniela_id: pools[2].pool, user_id: manager.id, late: false },
      { quiniela_id: pools[5].pool, user_id: manager.id, late: false },
    ]);
    // ana's live pick in the open round is untouched.
    const anas = await t.db.one<{ pleno_home: number }>("select pleno_home from predictions where quiniela_id = $1 and user_id = $2", [pools[1].pool, ana.id]);
    expect(anas!.pleno_home).toBe(0);
  });
});
