import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAST_MANAGER_MESSAGE } from "#core/contract/group";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

let t: TestBackend;
beforeAll(async () => {
  t = await startBackend();
});
afterAll(() => t.close());

async function groupOf(manager: Awaited<ReturnType<TestBackend["player"]>>, name = "Peña") {
  const res = await manager.post("/group/CreateGroup", { name, description: "La de la oficina" });
  expect(res.status).toBe(201);
  return res.body as { id: number; inviteCode: string };
}

describe("creating groups", () => {
  it("makes a player who creates a group its Gestor, with a hard-to-guess invite code", async () => {
    const ana = await t.player();
    const res = await ana.post("/group/CreateGroup", { Name: "  Los del bar ", Description: "Quiniela de los viernes" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Los del bar", description: "Quiniela de los viernes", sendAlert: true });
    expect(res.body.inviteCode).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(res.body.members).toEqual([expect.objectContaining({ userId: ana.id, username: ana.username, roleId: 2, role: "Gestor" })]);
    expect((await ana.get("/auth/me")).body).toMatchObject({ isManagerOfGroup: true, managedGroupId: res.body.id });
    const other = await groupOf(await t.player());
    expect(other.inviteCode).not.toBe(res.body.inviteCode);
  });

  it("does not add an admin who creates a group as a member", async () => {
    const admin = await t.admin();
    const res = await admin.post("/group/CreateGroup", { name: "Peña del admin" });
    expect(res.status).toBe(201);
    expect(res.body.members).toEqual([]);
    expect((await admin.get("/group/GetMyGroups")).body.map((g: { id: number }) => g.id)).not.toContain(res.body.id);
  });

  it("requires a name, and a signed-in caller", async () => {
    const p = await t.player();
    expect(await p.post("/group/CreateGroup", { name: "   ", description: "x" })).toEqual({ status: 400, body: { message: "El nombre es obligatorio." } });
    expect(await p.post("/group/CreateGroup", {})).toEqual({ status: 400, body: { message: "El nombre es obligatorio." } });
    expect((await t.api.post("/group/CreateGroup", { name: "Anónima" })).status).toBe(401);
  });
});

describe("joining and listing", () => {
  it("joins by invite code in any letter case; joining twice changes nothing", async () => {
    const gestor = await t.player();
    const group = await groupOf(gestor, "Peña Norte");
    const luis = await t.player();
    const first = await luis.post(`/group/JoinByInviteCode/${group.inviteCode.toLowerCase()}`);
    expect(first).toEqual({ status: 200, body: { id: group.id, name: "Peña Norte", alreadyMember: false } });
    const again = await luis.post(`/GROUP/joinbyinvitecode/${group.inviteCode}`);
    expect(again.body.alreadyMember).toBe(true);
    expect((await gestor.post(`/group/JoinByInviteCode/${group.inviteCode}`)).body.alreadyMember).toBe(true);

    const mine = await luis.get("/group/GetMyGroups");
    expect(mine.body).toEqual([
      {
        id: group.id,
        name: "Peña Norte",
        description: "La de la oficina",
        inviteCode: group.inviteCode,
        createdAt: expect.any(String),
        roleId: 1,
        role: "Usuario",
        memberCount: 2,
      },
    ]);
    const detail = await gestor.get(`/group/${group.id}`);
    expect(detail.body.members.map((m: { role: string }) => m.role)).toEqual(["Gestor", "Usuario"]);
  });

  it("answers an unknown code with a Spanish 404", async () => {
    const p = await t.player();
    expect(await p.post("/group/JoinByInviteCode/NOEXISTE99")).toEqual({ status: 404, body: { message: "No existe ningún grupo con ese código." } });
  });

  it("shows a group and its members only to members and admins", async () => {
    const gestor = await t.player();
    const group = await groupOf(gestor);
    const outsider = await t.player();
    expect((await outsider.get(`/group/${group.id}`)).status).toBe(403);
    expect((await outsider.get(`/Group/${group.id}/GetGroupMembers`)).status).toBe(403);
    expect((await t.api.get(`/group/${group.id}`)).status).toBe(401);
    expect((await gestor.get("/group/999999")).status).toBe(404);
    expect((await gestor.get("/group/abc")).status).toBe(400);
    const admin = await t.admin();
    expect((await admin.get(`/group/${group.id}`)).body.name).toBe("Peña");
    const members = await gestor.get(`/group/${group.id}/getgroupmembers`);
    expect(members.body).toEqual([
      expect.objectContaining({ id: gestor.id, userId: gestor.id, email: `${gestor.username}@test.local`, avatarPath: null, roleId: 2, role: "Gestor" }),
    ]);
  });

  it("lists every group for admins only", async () => {
    const group = await groupOf(await t.player(), "Visible para admin");
    const all = await (await t.admin()).get("/group/GetAllGroups");
    expect(all.body).toContainEqual(expect.objectContaining({ id: group.id, name: "Visible para admin", memberCount: 1 }));
    expect((await (await t.player()).get("/group/GetAllGroups")).status).toBe(403);
  });
});

describe("managing a group", () => {
  it("lets its manager or an admin edit the name and description, nobody else", async () => {
    const gestor = await t.player();
    const group = await groupOf(gestor);
    const member = await t.player();
    await member.post(`/group/JoinByInviteCode/${group.inviteCode}`);
    expect((await gestor.put(`/group/${group.id}`, { name: "Peña Renombrada", description: "Nueva" })).body).toMatchObject({
      name: "Peña Renombrada",
      description: "Nueva",
    });
    expect((await member.put(`/group/${group.id}`, { name: "Mía" })).status).toBe(403);
    expect((await gestor.put(`/group/${group.id}`, { name: "" })).body).toEqual({ message: "El nombre es obligatorio." });
    expect((await (await t.admin()).put(`/group/${group.id}`, { name: "Por el admin" })).status).toBe(200);
  });

  it("removes a member softly: gone from the group, predictions kept", async () => {
    const gestor = await t.player();
    const group = await groupOf(gestor);
    const leaver = await t.player();
    await leaver.post(`/group/JoinByInviteCode/${group.inviteCode}`);
    const season = await build.season(t.db);
    const pool = await build.pool(t.db, { seasonId: season, number: 1 });
    await build.prediction(t.db, { groupId: group.id, quinielaId: pool, userId: leaver.id, matches: Array(14).fill(["1"]), pleno: { home: 1, away: 0 } });

    expect((await leaver.delete(`/group/${group.id}/members/${gestor.id}`)).status).toBe(403);
    expect((await gestor.delete(`/group/${group.id}/members/${leaver.id}`)).status).toBe(204);
    expect((await gestor.get(`/group/${group.id}`)).body.members.map((m: { userId: number }) => m.userId)).toEqual([gestor.id]);
    expect((await leaver.get("/group/GetMyGroups")).body).toEqual([]);
    expect((await leaver.get(`/group/${group.id}`)).status).toBe(403);
    const kept = await t.db.query("select 1 from predictions where group_id = $1 and user_id = $2", [group.id, leaver.id]);
    expect(kept).toHaveLength(1);
    expect((await gestor.delete(`/group/${group.id}/members/${leaver.id}`)).status).toBe(404);

    // The invite code still works: a removed member may come back, as Usuario.
    expect((await leaver.post(`/group/JoinByInviteCode/${group.inviteCode}`)).body.alreadyMember).toBe(false);
    expect((await leaver.get("/group/GetMyGroups")).body[0].role).toBe("Usuario");
  });

  it("does not remove the group's last manager", async () => {
    const gestor = await t.player();
    const group = await groupOf(gestor);
    expect(await gestor.delete(`/group/${group.id}/members/${gestor.id}`)).toEqual({ status: 409, body: { message: LAST_MANAGER_MESSAGE } });
  });
});

describe("changing roles", () => {
  it("lets a manager promote and demote, keeping at least one Gestor", async () => {
    const gestor = await t.player();
    const group = await groupOf(gestor);
    const eva = await t.player();
    await eva.post(`/group/JoinByInviteCode/${group.inviteCode}`);
    const demoteSelf = await gestor.post("/group/ChangeUserRole", { groupId: group.id, userId: gestor.id, roleId: 1 });
    expect(demoteSelf).toEqual({ status: 409, body: { message: LAST_MANAGER_MESSAGE } });

    const promote = await gestor.post("/group/ChangeUserRole", { GroupId: group.id, UserId: eva.id, RoleId: 2 });
    expect(promote.body).toEqual({ groupId: group.id, userId: eva.id, roleId: 2, role: "Gestor" });
    expect((await gestor.post("/group/ChangeUserRole", { groupId: group.id, userId: gestor.id, roleId: 1 })).status).toBe(200);
    expect((await eva.post("/group/ChangeUserRole", { groupId: group.id, userId: eva.id, roleId: 1 })).status).toBe(409);
    expect((await gestor.post("/group/ChangeUserRole", { groupId: group.id, userId: eva.id, roleId: 1 })).status).toBe(403);
  });

  it("refuses other groups' managers, plain members, unknown roles and non-members", async () => {
    const a = await t.player();
    const groupA = await groupOf(a);
    const b = await t.player();
    const groupB = await groupOf(b);
    const member = await t.player();
    await member.post(`/group/JoinByInviteCode/${groupB.inviteCode}`);
    expect((await a.post("/group/ChangeUserRole", { groupId: groupB.id, userId: member.id, roleId: 2 })).status).toBe(403);
    expect((await member.post("/group/ChangeUserRole", { groupId: groupB.id, userId: member.id, roleId: 2 })).status).toBe(403);
    expect((await b.post("/group/ChangeUserRole", { groupId: groupB.id, userId: member.id, roleId: 3 })).body).toEqual({ message: "Rol no válido." });
    expect((await b.post("/group/ChangeUserRole", { groupId: groupB.id, userId: a.id, roleId: 2 })).status).toBe(404);
    expect((await a.post("/group/ChangeUserRole", { groupId: groupA.id, userId: a.id, roleId: 2 })).status).toBe(200);
  });

  it("lets an admin change roles in any group", async () => {
    const gestor = await t.player();
    const group = await groupOf(gestor);
    const p = await t.player();
    await p.post(`/group/JoinByInviteCode/${group.inviteCode}`);
    const admin = await t.admin();
    expect((await admin.post("/group/ChangeUserRole", { groupId: group.id, userId: p.id, roleId: 2 })).status).toBe(200);
    expect((await admin.post("/group/ChangeUserRole", { groupId: group.id, userId: gestor.id, roleId: 1 })).status).toBe(200);
    expect((await admin.post("/group/ChangeUserRole", { groupId: group.id, userId: p.id, roleId: 1 })).body.message).toBe(LAST_MANAGER_MESSAGE);
  });
});
