import { createDeflateRaw } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";
import { writeXlsx, xlsxParts, zipOf, type XlsxCell } from "../../support/xlsx-writer";

/** A peña's Excel workbook through preview and confirm; a zip bomb refused whole. */
const NOW = new Date("2026-03-01T12:00:00Z");
const DAY = 86_400_000;
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
});
afterAll(() => t.close());

type Player = Awaited<ReturnType<TestBackend["player"]>>;

async function peña() {
  const manager = await t.player();
  const players = [await t.player(), await t.player(), await t.player()];
  const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, ...players.map((p) => ({ userId: p.id }))] });
  const seasonId = await build.season(t.db, { name: `Temporada ${groupId}` });
  for (let n = 1; n <= 2; n++) {
    const close = new Date(Date.UTC(2025, 9, 1) + n * 7 * DAY);
    const id = await build.pool(t.db, { seasonId, number: n, startDate: new Date(close.getTime() - 3 * DAY), closingDate: close });
    await build.round(t.db, { groupId, quinielaId: id, openDate: new Date(close.getTime() - 3 * DAY), closeDate: close, typeId: 1 });
  }
  return { manager, players, groupId };
}

async function preview(who: Player, groupId: number, kind: string, bytes: Uint8Array, name = "peña.xlsx") {
  const form = new FormData();
  form.set("kind", kind);
  form.set("archivo", new Blob([new Uint8Array(bytes)]), name);
  return who.post(`/group/${groupId}/import/preview`, form);
}

const count = async (sql: string, groupId: number) => Number((await t.db.one<{ n: number }>(sql, [groupId]))!.n);

describe("an .xlsx moves in", () => {
  it("picks and movements from a workbook: dates, numbers, formulas' cached values and shared strings, previewed then confirmed once", async () => {
    const { manager, players, groupId } = await peña();
    const signs: XlsxCell[] = [1, "X", 2, 1, 1, "X", 2, 2, 1, "X", 1, 1, 2, { formula: 'IF(TRUE,"X")', cached: "X" }];
    const book = writeXlsx([
      { name: "Instrucciones", rows: [["Rellena la hoja Pronósticos"]] },
      {
        name: "Pronósticos",
        rows: [
          ["Jornada", "Jugador", ...Array.from({ length: 14 }, (_, i) => `P${i + 1}`), "Pleno"],
          ...players.flatMap((p) => [1, 2].map((n): XlsxCell[] => [n, p.username, ...signs, "2-1"])),
        ],
      },
    ]);
    const p = await preview(manager, groupId, "picks", book);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body).toMatchObject({ encoding: "xlsx", errors: [], fileError: null });
    expect(p.body.rounds).toEqual([
      { number: 1, created: 3, changed: 0, unchanged: 0 },
      { number: 2, created: 3, changed: 0, unchanged: 0 },
    ]);
    expect(await count("select count(*) as n from predictions where group_id = $1", groupId)).toBe(0);
    const c = await manager.post(`/group/${groupId}/import/confirm`, { draft: p.body.draft });
    expect(c.body).toMatchObject({ picksCreated: 6, refused: 0 });
    const late = await count("select count(*) as n from predictions where group_id = $1 and late", groupId);
    expect(late).toBe(0);

    const money = writeXlsx([
      {
        name: "Movimientos",
        rows: [
          ["Fecha", "Miembro", "Importe", "Tipo", "Referencia"],
          [new Date(Date.UTC(2025, 9, 3)), players[0].username, 20, "Pago", "Bizum"],
          [new Date(Date.UTC(2025, 9, 3)), players[1].username, { formula: "10,1+10,2", cached: 20.299999999999997 }, "Pago", "Bizum"],
          ["04/10/2025", players[2].username, "12,50", "Pago", { formula: '"=1+1"', cached: "=1+1" }],
          [new Date(Date.UTC(2025, 9, 5)), players[0].username, -2.5, "Multa", "Tarde"],
        ],
      },
    ]);
    const m = await preview(manager, groupId, "movements", money);
    expect(m.body).toMatchObject({ errors: [], movements: { created: 4, unchanged: 0, totalCents: 2000 + 2030 + 1250 - 250 } });
    expect((await manager.post(`/group/${groupId}/import/confirm`, { draft: m.body.draft })).body).toMatchObject({ movementsCreated: 4 });
    const caja = await manager.get(`/group/${groupId}/caja`);
    const balance = (id: number) => caja.body.members.find((x: { userId: number }) => x.userId === id).balanceCents;
    expect([balance(players[0].id), balance(players[1].id), balance(players[2].id)]).toEqual([1750, 2030, 1250]);
    const again = await preview(manager, groupId, "movements", money);
    expect(again.body.movements).toMatchObject({ created: 0, unchanged: 4 });
  });

  it("names each bad cell of a workbook by its row", async () => {
    const { manager, players, groupId } = await peña();
    const book = writeXlsx([
      {
        name: "Hoja1",
        rows: [
          ["Fecha", "Miembro", "Importe", "Tipo", "Referencia"],
          [new Date(Date.UTC(2025, 9, 3)), "Nadie", 20, "Pago", "a"],
          [new Date(Date.UTC(2025, 9, 3)), players[0].username, 20.555, "Pago", "b"],
          ["30/02/2025", players[0].username, 20, "Pago", "c"],
          [new Date(Date.UTC(2025, 9, 3)), players[0].username, 20, "Pago", "d"],
        ],
      },
    ]);
    const p = await preview(manager, groupId, "movements", book);
    expect(p.body.errors.map((e: { line: number }) => e.line)).toEqual([2, 3, 4]);
    expect(p.body.movements.created).toBe(1);
  });
});

describe("hostile workbooks", () => {
  it("a zip bomb, a lying header, a non-zip named .xlsx and an old .xls get a Spanish sentence, nothing is written and the server answers on", async () => {
    const { manager, groupId } = await peña();
    const deflate = createDeflateRaw({ level: 9 });
    const out: Buffer[] = [];
    deflate.on("data", (b: Buffer) => out.push(b));
    const ended = new Promise((r) => deflate.on("end", r));
    const mb = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < 1024; i++) if (!deflate.write(mb)) await new Promise((r) => deflate.once("drain", r));
    deflate.end();
    await ended;
    const zeros = Buffer.concat(out);
    const sheetAs = (declaredSize: number) =>
      zipOf(xlsxParts([{ name: "Hoja1", rows: [["a"]] }]).map((x) => (x.name.endsWith("sheet1.xml") ? { ...x, deflated: zeros, declaredSize } : x)));
    const rss = process.memoryUsage().rss;
    for (const [bytes, message] of [
      [sheetAs(1024 ** 3), /bomba zip/],
      [sheetAs(2048), /bomba zip/],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.from("Jornada;Jugador\n")]), /no es un libro de Excel/],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), /\.xls\).*\.xlsx/],
    ] as const) {
      const p = await preview(manager, groupId, "picks", bytes);
      expect(p.status).toBe(200);
      expect(p.body.fileError).toMatch(message);
      expect(p.body.draft).toBeNull();
    }
    expect(process.memoryUsage().rss - rss).toBeLessThan(200 * 1024 * 1024);
    expect(await count("select count(*) as n from import_drafts where group_id = $1", groupId)).toBe(0);
    expect((await manager.get(`/group/${groupId}/caja`)).status).toBe(200);
  }, 60_000);
});
