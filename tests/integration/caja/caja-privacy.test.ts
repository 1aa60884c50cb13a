import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDueDigests } from "../../../backend/services/mail/digest";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * With 'Ocultar los saldos de los demás' on, a player's caja showed only their own
 * balance, but the settlement listed everyone's. Every read a player may make that carries a
 * member's money follows the rule: the caja, the settlement, a prize's record; the kiosk, the digest
 * and the dashboard carry no one else's.
 */

type Player = Awaited<ReturnType<TestBackend["player"]>>;
let t: TestBackend;
let manager: Player;
let ana: Player;
let bea: Player;
let groupId: number;
let seasonId: number;
let prizeId: number;
const NOW = new Date("2025-06-01T12:00:00Z");
const key = () => randomBytes(12).toString("hex");
const ones = Array.from({ length: 14 }, () => "1" as const);
/** bea's balance, a figure no other read may show to ana: 7,77 € paid, 1,50 € charged. */
const BEA_CENTS = 777 - 150;
const BEA_EUROS = "6,27";

beforeAll(async () => {
  t = await startBackend({ now: NOW });
  // Names without digits: a random name once held "627", bea's balance, which the reads must not show.
  manager = await t.player("gestoracaja");
  ana = await t.player("anacaja");
  bea = await t.player("beacaja");
  groupId = await build.group(t.db, {
    officeIcons: true,
    members: [
      { userId: manager.id, role: 2 },
      { userId: ana.id, role: 1 },
      { userId: bea.id, role: 1 },
    ],
  });
  seasonId = await build.season(t.db, { name: "Temporada discreta", startDate: "2024-08-01" });
  const rules = { quotaCents: 150, quotaBasis: "round", payTicket: false, lastPlaceFineCents: 0, hideBalances: true, bestPrizeCents: 0, pinaPenaltyCents: 0 };
  expect((await manager.put(`/group/${groupId}/caja/rules`, rules)).status).toBe(200);
  const quinielaId = await build.pool(t.db, { seasonId, number: 1, startDate: new Date("2025-05-30T10:00:00Z") });
  await build.round(t.db, { groupId, quinielaId, openDate: new Date("2025-05-30T10:00:00Z"), closeDate: new Date("2025-06-01T10:00:00Z") });
  for (const [who, misses] of [
    [ana, 0],
    [bea, 4],
  ] as const)
    await build.prediction(t.db, {
      groupId,
      quinielaId,
      userId: who.id,
      matches: ones.map((s, i) => [i < misses ? "2" : s]) as never,
      pleno: { home: 1, away: 0 },
    });
  const admin = await t.admin();
  expect((await admin.post("/Quiniela/SetResults", { quinielaId, matches: ones, plain15: { home: 1, away: 0 } })).status).toBe(200);
  for (const [who, cents] of [
    [ana, 300],
    [bea, 777],
  ] as const)
    expect(
      (await manager.post(`/group/${groupId}/caja/movements`, { kind: "payment", userId: who.id, amountCents: cents, idempotencyKey: key() })).status,
    ).toBe(201);
  const prize = await manager.post(`/group/${groupId}/caja/movements`, { kind: "prize", amountCents: 1000, idempotencyKey: key() });
  prizeId = prize.body.id;
}, 120_000);
afterAll(() => t?.close());

const others = (userId: number) => [manager.id, ana.id, bea.id].filter((id) => id !== userId);

describe("'hide the others' balances' on every read a player makes", () => {
  it("the caja: their own balance, the others' hidden", async () => {
    const caja = (await ana.get(`/group/${groupId}/caja`)).body;
    expect(caja.me.balanceCents).toBe(150);
    for (const id of others(ana.id)) expect(caja.members.find((m: { userId: number }) => m.userId === id).balanceCents).toBeNull();
    expect(JSON.stringify(caja)).not.toContain(String(BEA_CENTS));
  });

  it("the settlement: their own line and their own debt only; the manager sees every line", async () => {
    const mine = (await ana.get(`/group/${groupId}/caja/settlement?seasonId=${seasonId}`)).body;
    expect(mine.lines.map((l: { userId: number }) => l.userId)).toEqual([ana.id]);
    expect(mine.othersHidden).toBe(true);
    expect(JSON.stringify(mine.lines)).not.toContain(bea.username);
    expect(JSON.stringify(mine)).not.toContain(String(BEA_CENTS));
    const all = (await manager.get(`/group/${groupId}/caja/settlement?seasonId=${seasonId}`)).body;
    expect(all.othersHidden).toBe(false);
    expect(all.lines.map((l: { userId: number }) => l.userId).sort()).toEqual([manager.id, ana.id, bea.id].sort());
    expect(all.lines.find((l: { userId: number }) => l.userId === bea.id).balanceCents).toBe(BEA_CENTS);
  });

  it("a prize's sharing record: their own share only", async () => {
    const mine = (await bea.get(`/group/${groupId}/caja/prizes/${prizeId}`)).body;
    expect(mine.lines.map((l: { userId: number }) => l.userId)).toEqual([bea.id]);
    expect(mine.prizeCents).toBe(1000);
    const all = (await manager.get(`/group/${groupId}/caja/prizes/${prizeId}`)).body;
    expect(all.lines.length).toBeGreaterThan(1);
  });

  it("the kiosk, the dashboard and the round's digest carry no member's balance at all", async () => {
    const { body: link } = await manager.post(`/group/${groupId}/kiosk`);
    const kiosk = (await t.api.get(`/kiosk/${link.token}/standings`)).body;
    expect(kiosk.rows.length).toBeGreaterThan(1);
    expect(JSON.stringify(kiosk)).not.toMatch(/balance|saldo/i);
    const dashboard = (await ana.get(`/screens/group/${groupId}/dashboard`)).body;
    expect(JSON.stringify(dashboard)).not.toMatch(/balance|saldo/i);
    expect(await sendDueDigests(t.deps)).toBe(3);
    const mail = t.mail.to(`${ana.username}@test.local`).find((m) => m.subject.includes("resumen de la jornada"))!;
    expect(mail.raw).not.toMatch(/saldo/i);
    expect(mail.raw).not.toContain(BEA_EUROS);
  });
});
