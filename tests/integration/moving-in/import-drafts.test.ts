import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/** Decision 062: a preview's draft is bounded: one per manager and kind, a day at most (decision 080 puts each manager's share in place of a total cap). */
const NOW = new Date("2026-03-01T12:00:00Z");
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
});
afterAll(() => t.close());

type Player = Awaited<ReturnType<TestBackend["player"]>>;

/** A movements file of about 1.9 MB (under the 2 MB and 5,000-row limits), random so the database cannot compress it away. */
const bigFile = (n: number) =>
  [
    "Fecha;Miembro;Importe;Tipo;Referencia",
    ...Array.from({ length: 4_600 }, (_, i) => `01/02/2026;Nadie ${n};${i + 1},00;Pago;${randomBytes(190).toString("hex")}`),
  ].join("\r\n");

async function preview(who: Player, groupId: number, body: string) {
  const form = new FormData();
  form.set("kind", "movements");
  form.set("archivo", new Blob([body]), "movimientos.csv");
  const res = await who.post(`/group/${groupId}/import/preview`, form);
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return res.body as { draft: string | null };
}

const tableBytes = async () => Number((await t.db.one<{ n: number }>("select pg_total_relation_size('import_drafts')::bigint as n"))!.n);
const drafts = async () => Number((await t.db.one<{ n: number }>("select count(*)::int as n from import_drafts"))!.n);

describe("preview drafts are bounded", () => {
  it("keeps one draft per manager and kind: 20 large previews grow the drafts' table by at most 10 MB", async () => {
    const manager = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }] });
    expect(bigFile(0).length).toBeGreaterThan(1.8 * 1024 * 1024);
    const before = await tableBytes();
    let last: { draft: string | null } = { draft: null };
    for (let n = 1; n <= 20; n++) last = await preview(manager, groupId, bigFile(n));
    const grown = (await tableBytes()) - before;
    expect(grown).toBeLessThan(10 * 1024 * 1024);
    expect(await drafts()).toBe(1);
    // The one kept is the last preview's, and it still confirms.
    expect((await manager.post(`/group/${groupId}/import/confirm`, { draft: last.draft })).status).toBe(200);
  }, 600_000);

  it("expires a draft after a day: no confirm takes it, and the next preview drops it", async () => {
    const manager = await t.player();
    const other = await t.player();
    const groupId = await build.group(t.db, {
      members: [
        { userId: manager.id, role: 2 },
        { userId: other.id, role: 2 },
      ],
    });
    const old = await preview(manager, groupId, "Fecha;Miembro;Importe;Tipo;Referencia\r\n01/02/2026;Nadie;1,00;Pago;vieja");
    t.setNow(new Date(NOW.getTime() + 25 * 3_600_000));
    try {
      const late = await manager.post(`/group/${groupId}/import/confirm`, { draft: old.draft });
      expect(late.status).toBe(400);
      expect(late.body.message).toBe("Vuelve a subir el archivo: la vista previa ya no vale.");
      await preview(other, groupId, "Fecha;Miembro;Importe;Tipo;Referencia\r\n01/02/2026;Nadie;1,00;Pago;nueva");
      expect(await t.db.one("select 1 from import_drafts where hash = $1", [old.draft])).toBeUndefined();
    } finally {
      t.setNow(null);
    }
  }, 600_000);
});
