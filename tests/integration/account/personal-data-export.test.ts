import { randomBytes } from "node:crypto";
import { parse } from "csv-parse/sync";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PersonalDataExport } from "#core/contract/personal-data";
import { personalDataArchive } from "~/server/account/personal-data.server";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * «Descargar mis datos» (RGPD arts. 15 and 20, decision 084): the zip holds every pick and every
 * movement of the person as the database has them, and nothing of another member's that the group's
 * pages do not show them (no address, no pick). And a player's answers carry no other member's
 * address: only managers and admins see them.
 */
type Player = Awaited<ReturnType<TestBackend["player"]>>;
let t: TestBackend;
let manager: Player;
let ana: Player;
let bea: Player;
let groupId: number;
let seasonId: number;
let quinielaId: number;
const NOW = new Date("2025-06-01T12:00:00Z");
const key = () => randomBytes(12).toString("hex");
const email = (p: Player) => `${p.username}@test.local`;

beforeAll(async () => {
  t = await startBackend({ now: NOW });
  manager = await t.player("gestoradatos");
  ana = await t.player("anadatos");
  bea = await t.player("beadatos");
  groupId = await build.group(t.db, {
    members: [
      { userId: manager.id, role: 2 },
      { userId: ana.id, role: 1 },
      { userId: bea.id, role: 1 },
    ],
  });
  seasonId = await build.season(t.db, { name: "Temporada de los datos", startDate: "2024-08-01" });
  for (const [number, open, close] of [
    [1, "2025-05-20T10:00:00Z", "2025-05-25T10:00:00Z"],
    [2, "2025-05-30T10:00:00Z", "2025-06-08T10:00:00Z"],
  ] as const) {
    const q = await build.pool(t.db, { seasonId, number, startDate: new Date(open) });
    await build.round(t.db, { groupId, quinielaId: q, openDate: new Date(open), closeDate: new Date(close) });
    for (const [who, sign] of [
      [ana, "1"],
      [bea, "2"],
    ] as const)
      await build.prediction(t.db, {
        groupId,
        quinielaId: q,
        userId: who.id,
        matches: Array.from({ length: 14 }, () => [sign]) as never,
        pleno: { home: 2, away: 1 },
      });
    quinielaId = q;
  }
  for (const [who, cents] of [
    [ana, 350],
    [ana, 1200],
    [bea, 999],
  ] as const)
    expect(
      (
        await manager.post(`/group/${groupId}/caja/movements`, {
          kind: "payment",
          userId: who.id,
          amountCents: cents,
          reference: "Bizum",
          idempotencyKey: key(),
        })
      ).status,
    ).toBe(201);
  expect((await manager.post(`/group/${groupId}/caja/movements`, { kind: "prize", amountCents: 1000, idempotencyKey: key() })).status).toBe(201);
}, 120_000);
afterAll(() => t?.close());

/** The entries of a stored zip (our writer's: method 0), read from their local headers. */
function unzip(zip: Buffer): Map<string, string> {
  return new Map([...unzipBytes(zip)].map(([name, bytes]) => [name, bytes.toString("utf8")]));
}

function unzipBytes(zip: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    expect(zip.readUInt16LE(at + 8), "stored").toBe(0);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extra = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString("utf8");
    const start = at + 30 + nameLength + extra;
    entries.set(name, zip.subarray(start, start + size));
    at = start + size;
  }
  return entries;
}

const csvRows = (text: string): string[][] => parse(text, { delimiter: ";", bom: true });

describe("«Descargar mis datos»", () => {
  it("holds every pick and movement of the person as the database has them, and no other member's address or pick", async () => {
    const res = await ana.get("/auth/me/export");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = PersonalDataExport.parse(res.body);
    const files = unzip(personalDataArchive(answer));
    expect([...files.keys()].sort()).toEqual(
      [
        "auditoria.csv",
        "correos.csv",
        "datos.json",
        "leeme.txt",
        "movimientos.csv",
        "penas.csv",
        "perfil.csv",
        "premios.csv",
        "pronosticos.csv",
        "resguardos.csv",
        "sesiones.csv",
      ].sort(),
    );

    const [, profile] = csvRows(files.get("perfil.csv")!);
    expect(profile.slice(0, 2)).toEqual([ana.username, email(ana)]);

    const picks = csvRows(files.get("pronosticos.csv")!).slice(1);
    const dbPicks = await t.db.query<{ number: number; matches: string[][]; pleno_home: number; pleno_away: number }>(
      "select q.number, p.matches, p.pleno_home, p.pleno_away from predictions p join quinielas q on q.id = p.quiniela_id where p.user_id = $1 order by q.number",
      [ana.id],
    );
    expect(dbPicks).toHaveLength(2);
    expect(picks.map((r) => [r[2], ...r.slice(3, 17), r[17]])).toEqual(
      dbPicks.map((p) => [String(p.number), ...p.matches.map((m) => m.join("")), `${p.pleno_home}-${p.pleno_away}`]),
    );

    const moves = csvRows(files.get("movimientos.csv")!).slice(1);
    const dbMoves = await t.db.query<{ id: number; amount_cents: number }>("select id, amount_cents from caja_movements where user_id = $1 order by id", [
      ana.id,
    ]);
    expect(dbMoves.length).toBeGreaterThanOrEqual(2);
    expect(moves.map((r) => [r[0], r[4]])).toEqual(
      dbMoves.map((m) => [String(m.id), `${Math.trunc(m.amount_cents / 100)},${String(Math.abs(m.amount_cents) % 100).padStart(2, "0")}`]),
    );
    expect(moves.map((r) => r[1])).toEqual(dbMoves.map(() => expect.any(String)));
    // es-ES dates in Madrid time, as the app's other CSVs write them.
    for (const r of moves) expect(r[2]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    expect(
      csvRows(files.get("penas.csv")!)
        .slice(1)
        .map((r) => r[2]),
    ).toEqual(["Usuario"]);
    // The peña's prize, shared equally (no quotas charged) between the season's two players: her half.
    expect(
      csvRows(files.get("premios.csv")!)
        .slice(1)
        .map((r) => [r[3], r[5], r[6]]),
    ).toEqual([["10,00", "50,00", "5,00"]]);
    expect(csvRows(files.get("sesiones.csv")!).length).toBeGreaterThan(1);
    expect(files.get("leeme.txt")).toContain("El asunto y el texto de los correos no se guardan");
    // The mail allowances noted the sign-up mail to her own address (decision 078): her download names it.
    expect(files.get("correos.csv")).toContain("Correo pedido a tu dirección (registro)");
    const json = JSON.parse(files.get("datos.json")!);
    expect(json.pronosticos).toHaveLength(2);
    expect(json.movimientos).toHaveLength(dbMoves.length);

    const everything = [...files.values()].join("\n");
    for (const other of [manager, bea]) expect(everything).not.toContain(email(other));
    // bea recorded nothing of ana's and shares nothing with her: her name and her picks' «2» are nowhere.
    expect(everything).not.toContain(bea.username);
    expect(picks.flatMap((r) => r.slice(3, 17))).not.toContain("2");
  });

  it("holds the resguardo photos the person uploaded, as stored, listed with their jornada and time; another member's are not theirs", async () => {
    const image = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#c8b890" } })
      .jpeg()
      .toBuffer();
    const add = (who: Player, at: string, before: boolean) =>
      t.db.one<{ id: number }>(
        `insert into ticket_receipts (group_id, quiniela_id, uploaded_by, uploaded_at, before_start, width, height, image, thumbnail)
         values ($1, $2, $3, $4, $5, 120, 80, $6, $6) returning id`,
        [groupId, quinielaId, who.id, new Date(at), before, image],
      );
    const mine = (await add(ana, "2025-05-31T17:42:00Z", true))!.id;
    await add(bea, "2025-05-31T18:00:00Z", false);
    const files = unzipBytes(personalDataArchive(PersonalDataExport.parse((await ana.get("/auth/me/export")).body)));
    expect(csvRows(files.get("resguardos.csv")!.toString("utf8"))).toEqual([
      ["Peña", "Temporada", "Jornada", "Subida", "Antes del primer partido", "Archivo"],
      [expect.any(String), "Temporada de los datos", "2", "31/05/2025 19:42", "Sí", `resguardos/resguardo-${mine}.jpg`],
    ]);
    expect(files.get(`resguardos/resguardo-${mine}.jpg`)).toEqual(image);
    expect([...files.keys()].filter((n) => n.startsWith("resguardos/"))).toEqual([`resguardos/resguardo-${mine}.jpg`]);
    expect(files.get("leeme.txt")!.toString("utf8")).toContain("se borran cuando se borra la peña");
    await t.db.query("delete from ticket_receipts where group_id = $1", [groupId]);
  });

  it("is the caller's own: without a session it is refused", async () => {
    expect((await t.api.get("/auth/me/export")).status).toBe(401);
  });
});

describe("a player sees other members' names, not their addresses", () => {
  it("GET /group/{id}: a player sees only their own address; a manager and an admin see all", async () => {
    const addresses = async (who: Pick<Player, "get">) =>
      Object.fromEntries(((await who.get(`/group/${groupId}`)).body.members as { userId: number; email: string }[]).map((m) => [m.userId, m.email]));
    expect(await addresses(ana)).toEqual({ [manager.id]: "", [ana.id]: email(ana), [bea.id]: "" });
    const all = { [manager.id]: email(manager), [ana.id]: email(ana), [bea.id]: email(bea) };
    expect(await addresses(manager)).toEqual(all);
    expect(await addresses(await t.admin())).toEqual(all);
    const listed = (await ana.get(`/Group/${groupId}/GetGroupMembers`)).body as { userId: number; username: string; email: string }[];
    expect(listed.map((m) => m.username).sort()).toEqual([ana.username, bea.username, manager.username].sort());
    expect(listed.filter((m) => m.email !== "").map((m) => m.userId)).toEqual([ana.id]);
  });

  it("no read a player may make carries another member's address", async () => {
    const doc = (await t.api.get("/openapi.json")).body as { paths: Record<string, Record<string, unknown>> };
    const ids: Record<string, number> = { id: groupId, groupid: groupId, seasonid: seasonId, quinielaid: quinielaId };
    const gets = Object.entries(doc.paths)
      .filter(([path, ops]) => ops.get && !path.includes("{file}") && !path.includes("{token}") && path !== "/openapi.json")
      .map(([path]) => path);
    expect(gets.length).toBeGreaterThan(40);
    const query = `?groupId=${groupId}&quinielaId=${quinielaId}&seasonId=${seasonId}`;
    let answered = 0;
    for (const path of gets) {
      const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name.toLowerCase()] ?? groupId));
      const res = await ana.get(filled + query);
      if (res.status === 200) answered += 1;
      const text = JSON.stringify(res.body);
      for (const other of [manager, bea]) expect(text, `${path} (${res.status})`).not.toContain(email(other));
    }
    expect(answered).toBeGreaterThan(20);
  });
});
