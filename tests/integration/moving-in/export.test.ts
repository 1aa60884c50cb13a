import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "#core/seeded-random";
import type { Sign } from "#core/domain/signs";
import { csvText } from "~/server/shelf/csv.server";
import { zipStored } from "~/server/shelf/zip.server";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";
import { standingsFromScratch } from "../../support/standings";

/**
 * 'Exportar la peña' is one zip of every CSV, read back by a real CSV reader and by the
 * importer; and a corrected movements file replaces what the first one wrote (decision 060).
 */
const NOW = new Date("2026-03-01T12:00:00Z");
const DAY = 86_400_000;
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
});
afterAll(() => t.close());

type Player = Awaited<ReturnType<TestBackend["player"]>>;
const SIGNS: Sign[] = ["1", "X", "2"];
const csv = (rows: string[][]) => Buffer.from(csvText(rows), "utf8");

async function importFile(manager: Player, groupId: number, kind: string, bytes: Buffer) {
  const form = new FormData();
  form.set("kind", kind);
  form.set("archivo", new Blob([new Uint8Array(bytes)]), "datos.csv");
  const p = await manager.post(`/group/${groupId}/import/preview`, form);
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  const c = await manager.post(`/group/${groupId}/import/confirm`, { draft: p.body.draft });
  expect(c.status, JSON.stringify(c.body)).toBe(200);
  return { preview: p.body, result: c.body, draft: p.body.draft as string };
}

const balances = async (manager: Player, g: number) =>
  new Map<number, number>(
    (await manager.get(`/group/${g}/caja`)).body.members.map((m: { userId: number; balanceCents: number }) => [m.userId, m.balanceCents]),
  );

describe("a corrected movements file", () => {
  it("replaces the earlier import's movement by a reversal and the new amount, audited, and balances equal the last file", async () => {
    const manager = await t.player();
    const [ana, pepe] = [await t.player(), await t.player()];
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: ana.id }, { userId: pepe.id }] });
    const file = (anaPays: string) =>
      csv([
        ["Fecha", "Miembro", "Importe", "Tipo", "Referencia"],
        ["03/10/2025", ana.username, anaPays, "Pago", "Bizum octubre"],
        ["03/10/2025", ana.username, "-2,00", "Cuota", "J1"],
        ["04/10/2025", pepe.username, "5,00", "Pago", ""],
      ]);
    const first = await importFile(manager, groupId, "movements", file("10,00"));
    expect(first.result).toMatchObject({ movementsCreated: 3, movementsCorrected: 0 });

    const fix = await importFile(manager, groupId, "movements", file("12,50"));
    expect(fix.preview.movements).toMatchObject({
      created: 0,
      unchanged: 2,
      corrected: [{ line: 2, member: ana.username, beforeCents: 1000, afterCents: 1250 }],
    });
    expect(fix.preview.balances.find((b: { member: string }) => b.member === ana.username)).toEqual({
      member: ana.username,
      beforeCents: 800,
      afterCents: 1050,
    });
    expect(fix.result).toMatchObject({ movementsCreated: 0, movementsCorrected: 1, unchanged: 2 });
    // The same draft, or the same corrected file, again: nothing more.
    expect((await manager.post(`/group/${groupId}/import/confirm`, { draft: fix.draft })).body).toMatchObject({ movementsCorrected: 0, unchanged: 3 });
    expect((await importFile(manager, groupId, "movements", file("12,50"))).result).toMatchObject({ movementsCreated: 0, movementsCorrected: 0, unchanged: 3 });
    // A second correction reverses the first correction's movement, not the original again.
    expect((await importFile(manager, groupId, "movements", file("15,00"))).result).toMatchObject({ movementsCorrected: 1 });

    const ledger = await t.db.query<{ id: number; user_id: number; kind: string; amount_cents: number; reverses_id: number | null }>(
      "select id, user_id, kind, amount_cents, reverses_id from caja_movements where group_id = $1 order by id",
      [groupId],
    );
    expect(ledger).toHaveLength(3 + 2 + 2);
    const reversed = new Set(ledger.map((m) => m.reverses_id).filter((id) => id !== null));
    const live = ledger.filter((m) => m.kind !== "correction" && !reversed.has(m.id));
    expect(live.map((m) => m.amount_cents).sort((a, b) => a - b)).toEqual([-200, 500, 1500]);
    // Independent sum: every row of the ledger, per member.
    const sum = (id: number) => ledger.filter((m) => m.user_id === id).reduce((s, m) => s + m.amount_cents, 0);
    expect(sum(ana.id)).toBe(1300);
    const shown = await balances(manager, groupId);
    expect([shown.get(ana.id), shown.get(pepe.id)]).toEqual([sum(ana.id), sum(pepe.id)]);
    const audit = await t.db.query<{ action: string; before: { amountCents: number } | null }>(
      "select action, before from audit_log where group_id = $1 and action in ('import.movement.replace', 'caja.reverse') order by id",
      [groupId],
    );
    expect(audit.map((a) => a.action)).toEqual(["caja.reverse", "import.movement.replace", "caja.reverse", "import.movement.replace"]);
    expect(audit.filter((a) => a.before).map((a) => a.before!.amountCents)).toEqual([1000, 1250]);
  });
});

describe("Exportar la peña", () => {
  it("a populated group's archive is a valid zip of CSVs that import into an empty group with the same standings and balances", async () => {
    const manager = await t.player();
    const players: Player[] = [];
    for (let i = 0; i < 5; i++) players.push(await t.player());
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, ...players.map((p) => ({ userId: p.id }))] });
    const seasonId = await build.season(t.db, { name: `Temporada ${groupId}` });
    const rounds: { id: number; number: number; typeId: number }[] = [];
    for (let n = 1; n <= 6; n++) {
      const close = new Date(Date.UTC(2025, 8, 1) + n * 7 * DAY);
      const id = await build.pool(t.db, { seasonId, number: n, startDate: new Date(close.getTime() - 3 * DAY), closingDate: close });
      const typeId = n % 2 === 0 ? 4 : 1;
      await build.round(t.db, { groupId, quinielaId: id, openDate: new Date(close.getTime() - 3 * DAY), closeDate: close, typeId });
      const random = seededRandom(n * 7);
      await build.results(
        t.db,
        id,
        Array.from({ length: 14 }, () => SIGNS[Math.floor(random() * 3)]),
        { home: n % 3, away: 1 },
      );
      rounds.push({ id, number: n, typeId });
    }
    // A placeholder member (no account), with picks and money like anyone.
    const abuela = `Abuela${groupId}`;
    await importFile(
      manager,
      groupId,
      "members",
      csv([
        ["Nombre", "E-mail"],
        [abuela, `${abuela.toLowerCase()}@correo.es`],
      ]),
    );
    const names = [...players.map((p) => p.username), abuela];
    const random = seededRandom(60);
    const picks: string[][] = [];
    for (const r of rounds)
      for (const name of names) {
        const signs = Array.from({ length: 14 }, () => SIGNS[Math.floor(random() * 3)] as string);
        if (r.typeId === 4) [signs[1], signs[4], signs[8]] = ["1X", "X2", "1X2"];
        picks.push([String(r.number), name, ...signs, `${Math.floor(random() * 3)}-${Math.floor(random() * 3)}`]);
      }
    await importFile(manager, groupId, "picks", csv([["Jornada", "Jugador"], ...picks]));
    const moves = names.flatMap((name, i) => [
      ["01/10/2025", name, `${10 + i},50`, "Pago", "Bizum"],
      ["08/10/2025", name, "-1,25", "Cuota", "=J1"],
    ]);
    await importFile(manager, groupId, "movements", csv([["Fecha", "Miembro", "Importe", "Tipo", "Referencia"], ...moves]));
    // One movement recorded by hand and reversed, one the pot's own, and a group bet.
    const wrong = await manager.post(`/group/${groupId}/caja/movements`, {
      kind: "payment",
      userId: players[0].id,
      amountCents: 999,
      idempotencyKey: `wrong-${groupId}-aaaaaaaaaaaa`,
    });
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(201);
    const undo = await manager.post(`/group/${groupId}/caja/movements/${wrong.body.id}/reverse`, { idempotencyKey: `undo-${groupId}-aaaaaaaaaaaaa` });
    expect(undo.status, JSON.stringify(undo.body)).toBeLessThan(300);
    await t.db.query(
      `insert into bets (group_id, quiniela_id, season_id, top_n, usernames_included, matches, pleno_home, pleno_away, confirmed)
       values ($1, $2, $3, 3, $4, $5, 2, 1, true)`,
      [groupId, rounds[0]!.id, seasonId, JSON.stringify(names.slice(0, 3)), JSON.stringify(Array.from({ length: 14 }, () => ["1", "X"]))],
    );

    const exported = await manager.get(`/group/${groupId}/export`);
    expect(exported.status).toBe(200);
    const files = exported.body.files as { name: string; rows: string[][] }[];
    expect(files.map((f) => f.name).sort()).toEqual(
      [
        "caja.csv",
        "clasificacion.csv",
        "jornadas.csv",
        "liquidacion.csv",
        "miembros.csv",
        "movimientos.csv",
        "pronosticos.csv",
        "quinielas-grupales.csv",
        "resultados.csv",
      ].sort(),
    );
    // The archive the BFF sends: a valid zip (unzip -t), each entry a CSV a real reader parses.
    const dir = mkdtempSync(path.join(tmpdir(), "exportar-"));
    const zipPath = path.join(dir, "pena.zip");
    writeFileSync(zipPath, zipStored(files.map((f) => ({ name: f.name, data: csv(f.rows) }))));
    expect(execFileSync("unzip", ["-t", zipPath]).toString()).toMatch(/No errors detected/);
    const entry = (name: string) => execFileSync("unzip", ["-p", zipPath, name]);
    const parsed = new Map<string, string[][]>();
    for (const f of files) {
      const bytes = entry(f.name);
      expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const rows: string[][] = parse(bytes, { delimiter: ";", bom: true, relax_column_count: true, skip_empty_lines: true });
      // No cell a spreadsheet would run as a formula.
      for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]\D/);
      parsed.set(f.name, rows);
    }
    expect(parsed.get("pronosticos.csv")).toHaveLength(1 + rounds.length * names.length);
    expect(parsed.get("pronosticos.csv")!.some((r) => r.includes("1X2"))).toBe(true);
    expect(parsed.get("resultados.csv")).toHaveLength(1 + rounds.length);
    expect(parsed.get("quinielas-grupales.csv")![1]!.slice(0, 2)).toEqual(["1", "3"]);
    expect(parsed.get("clasificacion.csv")).toHaveLength(1 + 1 + names.length);
    expect(parsed.get("movimientos.csv")).toHaveLength(1 + moves.length);
    expect(parsed.get("movimientos.csv")!.filter((r) => r[4] === "'=J1")).toHaveLength(names.length);
    expect(parsed.get("caja.csv")).toHaveLength(1 + moves.length + 2);
    for (const row of parsed.get("caja.csv")!.slice(1)) expect(row[4]).toMatch(/^-?\d+,\d{2}$/);
    expect(parsed.get("liquidacion.csv")!.find((r) => r[0] === "Bote")![2]).toMatch(/^\d+,\d{2}$/);

    // The jornadas file carries each round's type and writes the pleno so Excel keeps it text (decision 063).
    const jornadasFile = parsed.get("jornadas.csv")!;
    expect(jornadasFile).toHaveLength(1 + rounds.length * 15);
    expect(jornadasFile[0]).toEqual(["Jornada", "Fecha", "Partido", "Local", "Visitante", "Resultado", "Tipo", "Temporada"]);
    expect(jornadasFile.filter((r) => r[2] === "15").map((r) => [r[0], r[5], r[6], r[7]])).toEqual(
      rounds.map((r) => [String(r.number), `${r.number % 3} - 1`, r.typeId === 4 ? "Dos dobles y un triple" : "Sencilla", `Temporada ${groupId}`]),
    );
    for (const name of ["pronosticos.csv", "resultados.csv"]) for (const row of parsed.get(name)!.slice(1)) expect(row.at(-1), name).toMatch(/^\d+ - \d+$/);

    // Imported into an empty group with no rounds, through the importers only: jornadas, members, picks
    // and movements, no hand edit; the same standings and balances, to the cent. A later season has
    // started meanwhile: the file's own season, not the current one, takes the jornadas (decision 073).
    await build.season(t.db, { name: `Siguiente ${groupId}`, startDate: "2026-02-01" });
    const emptyId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, ...players.map((p) => ({ userId: p.id }))] });
    const form = new FormData();
    form.set("archivo", new Blob([new Uint8Array(entry("jornadas.csv"))]), "jornadas.csv");
    const jp = await manager.post(`/group/${emptyId}/import/jornadas/preview`, form);
    expect(jp.status, JSON.stringify(jp.body)).toBe(200);
    expect(jp.body.errors).toEqual([]);
    expect(jp.body.jornadas.map((j: { number: number; state: string; type: string }) => [j.number, j.state, j.type])).toEqual(
      rounds.map((r) => [r.number, "attached", r.typeId === 4 ? "Dos dobles y un triple" : "Sencilla"]),
    );
    const jc = await manager.post(`/group/${emptyId}/import/jornadas/confirm`, { draft: jp.body.draft });
    expect(jc.body).toMatchObject({ attached: rounds.length, refused: 0 });
    const types = await t.db.query<{ quiniela_id: number; type_quiniela_id: number }>(
      "select quiniela_id, type_quiniela_id from group_quinielas where group_id = $1 order by quiniela_id",
      [emptyId],
    );
    expect(types.map((r) => [r.quiniela_id, r.type_quiniela_id])).toEqual(rounds.map((r) => [r.id, r.typeId]));
    expect((await importFile(manager, emptyId, "members", entry("miembros.csv"))).result).toMatchObject({ membersCreated: 1, refused: 0 });
    expect((await importFile(manager, emptyId, "picks", entry("pronosticos.csv"))).result).toMatchObject({ picksCreated: picks.length, refused: 0 });
    expect((await importFile(manager, emptyId, "movements", entry("movimientos.csv"))).result).toMatchObject({ movementsCreated: moves.length, refused: 0 });
    const standings = async (g: number) =>
      (await standingsFromScratch(t.db, NOW, g, seasonId)).season.map((r) => [r.userId, r.position, r.totalPoints, r.hits]).sort((a, b) => a[0]! - b[0]!);
    expect(await standings(emptyId)).toEqual(await standings(groupId));
    expect([...(await balances(manager, emptyId))].sort()).toEqual([...(await balances(manager, groupId))].sort());
    // The same person in both peñas, named by each (decision 080).
    const placeholder = (await t.db.one<{ id: number }>("select user_id as id from group_members where group_id = $1 and display_name = $2", [
      emptyId,
      abuela,
    ]))!.id;
    expect((await balances(manager, emptyId)).get(placeholder)).toBe(1050 + 5 * 100 - 125);
  });
});
