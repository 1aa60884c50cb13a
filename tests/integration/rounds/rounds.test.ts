import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLOSE_AFTER_OPEN, closeAfterOfficial } from "#core/contract/rounds";
import { startWithSeason, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

let season: Awaited<ReturnType<typeof startWithSeason>>;
let t: TestBackend;
let seasonId: number;
beforeAll(async () => ({ t, seasonId } = season = await startWithSeason()));
afterAll(() => t.close());

type Player = Awaited<ReturnType<TestBackend["player"]>>;

/** A group with its manager and one plain member. */
async function peña() {
  const gestor = await t.player();
  const created = await gestor.post("/group/CreateGroup", { name: "Peña" });
  const member = await t.player();
  await member.post(`/group/JoinByInviteCode/${created.body.inviteCode}`);
  return { gestor, member, groupId: created.body.id as number };
}

// Pools whose official close is after every date the rounds here are given (decision 065).
const newPool = () => build.pool(t.db, { seasonId, number: ++season.poolNumber, closingDate: new Date("2100-01-01T00:00:00Z") });

const OPEN = "2025-09-01T08:00:00.000Z";
const CLOSE = "2025-09-05T18:00:00.000Z";

async function configured(gestor: Player, groupId: number, extra: Record<string, unknown> = {}) {
  const quinielaId = await newPool();
  const res = await gestor.post("/GroupQuiniela/ConfigureGroupQuiniela", {
    GroupId: groupId,
    QuinielaId: quinielaId,
    OpenDate: OPEN,
    CloseDate: CLOSE,
    ForceClosed: false,
    TypeQuinielaId: 2,
    ...extra,
  });
  expect(res.status).toBe(201);
  return { quinielaId, round: res.body as { id: number } };
}

describe("configuring a round", () => {
  it("is 404 until the manager configures it, then shows dates, type and state", async () => {
    const { gestor, member, groupId } = await peña();
    const quinielaId = await newPool();
    const query = `/GroupQuiniela/GetByGroupAndQuiniela?groupId=${groupId}&quinielaId=${quinielaId}`;
    expect((await member.get(query)).status).toBe(404);

    t.setNow(new Date("2025-09-02T10:00:00Z"));
    try {
      const res = await gestor.post("/GroupQuiniela/ConfigureGroupQuiniela", { groupId, quinielaId, openDate: OPEN, closeDate: CLOSE, typeQuinielaId: 4 });
      expect(res.status).toBe(201);
      const expected = {
        groupId,
        quinielaId,
        seasonId,
        numberQuiniela: season.poolNumber,
        openDate: OPEN,
        closeDate: CLOSE,
        forceClosed: false,
        typeQuinielaId: 4,
        typeName: "Dos dobles y un triple",
        numDouble: 2,
        numTriple: 1,
        description: "Dos partidos con doble signo y uno con triple.",
        state: "open",
        reason: null,
        blockedUserIds: [],
      };
      expect(res.body).toMatchObject(expected);
      expect((await member.get(query)).body).toMatchObject(expected);
      const again = await gestor.post("/GroupQuiniela/ConfigureGroupQuiniela", {
        groupId,
        quinielaId,
        openDate: OPEN,
        closeDate: CLOSE,
        forceClosed: true,
        typeQuinielaId: 1,
      });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ id: res.body.id, forceClosed: true, typeQuinielaId: 1, state: "closed", reason: "forced" });
    } finally {
      t.setNow(null);
    }
  });

  it("lists the group's rounds by open date to members only", async () => {
    const { gestor, member, groupId } = await peña();
    const later = await configured(gestor, groupId, { OpenDate: "2025-10-01T08:00:00Z", CloseDate: "2025-10-04T18:00:00Z" });
    const earlier = await configured(gestor, groupId);
    const list = await member.get(`/GroupQuiniela/ByGroup/${groupId}`);
    expect(list.body.map((r: { quinielaId: number }) => r.quinielaId)).toEqual([earlier.quinielaId, later.quinielaId]);
    expect((await (await t.player()).get(`/GroupQuiniela/ByGroup/${groupId}`)).status).toBe(403);
    expect((await member.get("/GroupQuiniela/ByGroup/999999")).status).toBe(404);
  });

  it("refuses a close date before the open date, an unknown pool or type, and plain members", async () => {
    const { gestor, member, groupId } = await peña();
    const quinielaId = await newPool();
    const body = { groupId, quinielaId, openDate: CLOSE, closeDate: OPEN };
    expect(await gestor.post("/GroupQuiniela/ConfigureGroupQuiniela", body)).toEqual({ status: 400, body: { message: CLOSE_AFTER_OPEN } });
    const ok = { groupId, quinielaId, openDate: OPEN, closeDate: CLOSE };
    expect((await gestor.post("/GroupQuiniela/ConfigureGroupQuiniela", { ...ok, quinielaId: 999999 })).status).toBe(404);
    expect((await gestor.post("/GroupQuiniela/ConfigureGroupQuiniela", { ...ok, typeQuinielaId: 99 })).body).toEqual({
      message: "Tipo de quiniela no válido.",
    });
    expect((await gestor.post("/GroupQuiniela/ConfigureGroupQuiniela", { ...ok, openDate: "mañana" })).status).toBe(400);
    expect((await member.post("/GroupQuiniela/ConfigureGroupQuiniela", ok)).status).toBe(403);
    expect((await t.api.post("/GroupQuiniela/ConfigureGroupQuiniela", ok)).status).toBe(401);
    expect((await (await t.admin()).post("/GroupQuiniela/ConfigureGroupQuiniela", ok)).status).toBe(201);
  });

  it("keeps the pool type once someone has predicted the round", async () => {
    const { gestor, member, groupId } = await peña();
    const { quinielaId } = await configured(gestor, groupId);
    await build.prediction(t.db, { groupId, quinielaId, userId: member.id, matches: Array(14).fill(["1"]), pleno: { home: 0, away: 0 } });
    const res = await gestor.post("/GroupQuiniela/ConfigureGroupQuiniela", { groupId, quinielaId, openDate: OPEN, closeDate: CLOSE, typeQuinielaId: 1 });
    expect(res.status).toBe(409);
    expect(
      (
        await gestor.post("/GroupQuiniela/ConfigureGroupQuiniela", {
          groupId,
          quinielaId,
          openDate: OPEN,
          closeDate: "2025-09-06T18:00:00Z",
          typeQuinielaId: 2,
        })
      ).status,
    ).toBe(200);
  });
});

describe("the state of a round follows its dates at the backend's clock", () => {
  it("is not open, then open, then closed; a forced close closes it at once", async () => {
    const { gestor, member, groupId } = await peña();
    const { quinielaId } = await configured(gestor, groupId);
    const state = async () => {
      const r = (await member.get(`/GroupQuiniela/GetByGroupAndQuiniela?GroupId=${groupId}&QuinielaId=${quinielaId}`)).body;
      return [r.state, r.reason];
    };
    try {
      t.setNow(new Date("2025-09-01T07:59:00Z"));
      expect(await state()).toEqual(["not-open", "before-open"]);
      t.setNow(new Date("2025-09-01T08:00:00Z"));
      expect(await state()).toEqual(["open", null]);
      t.setNow(new Date("2025-09-05T18:00:00Z"));
      expect(await state()).toEqual(["closed", "date-passed"]);

      t.setNow(new Date("2025-09-03T12:00:00Z"));
      const closed = await gestor.post("/GroupQuiniela/UpdateStatus", { groupId, quinielaId, openDate: OPEN, closeDate: CLOSE, forceClosed: true });
      expect(closed.body).toMatchObject({ forceClosed: true, state: "closed", reason: "forced" });
      // forceClosed left out keeps the flag; new dates apply.
      const moved = await gestor.post("/GroupQuiniela/UpdateStatus", { groupId, quinielaId, openDate: OPEN, closeDate: "2025-09-10T18:00:00Z" });
      expect(moved.body).toMatchObject({ forceClosed: true, closeDate: "2025-09-10T18:00:00.000Z", state: "closed" });
      const reopened = await gestor.post("/GroupQuiniela/UpdateStatus", { groupId, quinielaId, openDate: OPEN, closeDate: CLOSE, forceClosed: false });
      expect(reopened.body).toMatchObject({ forceClosed: false, state: "open" });
    } finally {
      t.setNow(null);
    }
  });

  it("refuses status changes on rounds that are not configured or with dates out of order", async () => {
    const { gestor, groupId } = await peña();
    const quinielaId = await newPool();
    expect((await gestor.post("/GroupQuiniela/UpdateStatus", { groupId, quinielaId, openDate: OPEN, closeDate: CLOSE })).status).toBe(404);
    const round = await configured(gestor, groupId);
    const res = await gestor.post("/GroupQuiniela/UpdateStatus", { groupId, quinielaId: round.quinielaId, openDate: CLOSE, closeDate: OPEN });
    expect(res).toEqual({ status: 400, body: { message: CLOSE_AFTER_OPEN } });
  });

  it("refuses a round that would close after its pool's official close, in the activation and the dates' change; a forced close is kept", async () => {
    const { gestor, groupId } = await peña();
    const official = new Date("2025-09-05T16:00:00Z");
    const quinielaId = await build.pool(t.db, { seasonId, number: ++season.poolNumber, startDate: new Date("2025-09-01T08:00:00Z"), closingDate: official });
    const late = { groupId, quinielaId, openDate: OPEN, closeDate: CLOSE };
    const refused = { status: 400, body: { message: closeAfterOfficial(official) } };
    expect(refused.body.message).toBe(
      "La jornada no puede cerrar después del cierre oficial de la quiniela (05/09/2025 18:00): los partidos ya habrán empezado.",
    );
    expect(await gestor.post("/GroupQuiniela/ConfigureGroupQuiniela", late)).toEqual(refused);
    expect(await t.db.query("select 1 from group_quinielas where group_id = $1 and quiniela_id = $2", [groupId, quinielaId])).toEqual([]);
    const onTime = await gestor.post("/GroupQuiniela/ConfigureGroupQuiniela", { ...late, closeDate: official.toISOString() });
    expect(onTime.status).toBe(201);
    expect(await gestor.post("/GroupQuiniela/UpdateStatus", { ...late, version: onTime.body.version })).toEqual(refused);
    expect((await gestor.get(`/GroupQuiniela/GetByGroupAndQuiniela?groupId=${groupId}&quinielaId=${quinielaId}`)).body.closeDate).toBe(official.toISOString());
    const forced = await gestor.post("/GroupQuiniela/UpdateStatus", { ...late, forceClosed: true, version: onTime.body.version });
    expect(forced.status).toBe(200);
  });
});

describe("blocking players", () => {
  it("blocks a member for one round only, and unblocks them", async () => {
    const { gestor, member, groupId } = await peña();
    const first = await configured(gestor, groupId);
    const second = await configured(gestor, groupId);
    expect((await gestor.post("/GroupQuiniela/BlockUser", { groupQuinielaId: first.round.id, userId: member.id })).status).toBe(200);
    expect((await gestor.post("/GroupQuiniela/BlockUser", { GroupQuinielaId: first.round.id, UserId: member.id })).status).toBe(200);
    const detail = (quinielaId: number) => member.get(`/GroupQuiniela/GetByGroupAndQuiniela?groupId=${groupId}&quinielaId=${quinielaId}`);
    expect((await detail(first.quinielaId)).body.blockedUserIds).toEqual([member.id]);
    expect((await detail(second.quinielaId)).body.blockedUserIds).toEqual([]);
    const blocked = await gestor.get(`/GroupQuiniela/${first.round.id}/BlockedUsers`);
    expect(blocked.body).toEqual([{ userId: member.id, username: member.username, blockedAt: expect.any(String) }]);

    expect((await gestor.post("/GroupQuiniela/UnblockUser", { groupQuinielaId: first.round.id, userId: member.id })).body).toMatchObject({ blocked: false });
    expect((await detail(first.quinielaId)).body.blockedUserIds).toEqual([]);
  });

  it("only blocks members, only by the group's manager", async () => {
    const { gestor, member, groupId } = await peña();
    const { round } = await configured(gestor, groupId);
    const outsider = await t.player();
    expect((await gestor.post("/GroupQuiniela/BlockUser", { groupQuinielaId: round.id, userId: outsider.id })).status).toBe(404);
    expect((await member.post("/GroupQuiniela/BlockUser", { groupQuinielaId: round.id, userId: gestor.id })).status).toBe(403);
    expect((await gestor.post("/GroupQuiniela/BlockUser", { groupQuinielaId: 999999, userId: member.id })).status).toBe(404);
    expect((await outsider.get(`/GroupQuiniela/${round.id}/BlockedUsers`)).status).toBe(403);
  });
});

describe("two groups with different managers", () => {
  it("answers every manager call of group B by A's manager with 403, and changes nothing", async () => {
    const a = await peña();
    const b = await peña();
    const ownRound = await configured(a.gestor, a.groupId);
    expect(
      (
        await a.gestor.post("/GroupQuiniela/UpdateStatus", {
          groupId: a.groupId,
          quinielaId: ownRound.quinielaId,
          openDate: OPEN,
          closeDate: CLOSE,
          forceClosed: true,
        })
      ).status,
    ).toBe(200);
    expect((await a.gestor.post("/GroupQuiniela/BlockUser", { groupQuinielaId: ownRound.round.id, userId: a.member.id })).status).toBe(200);

    const roundB = await configured(b.gestor, b.groupId);
    const freshPool = await newPool();
    const attempts = [
      a.gestor.post("/GroupQuiniela/ConfigureGroupQuiniela", { groupId: b.groupId, quinielaId: freshPool, openDate: OPEN, closeDate: CLOSE }),
      a.gestor.post("/GroupQuiniela/UpdateStatus", { groupId: b.groupId, quinielaId: roundB.quinielaId, openDate: OPEN, closeDate: CLOSE, forceClosed: true }),
      a.gestor.post("/GroupQuiniela/BlockUser", { groupQuinielaId: roundB.round.id, userId: b.member.id }),
      a.gestor.post("/GroupQuiniela/UnblockUser", { groupQuinielaId: roundB.round.id, userId: b.member.id }),
      a.gestor.post("/group/ChangeUserRole", { groupId: b.groupId, userId: b.member.id, roleId: 2 }),
      a.gestor.put(`/group/${b.groupId}`, { name: "Tomada" }),
      a.gestor.delete(`/group/${b.groupId}/members/${b.member.id}`),
      a.gestor.get(`/group/${b.groupId}`),
      a.gestor.get(`/GroupQuiniela/ByGroup/${b.groupId}`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(403);

    const after = (await b.gestor.get(`/GroupQuiniela/GetByGroupAndQuiniela?groupId=${b.groupId}&quinielaId=${roundB.quinielaId}`)).body;
    expect(after).toMatchObject({ forceClosed: false, blockedUserIds: [] });
    expect((await b.gestor.get(`/GroupQuiniela/GetByGroupAndQuiniela?groupId=${b.groupId}&quinielaId=${freshPool}`)).status).toBe(404);
    const groupB = (await b.gestor.get(`/group/${b.groupId}`)).body;
    expect(groupB.name).toBe("Peña");
    expect(groupB.members.map((m: { role: string }) => m.role)).toEqual(["Gestor", "Usuario"]);
  });
});
