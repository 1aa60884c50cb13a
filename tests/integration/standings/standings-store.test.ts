import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pick, Sign } from "#core/domain/signs";
import { EAGER_SETS, refreshTouched } from "../../../backend/services/shelf/standings-store";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";
import { standingsFromScratch } from "../../support/standings";

/**
 * The standings are stored and recomputed in the transaction of every write that
 * changes them. After each kind of write, what the backend answers equals a from-scratch
 * computation (tests/support/standings.ts), and the stored set was already up to date.
 */
type Player = Awaited<ReturnType<TestBackend["player"]>>;

const DAY = 86_400_000;
const T0 = new Date("2025-01-10T12:00:00Z");
const SIGNS: Sign[] = ["1", "X", "2"];

let t: TestBackend;
let admin: Awaited<ReturnType<TestBackend["admin"]>>;
let manager: Player;
let players: Player[];
let seasonId: number;
let groupId: number;
let inviteCode: string;
let poolNumber = 0;
let now = T0;

const at = (date: Date) => {
  now = date;
  t.setNow(date);
};
const officialSigns = (seed: number): Sign[] => Array.from({ length: 14 }, (_, i) => SIGNS[(i * 7 + seed) % 3]);
const ticket = (k: number, r: number): Pick[] => Array.from({ length: 14 }, (_, i): Pick => [SIGNS[(i * (k + 2) + r) % 3]]);

/** A pool played by the group, open from `open` to `close` (times relative to the clock now). */
async function roundOf(open: number, close: number, options: { forceClosed?: boolean } = {}) {
  const quinielaId = await build.pool(t.db, { seasonId, number: ++poolNumber, closingDate: new Date("2100-01-01T00:00:00Z") });
  const res = await manager.post("/GroupQuiniela/ConfigureGroupQuiniela", {
    groupId,
    quinielaId,
    openDate: new Date(now.getTime() + open).toISOString(),
    closeDate: new Date(now.getTime() + close).toISOString(),
    forceClosed: options.forceClosed ?? false,
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return quinielaId;
}

async function predictAll(quinielaId: number, r: number, who = players, everyone = false) {
  for (const [k, p] of who.entries()) {
    if (!everyone && (k + r) % 5 === 4) continue;
    const res = await p.post(`/Quiniela/${quinielaId}/MakePrediction`, { groupId, matches: ticket(k, r), plain15: { home: (k + r) % 3, away: 1 } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}

const setResults = (quinielaId: number, seed: number, extra: object = {}) =>
  admin.post("/Quiniela/SetResults", { quinielaId, matches: officialSigns(seed), plain15: { home: seed % 3, away: 1 }, ...extra });

const storedSet = (g = groupId) => t.db.one<{ dirty: boolean }>("select dirty from standings_sets where group_id = $1 and season_id = $2", [g, seasonId]);

/**
 * The backend's answers equal the from-scratch standings: the season, each counted round, the
 * list of counted rounds, and the composite page. `eager`: the write already stored them.
 */
async function expectConsistent(eager = true, g = groupId, viewer: Player = manager) {
  if (eager) expect((await storedSet(g))?.dirty).toBe(false);
  const expected = await standingsFromScratch(t.db, now, g, seasonId);
  const base = `/group/${g}/season/${seasonId}`;
  expect((await viewer.get(`${base}/GetClassification`)).body).toEqual(expected.season);
  const info = await viewer.get(`${base}/GetClassificationRounds`);
  expect(info.body.rounds).toEqual(expected.rounds);
  for (const [quinielaId, rows] of expected.byRound) expect((await viewer.get(`${base}/GetClassification?quinielaId=${quinielaId}`)).body).toEqual(rows);
  const page = await viewer.get(`${base}/StandingsPage`);
  expect(page.status).toBe(200);
  expect(page.body.rows).toEqual(expected.season);
  expect(page.body.rounds).toEqual(expected.rounds);
  // Decision 027: a caller holding these rows gets none back; rows that changed come with a new version.
  const held = await viewer.get(`${base}/StandingsPage?known=${encodeURIComponent(page.body.version)}`);
  expect(held.body).toEqual({ ...page.body, rows: null });
  const before = versions.get(g);
  if (before && JSON.stringify(before.rows) !== JSON.stringify(page.body.rows)) {
    expect(page.body.version).not.toBe(before.version);
    expect((await viewer.get(`${base}/StandingsPage?known=${encodeURIComponent(before.version)}`)).body.rows).toEqual(expected.season);
  }
  versions.set(g, { version: page.body.version, rows: page.body.rows });
  return expected;
}
const versions = new Map<number, { version: string; rows: unknown }>();

/** What is stored for the group's season, row by row: to tell that nothing moved. */
const snapshot = () =>
  t.db.query("select quiniela_id, rows::text as rows from standings_scopes where group_id = $1 and season_id = $2 order by 1", [groupId, seasonId]);

beforeAll(async () => {
  t = await startBackend({ now: T0 });
  admin = await t.admin();
  seasonId = await build.season(t.db, { name: "2024-25", startDate: "2024-08-01" });
  manager = await t.player("gestora");
  players = [manager];
  for (const name of ["ana", "bea", "carlos", "dani", "eva", "fran"]) players.push(await t.player(name));
  const created = await manager.post("/group/CreateGroup", { name: "Oficina", description: "" });
  expect(created.status).toBe(201);
  groupId = created.body.id;
  inviteCode = created.body.inviteCode;
  for (const p of players.slice(1)) expect((await p.post(`/group/JoinByInviteCode/${inviteCode}`)).status).toBeLessThan(300);
  await t.db.query("update groups set office_icons = true where id = $1", [groupId]);
}, 120_000);
afterAll(() => t.close());

describe("stored standings follow every write", () => {
  let r1: number, r2: number, r3: number;

  it("predictions of open rounds change nothing until results arrive, and a closed round with results counts", async () => {
    r1 = await roundOf(-DAY, DAY);
    r2 = await roundOf(-DAY, 2 * DAY);
    r3 = await roundOf(-DAY, 3 * DAY);
    for (const [r, q] of [r1, r2, r3].entries()) await predictAll(q, r);
    await expectConsistent(false);
    at(new Date(T0.getTime() + 4 * DAY));
    expect((await setResults(r1, 1)).status).toBe(200);
    const after = await expectConsistent();
    expect(after.rounds.map((r) => r.quinielaId)).toEqual([r1]);
    expect(after.season.some((row) => row.totalPoints > 0)).toBe(true);
  });

  it("a corrected result is recomputed with it", async () => {
    const before = await snapshot();
    expect((await setResults(r1, 2, { version: 1 })).status).toBe(200);
    await expectConsistent();
    expect(await snapshot()).not.toEqual(before);
  });

  it("two results posted at once both count", async () => {
    const [a, b] = await Promise.all([setResults(r2, 3), setResults(r3, 4)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const after = await expectConsistent();
    expect(after.rounds.map((r) => r.quinielaId).sort()).toEqual([r1, r2, r3].sort());
  });

  it("a refused write (stale version) and a rolled-back one leave the standings as they were", async () => {
    const before = await snapshot();
    expect((await setResults(r1, 5, { version: 1 })).status).toBe(409);
    expect(await snapshot()).toEqual(before);
    await expect(
      t.db.tx(async (tx) => {
        await tx.query("update quiniela_results set pleno_home = 9 where quiniela_id = $1", [r2]);
        await refreshTouched(tx, now);
        expect(await tx.query("select 1 from standings_scopes where group_id = $1", [groupId])).not.toHaveLength(0);
        throw new Error("falla a mitad");
      }),
    ).rejects.toThrow("falla a mitad");
    expect(await snapshot()).toEqual(before);
    await expectConsistent();
  });

  it("the season's point values", async () => {
    const res = await admin.put(`/season/${seasonId}/Points`, { single: 2, double: 1.5, triple: 0.25, pleno: 7 });
    expect(res.status).toBe(200);
    const after = await expectConsistent();
    expect(after.season[0].totalPoints).toBeGreaterThan(0);
  });

  it("a member joining and a member removed", async () => {
    const newcomer = await t.player("gema");
    expect((await newcomer.post(`/group/JoinByInviteCode/${inviteCode}`)).status).toBeLessThan(300);
    expect((await expectConsistent()).season.some((r) => r.userName === "gema")).toBe(true);
    expect((await manager.delete(`/group/${groupId}/members/${newcomer.id}`)).status).toBeLessThan(300);
    expect((await expectConsistent()).season.some((r) => r.userName === "gema")).toBe(false);
    // One who played keeps the row after leaving.
    expect((await manager.delete(`/group/${groupId}/members/${players[1].id}`)).status).toBeLessThan(300);
    expect((await expectConsistent()).season.some((r) => r.userName === "ana")).toBe(true);
  });

  it("a round added to the group whose pool already has results", async () => {
    const pool = await build.pool(t.db, { seasonId, number: ++poolNumber, closingDate: new Date("2100-01-01T00:00:00Z") });
    expect((await setResults(pool, 6)).status).toBe(200);
    const res = await manager.post("/GroupQuiniela/ConfigureGroupQuiniela", {
      groupId,
      quinielaId: pool,
      openDate: new Date(now.getTime() - 3 * DAY).toISOString(),
      closeDate: new Date(now.getTime() - 2 * DAY).toISOString(),
    });
    expect(res.status).toBeLessThan(300);
    expect((await expectConsistent()).rounds.some((r) => r.quinielaId === pool)).toBe(true);
  });

  it("a round closed by its manager, and one whose close date passes, start counting; reopening one with results is refused", async () => {
    const forced = await roundOf(-DAY, DAY);
    const dated = await roundOf(-DAY, 2 * DAY);
    await predictAll(forced, 7, players.slice(2));
    await predictAll(dated, 8, players.slice(2));
    // The signs without the pleno: results, but not complete ones, which would end the rounds for everyone.
    expect((await setResults(forced, 7, { plain15: undefined })).status).toBe(200);
    expect((await setResults(dated, 8, { plain15: undefined })).status).toBe(200);
    expect((await expectConsistent()).rounds.some((r) => r.quinielaId === forced || r.quinielaId === dated)).toBe(false);

    const close = await manager.post("/GroupQuiniela/UpdateStatus", {
      groupId,
      quinielaId: forced,
      openDate: new Date(now.getTime() - DAY).toISOString(),
      closeDate: new Date(now.getTime() + DAY).toISOString(),
      forceClosed: true,
    });
    expect(close.status).toBeLessThan(300);
    expect((await expectConsistent()).rounds.some((r) => r.quinielaId === forced)).toBe(true);

    // No write says the close date passed: the stored set knows until when it holds.
    at(new Date(now.getTime() + 3 * DAY));
    expect((await expectConsistent(false)).rounds.some((r) => r.quinielaId === dated)).toBe(true);
    expect((await storedSet())?.dirty).toBe(false);

    const before = await snapshot();
    const reopen = await manager.post("/GroupQuiniela/UpdateStatus", {
      groupId,
      quinielaId: dated,
      openDate: new Date(now.getTime() - DAY).toISOString(),
      closeDate: new Date(now.getTime() + 5 * DAY).toISOString(),
    });
    expect(reopen.status).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it("a reopened round's late predictions, then its results", async () => {
    const round = await roundOf(-2 * DAY, -DAY);
    const reopen = await manager.post("/GroupQuiniela/UpdateStatus", {
      groupId,
      quinielaId: round,
      openDate: new Date(now.getTime() - 2 * DAY).toISOString(),
      closeDate: new Date(now.getTime() + DAY).toISOString(),
    });
    expect(reopen.status).toBeLessThan(300);
    await predictAll(round, 9, players.slice(2));
    await expectConsistent();
    at(new Date(now.getTime() + 2 * DAY));
    expect((await setResults(round, 9)).status).toBe(200);
    expect((await expectConsistent()).rounds.some((r) => r.quinielaId === round)).toBe(true);
  });

  it("the group bet ranks by the stored season Wilson, and its forced close keeps the standings right", async () => {
    const round = await roundOf(-DAY, DAY);
    // Generating waits for every active member with a history of predictions.
    await predictAll(
      round,
      10,
      players.filter((p) => p !== players[1]),
      true,
    );
    const expected = await standingsFromScratch(t.db, now, groupId, seasonId);
    const res = await manager.post("/Bet/GenerateBet", { groupId, quinielaId: round, topNUsers: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await expectConsistent();
    const ranking = await manager.get(`/Bet/Ranking?groupId=${groupId}&quinielaId=${round}`);
    const rank = new Map(expected.season.map((r) => [r.userId, r]));
    const order = [...ranking.body].map((r: { userId: number }) => r.userId);
    const byWilson = [...order].sort((a, b) => rank.get(b)!.wilson - rank.get(a)!.wilson || rank.get(a)!.position - rank.get(b)!.position);
    expect(order.slice(0, 3)).toEqual(byWilson.slice(0, 3));
  });

  it("a player's new avatar reaches their rows", async () => {
    const form = new FormData();
    const png = await (
      await import("sharp")
    )
      .default({ create: { width: 8, height: 8, channels: 3, background: "#c00" } })
      .png()
      .toBuffer();
    form.set("avatar", new Blob([png], { type: "image/png" }), "me.png");
    const res = await players[2].post("/auth/UpdateAvatar", form);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect((await expectConsistent()).season.find((r) => r.userId === players[2].id)?.avatarPath).toMatch(/\.jpg$/);
  });

  it("the rows a caller holds come back only when they changed, and never without access", async () => {
    const base = `/group/${groupId}/season/${seasonId}`;
    const { version } = (await manager.get(`${base}/StandingsPage`)).body;
    const outsider = await t.player("intrusa");
    const refused = await outsider.get(`${base}/StandingsPage?known=${encodeURIComponent(version)}`);
    expect(refused.status).toBe(403);
    // The office icons are stripped when read, not stored: turning them off is a new version too.
    await t.db.query("update groups set office_icons = false where id = $1", [groupId]);
    const plain = (await manager.get(`${base}/StandingsPage?known=${encodeURIComponent(version)}`)).body;
    expect(plain.version).not.toBe(version);
    expect(plain.rows.every((r: { icons: unknown[] }) => r.icons.length === 0)).toBe(true);
    await t.db.query("update groups set office_icons = true where id = $1", [groupId]);
    expect((await manager.get(`${base}/StandingsPage?known=${encodeURIComponent(version)}`)).body.rows).toBeNull();
    const tooLong = await manager.get(`${base}/StandingsPage?known=${"9".repeat(65)}`);
    expect(tooLong.status).toBe(400);
  });

  it("data written behind the backend's back (scripts, builders) is recomputed at the next read", async () => {
    await build.results(t.db, r1, officialSigns(11), { home: 0, away: 0 });
    expect((await storedSet())?.dirty).toBe(true);
    await expectConsistent(false);
    expect((await storedSet())?.dirty).toBe(false);
  });

  it("a result for a pool that more than EAGER_SETS groups play answers at once and leaves each group to its next read", async () => {
    const quinielaId = await build.pool(t.db, { seasonId, number: ++poolNumber });
    const groups: number[] = [];
    for (let i = 0; i <= EAGER_SETS; i++) {
      const g = await build.group(t.db, { name: `Peña ${i}`, members: [{ userId: manager.id, role: 2 }, { userId: players[1 + (i % 6)].id }] });
      await build.round(t.db, { groupId: g, quinielaId, openDate: new Date(now.getTime() - 3 * DAY), closeDate: new Date(now.getTime() - DAY) });
      await build.prediction(t.db, { groupId: g, quinielaId, userId: manager.id, matches: ticket(i, 1), pleno: { home: 1, away: 1 } });
      groups.push(g);
    }
    // The builders wrote behind the backend's back: each group's first read stores its set.
    for (const g of groups) await expectConsistent(false, g);
    expect((await setResults(quinielaId, 5)).status).toBe(200);
    for (const g of groups) expect((await storedSet(g))?.dirty).toBe(true);
    for (const g of groups.slice(0, 3)) await expectConsistent(false, g);
    expect((await storedSet(groups[0]))?.dirty).toBe(false);
  });

  it("complete official results make an open round count at once, without waiting for its close date (issue 34)", async () => {
    const early = await roundOf(-DAY, 5 * DAY);
    await predictAll(early, 10, players.slice(2));
    expect((await setResults(early, 10, { plain15: undefined })).status).toBe(200);
    expect((await expectConsistent()).rounds.some((r) => r.quinielaId === early)).toBe(false);
    expect((await setResults(early, 10, { version: 1 })).status).toBe(200);
    expect((await expectConsistent()).rounds.some((r) => r.quinielaId === early)).toBe(true);
  });
});
