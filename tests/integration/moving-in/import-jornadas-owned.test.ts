import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";
import { writeXlsx, type XlsxCell } from "../../support/xlsx-writer";

/**
 * Decision 062: a peña's past jornadas from its jornadas file belong to that peña. They are never the
 * catalogue's: no other group or the admin sees them, they take no number from the admin, and another
 * peña's same number plays its own matches.
 */
const NOW = new Date("2026-03-01T12:00:00Z");
const DAY = 86_400_000;
let t: TestBackend;
let teams: string[];
let seasonId: number;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
  const tag = Math.random().toString(36).slice(2, 7);
  teams = Array.from({ length: 30 }, (_, i) => `Equipo ${tag} ${i + 1}`);
  for (const name of teams) await build.team(t.db, name);
  seasonId = await build.season(t.db, { name: "2025-26", startDate: "2025-08-01" });
});
afterAll(() => t.close());

type Player = Awaited<ReturnType<TestBackend["player"]>>;
const close = (n: number) => new Date(Date.UTC(2025, 8, 7) + Math.min(n, 20) * 7 * DAY);

/** A jornada's 15 rows; `shift` picks other pairings, `sign` the result of every match. */
const rowsOf = (number: number, shift: number, sign = "X"): XlsxCell[][] =>
  Array.from({ length: 15 }, (_, i) => [number, close(number), i + 1, teams[(2 * i + shift) % 30], teams[(2 * i + 1 + shift) % 30], i < 14 ? sign : "2-1"]);
const matchesOf = (shift: number) => Array.from({ length: 15 }, (_, i) => ({ home: teams[(2 * i + shift) % 30], away: teams[(2 * i + 1 + shift) % 30] }));

async function importJornadas(who: Player, groupId: number, rows: XlsxCell[][]) {
  const form = new FormData();
  const book = writeXlsx([{ name: "Jornadas", rows: [["Jornada", "Fecha", "Partido", "Local", "Visitante", "Resultado"], ...rows] }]);
  form.set("archivo", new Blob([new Uint8Array(book)]), "jornadas.xlsx");
  const preview = await who.post(`/group/${groupId}/import/jornadas/preview`, form);
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const confirm = await who.post(`/group/${groupId}/import/jornadas/confirm`, { draft: preview.body.draft });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  return { preview: preview.body, confirm: confirm.body };
}

/** The matches the group plays in its round of jornada `number`, as the preview writes them. */
async function playedMatches(groupId: number, number: number) {
  const rows = await t.db.query<{ home: string; away: string }>(
    `select m.home, m.away from group_quinielas gq join quinielas q on q.id = gq.quiniela_id join quiniela_matches m on m.quiniela_id = q.id
      where gq.group_id = $1 and q.number = $2 order by m.position`,
    [groupId, number],
  );
  return rows.map((m) => `${m.home} - ${m.away}`);
}

describe("a peña's past jornadas are its own", () => {
  it("keeps a stranger's import out of the catalogue, lets the admin create the same number, and plays marta's own matches", async () => {
    // A user in no group makes a group and imports jornadas 1 and 40, all X.
    const stranger = await t.player();
    const strangers = await build.group(t.db, { members: [{ userId: stranger.id, role: 2 }] });
    const taken = await importJornadas(stranger, strangers, [...rowsOf(1, 0), ...rowsOf(40, 0)]);
    expect(taken.confirm).toMatchObject({ created: 2 });
    const strangerPool = (await t.db.one<{ id: number }>("select quiniela_id as id from group_quinielas where group_id = $1 order by close_date desc", [
      strangers,
    ]))!.id;

    // Nobody else sees them as the catalogue's: not the admin, not another player.
    const admin = await t.admin();
    const other = await t.player();
    for (const who of [admin, other]) {
      expect((await who.get("/quiniela/all")).body).toEqual([]);
      expect((await who.get(`/quiniela/GetBySeasonId/${seasonId}`)).body).toEqual([]);
    }
    expect((await other.get(`/quiniela/GetById/${strangerPool}`)).status).toBe(404);
    expect((await other.get(`/Quiniela/${strangerPool}/GetMatches`)).status).toBe(404);
    expect((await stranger.get(`/quiniela/GetById/${strangerPool}`)).status).toBe(200);
    // Nor can another manager put it in his group by its id.
    const manager = await t.player();
    const managers = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }] });
    const configure = await manager.post("/GroupQuiniela/ConfigureGroupQuiniela", {
      groupId: managers,
      quinielaId: strangerPool,
      openDate: new Date(close(40).getTime() - 3 * DAY).toISOString(),
      closeDate: close(40).toISOString(),
      typeQuinielaId: 1,
    });
    expect(configure.status).toBe(404);

    // The admin's next pool is jornada 1 of the catalogue: created, never a 500.
    const created = await admin.post("/quiniela/CreateQuiniela", {
      seasonId,
      startDate: new Date(close(1).getTime() - 3 * DAY).toISOString(),
      closingDate: close(1).toISOString(),
      matches: matchesOf(0),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.numberQuiniela).toBe(1);
    expect((await admin.get("/quiniela/all")).body.map((p: { id: number }) => p.id)).toEqual([created.body.id]);

    // marta imports her own jornada 40 (other matches, all 1) and jornada 1 as the catalogue has it.
    const marta = await t.player();
    const martas = await build.group(t.db, { members: [{ userId: marta.id, role: 2 }] });
    const hers = await importJornadas(marta, martas, [...rowsOf(1, 0, "1"), ...rowsOf(40, 7, "1")]);
    expect(hers.preview.jornadas.map((j: { number: number; state: string }) => [j.number, j.state])).toEqual([
      [1, "attached"],
      [40, "created"],
    ]);
    expect(hers.confirm).toMatchObject({ created: 1, attached: 1 });
    // The preview showed exactly what the confirm wrote.
    for (const j of hers.preview.jornadas as { number: number; matches: string[] }[]) expect(await playedMatches(martas, j.number)).toEqual(j.matches);
    expect(hers.preview.jornadas[1].matches[0]).toBe(`${teams[7]} - ${teams[8]}`);
    const her40 = await t.db.one<{ id: number; owner_group_id: number; matches: string[] }>(
      `select q.id, q.owner_group_id, r.matches from group_quinielas gq join quinielas q on q.id = gq.quiniela_id
         join quiniela_results r on r.quiniela_id = q.id where gq.group_id = $1 and q.number = 40`,
      [martas],
    );
    expect(her40).toMatchObject({ owner_group_id: martas, matches: Array(14).fill("1") });
    expect(her40!.id).not.toBe(strangerPool);
    // The stranger's jornada 40 is untouched, and still his alone.
    expect(await playedMatches(strangers, 40)).toEqual(taken.preview.jornadas[1].matches);
    expect((await admin.get("/quiniela/all")).body).toHaveLength(1);
  });
});
