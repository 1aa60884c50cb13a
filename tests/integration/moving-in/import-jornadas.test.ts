import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";
import { standingsFromScratch } from "../../support/standings";
import { writeXlsx, type XlsxCell } from "../../support/xlsx-writer";

/** Past jornadas the catalogue lacks, from a peña's jornadas file (here an .xlsx), previewed then confirmed. */
const NOW = new Date("2026-03-01T12:00:00Z");
const DAY = 86_400_000;
let t: TestBackend;
let teams: string[];
beforeAll(async () => {
  t = await startBackend({ now: NOW });
  const tag = Math.random().toString(36).slice(2, 7);
  teams = Array.from({ length: 30 }, (_, i) => `Club ${tag} ${i + 1}`);
  for (const [i, name] of teams.entries()) await build.team(t.db, name, i === 0 ? [`Alias ${tag}`] : []);
});
afterAll(() => t.close());

type Player = Awaited<ReturnType<TestBackend["player"]>>;
const RESULT = ["1", "X", "2", "1", "1", "X", "2", "2", "1", "X", "1", "1", "2", "X"];

/** The 15 rows of a jornada as a peña writes them; the first home team by its alias. */
const rowsOf = (number: number, date: Date, names = teams): XlsxCell[][] =>
  Array.from({ length: 15 }, (_, i) => [
    number,
    date,
    i + 1,
    i === 0 && names === teams ? `alias ${teams[0].split(" ")[1]}` : names[2 * i],
    names[2 * i + 1],
    i < 14 ? RESULT[i] : "2-1",
  ]);

async function upload(who: Player, groupId: number, bytes: Uint8Array) {
  const form = new FormData();
  form.set("archivo", new Blob([new Uint8Array(bytes)]), "jornadas.xlsx");
  return who.post(`/group/${groupId}/import/jornadas/preview`, form);
}

const count = async (sql: string, params: unknown[]) => Number((await t.db.one<{ n: number }>(sql, params))!.n);

describe("past jornadas from a jornadas file", () => {
  it("creates the missing ones with their official result, adds the catalogue's to the group, names what it refuses, and the picks then import dated at the close", async () => {
    const manager = await t.player();
    const player = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: player.id }] });
    const seasonId = await build.season(t.db, { name: `Temporada ${groupId}`, startDate: "2025-08-01" });
    const close = (n: number) => new Date(Date.UTC(2025, 8, 7) + n * 7 * DAY);
    for (const n of [1, 3]) {
      const id = await build.pool(t.db, { seasonId, number: n, startDate: new Date(close(n).getTime() - 3 * DAY), closingDate: close(n) });
      await build.round(t.db, { groupId, quinielaId: id, openDate: new Date(close(n).getTime() - 3 * DAY), closeDate: close(n) });
    }
    // The catalogue's jornada 6 has the file's matches, so the group is only added to it (decision 062).
    const sixth = await build.pool(t.db, {
      seasonId,
      number: 6,
      startDate: new Date(close(6).getTime() - 3 * DAY),
      closingDate: close(6),
      matches: Array.from({ length: 15 }, (_, i) => ({ home: teams[2 * i], away: teams[2 * i + 1] })),
    });
    const unknown = [...teams.slice(0, 7), "Equipo Inventado", ...teams.slice(8)];
    const book = writeXlsx([
      {
        name: "Jornadas",
        rows: [
          ["Jornada", "Fecha", "Partido", "Local", "Visitante", "Resultado"],
          ...rowsOf(2, close(2)),
          ...rowsOf(3, close(3)),
          ...rowsOf(5, close(5), unknown),
          ...rowsOf(6, close(6)),
          ...rowsOf(7, new Date(NOW.getTime() + 7 * DAY)),
        ],
      },
    ]);
    const quinielas = () => count("select count(*) as n from quinielas where season_id = $1", [seasonId]);
    const p = await upload(manager, groupId, book);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.jornadas.map((j: { number: number; state: string }) => [j.number, j.state])).toEqual([
      [2, "created"],
      [3, "unchanged"],
      [6, "attached"],
    ]);
    expect(p.body.jornadas[0].matches[0]).toBe(`${teams[0]} - ${teams[1]}`);
    expect(p.body.errors).toEqual([
      { line: 32, message: "La jornada 5 tiene equipos que el catálogo no conoce: «Equipo Inventado». Escríbelos como en el catálogo." },
      { line: 62, message: expect.stringMatching(/^La jornada 7 \(2026-03-08\) no ha pasado todavía/) },
    ]);
    expect(await quinielas()).toBe(3);

    expect((await player.post(`/group/${groupId}/import/jornadas/confirm`, { draft: p.body.draft })).status).toBe(403);
    const c = await manager.post(`/group/${groupId}/import/jornadas/confirm`, { draft: p.body.draft });
    expect(c.body).toEqual({ created: 1, attached: 1, unchanged: 1, refused: 2 });
    expect(await quinielas()).toBe(4);
    const second = await t.db.one<{ id: number; closing_date: Date; matches: string[]; pleno_home: number; source: string }>(
      `select q.id, q.closing_date, r.matches, r.pleno_home, r.source from quinielas q join quiniela_results r on r.quiniela_id = q.id where q.season_id = $1 and q.number = 2`,
      [seasonId],
    );
    expect(second).toMatchObject({ matches: RESULT, pleno_home: 2, source: "import" });
    const audit = await t.db.query<{ action: string; actor_id: number; subject: string }>(
      "select action, actor_id, subject from audit_log where group_id = $1 and action like 'import.jornada%' order by id",
      [groupId],
    );
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([
      ["import.jornada", manager.id],
      ["import.jornada.attach", manager.id],
    ]);
    expect(await count("select count(*) as n from group_quinielas where group_id = $1 and quiniela_id = $2", [groupId, sixth])).toBe(1);

    // The same file again changes nothing.
    const again = await upload(manager, groupId, book);
    expect(again.body.jornadas.every((j: { state: string }) => j.state === "unchanged")).toBe(true);
    expect(again.body.draft).toBeNull();
    expect((await manager.post(`/group/${groupId}/import/confirm`, { draft: p.body.draft })).status).toBe(400);
    expect((await manager.post(`/group/${groupId}/import/jornadas/confirm`, { draft: p.body.draft })).body).toEqual({
      created: 0,
      attached: 0,
      unchanged: 3,
      refused: 2,
    });

    // Picks of the new jornada now import, dated at its close and never late, and count in the standings.
    const picks = writeXlsx([{ name: "Pronósticos", rows: [[2, player.username, ...RESULT, "2-1"]] }]);
    const form = new FormData();
    form.set("kind", "picks");
    form.set("archivo", new Blob([new Uint8Array(picks)]), "p.xlsx");
    const pp = await manager.post(`/group/${groupId}/import/preview`, form);
    expect(pp.body.errors).toEqual([]);
    expect((await manager.post(`/group/${groupId}/import/confirm`, { draft: pp.body.draft })).body).toMatchObject({ picksCreated: 1 });
    const stored = await t.db.one<{ created_at: Date; late: boolean }>("select created_at, late from predictions where group_id = $1 and quiniela_id = $2", [
      groupId,
      second!.id,
    ]);
    expect(stored).toMatchObject({ late: false });
    expect(new Date(stored!.created_at).getTime()).toBe(new Date(second!.closing_date).getTime());
    const standings = await standingsFromScratch(t.db, NOW, groupId, seasonId);
    expect(standings.season.find((r) => r.userId === player.id)!.hits).toBeGreaterThanOrEqual(14);
  });

  it("refuses a stranger before reading the file, and a damaged file whole", async () => {
    const manager = await t.player();
    const stranger = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: stranger.id }] });
    expect((await upload(stranger, groupId, writeXlsx([{ name: "J", rows: [["1"]] }]))).status).toBe(403);
    const bad = await upload(manager, groupId, Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect(bad.body).toMatchObject({ draft: null, fileError: expect.stringMatching(/no es un libro de Excel/) });
  });

  it("a file that names a season the catalogue lacks is refused whole, saying which (decision 073)", async () => {
    const manager = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }] });
    const rows = rowsOf(1, new Date(Date.UTC(2025, 8, 14))).map((r) => [...r, "Sencilla", "1999-00 inventada"]);
    const preview = await upload(manager, groupId, writeXlsx([{ name: "J", rows }]));
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      draft: null,
      fileError: "La temporada «1999-00 inventada» del archivo no está en el catálogo: escribe una de las que hay o deja la columna vacía.",
    });
    expect(await count("select count(*) as n from group_quinielas where group_id = $1", [groupId])).toBe(0);
  });
});
