import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "#core/seeded-random";
import type { Pick, Sign } from "#core/domain/signs";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";
import { standingsFromScratch } from "../../support/standings";

/**
 * A 12-member peña moves in with 20 past jornadas of picks and six months of payments,
 * from Spanish Excel (`;`, Windows-1252) and from Google Sheets (`,`, UTF-8).
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
const NAMES = ["José García", "Ana Núñez", "Begoña", "Íñigo", "María", "Pepe", "Lucía", "Raúl", "Sofía", "Toño", "Uxía", "Vicente"];

async function peña() {
  const manager = await t.player();
  const players: Player[] = [];
  for (const name of NAMES)
    players.push(await t.player(`${name.replace(/\s/g, "").normalize("NFD").replace(/\p{M}/gu, "")}${Math.floor(Math.random() * 1e6)}`));
  const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, ...players.map((p) => ({ userId: p.id }))] });
  // The sheet names players as the peña knows them: their usernames here.
  const seasonId = await build.season(t.db, { name: `Temporada ${groupId}` });
  const rounds: { id: number; number: number; typeId: number }[] = [];
  for (let n = 1; n <= 20; n++) {
    const close = new Date(Date.UTC(2025, 8, 1) + n * 7 * DAY);
    const id = await build.pool(t.db, { seasonId, number: n, startDate: new Date(close.getTime() - 3 * DAY), closingDate: close });
    const typeId = n % 5 === 0 ? 4 : 1;
    await build.round(t.db, { groupId, quinielaId: id, openDate: new Date(close.getTime() - 3 * DAY), closeDate: close, typeId });
    const random = seededRandom(n);
    await build.results(
      t.db,
      id,
      Array.from({ length: 14 }, () => SIGNS[Math.floor(random() * 3)]),
      { home: n % 3, away: n % 2 },
    );
    rounds.push({ id, number: n, typeId });
  }
  return { manager, players, groupId, seasonId, rounds };
}

/** Picks of every player for every jornada: singles, or two doubles and a triple where the type asks. */
function picksOf(players: Player[], rounds: { number: number; typeId: number }[]) {
  const random = seededRandom(38);
  const lines: { number: number; player: string; matches: Pick[]; pleno: string }[] = [];
  for (const r of rounds)
    for (const p of players) {
      const matches: Pick[] = Array.from({ length: 14 }, () => [SIGNS[Math.floor(random() * 3)]]);
      if (r.typeId === 4) {
        matches[2] = ["1", "X"];
        matches[5] = ["X", "2"];
        matches[9] = ["1", "X", "2"];
      }
      lines.push({ number: r.number, player: p.username, matches, pleno: `${Math.floor(random() * 4)}-${Math.floor(random() * 3)}` });
    }
  return lines;
}

function movementsOf(players: Player[]) {
  const random = seededRandom(380);
  const lines: { date: string; player: string; cents: number; kind: string; ref: string }[] = [];
  for (let month = 0; month < 6; month++)
    for (const p of players) {
      const day = `${String(1 + Math.floor(random() * 27)).padStart(2, "0")}/${String(((8 + month) % 12) + 1).padStart(2, "0")}/${month < 4 ? 2025 : 2026}`;
      lines.push({ date: day, player: p.username, cents: 1000 + Math.floor(random() * 2000), kind: "Pago", ref: `Bizum ${month} · año` });
      lines.push({ date: day, player: p.username, cents: -(100 + Math.floor(random() * 300)), kind: "Cuota", ref: `Cuota ${month}` });
    }
  return lines;
}

const euros = (c: number) => `${c < 0 ? "-" : ""}${Math.floor(Math.abs(c) / 100)},${String(Math.abs(c) % 100).padStart(2, "0")}`;
const excel = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(";")).join("\r\n"), "latin1");
const sheets = (rows: string[][]) => Buffer.from(rows.map((r) => r.map((c) => (/[,"]/.test(c) ? `"${c}"` : c)).join(",")).join("\n"), "utf8");

/** Our exports' CSV: a BOM, `;`, CRLF, a formula-looking cell behind an apostrophe (as csvResponse writes). */
const ourCsv = (rows: string[][]) =>
  Buffer.from(
    "\uFEFF" +
      rows
        .map((r) =>
          r
            .map((c) => (/^[=+\-@]/.test(c) ? `'${c}` : c))
            .map((c) => (/[";\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c))
            .join(";"),
        )
        .join("\r\n"),
    "utf8",
  );

async function preview(manager: Player, groupId: number, kind: string, bytes: Buffer, name = "datos.csv") {
  const form = new FormData();
  form.set("kind", kind);
  form.set("archivo", new Blob([new Uint8Array(bytes)]), name);
  return manager.post(`/group/${groupId}/import/preview`, form);
}

async function importFile(manager: Player, groupId: number, kind: string, bytes: Buffer) {
  const p = await preview(manager, groupId, kind, bytes);
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  const c = await manager.post(`/group/${groupId}/import/confirm`, { draft: p.body.draft });
  expect(c.status, JSON.stringify(c.body)).toBe(200);
  return { preview: p.body, result: c.body };
}

const count = async (sql: string, groupId: number) => Number((await t.db.one<{ n: number }>(sql, [groupId]))!.n);

describe.each([
  ["Spanish Excel", excel],
  ["Google Sheets", sheets],
])("a peña moves in from %s", (_, write) => {
  it("previews without writing, confirms in one go, standings and balances equal the file, and the same file again changes nothing", async () => {
    const { manager, players, groupId, seasonId, rounds } = await peña();
    const picks = picksOf(players, rounds);
    const picksFile = write([
      ["Jornada", "Jugador", ...Array.from({ length: 14 }, (_, i) => `P${i + 1}`), "Pleno"],
      ...picks.map((l) => [String(l.number), l.player, ...l.matches.map((m) => m.join("")), l.pleno]),
    ]);
    const p = await preview(manager, groupId, "picks", picksFile);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.errors).toEqual([]);
    expect(p.body.rounds).toHaveLength(20);
    expect(p.body.rounds.every((r: { created: number }) => r.created === 12)).toBe(true);
    expect(await count("select count(*) as n from predictions where group_id = $1", groupId)).toBe(0);

    const first = await manager.post(`/group/${groupId}/import/confirm`, { draft: p.body.draft });
    expect(first.body).toEqual({
      membersCreated: 0,
      picksCreated: 240,
      picksChanged: 0,
      movementsCreated: 0,
      movementsCorrected: 0,
      unchanged: 0,
      refused: 0,
      mailStopped: 0,
    });
    const stored = await t.db.query<{ matches: Pick[]; late: boolean; created_at: Date; close_date: Date }>(
      `select p.matches, p.late, p.created_at, gq.close_date from predictions p join group_quinielas gq on gq.group_id = p.group_id and gq.quiniela_id = p.quiniela_id where p.group_id = $1`,
      [groupId],
    );
    expect(stored.every((s) => !s.late && new Date(s.created_at).getTime() === new Date(s.close_date).getTime())).toBe(true);
    const expected = await standingsFromScratch(t.db, NOW, groupId, seasonId);
    expect((await manager.get(`/group/${groupId}/season/${seasonId}/GetClassification`)).body).toEqual(expected.season);
    expect(expected.season.reduce((s, r) => s + r.totalPoints, 0)).toBeGreaterThan(0);

    const money = movementsOf(players);
    const moneyFile = write([["Fecha", "Miembro", "Importe", "Tipo", "Referencia"], ...money.map((m) => [m.date, m.player, euros(m.cents), m.kind, m.ref])]);
    const imported = await importFile(manager, groupId, "movements", moneyFile);
    expect(imported.result.movementsCreated).toBe(144);
    const caja = await manager.get(`/group/${groupId}/caja`);
    for (const pl of players) {
      const sum = money.filter((m) => m.player === pl.username).reduce((s, m) => s + m.cents, 0);
      expect(caja.body.members.find((m: { userId: number }) => m.userId === pl.id).balanceCents).toBe(sum);
    }

    const again = await importFile(manager, groupId, "picks", picksFile);
    expect(again.result).toMatchObject({ picksCreated: 0, picksChanged: 0, movementsCreated: 0, unchanged: 240 });
    const moneyAgain = await importFile(manager, groupId, "movements", moneyFile);
    expect(moneyAgain.result).toMatchObject({ movementsCreated: 0, unchanged: 144 });
    expect(await count("select count(*) as n from caja_movements where group_id = $1", groupId)).toBe(144);

    // 'Exportar la peña', imported into an empty group of the same people and jornadas: the same standings and balances.
    const exported = await manager.get(`/group/${groupId}/export`);
    expect(exported.status).toBe(200);
    const file = (name: string) => ourCsv(exported.body.files.find((f: { name: string }) => f.name === name).rows);
    const emptyId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, ...players.map((p) => ({ userId: p.id }))] });
    for (const r of await t.db.query<{ quiniela_id: number; open_date: Date; close_date: Date; type_quiniela_id: number }>(
      "select quiniela_id, open_date, close_date, type_quiniela_id from group_quinielas where group_id = $1",
      [groupId],
    ))
      await build.round(t.db, { groupId: emptyId, quinielaId: r.quiniela_id, openDate: r.open_date, closeDate: r.close_date, typeId: r.type_quiniela_id });
    expect((await importFile(manager, emptyId, "members", file("miembros.csv"))).result).toMatchObject({ membersCreated: 0, refused: 0 });
    expect((await importFile(manager, emptyId, "picks", file("pronosticos.csv"))).result).toMatchObject({ picksCreated: 240, refused: 0 });
    expect((await importFile(manager, emptyId, "movements", file("movimientos.csv"))).result).toMatchObject({ movementsCreated: 144, refused: 0 });
    const rows = async (g: number) =>
      (await standingsFromScratch(t.db, NOW, g, seasonId)).season.map((r) => [r.userId, r.position, r.totalPoints, r.hits]).sort((a, b) => a[0] - b[0]);
    expect(await rows(emptyId)).toEqual(await rows(groupId));
    const balances = async (g: number) =>
      (await manager.get(`/group/${g}/caja`)).body.members.map((m: { userId: number; balanceCents: number }) => [m.userId, m.balanceCents]);
    expect(await balances(emptyId)).toEqual(await balances(groupId));
  });
});

describe("refusals", () => {
  it("a file with 5 bad lines names each with its number and writes none of them; a corrected line replaces, audited", async () => {
    const { manager, players, groupId, rounds } = await peña();
    const good = picksOf(players.slice(0, 2), rounds.slice(0, 1)).map((l) => [String(l.number), l.player, ...l.matches.map((m) => m.join("")), l.pleno]);
    const singles = Array.from({ length: 14 }, () => "1");
    const bad = [
      ["1", "Desconocido", ...singles, "1-0"],
      ["1", players[3].username, ...singles.slice(0, 13), "3", "1-0"],
      ["1", players[4].username, "1X2", ...singles.slice(1), "1-0"],
      ["99", players[5].username, ...singles, "1-0"],
      ["1", players[0].username, ...singles, "1-0"],
    ];
    const file = excel([["Jornada", "Jugador"], ...good, ...bad]);
    const p = await preview(manager, groupId, "picks", file);
    expect(p.body.errors.map((e: { line: number }) => e.line)).toEqual([4, 5, 6, 7, 8]);
    for (const e of p.body.errors) expect(e.message).toMatch(/\S/);
    const c = await manager.post(`/group/${groupId}/import/confirm`, { draft: p.body.draft });
    expect(c.body).toMatchObject({ picksCreated: 2, refused: 5 });
    expect(await count("select count(*) as n from predictions where group_id = $1", groupId)).toBe(2);

    const corrected = excel([
      ["Jornada", "Jugador"],
      [...good[0].slice(0, 2), ...singles, "0-0"],
    ]);
    const again = await importFile(manager, groupId, "picks", corrected);
    expect(again.result).toMatchObject({ picksChanged: 1 });
    expect(await count("select count(*) as n from audit_log where group_id = $1 and action = 'import.prediction.replace'", groupId)).toBe(1);
  });

  it("refuses binaries, other encodings, oversized files and strangers, writing nothing", async () => {
    const { manager, groupId, players } = await peña();
    const binary = await preview(manager, groupId, "picks", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]));
    expect(binary.body.fileError).toMatch(/no es un CSV/);
    const utf16 = await preview(manager, groupId, "picks", Buffer.from("\ufeffJornada;Jugador", "utf16le"));
    expect(utf16.body.fileError).toMatch(/codificación/);
    const huge = await preview(manager, groupId, "movements", Buffer.alloc(3 * 1024 * 1024, 0x41));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/demasiado grande/);
    const lines = await preview(manager, groupId, "movements", Buffer.from("1\n".repeat(100_000)));
    expect(lines.body.fileError).toBe("El archivo tiene demasiadas líneas: el máximo son 5000.".replace("5000", (5000).toLocaleString("es-ES")));
    const xlsx = await preview(manager, groupId, "picks", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]));
    expect(xlsx.body.fileError).toMatch(/libro de Excel/);
    const stranger = await preview(players[0], groupId, "picks", Buffer.from("a;b"));
    expect(stranger.status).toBe(403);
    expect(await count("select count(*) as n from import_drafts where group_id = $1", groupId)).toBe(0);
  });
});

describe("formula injection", () => {
  it("a cell that would run as a formula is stored as text, and the export keeps it text", async () => {
    const { manager, players, groupId } = await peña();
    const formula = '=HIPERVINCULO("http://malo.example";"pulsa")';
    const file = excel([
      ["Fecha", "Miembro", "Importe", "Tipo", "Referencia"],
      ["01/10/2025", players[0].username, "5,00", "Pago", `"${formula.replace(/"/g, '""')}"`],
    ]);
    const done = await importFile(manager, groupId, "movements", file);
    expect(done.result).toMatchObject({ movementsCreated: 1, refused: 0 });
    const stored = await t.db.one<{ reference: string }>("select reference from caja_movements where group_id = $1", [groupId]);
    expect(stored!.reference).toBe(formula);
    const exported = await manager.get(`/group/${groupId}/export`);
    const row = exported.body.files.find((f: { name: string }) => f.name === "movimientos.csv").rows[1];
    expect(row[4]).toBe(formula);
    // What the BFF writes of it (csvText) starts with an apostrophe, and reads back as the same text.
    const again = await importFile(manager, groupId, "movements", ourCsv(exported.body.files.find((f: { name: string }) => f.name === "movimientos.csv").rows));
    expect(again.result).toMatchObject({ movementsCreated: 0, unchanged: 1 });
  });
});

describe("members without an account", () => {
  it("an imported member's picks count, and the link sent to that e-mail makes them the real user, picks kept", async () => {
    const { manager, groupId, seasonId, rounds } = await peña();
    const name = `Abuela${Math.floor(Math.random() * 1e6)}`;
    const email = `${name.toLowerCase()}@correo.es`;
    const members = await importFile(
      manager,
      groupId,
      "members",
      excel([
        ["Nombre", "E-mail"],
        [name, email.toUpperCase()],
        ["Sin correo", ""],
      ]),
    );
    expect(members.preview.members.created).toEqual([name]);
    expect(members.preview.errors).toEqual([{ line: 3, message: "Falta el e-mail de Sin correo: con él se unirá a su cuenta." }]);
    expect(members.result.membersCreated).toBe(1);
    const again = await importFile(
      manager,
      groupId,
      "members",
      excel([
        ["Nombre", "E-mail"],
        [name, email],
      ]),
    );
    expect(again.result).toMatchObject({ membersCreated: 0, unchanged: 1 });

    const picks = picksOf([{ username: name } as Player], rounds.slice(0, 3));
    await importFile(manager, groupId, "picks", excel(picks.map((l) => [String(l.number), l.player, ...l.matches.map((m) => m.join("")), l.pleno])));
    const placeholder = (await t.db.one<{ id: number; placeholder: boolean }>("select id, placeholder from users where lower(email) = $1", [email]))!;
    expect(placeholder.placeholder).toBe(true);
    expect((await t.api.post("/auth/login", { username: name, password: "" })).status).not.toBe(200);
    const before = await standingsFromScratch(t.db, NOW, groupId, seasonId);
    expect(before.season.find((r) => r.userId === placeholder.id)?.totalPoints).toBeGreaterThanOrEqual(0);

    // Typing the address claims nothing; the link sent to it does (decision 061).
    expect((await t.api.post("/auth/register", { email, username: `${name}real`, password: "Secreta#2026" })).status).toBe(201);
    const token = /\/unirse\?token=([0-9a-f.]+)/.exec(t.mail.to(email).at(-1)!.text)![1];
    const res = await t.api.post("/auth/claim", { token, username: `${name}real`, password: "Secreta#2026" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const real = await t.login(`${name}real`);
    const me = await real.get("/auth/me");
    expect(me.body.id).toBe(placeholder.id);
    expect(await count("select count(*) as n from predictions where group_id = $1 and user_id = " + placeholder.id, groupId)).toBe(3);
    const after = await real.get(`/group/${groupId}/season/${seasonId}/GetClassification`);
    expect(after.body.find((r: { userId: number }) => r.userId === placeholder.id).userName).toBe(`${name}real`);
    expect(after.body).toEqual(await standingsFromScratch(t.db, NOW, groupId, seasonId).then((s) => s.season));
  });
});
