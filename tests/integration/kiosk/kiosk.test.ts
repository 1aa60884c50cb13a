import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KIOSK_INVALID } from "#core/contract/kiosk";
import type { Pick, Sign } from "#core/domain/signs";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

type Player = Awaited<ReturnType<TestBackend["player"]>>;

let t: TestBackend;
let gestor: Player;
let ana: Player;
let otherManager: Player;
let groupId: number;
let otherGroupId: number;
let seasonId: number;
const quinielaIds: number[] = [];
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startBackend();
  [gestor, ana, otherManager] = await Promise.all([t.player("gestor"), t.player("ana"), t.player("otro")]);
  groupId = await build.group(t.db, { name: "Oficina TI", members: [{ userId: gestor.id, role: 2 }, { userId: ana.id }] });
  otherGroupId = await build.group(t.db, { name: "Otra peña", members: [{ userId: otherManager.id, role: 2 }] });

  seasonId = await build.season(t.db, { name: "2024-25", startDate: "2024-08-01" });
  const official: Sign[] = Array.from({ length: 14 }, (): Sign => "1");
  for (const number of [1, 2]) {
    const close = new Date(Date.now() - (3 - number) * DAY);
    const quinielaId = await build.pool(t.db, { seasonId, number, startDate: new Date(close.getTime() - DAY), closingDate: close });
    quinielaIds.push(quinielaId);
    await build.results(t.db, quinielaId, official, { home: 2, away: 1 });
    await build.round(t.db, { groupId, quinielaId, openDate: new Date(close.getTime() - DAY), closeDate: close });
    const picks = (hits: number): Pick[] => official.map((s, i) => (i < hits ? [s] : ["2"]));
    await build.prediction(t.db, { groupId, quinielaId, userId: gestor.id, matches: picks(10 + number), pleno: { home: 2, away: 1 } });
    await build.prediction(t.db, { groupId, quinielaId, userId: ana.id, matches: picks(8), pleno: { home: 0, away: 0 } });
  }
  // Signing players up hashes passwords: slow on a busy machine.
}, 180_000);
afterAll(() => t.close());

const standings = (token: string) => t.api.get(`/kiosk/${token}/standings`);

describe("kiosk links", () => {
  it("are made and listed by a manager only", async () => {
    const made = await gestor.post(`/group/${groupId}/kiosk`);
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^\d+\.[0-9a-f]{32}\.[0-9a-f]{64}$/);
    expect((await ana.post(`/group/${groupId}/kiosk`)).status).toBe(403);
    expect((await otherManager.post(`/group/${groupId}/kiosk`)).status).toBe(403);
    expect((await t.api.post(`/group/${groupId}/kiosk`)).status).toBe(401);
    const list = await gestor.get(`/group/${groupId}/kiosk`);
    expect(list.body).toContainEqual({ id: made.body.id, token: made.body.token, createdAt: made.body.createdAt, createdBy: "gestor" });
    expect((await ana.get(`/group/${groupId}/kiosk`)).status).toBe(403);
  });

  it("show the group's current standings and last round to anyone holding the link, with no account", async () => {
    const { body: link } = await gestor.post(`/group/${groupId}/kiosk`);
    const res = await standings(link.token);
    expect(res.status).toBe(200);
    expect(res.body.group).toEqual({ name: "Oficina TI", officeIcons: true });
    expect(res.body.bet).toBeNull();
    expect(res.body.season.name).toBe("2024-25");
    expect(res.body.rows.map((r: { userName: string; totalPoints: number; icons: string[] }) => [r.userName, r.totalPoints, r.icons])).toEqual([
      ["gestor", 11 + 12 + 10, ["burro", "bola"]],
      ["ana", 16, ["pina", "rinoceronte"]],
    ]);
    expect(res.body.lastRound).toMatchObject({
      numberQuiniela: 2,
      players: 2,
      bestHits: 13,
      best: ["gestor"],
      worstHits: 8,
      worst: ["ana"],
      averageHits: 10.5,
    });
    expect(res.body.lastRound.results.plain15).toEqual({ home: 2, away: 1 });
  });

  it("show a round as over once its official results are complete, a week before its close date (issue 34)", async () => {
    const manager = await t.player();
    const group = await build.group(t.db, { name: "Peña de resultados", members: [{ userId: manager.id, role: 2 }] });
    const season = await build.season(t.db, { name: "2030-31", startDate: "2025-08-01" });
    const official: Sign[] = Array.from({ length: 14 }, (): Sign => "X");
    for (const number of [1, 2]) {
      const close = new Date(Date.now() + (number === 1 ? -DAY : 7 * DAY));
      const quinielaId = await build.pool(t.db, { seasonId: season, number, startDate: new Date(Date.now() - 2 * DAY), closingDate: close });
      await build.round(t.db, { groupId: group, quinielaId, openDate: new Date(Date.now() - 2 * DAY), closeDate: close });
      await build.prediction(t.db, { groupId: group, quinielaId, userId: manager.id, matches: official.map((s) => [s]), pleno: { home: 1, away: 1 } });
      await build.results(t.db, quinielaId, official, { home: 1, away: 1 });
    }
    const { body: link } = await manager.post(`/group/${group}/kiosk`);
    const res = await standings(link.token);
    expect(res.status).toBe(200);
    expect(res.body.lastRound).toMatchObject({ numberQuiniela: 2, bestHits: 15 });
  });

  it("open nothing else: a forged, altered or foreign token gets 404 and the token is no bearer token", async () => {
    const { body: link } = await gestor.post(`/group/${groupId}/kiosk`);
    const [id, nonce, signature] = link.token.split(".");
    const flip = (s: string) => (s[0] === "0" ? "1" : "0") + s.slice(1);
    for (const bad of [`${id}.${nonce}.${flip(signature)}`, `${id}.${flip(nonce)}.${signature}`, `${Number(id) + 1}.${nonce}.${signature}`, "nada", "1.x.y"]) {
      expect(await standings(bad), bad).toEqual({ status: 404, body: { message: KIOSK_INVALID } });
    }
    expect((await t.api.as(link.token).get(`/group/${groupId}`)).status).toBe(401);
    expect((await t.api.as(link.token).get(`/group/${groupId}/season/1/GetClassification`)).status).toBe(401);
  });

  it("stop working once revoked, and only the group's managers may revoke them", async () => {
    const { body: link } = await gestor.post(`/group/${groupId}/kiosk`);
    expect((await standings(link.token)).status).toBe(200);
    expect((await ana.post(`/kiosk/${link.id}/revoke`)).status).toBe(403);
    expect((await otherManager.post(`/kiosk/${link.id}/revoke`)).status).toBe(403);
    expect((await standings(link.token)).status).toBe(200);
    const revoked = await gestor.post(`/kiosk/${link.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(await standings(link.token)).toEqual({ status: 404, body: { message: KIOSK_INVALID } });
    expect((await gestor.get(`/group/${groupId}/kiosk`)).body.map((l: { id: number }) => l.id)).not.toContain(link.id);
    expect((await gestor.post("/kiosk/999999/revoke")).status).toBe(404);
  });

  it("die together when the signing secret changes", async () => {
    const { body: link } = await gestor.post(`/group/${groupId}/kiosk`);
    const secret = t.deps.config.linkSecret;
    t.deps.config.linkSecret = "otro-secreto-distinto-del-anterior";
    try {
      expect((await standings(link.token)).status).toBe(404);
    } finally {
      t.deps.config.linkSecret = secret;
    }
    expect((await standings(link.token)).status).toBe(200);
  });

  it("show an empty screen for a group that has not played yet", async () => {
    const { body: link } = await otherManager.post(`/group/${otherGroupId}/kiosk`);
    const res = await standings(link.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ group: { name: "Otra peña" }, lastRound: null, bet: null });
    expect(res.body.rows.map((r: { userName: string; totalPoints: number }) => [r.userName, r.totalPoints])).toEqual([["otro", 0]]);
  });

  it("show the group bet of the latest round that has one: its signs, pleno and state, and its hits once there are results", async () => {
    const { body: link } = await gestor.post(`/group/${groupId}/kiosk`);
    // The bet calls are another part of the API: the rows are written as they would leave them.
    const bet = (quinielaId: number, matches: Pick[], confirmed: boolean) =>
      t.db.query(
        `insert into bets (group_id, quiniela_id, season_id, top_n, matches, pleno_home, pleno_away, confirmed)
         values ($1, $2, $3, 2, $4, 2, 1, $5)`,
        [groupId, quinielaId, seasonId, JSON.stringify(matches), confirmed],
      );
    // Official: fourteen "1" and 2-1. Ten right, "X", "2", "1X" (right: a double holds the sign), "X2", and the exact pleno: 12 of 15.
    const picks: Pick[] = [...Array.from({ length: 10 }, (): Pick => ["1"]), ["X"], ["2"], ["1", "X"], ["X", "2"]];
    await bet(quinielaIds[1], picks, true);
    const withResults = await standings(link.token);
    expect(withResults.body.bet).toEqual({
      quinielaId: quinielaIds[1],
      numberQuiniela: 2,
      matches: picks,
      pleno: { home: 2, away: 1 },
      confirmed: true,
      hits: 12,
      prizeCents: null,
      // No photo of the stamped ticket yet (decision 090).
      receipt: null,
    });
    // Its ticket: 4 columns (two doubles) with the pleno's one mark. The "1X" double's 1 gives 11 signs right (the 4ª) on the
    // two columns that hold it, 10 (the 5ª) on the other two: 2 × 2,50 € + 2 × 1,05 € once the prizes are in.
    const admin = await t.admin();
    const prizes = { especial: null, primera: 1000000, segunda: 20000, tercera: 1000, cuarta: 250, quinta: 105 };
    expect((await admin.put(`/Quiniela/${quinielaIds[1]}/Prizes`, { prizes })).status).toBe(200);
    expect((await standings(link.token)).body.bet).toMatchObject({ numberQuiniela: 2, prizeCents: 2 * 250 + 2 * 105 });

    // The next round opens and its bet is generated before any result: it replaces the old one, with no hits yet.
    const open = await build.pool(t.db, { seasonId, number: 3, startDate: new Date(Date.now() - DAY), closingDate: new Date(Date.now() + DAY) });
    await build.round(t.db, { groupId, quinielaId: open, openDate: new Date(Date.now() - DAY), closeDate: new Date(Date.now() - 1000) });
    await bet(open, picks, false);
    const pending = await standings(link.token);
    expect(pending.body.bet).toMatchObject({ quinielaId: open, numberQuiniela: 3, confirmed: false, hits: null });
    expect(pending.body.lastRound.numberQuiniela).toBe(2);
  });
});
