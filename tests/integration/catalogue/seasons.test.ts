import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type Client, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

let t: TestBackend;
let admin: Client;
beforeAll(async () => {
  t = await startBackend();
  admin = await t.admin();
  t.setNow(new Date("2025-06-01T10:00:00Z"));
});
afterAll(() => t.close());

describe("the season being played", () => {
  it("stays the group's while its round is open or the new season has no pools, and the picker keeps both", async () => {
    const gestor = await t.player();
    const outsider = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: gestor.id, role: 2 }] });
    const old = await build.season(t.db, { name: "Vieja", startDate: "2024-08-01" });
    const oldPool = await build.pool(t.db, { seasonId: old, number: 1 });
    await build.round(t.db, { groupId, quinielaId: oldPool, openDate: new Date("2025-05-30T10:00:00Z"), closeDate: new Date("2025-06-05T10:00:00Z") });

    const created = await admin.post("/season/CreateSeason", { name: "Nueva", startDate: "2025-05-15" });
    expect(created.status).toBe(201);
    // The global notion for new pools moves at once; the groups keep playing the old season.
    expect((await gestor.get("/season/GetCurrentSeason")).body.name).toBe("Nueva");
    expect((await gestor.get(`/group/${groupId}/Seasons`)).body).toEqual({
      current: { id: old, name: "Vieja" },
      seasons: [{ id: old, name: "Vieja", startDate: "2024-08-01", rounds: 1 }],
    });

    // Its first pool puts the new season in the picker, but the group stays in the old one while
    // its round there is open; once that closes, the group moves on.
    const newPool = await build.pool(t.db, { seasonId: created.body.id, number: 1 });
    expect((await gestor.get(`/group/${groupId}/seasons`)).body.current).toEqual({ id: old, name: "Vieja" });
    t.setNow(new Date("2025-06-06T10:00:00Z"));
    expect((await gestor.get(`/group/${groupId}/seasons`)).body).toEqual({
      current: { id: created.body.id, name: "Nueva" },
      seasons: [
        { id: created.body.id, name: "Nueva", startDate: "2025-05-15", rounds: 0 },
        { id: old, name: "Vieja", startDate: "2024-08-01", rounds: 1 },
      ],
    });
    await build.round(t.db, { groupId, quinielaId: newPool, openDate: new Date("2025-06-07T10:00:00Z"), closeDate: new Date("2025-06-09T10:00:00Z") });
    expect((await gestor.get(`/group/${groupId}/Seasons`)).body.seasons.map((s: { rounds: number }) => s.rounds)).toEqual([1, 1]);

    expect((await outsider.get(`/group/${groupId}/Seasons`)).status).toBe(403);
    expect((await gestor.get("/group/99999/Seasons")).status).toBe(404);
    expect((await t.api.get(`/group/${groupId}/Seasons`)).status).toBe(401);
  });

  it("refuses a second season of the same name, whatever its case", async () => {
    expect((await admin.post("/season/CreateSeason", { name: "2030-31", startDate: "2030-08-01" })).status).toBe(201);
    expect(await admin.post("/season/CreateSeason", { name: " 2030-31 ", startDate: "2031-08-01" })).toEqual({
      status: 409,
      body: { message: "Ya existe una temporada con ese nombre." },
    });
    const names = (await admin.get("/season/List")).body.map((s: { name: string }) => s.name);
    expect(names.filter((n: string) => n === "2030-31")).toHaveLength(1);
  });
});
