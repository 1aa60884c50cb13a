import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";
import { writeXlsx } from "../../support/xlsx-writer";

/**
 * Decision 062: a movements line takes the caja form's limits in the preview, naming the line; its
 * import key carries a hash of the reference, never the text, and a movement an older import wrote
 * under the reference as typed is still recognised; an .xlsx cell past Excel's size is refused.
 */
const NOW = new Date("2026-03-01T12:00:00Z");
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
});
afterAll(() => t.close());

type Player = Awaited<ReturnType<TestBackend["player"]>>;

async function movements(who: Player, groupId: number, body: Uint8Array | string, name = "movimientos.csv") {
  const form = new FormData();
  form.set("kind", "movements");
  form.set("archivo", new Blob([typeof body === "string" ? body : new Uint8Array(body)]), name);
  const preview = await who.post(`/group/${groupId}/import/preview`, form);
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  return preview.body;
}

describe("movements within the caja's limits", () => {
  it("refuses a 5,000-character reference in the preview by its line, and the confirm writes the rest without a 500", async () => {
    const manager = await t.player();
    const ana = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: ana.id }] });
    const long = "B".repeat(5_000);
    const csv = [
      "Fecha;Miembro;Importe;Tipo;Referencia",
      `01/02/2026;${ana.username};20,00;Pago;${long}`,
      `02/02/2026;${ana.username};5,00;Pago;${"c".repeat(120)}`,
    ].join("\r\n");
    const p = await movements(manager, groupId, csv);
    expect(p.errors).toEqual([{ line: 2, message: "La referencia tiene 5000 caracteres: la caja admite 120 como mucho." }]);
    expect(p.movements).toMatchObject({ created: 1 });
    const c = await manager.post(`/group/${groupId}/import/confirm`, { draft: p.draft });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body).toMatchObject({ movementsCreated: 1, refused: 1 });
    const keys = await t.db.query<{ idempotency_key: string; reference: string }>("select idempotency_key, reference from caja_movements where group_id = $1", [
      groupId,
    ]);
    expect(keys).toHaveLength(1);
    expect(keys[0]!.reference).toBe("c".repeat(120));
    expect(keys[0]!.idempotency_key).toMatch(/^import:2026-02-02\|\d+\|500\|payment\|sha256:[0-9a-f]{64}$/);
    // The same file again writes nothing.
    const again = await movements(manager, groupId, csv);
    expect(again.movements).toMatchObject({ created: 0, unchanged: 1 });
  });

  it("recognises a movement an older import keyed by its reference as typed: the same line writes nothing, a new amount corrects it", async () => {
    const manager = await t.player();
    const ana = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: ana.id }] });
    // As the importer wrote it before decision 062 (the ledger is append-only: such keys stay).
    await t.db.query(
      `insert into caja_movements (group_id, user_id, kind, amount_cents, reference, recorded_by, recorded_at, idempotency_key)
       values ($1, $2, 'payment', 2000, 'Bizum | enero', $3, '2026-01-15T12:00:00Z', $4)`,
      [groupId, ana.id, manager.id, `import:2026-01-15|${ana.id}|2000|payment|Bizum | enero`],
    );
    const same = await movements(manager, groupId, `Fecha;Miembro;Importe;Tipo;Referencia\r\n15/01/2026;${ana.username};20,00;Pago;Bizum | enero`);
    expect(same.movements).toMatchObject({ created: 0, unchanged: 1, corrected: [] });
    expect((await manager.post(`/group/${groupId}/import/confirm`, { draft: same.draft })).body).toMatchObject({ movementsCreated: 0, movementsCorrected: 0 });
    const corrected = await movements(manager, groupId, `Fecha;Miembro;Importe;Tipo;Referencia\r\n15/01/2026;${ana.username};25,00;Pago;Bizum | enero`);
    expect(corrected.movements).toMatchObject({ created: 0, corrected: [{ line: 2, beforeCents: 2000, afterCents: 2500 }] });
    expect((await manager.post(`/group/${groupId}/import/confirm`, { draft: corrected.draft })).body).toMatchObject({ movementsCorrected: 1 });
    const total = await t.db.one<{ n: number }>("select sum(amount_cents)::int as n from caja_movements where group_id = $1 and user_id = $2", [
      groupId,
      ana.id,
    ]);
    expect(total!.n).toBe(2500);
  });

  it("refuses an .xlsx with a cell past Excel's 32,767 characters in the preview, whole, in Spanish", async () => {
    const manager = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }] });
    const book = writeXlsx([
      {
        name: "Movimientos",
        rows: [
          ["Fecha", "Miembro", "Importe", "Tipo", "Referencia"],
          ["01/02/2026", manager.username, "1,00", "Pago", "z".repeat(400_000)],
        ],
      },
    ]);
    const p = await movements(manager, groupId, book, "movimientos.xlsx");
    expect(p).toMatchObject({ draft: null, fileError: expect.stringMatching(/^Una celda del libro de Excel tiene más de 32\.767 caracteres/) });
  });
});
