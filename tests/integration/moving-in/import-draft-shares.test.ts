import { randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, issueToken } from "../../../backend/services/account/auth";
import { backendOnDisk, client, startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * Decision 080: each manager has a share of the drafts of their own, so strangers' previews never
 * make a manager's confirm fail, and a draft keeps only what the confirm can write, so a preview's
 * cost on disk stays small.
 */
const NOW = new Date("2026-03-01T12:00:00Z");
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
});
afterAll(() => t.close());

/** A movements file of about 1.9 MB (under the 2 MB and 5,000-row limits), random so nothing compresses it away. */
const bigFile = (n: number) =>
  [
    "Fecha;Miembro;Importe;Tipo;Referencia",
    ...Array.from({ length: 4_600 }, (_, i) => `01/02/2026;Nadie ${n};${i + 1},00;Pago;${randomBytes(190).toString("hex")}`),
  ].join("\r\n");

type Caller = ReturnType<typeof client>;

async function preview(who: Caller, groupId: number, body: string, kind = "movements") {
  const form = new FormData();
  form.set("kind", kind);
  form.set("archivo", new Blob([body]), "movimientos.csv");
  const res = await who.post(`/group/${groupId}/import/preview`, form);
  return res as { status: number; body: { draft: string | null; message?: string } };
}

describe("each manager's share of the drafts", () => {
  it("30 strangers' large previews do not make a manager's confirm fail", async () => {
    const manager = await t.player();
    const member = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: member.id }] });
    const mine = await preview(manager, groupId, `Fecha;Miembro;Importe;Tipo;Referencia\r\n01/02/2026;${member.username};20,00;Pago;Bizum`);
    expect(mine.status).toBe(200);
    for (let n = 1; n <= 30; n++) {
      const stranger = await t.player();
      const theirs = await build.group(t.db, { members: [{ userId: stranger.id, role: 2 }] });
      expect((await preview(stranger, theirs, bigFile(n))).status).toBe(200);
    }
    const confirm = await manager.post(`/group/${groupId}/import/confirm`, { draft: mine.body.draft });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    expect(confirm.body).toMatchObject({ movementsCreated: 1, refused: 0 });
  }, 600_000);

  it("a group keeps at most 12 drafts: the 13th manager's preview is refused and every earlier draft still confirms", async () => {
    const managers = await Promise.all(Array.from({ length: 13 }, () => t.player()));
    const member = await t.player();
    const groupId = await build.group(t.db, { members: [...managers.map((m) => ({ userId: m.id, role: 2 as const })), { userId: member.id }] });
    const line = (n: number) => `Fecha;Miembro;Importe;Tipo;Referencia\r\n01/02/2026;${member.username};${n},00;Pago;Bizum ${n}`;
    const drafts: string[] = [];
    for (let n = 0; n < 12; n++) {
      const p = await preview(managers[n], groupId, line(n + 1));
      expect(p.status).toBe(200);
      drafts.push(p.body.draft!);
    }
    const refused = await preview(managers[12], groupId, line(13));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      "Este grupo ya tiene demasiadas vistas previas pendientes de otros gestores: que las confirmen, o espera a que caduquen (un día), y vuelve a subir el archivo.",
    );
    // A manager's new preview replaces only their own draft: the group stays at 12, the others intact.
    expect((await preview(managers[0], groupId, line(14))).status).toBe(200);
    for (let n = 1; n < 12; n++) expect((await managers[n].post(`/group/${groupId}/import/confirm`, { draft: drafts[n] })).status).toBe(200);
  }, 600_000);

  it("keeps only the lines the preview took: a line it refused is not written by the confirm even if it would pass by then, and counts as refused", async () => {
    const manager = await t.player();
    const member = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: member.id }] });
    const later = await t.player();
    const p = await preview(
      manager,
      groupId,
      `Fecha;Miembro;Importe;Tipo;Referencia\r\n01/02/2026;${member.username};20,00;Pago;Bizum\r\n02/02/2026;${later.username};5,00;Pago;x\r\n03/02/2026;${member.username};-2,50;Cuota;J1`,
    );
    expect(p.status).toBe(200);
    // The refused line's member joins between the preview and the confirm: the manager confirmed what the preview showed.
    await t.db.query("insert into group_members (group_id, user_id) values ($1, $2)", [groupId, later.id]);
    const c = await manager.post(`/group/${groupId}/import/confirm`, { draft: p.body.draft });
    expect(c.body).toMatchObject({ movementsCreated: 2, refused: 1 });
    const written = await t.db.query("select 1 from caja_movements where group_id = $1 and user_id = $2", [groupId, later.id]);
    expect(written).toHaveLength(0);
  });
});

/** The data folder's size in bytes. */
const du = (dir: string) => Number(execFileSync("du", ["-sb", dir]).toString().split("\t")[0]);

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("a preview's cost on disk (PGlite's data folder)", () => {
  it("80 strangers' previews of about 1.9 MB grow the data folder by at most 20 MB", async () => {
    const disk = await backendOnDisk("drafts-disk-");
    const { app, deps, api } = await disk.boot();
    try {
      const callers: { api: Caller; groupId: number }[] = [];
      for (let n = 0; n < 80; n++) {
        const id = await createUser(deps, { email: `s${n}@test.local`, username: `extrano${n}`, password: "Secreta#2026" });
        const groupId = await build.group(deps.db, { members: [{ userId: id, role: 2 }] });
        callers.push({ api: api.as(await issueToken(deps, id)), groupId });
      }
      await deps.db.exec("checkpoint");
      const folder = disk.dataDir;
      const before = du(folder);
      for (const [n, c] of callers.entries()) expect((await preview(c.api, c.groupId, bigFile(n))).status).toBe(200);
      const grown = du(folder) - before;
      console.log(`80 previews of ${(bigFile(0).length / 1024 / 1024).toFixed(2)} MB grew the data folder by ${(grown / 1024 / 1024).toFixed(1)} MB`);
      expect(grown).toBeLessThan(20 * 1024 * 1024);
    } finally {
      await app.close();
      await disk.close();
    }
  }, 900_000);
});
