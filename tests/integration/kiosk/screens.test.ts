import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DashboardScreen, PredictionsScreen } from "#core/contract/screens";
import type { Pick } from "#core/domain/signs";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

type Player = Awaited<ReturnType<TestBackend["player"]>>;

const DAY = 86_400_000;
let t: TestBackend;
let manager: Player;
let ana: Player;
let outsider: Player;
let groupId: number;
let seasonId: number;
let closedId: number;
let openId: number;
let laterId: number;

beforeAll(async () => {
  t = await startBackend();
  [manager, ana, outsider] = await Promise.all([t.player("gestora"), t.player("ana"), t.player("fuera")]);
  seasonId = await build.season(t.db, { name: "2025-26", startDate: new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10) });
  groupId = await build.group(t.db, { name: "Peña compuesta", members: [{ userId: manager.id, role: 2 }, { userId: ana.id }] });
  const now = Date.now();
  const round = async (number: number, open: number, close: number) => {
    const quinielaId = await build.pool(t.db, { seasonId, number, startDate: new Date(now + open), closingDate: new Date(now + close) });
    await build.round(t.db, { groupId, quinielaId, openDate: new Date(now + open), closeDate: new Date(now + close) });
    return quinielaId;
  };
  closedId = await round(1, -10 * DAY, -7 * DAY);
  openId = await round(2, -DAY, 2 * DAY);
  laterId = await round(3, 3 * DAY, 6 * DAY);
  const picks: Pick[] = Array.from({ length: 14 }, (): Pick => ["X"]);
  expect((await ana.post(`/Quiniela/${openId}/MakePrediction`, { groupId, matches: picks, plain15: { home: 2, away: 0 } })).status).toBe(201);
});
afterAll(() => t.close());

describe("GET /screens/group/{id}/dashboard", () => {
  it("answers in one call what the three contract calls give the dashboard", async () => {
    const res = await ana.get(`/screens/group/${groupId}/dashboard`);
    expect(res.status).toBe(200);
    const screen = DashboardScreen.parse(res.body);
    expect(screen).toMatchObject({
      group: { id: groupId, name: "Peña compuesta" },
      role: "Usuario",
      isManager: false,
      season: { id: seasonId, name: "2025-26" },
    });
    const byGroup = (await ana.get(`/GroupQuiniela/ByGroup/${groupId}`)).body as { quinielaId: number; state: string }[];
    expect(screen.rounds.map((r) => r.quinielaId)).toEqual(byGroup.filter((r) => r.state !== "closed").map((r) => r.quinielaId));
    expect(screen.rounds.map((r) => [r.quinielaId, r.state])).toEqual([
      [openId, "open"],
      [laterId, "not-open"],
    ]);
    expect((await ana.get(`/group/${groupId}/Seasons`)).body.current).toEqual(screen.season);
    // Whose prediction is in: ana sent the open round's, the manager has not (decision 065).
    expect(screen.predicted).toEqual([openId]);
    expect(DashboardScreen.parse((await manager.get(`/screens/group/${groupId}/dashboard`)).body).predicted).toEqual([]);
  });

  it("says Gestor to the manager and Administrador to an admin outside the group", async () => {
    expect(DashboardScreen.parse((await manager.get(`/screens/group/${groupId}/dashboard`)).body)).toMatchObject({ role: "Gestor", isManager: true });
    const admin = await t.admin();
    expect(DashboardScreen.parse((await admin.get(`/screens/group/${groupId}/dashboard`)).body)).toMatchObject({ role: "Administrador", isManager: true });
  });

  it("refuses outsiders (403), unknown groups (404) and anonymous calls (401), in Spanish", async () => {
    expect(await outsider.get(`/screens/group/${groupId}/dashboard`)).toEqual({ status: 403, body: { message: "No perteneces a este grupo." } });
    const missing = await ana.get("/screens/group/999999/dashboard");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/grupo/i);
    expect((await t.api.get(`/screens/group/${groupId}/dashboard`)).status).toBe(401);
    expect((await ana.get("/screens/group/abc/dashboard")).status).toBe(400);
  });
});

describe("GET /screens/group/{id}/predictions", () => {
  it("opens the first open round with its matches and the player's ticket, as MyPrediction and GetById give them", async () => {
    const res = await ana.get(`/screens/group/${groupId}/predictions`);
    expect(res.status).toBe(200);
    const screen = PredictionsScreen.parse(res.body);
    expect(screen.available.map((r) => r.quinielaId)).toEqual([openId, laterId]);
    expect(screen.round).toMatchObject({ quinielaId: openId, state: "open", blocked: false, prediction: { plain15: { home: 2, away: 0 } } });
    expect(screen.round?.prediction?.matches).toEqual(Array.from({ length: 14 }, () => ["X"]));
    const mine = (await ana.get(`/Quiniela/${openId}/MyPrediction?groupId=${groupId}`)).body;
    expect(screen.round).toEqual(PredictionsScreen.shape.round.parse(mine));
    const pool = (await ana.get(`/quiniela/GetById/${openId}`)).body as { matches: { position: number; home: string; away: string }[] };
    expect(screen.matches).toEqual(pool.matches.map((m) => ({ position: m.position, home: m.home, away: m.away })).sort((a, b) => a.position - b.position));
    expect(screen.matches).toHaveLength(15);
  });

  it("opens the round asked for, even closed, and none when nothing is left", async () => {
    const asked = PredictionsScreen.parse((await ana.get(`/screens/group/${groupId}/predictions?quinielaId=${closedId}`)).body);
    expect(asked.round).toMatchObject({ quinielaId: closedId, state: "closed", reason: "date-passed", prediction: null });
    const empty = await build.group(t.db, { members: [{ userId: ana.id }] });
    expect(PredictionsScreen.parse((await ana.get(`/screens/group/${empty}/predictions`)).body)).toEqual({ available: [], round: null, matches: [] });
  });

  it("refuses outsiders and bad queries", async () => {
    expect((await outsider.get(`/screens/group/${groupId}/predictions`)).status).toBe(403);
    expect((await ana.get(`/screens/group/${groupId}/predictions?quinielaId=cero`)).status).toBe(400);
  });

  it("is documented in /openapi.json", async () => {
    const doc = (await t.api.get("/openapi.json")).body as { paths: Record<string, { get?: { tags?: string[]; summary?: string; description?: string } }> };
    for (const path of ["/screens/group/{id}/dashboard", "/screens/group/{id}/predictions"]) {
      expect(doc.paths[path]?.get).toMatchObject({ tags: ["screens"], summary: expect.any(String), description: expect.any(String) });
    }
  });
});

describe("a round whose official results are complete (decision 015, issue 34)", () => {
  it("reads as ended on the dashboard, the predictions screen and the group's rounds before its close date", async () => {
    const now = Date.now();
    const quinielaId = await build.pool(t.db, { seasonId, number: 4, startDate: new Date(now - DAY), closingDate: new Date(now + 3 * DAY) });
    await build.round(t.db, { groupId, quinielaId, openDate: new Date(now - DAY), closeDate: new Date(now + 3 * DAY) });
    await build.results(
      t.db,
      quinielaId,
      Array.from({ length: 14 }, () => "1" as const),
      { home: 1, away: 0 },
    );
    const dashboard = DashboardScreen.parse((await ana.get(`/screens/group/${groupId}/dashboard`)).body);
    expect(dashboard.rounds.map((r) => r.quinielaId)).not.toContain(quinielaId);
    const screen = PredictionsScreen.parse((await ana.get(`/screens/group/${groupId}/predictions?quinielaId=${quinielaId}`)).body);
    expect(screen.round).toMatchObject({ quinielaId, state: "closed", reason: "results" });
    expect(screen.available.map((r) => r.quinielaId)).not.toContain(quinielaId);
    const byGroup = (await ana.get(`/GroupQuiniela/ByGroup/${groupId}`)).body as { quinielaId: number; state: string; reason: string }[];
    expect(byGroup.find((r) => r.quinielaId === quinielaId)).toMatchObject({ state: "closed", reason: "results" });
  });

  it("still reads as open with results that are not complete", async () => {
    const now = Date.now();
    const quinielaId = await build.pool(t.db, { seasonId, number: 5, startDate: new Date(now - DAY), closingDate: new Date(now + 3 * DAY) });
    await build.round(t.db, { groupId, quinielaId, openDate: new Date(now - DAY), closeDate: new Date(now + 3 * DAY) });
    await build.results(t.db, quinielaId, [...Array.from({ length: 13 }, () => "1" as const), null], { home: 1, away: 0 });
    const screen = PredictionsScreen.parse((await ana.get(`/screens/group/${groupId}/predictions?quinielaId=${quinielaId}`)).body);
    expect(screen.round).toMatchObject({ quinielaId, state: "open", reason: null });
  });
});
