import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFICE_ICONS_INVALID } from "#core/contract/group";
import type { Pick, Sign } from "#core/domain/signs";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

type Player = Awaited<ReturnType<TestBackend["player"]>>;

let t: TestBackend;
let gestor: Player;
let ana: Player;
let outsider: Player;
let groupId: number;
let seasonId: number;
const DAY = 86_400_000;

/** The group as its members see it: detail, standings, standings info and kiosk all agree on the icons. */
async function seen() {
  const { body: link } = await gestor.post(`/group/${groupId}/kiosk`);
  const [detail, rows, info, kiosk] = await Promise.all([
    ana.get(`/group/${groupId}`),
    ana.get(`/group/${groupId}/season/${seasonId}/GetClassification`),
    ana.get(`/group/${groupId}/season/${seasonId}/GetClassificationRounds`),
    t.api.get(`/kiosk/${link.token}/standings`),
  ]);
  const icons = (list: { userName: string; icons: string[] }[]) => list.map((r) => [r.userName, r.icons]);
  return {
    detail: detail.body.officeIcons,
    info: info.body.group.officeIcons,
    kiosk: kiosk.body.group.officeIcons,
    rows: icons(rows.body),
    kioskRows: icons(kiosk.body.rows),
  };
}

beforeAll(async () => {
  t = await startBackend();
  [gestor, ana, outsider] = await Promise.all([t.player("gestor"), t.player("ana"), t.player("fuera")]);
  groupId = await build.group(t.db, { name: "Oficina TI", members: [{ userId: gestor.id, role: 2 }, { userId: ana.id }] });
  seasonId = await build.season(t.db, { name: "2024-25", startDate: "2024-08-01" });
  const official: Sign[] = Array.from({ length: 14 }, (): Sign => "1");
  const close = new Date(Date.now() - DAY);
  const quinielaId = await build.pool(t.db, { seasonId, number: 1, startDate: new Date(close.getTime() - DAY), closingDate: close });
  await build.results(t.db, quinielaId, official, { home: 2, away: 1 });
  await build.round(t.db, { groupId, quinielaId, openDate: new Date(close.getTime() - DAY), closeDate: close });
  const picks = (hits: number): Pick[] => official.map((s, i) => (i < hits ? [s] : ["2"]));
  await build.prediction(t.db, { groupId, quinielaId, userId: gestor.id, matches: picks(12), pleno: { home: 2, away: 1 } });
  await build.prediction(t.db, { groupId, quinielaId, userId: ana.id, matches: picks(6), pleno: { home: 0, away: 0 } });
  // Signing players up hashes passwords: slow on a busy machine.
}, 180_000);
afterAll(() => t.close());

describe("'Iconos y premios de oficina'", () => {
  it("is on for a group made before the setting existed: every answer carries the flag and the four icons", async () => {
    expect(await seen()).toEqual({
      detail: true,
      info: true,
      kiosk: true,
      rows: [
        ["gestor", ["burro", "bola"]],
        ["ana", ["pina", "rinoceronte"]],
      ],
      kioskRows: [
        ["gestor", ["burro", "bola"]],
        ["ana", ["pina", "rinoceronte"]],
      ],
    });
  });

  it("is turned off and on again by a manager only, and off means no icons in the standings nor on the kiosk", async () => {
    expect((await ana.put(`/group/${groupId}/settings`, { officeIcons: false })).status).toBe(403);
    expect((await outsider.put(`/group/${groupId}/settings`, { officeIcons: false })).status).toBe(403);
    expect((await t.api.put(`/group/${groupId}/settings`, { officeIcons: false })).status).toBe(401);
    expect((await gestor.put("/group/999999/settings", { officeIcons: false })).status).toBe(404);
    expect(await gestor.put(`/group/${groupId}/settings`, { officeIcons: "quizá" })).toEqual({ status: 400, body: { message: OFFICE_ICONS_INVALID } });
    expect(await gestor.put(`/group/${groupId}/settings`, {})).toEqual({ status: 400, body: { message: OFFICE_ICONS_INVALID } });
    expect((await seen()).detail).toBe(true);

    expect(await gestor.put(`/group/${groupId}/settings`, { officeIcons: false })).toEqual({ status: 200, body: { officeIcons: false } });
    expect(await seen()).toEqual({
      detail: false,
      info: false,
      kiosk: false,
      rows: [
        ["gestor", []],
        ["ana", []],
      ],
      kioskRows: [
        ["gestor", []],
        ["ana", []],
      ],
    });
    // Only the icons go: the standings themselves are the same.
    const rows = await ana.get(`/group/${groupId}/season/${seasonId}/GetClassification`);
    expect(rows.body.map((r: { totalPoints: number }) => r.totalPoints)).toEqual([12 + 5, 6]);

    expect((await gestor.put(`/group/${groupId}/settings`, { OfficeIcons: true })).status).toBe(200);
    expect((await seen()).rows[0]).toEqual(["gestor", ["burro", "bola"]]);
  });

  it("is off for a group created from now on", async () => {
    const made = await gestor.post("/group/CreateGroup", { name: "Peña nueva", description: "" });
    expect(made.status).toBe(201);
    expect(made.body.officeIcons).toBe(false);
    expect((await gestor.get(`/group/${made.body.id}`)).body.officeIcons).toBe(false);
  });
});
