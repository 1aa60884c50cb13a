import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staleMessage } from "#core/contract/audit";
import { RESULTS_FINAL_MESSAGE } from "#core/contract/prediction";
import type { Pick } from "#core/domain/signs";
import { REOPEN_WITH_RESULTS } from "../../../backend/services/rounds/rounds";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

type Player = Awaited<ReturnType<TestBackend["player"]>>;

let t: TestBackend;
let seasonId: number;
let gestora: Player;
let gestor2: Player;
let ana: Player;
let groupId: number;
const DAY = 86_400_000;
const NOW = new Date("2026-03-10T12:00:00Z");
const iso = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

beforeAll(async () => {
  t = await startBackend({ now: NOW });
  seasonId = await build.season(t.db, { startDate: "2025-08-01" });
  [gestora, gestor2, ana] = await Promise.all([t.player("gestora"), t.player("gestor2"), t.player("ana")]);
  groupId = await build.group(t.db, { name: "Peña auditada", members: [{ userId: gestora.id, role: 2 }, { userId: gestor2.id, role: 2 }, { userId: ana.id }] });
});
afterAll(() => t.close());

let poolNumber = 0;
/** A round of the group, open now unless told otherwise; configured through the API so it is audited like a real one. */
async function round(options: { openIn?: number; closeIn?: number; forceClosed?: boolean } = {}) {
  const quinielaId = await build.pool(t.db, { seasonId, number: ++poolNumber, closingDate: new Date("2100-01-01T00:00:00Z") });
  const res = await gestora.post("/GroupQuiniela/ConfigureGroupQuiniela", {
    groupId,
    quinielaId,
    openDate: iso(options.openIn ?? -DAY),
    closeDate: iso(options.closeIn ?? DAY),
    forceClosed: options.forceClosed ?? false,
  });
  expect(res.status).toBe(201);
  return { quinielaId, groupQuinielaId: res.body.id as number, version: res.body.version as number };
}

const singles = (): Pick[] => Array.from({ length: 14 }, (): Pick => ["1"]);
const predictionBody = () => ({ groupId, matches: singles(), plain15: { home: 1, away: 0 } });
const roundRow = (quinielaId: number) =>
  t.db.one("select open_date, close_date, force_closed, version, reopened_at from group_quinielas where group_id = $1 and quiniela_id = $2", [
    groupId,
    quinielaId,
  ]);
const trail = async (who: Player = gestora) =>
  (await who.get(`/Audit/ByGroup/${groupId}`)).body as { action: string; subject: string; actorName: string; before: any; after: any; late: boolean }[];
const at = (ms: number) => t.setNow(new Date(NOW.getTime() + ms));

describe("no prediction once a pool has official results", () => {
  it("refuses a new pick and a change in a round that is still open by its dates, and writes nothing", async () => {
    at(0);
    const { quinielaId } = await round({ closeIn: 5 * DAY });
    expect((await ana.post(`/Quiniela/${quinielaId}/MakePrediction`, predictionBody())).status).toBe(201);
    const before = await t.db.query("select matches, updated_at from predictions where quiniela_id = $1", [quinielaId]);
    await build.results(t.db, quinielaId, Array(14).fill("X"), { home: 2, away: 2 });

    const change = await ana.put(`/Quiniela/${quinielaId}/UpdatePrediction`, { ...predictionBody(), matches: Array(14).fill(["X"]) });
    expect(change).toEqual({ status: 403, body: { message: RESULTS_FINAL_MESSAGE } });
    expect(await t.db.query("select matches, updated_at from predictions where quiniela_id = $1", [quinielaId])).toEqual(before);

    const gestoraPick = await gestora.post(`/Quiniela/${quinielaId}/MakePrediction`, { ...predictionBody(), matches: Array(14).fill(["X"]) });
    expect(gestoraPick).toEqual({ status: 403, body: { message: RESULTS_FINAL_MESSAGE } });
    expect(await t.db.one("select count(*)::int as n from predictions where quiniela_id = $1", [quinielaId])).toEqual({ n: 1 });
  });
});

describe("reopening a closed round", () => {
  it("is refused once the pool has official results, by date or by lifting the forced close, and nothing changes", async () => {
    at(0);
    const { quinielaId } = await round({ closeIn: DAY });
    at(2 * DAY); // closed by date
    await build.results(t.db, quinielaId, Array(14).fill("1"), { home: 1, away: 0 });
    const row = await roundRow(quinielaId);

    const later = await gestora.post("/GroupQuiniela/UpdateStatus", { groupId, quinielaId, openDate: iso(-DAY), closeDate: iso(10 * DAY) });
    expect(later).toEqual({ status: 409, body: { message: REOPEN_WITH_RESULTS } });
    const viaConfigure = await gestora.post("/GroupQuiniela/ConfigureGroupQuiniela", { groupId, quinielaId, openDate: iso(-DAY), closeDate: iso(10 * DAY) });
    expect(viaConfigure).toEqual({ status: 409, body: { message: REOPEN_WITH_RESULTS } });
    expect(await roundRow(quinielaId)).toEqual(row);

    // Changing the dates of a round that stays closed is still allowed.
    const stays = await gestora.post("/GroupQuiniela/UpdateStatus", { groupId, quinielaId, openDate: iso(-3 * DAY), closeDate: iso(-DAY) });
    expect(stays.status).toBe(200);
    expect(stays.body).toMatchObject({ state: "closed", reopenedAt: null });
  });

  it("without results is allowed, dated and recorded; picks written afterwards are late and flagged in the trail", async () => {
    at(0);
    const { quinielaId } = await round({ closeIn: 3 * DAY });
    expect((await ana.post(`/Quiniela/${quinielaId}/MakePrediction`, predictionBody())).status).toBe(201);
    const closed = await gestora.post("/GroupQuiniela/UpdateStatus", { groupId, quinielaId, openDate: iso(-DAY), closeDate: iso(3 * DAY), forceClosed: true });
    expect(closed.body).toMatchObject({ state: "closed", reason: "forced", reopenedAt: null });
    at(60_000);
    const reopened = await gestora.post("/GroupQuiniela/UpdateStatus", {
      groupId,
      quinielaId,
      openDate: iso(-DAY),
      closeDate: iso(3 * DAY),
      forceClosed: false,
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ state: "open", reopenedAt: iso(60_000) });

    const own = await gestora.post(`/Quiniela/${quinielaId}/MakePrediction`, predictionBody());
    expect(own.status).toBe(201);
    expect(own.body.late).toBe(true);
    const anaAgain = await ana.put(`/Quiniela/${quinielaId}/UpdatePrediction`, predictionBody());
    expect(anaAgain.body.late).toBe(true);

    const entries = await trail();
    const subject = `Jornada ${poolNumber}`;
    expect(entries.filter((e) => e.subject === subject || e.subject.startsWith(`${subject} ·`)).map((e) => e.action)).toEqual([
      "prediction.late",
      "prediction.late",
      "round.reopen",
      "round.force-close",
      "round.configure",
    ]);
    const reopen = entries.find((e) => e.subject === subject && e.action === "round.reopen")!;
    expect(reopen).toMatchObject({ actorName: "gestora", before: { forceClosed: true }, after: { forceClosed: false, reopenedAt: iso(60_000) } });
    const late = entries.filter((e) => e.action === "prediction.late" && e.subject.startsWith(subject));
    expect(late.map((e) => [e.actorName, e.late])).toEqual([
      ["ana", true],
      ["gestora", true],
    ]);
    // The trail says who predicted late, never what: the round is still open.
    expect(JSON.stringify(late)).not.toContain('"1"');
  });
});

describe("lost updates between managers", () => {
  it("refuses a save against an older version with a Spanish 409 and leaves the round as the other manager left it", async () => {
    at(0);
    const { quinielaId, version } = await round({ closeIn: 3 * DAY });
    // The dates form of the round as each manager sends it.
    const dates = (closeDate: string, forceClosed: boolean) => ({ groupId, quinielaId, openDate: iso(-DAY), closeDate, forceClosed, version });
    const forced = await gestor2.post("/GroupQuiniela/UpdateStatus", dates(iso(3 * DAY), true));
    expect(forced.body).toMatchObject({ forceClosed: true, version: version + 1 });
    const row = await roundRow(quinielaId);

    const stale = await gestora.post("/GroupQuiniela/UpdateStatus", dates(iso(4 * DAY), false));
    expect(stale).toEqual({ status: 409, body: { message: staleMessage("La jornada") } });
    expect(await roundRow(quinielaId)).toEqual(row);

    const staleType = await gestora.post("/GroupQuiniela/ConfigureGroupQuiniela", { ...dates(iso(3 * DAY), true), typeQuinielaId: 2 });
    expect(staleType.status).toBe(409);
    expect(await roundRow(quinielaId)).toEqual(row);
  });

  it("never changes the forced close when only the dates are sent", async () => {
    at(0);
    const { quinielaId } = await round({ closeIn: 3 * DAY, forceClosed: true });
    const dates = await gestora.post("/GroupQuiniela/UpdateStatus", { groupId, quinielaId, openDate: iso(-2 * DAY), closeDate: iso(5 * DAY) });
    expect(dates.status).toBe(200);
    expect(dates.body).toMatchObject({ forceClosed: true, state: "closed", closeDate: iso(5 * DAY) });
  });

  it("loses none of many concurrent UpdateStatus calls: with a version one wins and the rest are told; without, each is applied and recorded", async () => {
    at(0);
    const { quinielaId, version } = await round({ closeIn: 3 * DAY });
    const withVersion = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? gestora : gestor2).post("/GroupQuiniela/UpdateStatus", {
          groupId,
          quinielaId,
          openDate: iso(-DAY),
          closeDate: iso(3 * DAY + (i + 1) * 60_000),
          version,
        }),
      ),
    );
    const statuses = withVersion.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(39);
    const winner = withVersion.find((r) => r.status === 200)!;
    expect(await roundRow(quinielaId)).toMatchObject({ version: version + 1, close_date: new Date(winner.body.closeDate) });

    const without = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        gestora.post("/GroupQuiniela/UpdateStatus", { groupId, quinielaId, openDate: iso(-DAY), closeDate: iso(4 * DAY + (i + 1) * 60_000) }),
      ),
    );
    expect(without.every((r) => r.status === 200)).toBe(true);
    expect((await roundRow(quinielaId))!.version).toBe(version + 31);
    const recorded = await t.db.one<{ n: number }>(
      "select count(*)::int as n from audit_log where entity = 'round' and action = 'round.dates' and subject = $1",
      [`Jornada ${poolNumber}`],
    );
    expect(recorded!.n).toBe(31);
  });

  it("refuses a stale group edit, pool edit and results save with Spanish 409s, writing nothing", async () => {
    at(0);
    const admin = await t.admin();
    const group = (await gestora.get(`/group/${groupId}`)).body;
    expect((await gestor2.put(`/group/${groupId}`, { name: "Peña nueva", version: group.version })).status).toBe(200);
    const staleGroup = await gestora.put(`/group/${groupId}`, { name: "Otra", description: "x", version: group.version });
    expect(staleGroup).toEqual({ status: 409, body: { message: staleMessage("El grupo") } });
    expect(await t.db.one("select name from groups where id = $1", [groupId])).toEqual({ name: "Peña nueva" });

    const quinielaId = await build.pool(t.db, { seasonId, number: ++poolNumber });
    const pool = (await admin.get(`/quiniela/GetById/${quinielaId}`)).body;
    const matches = pool.matches.map((m: { home: string; away: string }) => ({ home: m.home, away: m.away }));
    for (let i = 1; i <= 15; i++) {
      await build.team(t.db, `Local ${i}`);
      await build.team(t.db, `Visitante ${i}`);
    }
    const first = await admin.put(`/quiniela/UpdateQuiniela/${quinielaId}`, {
      startDate: pool.startDate,
      closingDate: iso(9 * DAY),
      matches,
      version: pool.version,
    });
    expect(first.status).toBe(200);
    const stalePool = await admin.put(`/quiniela/UpdateQuiniela/${quinielaId}`, {
      startDate: pool.startDate,
      closingDate: iso(20 * DAY),
      matches,
      version: pool.version,
    });
    expect(stalePool).toEqual({ status: 409, body: { message: staleMessage("La quiniela") } });
    expect((await admin.get(`/quiniela/GetById/${quinielaId}`)).body.closingDate).toBe(iso(9 * DAY));

    const set = await admin.post("/Quiniela/SetResults", { quinielaId, matches: Array(14).fill("1") });
    expect(set.body.version).toBe(1);
    expect((await admin.post("/Quiniela/SetResults", { quinielaId, matches: Array(14).fill("2"), version: 1 })).body.version).toBe(2);
    const staleResults = await admin.post("/Quiniela/SetResults", { quinielaId, matches: Array(14).fill("X"), version: 1 });
    expect(staleResults).toEqual({ status: 409, body: { message: staleMessage("Los resultados") } });
    expect((await admin.get(`/Quiniela/GetResults/${quinielaId}`)).body.matches).toEqual(Array(14).fill("2"));
  });
});

describe("the audit trail", () => {
  it("records role changes, blocks, group edits and results with who, before and after; managers see their group's, admins all", async () => {
    at(5 * DAY); // later than anything the tests above recorded: the trail is newest first
    const admin = await t.admin();
    const { groupQuinielaId } = await round();
    expect((await gestora.post("/GroupQuiniela/BlockUser", { groupQuinielaId, userId: ana.id })).status).toBe(200);
    expect((await gestora.post("/GroupQuiniela/UnblockUser", { groupQuinielaId, userId: ana.id })).status).toBe(200);
    expect((await gestora.post("/group/ChangeUserRole", { groupId, userId: ana.id, roleId: 2 })).status).toBe(200);
    expect((await admin.post("/group/ChangeUserRole", { groupId, userId: ana.id, roleId: 1 })).status).toBe(200);

    const entries = await trail();
    expect(entries.slice(0, 4).map((e) => [e.action, e.actorName, e.before, e.after])).toEqual([
      ["group.role", "admin", { username: "ana", role: "Gestor" }, { username: "ana", role: "Usuario" }],
      ["group.role", "gestora", { username: "ana", role: "Usuario" }, { username: "ana", role: "Gestor" }],
      ["round.unblock", "gestora", { username: "ana", blocked: true }, { username: "ana", blocked: false }],
      ["round.block", "gestora", { username: "ana", blocked: false }, { username: "ana", blocked: true }],
    ]);
    expect(entries.some((e) => e.action === "group.edit" && e.before.name === "Peña auditada" && e.after.name === "Peña nueva")).toBe(true);
    // Catalogue changes concern every group: only the admin's view has them.
    expect(entries.some((e) => e.action === "results.set")).toBe(false);

    const all = (await admin.get("/Audit/All")).body as { action: string; groupId: number | null; actorName: string }[];
    expect(all.some((e) => e.action === "results.set" && e.groupId === null && e.actorName === "admin")).toBe(true);
    expect(all.some((e) => e.action === "group.role")).toBe(true);
  });

  it("is private: a plain member and another group's manager get 403, a non-admin cannot read it all", async () => {
    const otherManager = await t.player();
    await build.group(t.db, { members: [{ userId: otherManager.id, role: 2 }] });
    expect((await ana.get(`/Audit/ByGroup/${groupId}`)).status).toBe(403);
    expect((await otherManager.get(`/Audit/ByGroup/${groupId}`)).status).toBe(403);
    expect((await gestora.get("/Audit/All")).status).toBe(403);
    expect((await t.api.get(`/Audit/ByGroup/${groupId}`)).status).toBe(401);
    expect((await gestora.get("/Audit/ByGroup/999999")).status).toBe(404);
  });

  it("is written in the change's transaction: a refused change leaves no entry", async () => {
    at(0);
    const { quinielaId, version } = await round();
    const count = async () => (await t.db.one<{ n: number }>("select count(*)::int as n from audit_log"))!.n;
    const before = await count();
    await gestora.post("/GroupQuiniela/UpdateStatus", { groupId, quinielaId, openDate: iso(-DAY), closeDate: iso(2 * DAY), version: version + 5 });
    await gestora.post("/group/ChangeUserRole", { groupId, userId: 999999, roleId: 2 });
    expect(await count()).toBe(before);
  });
});
