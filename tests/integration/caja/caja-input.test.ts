import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AMOUNT_NOT_WHOLE, POT_INVALID, ROTA_REPEATED } from "#core/contract/caja";
import { ILL_FORMED_TEXT } from "#core/contract/common";
import { PASSWORD, startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * What a money write is sent. Bytes that are not UTF-8 were stored as '���';
 * fields the contract does not have passed silently; a repeated member went into the stamping rota;
 * three bad values got a message about something else. Each is refused, in Spanish, naming what is
 * wrong, and nothing is written.
 */

let t: TestBackend;
let manager: Awaited<ReturnType<TestBackend["player"]>>;
let ana: Awaited<ReturnType<TestBackend["player"]>>;
let groupId: number;
let token: string;
beforeAll(async () => {
  t = await startBackend();
  manager = await t.player();
  token = (await t.api.post("/auth/login", { username: manager.username, password: PASSWORD })).body.token;
  ana = await t.player();
  groupId = await build.group(t.db, {
    members: [
      { userId: manager.id, role: 2 },
      { userId: ana.id, role: 1 },
    ],
  });
}, 120_000);
afterAll(() => t?.close());

const key = () => randomBytes(12).toString("hex");
const rules = { quotaCents: 0, quotaBasis: "round", payTicket: false, lastPlaceFineCents: 0, hideBalances: false, bestPrizeCents: 500, pinaPenaltyCents: 0 };
const movements = async () => (await t.db.one<{ n: number }>("select count(*)::int as n from caja_movements"))!.n;

/** A raw body: the bytes as given, with the manager's session. */
async function raw(path: string, bytes: Buffer) {
  const response = await fetch(t.url + path, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

describe("what a money write is sent", () => {
  it("refuses bytes that are not UTF-8 as the JSON escape of a half character is refused, writing nothing", async () => {
    const before = await movements();
    const json = (reference: Buffer) =>
      Buffer.concat([
        Buffer.from(`{"kind":"payment","userId":${ana.id},"amountCents":100,"idempotencyKey":"${key()}","reference":"`),
        reference,
        Buffer.from('"}'),
      ]);
    for (const bad of [Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xff]), Buffer.from([0xc3]), Buffer.from([0xe2, 0x82])]) {
      expect(await raw(`/group/${groupId}/caja/movements`, json(bad))).toEqual({ status: 400, body: { message: ILL_FORMED_TEXT } });
    }
    const escaped = await manager.post(
      `/group/${groupId}/caja/movements`,
      `{"kind":"payment","userId":${ana.id},"amountCents":100,"idempotencyKey":"${key()}","reference":"\\ud800"}`,
    );
    expect(escaped).toEqual({ status: 400, body: { message: ILL_FORMED_TEXT } });
    expect(await movements()).toBe(before);
    // Real text of every width still goes in.
    const fine = await raw(`/group/${groupId}/caja/movements`, json(Buffer.from("Bizum · 5 € 😀 ñ")));
    expect(fine.status).toBe(201);
    expect((fine.body as unknown as { reference: string }).reference).toBe("Bizum · 5 € 😀 ñ");
  });

  it("refuses a field the contract does not have, naming it", async () => {
    const before = await movements();
    const payment = { kind: "payment", userId: ana.id, amountCents: 100, idempotencyKey: key() };
    expect(await manager.post(`/group/${groupId}/caja/movements`, { ...payment, groupId: 999 })).toEqual({
      status: 400,
      body: { message: "No se admite el dato «groupId»." },
    });
    expect((await manager.post(`/group/${groupId}/caja/movements`, { ...payment, RecordedBy: 1 })).body.message).toBe("No se admite el dato «recordedBy».");
    const made = await manager.post(`/group/${groupId}/caja/movements`, payment);
    expect(made.status).toBe(201);
    const correction = await manager.post(`/group/${groupId}/caja/movements/${made.body.id}/reverse`, { idempotencyKey: key(), amountCents: 5 });
    expect(correction).toEqual({ status: 400, body: { message: "No se admite el dato «amountCents»." } });
    expect((await manager.put(`/group/${groupId}/caja/rules`, { ...rules, extra: true })).body.message).toBe("No se admite el dato «extra».");
    const admin = await t.admin();
    const seasonId = await build.season(t.db, { name: "Premios", startDate: "2024-08-01" });
    const pool = await build.pool(t.db, { seasonId, number: 1 });
    const prizes = await admin.put(`/Quiniela/${pool}/Prizes`, { prizes: { especial: null, primera: 100, sexta: 5 } });
    expect(prizes).toEqual({ status: 400, body: { message: "No se admite el dato «prizes.sexta»." } });
    expect(await movements()).toBe(before + 1);
  });

  it("refuses a stamping rota that names a member twice", async () => {
    const res = await manager.put(`/group/${groupId}/caja/rules`, { ...rules, stampRota: [ana.id, ana.id] });
    expect(res).toEqual({ status: 400, body: { message: ROTA_REPEATED } });
    expect((await manager.get(`/group/${groupId}/caja`)).body.rules.stampRota).toEqual([]);
    expect((await manager.put(`/group/${groupId}/caja/rules`, { ...rules, stampRota: [ana.id, manager.id] })).status).toBe(200);
  });

  it("names what is wrong with each bad value", async () => {
    const seasonId = await build.season(t.db, { name: "Liquidable", startDate: "2024-08-01" });
    expect(await manager.post(`/group/${groupId}/caja/settlement`, { seasonId, potCents: "12,345" })).toEqual({ status: 400, body: { message: POT_INVALID } });
    expect((await manager.post(`/group/${groupId}/caja/settlement`, { seasonId, potCents: 1.5 })).body.message).toBe(POT_INVALID);
    const payment = { kind: "payment", userId: ana.id, idempotencyKey: key() };
    expect(await manager.post(`/group/${groupId}/caja/movements`, { ...payment, amountCents: 1.5 })).toEqual({
      status: 400,
      body: { message: AMOUNT_NOT_WHOLE },
    });
    expect((await manager.post(`/group/${groupId}/caja/movements`, { ...payment, amountCents: 0 })).body.message).toBe("La cantidad debe ser mayor que cero.");
    expect(await manager.put(`/group/${groupId}/caja/rules`, { ...rules, version: 0 })).toEqual({ status: 400, body: { message: "Versión no válida." } });
  });
});
