import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALREADY_REVERSED, MEMBER_REQUIRED, ROTA_NOT_MEMBERS, SETTLEMENT_STALE } from "#core/contract/caja";
import { runRoundCloses } from "../../../backend/services/close/close-job";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: new Date("2025-06-01T12:00:00Z") });
});
afterAll(() => t.close());

const key = () => randomBytes(12).toString("hex");

/** The caja's rules with no quota, ticket, fine or penalty and the 5 € prize to the season's best; `changes` set what a test needs. */
const cajaRules = (changes: { quotaCents?: number; payTicket?: boolean; lastPlaceFineCents?: number; hideBalances?: boolean } = {}) => ({
  quotaCents: 0,
  quotaBasis: "round",
  payTicket: false,
  lastPlaceFineCents: 0,
  hideBalances: false,
  bestPrizeCents: 500,
  pinaPenaltyCents: 0,
  ...changes,
});
type Player = Awaited<ReturnType<TestBackend["player"]>>;

/** A group with a manager and players, made through the schema (the caja is the resource under test). */
async function peña(players = 3) {
  const manager = await t.player();
  const members: Player[] = [];
  for (let i = 0; i < players; i++) members.push(await t.player());
  const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, ...members.map((m) => ({ userId: m.id }))] });
  return { manager, members, groupId };
}

describe("the caja's ledger", () => {
  it("a season scripted move by move: every balance equals the sums written here, and the pot is the members' money plus the peña's fund", async () => {
    const { manager, members, groupId } = await peña(3);
    const [ana, bea, cris] = members;
    const base = `/group/${groupId}/caja`;
    const seasonId = await build.season(t.db, { name: "Temporada caja", startDate: "2024-08-01" });
    // Quotas of 1,50 € per jornada played, the ticket paid from the pot.
    expect((await manager.put(`${base}/rules`, cajaRules({ quotaCents: 150, payTicket: true }))).status).toBe(200);
    // Three closed jornadas: ana plays all three, bea two, cris one; a fourth still open is not charged.
    const played: Record<number, number[]> = { 1: [ana.id, bea.id, cris.id], 2: [ana.id, bea.id], 3: [ana.id], 4: [ana.id, bea.id] };
    for (const number of [1, 2, 3, 4]) {
      const start = new Date(Date.UTC(2025, 0, number * 7));
      const quinielaId = await build.pool(t.db, { seasonId, number, startDate: start });
      const closeDate = number === 4 ? new Date("2025-07-01T00:00:00Z") : new Date(start.getTime() + 3 * 86_400_000);
      await build.round(t.db, { groupId, quinielaId, openDate: start, closeDate });
      for (const userId of played[number]) {
        await build.prediction(t.db, { groupId, quinielaId, userId, matches: Array.from({ length: 14 }, () => ["1"]), pleno: { home: 1, away: 0 } });
      }
      if (number <= 2) {
        // The confirmed group bet of jornadas 1 and 2: two doubles (4 columns) at the season's 0,75 €.
        const matches = Array.from({ length: 14 }, (_, i) => (i < 2 ? ["1", "X"] : ["1"]));
        await t.db.query(`insert into bets (group_id, quiniela_id, season_id, top_n, matches, confirmed, confirmed_at) values ($1, $2, $3, 3, $4, true, $5)`, [
          groupId,
          quinielaId,
          seasonId,
          JSON.stringify(matches),
          closeDate,
        ]);
      }
    }
    const post = (body: Record<string, unknown>) => manager.post(`${base}/movements`, { idempotencyKey: key(), ...body });
    expect((await post({ kind: "payment", userId: ana.id, amountCents: 1000, reference: "Bizum" })).status).toBe(201);
    expect((await post({ kind: "payment", userId: bea.id, amountCents: 200, reference: "efectivo" })).status).toBe(201);
    // cris pays nothing; bea is fined 0,50 €; the group bet wins 12,40 € into the pot.
    expect((await post({ kind: "fine", userId: bea.id, amountCents: 50, reference: "Última de la jornada 2" })).status).toBe(201);
    expect((await post({ kind: "prize", amountCents: 1240, reference: "Premio jornada 2" })).status).toBe(201);
    // A payment typed twice by mistake, then corrected.
    const wrong = await post({ kind: "payment", userId: ana.id, amountCents: 1000, reference: "Bizum (repetido)" });
    expect(wrong.status).toBe(201);
    const fix = await manager.post(`${base}/movements/${wrong.body.id}/reverse`, { idempotencyKey: key() });
    expect(fix).toMatchObject({ status: 201, body: { kind: "correction", reversesId: wrong.body.id, amountCents: -1000, userId: ana.id } });

    // The round-close job's run (the timer's, in every instance) writes the charges of the closed jornadas.
    await runRoundCloses(t.deps);
    const caja = (await manager.get(base)).body;
    // Written differently from the service: what each paid, minus 1,50 € for each closed jornada
    // they played, minus their fines; the pot is the money that came in minus what went out.
    const closedPlayed = (id: number) => [1, 2, 3].filter((n) => played[n].includes(id)).length;
    const expected = new Map([
      [ana.id, 1000 - 150 * closedPlayed(ana.id)],
      [bea.id, 200 - 150 * closedPlayed(bea.id) - 50],
      [cris.id, 0 - 150 * closedPlayed(cris.id)],
      [manager.id, 0],
    ]);
    expect(Object.fromEntries(expected)).toEqual({ [ana.id]: 550, [bea.id]: -150, [cris.id]: -150, [manager.id]: 0 });
    for (const m of caja.members) expect([m.username, m.balanceCents]).toEqual([m.username, expected.get(m.userId)]);
    const ticket = 4 * 75;
    const pot = 1000 + 200 + 1240 - 2 * ticket;
    expect(caja.potCents).toBe(pot);
    const memberMoney = [...expected.values()].reduce((a, b) => a + b, 0);
    expect(caja.fundCents).toBe(pot - memberMoney);
    // The fund is what the peña earned: six quotas, one fine and the prize, less two tickets.
    expect(caja.fundCents).toBe(6 * 150 + 50 + 1240 - 2 * ticket);
    expect(caja.movements.filter((m: { kind: string }) => m.kind === "quota")).toHaveLength(6);
    expect(caja.movements.filter((m: { kind: string }) => m.kind === "ticket").map((m: { amountCents: number }) => m.amountCents)).toEqual([-ticket, -ticket]);

    // The job again, and a read: nothing is charged twice.
    await runRoundCloses(t.deps);
    const again = (await manager.get(base)).body;
    expect(again.movements).toHaveLength(caja.movements.length);
    expect(again.potCents).toBe(pot);

    // A member reads the pot and their own account, the others' balances only.
    const asBea = (await bea.get(base)).body;
    expect(asBea).toMatchObject({ canWrite: false, potCents: pot, me: { userId: bea.id, balanceCents: -150 } });
    expect(asBea.movements.every((m: { userId: number | null }) => m.userId === null || m.userId === bea.id)).toBe(true);
    expect(asBea.members.find((m: { userId: number }) => m.userId === ana.id).balanceCents).toBe(550);

    // Filters by member and kind.
    const anaPayments = (await manager.get(`${base}?member=${ana.id}&kind=payment`)).body.movements;
    expect(anaPayments.map((m: { amountCents: number }) => m.amountCents)).toEqual([1000, 1000]);

    // Every movement is in the audit trail.
    const trail = (await manager.get(`/Audit/ByGroup/${groupId}?limit=500`)).body as { action: string }[];
    expect(trail.filter((e) => e.action.startsWith("caja.movement") || e.action === "caja.reverse")).toHaveLength(caja.movements.length);
  });

  it("a group may hide the others' balances from its members", async () => {
    const { manager, members, groupId } = await peña(2);
    await manager.post(`/group/${groupId}/caja/movements`, { kind: "payment", userId: members[1].id, amountCents: 500, idempotencyKey: key() });
    const rules = cajaRules({ hideBalances: true });
    expect((await manager.put(`/group/${groupId}/caja/rules`, rules)).status).toBe(200);
    const seen = (await members[0].get(`/group/${groupId}/caja`)).body;
    expect(seen.members.find((m: { userId: number }) => m.userId === members[1].id).balanceCents).toBeNull();
    expect(seen.me.balanceCents).toBe(0);
    expect(seen.potCents).toBe(500);
  });

  it("the same form sent twice records one movement, and the second answer is the first movement", async () => {
    const { manager, members, groupId } = await peña(1);
    const body = { kind: "payment", userId: members[0].id, amountCents: 1250, reference: "Bizum", idempotencyKey: key() };
    const first = await manager.post(`/group/${groupId}/caja/movements`, body);
    const second = await manager.post(`/group/${groupId}/caja/movements`, body);
    expect(first.status).toBe(201);
    expect(second).toEqual({ status: 200, body: first.body });
    // Both at once, too.
    const twin = { ...body, idempotencyKey: key() };
    const [a, b] = await Promise.all([manager.post(`/group/${groupId}/caja/movements`, twin), manager.post(`/group/${groupId}/caja/movements`, twin)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    const caja = (await manager.get(`/group/${groupId}/caja`)).body;
    expect(caja.movements).toHaveLength(2);
    expect(caja.potCents).toBe(2500);
    // The key reused for something else is refused, not silently answered with the old movement.
    expect((await manager.post(`/group/${groupId}/caja/movements`, { ...body, amountCents: 999 })).status).toBe(409);
  });

  it("100 payments posted at once by two managers are all recorded, once each", async () => {
    const { manager, members, groupId } = await peña(4);
    const second = await t.player();
    await t.db.query("insert into group_members (group_id, user_id, role_id) values ($1, $2, 2)", [groupId, second.id]);
    const posts = Array.from({ length: 100 }, (_, i) =>
      (i % 2 ? manager : second).post(`/group/${groupId}/caja/movements`, {
        kind: "payment",
        userId: members[i % 4].id,
        amountCents: 100 + i,
        reference: `Pago ${i}`,
        idempotencyKey: `concurrent-${groupId}-${i}-${key()}`,
      }),
    );
    const answers = await Promise.all(posts);
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(201));
    const caja = (await manager.get(`/group/${groupId}/caja`)).body;
    expect(caja.movements).toHaveLength(100);
    expect(new Set(caja.movements.map((m: { id: number }) => m.id)).size).toBe(100);
    expect(caja.potCents).toBe(Array.from({ length: 100 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0));
  });

  it("the automatic charges read by many at once, on PGlite or on PostgreSQL, are written once each", async () => {
    const { manager, members, groupId } = await peña(3);
    const base = `/group/${groupId}/caja`;
    const seasonId = await build.season(t.db, { name: "Temporada concurrida", startDate: "2024-08-01" });
    const rules = cajaRules({ quotaCents: 200 });
    for (const number of [1, 2]) {
      const start = new Date(Date.UTC(2025, 1, number * 7));
      const quinielaId = await build.pool(t.db, { seasonId, number, startDate: start });
      await build.round(t.db, { groupId, quinielaId, openDate: start, closeDate: new Date(start.getTime() + 86_400_000) });
      for (const m of members)
        await build.prediction(t.db, { groupId, quinielaId, userId: m.id, matches: Array.from({ length: 14 }, () => ["1"]), pleno: { home: 1, away: 0 } });
    }
    // The rule turned on while eight readers (and a payment) arrive at once.
    const [put, ...reads] = await Promise.all([
      manager.put(`${base}/rules`, rules),
      ...Array.from({ length: 8 }, (_, i) => (i % 2 ? manager : members[i % 3]).get(base)),
      manager.post(`${base}/movements`, { kind: "payment", userId: members[0].id, amountCents: 400, idempotencyKey: key() }),
    ]);
    expect(put.status).toBe(200);
    expect(reads.map((r) => r.status)).toEqual([...Array(8).fill(200), 201]);
    const caja = (await manager.get(base)).body;
    expect(caja.movements.filter((m: { kind: string }) => m.kind === "quota")).toHaveLength(6);
    expect(caja.fundCents).toBe(6 * 200);
    const trail = (await manager.get(`/Audit/ByGroup/${groupId}?limit=500`)).body as { action: string }[];
    expect(trail.filter((e) => e.action === "caja.movement")).toHaveLength(7);
  });

  it("a movement is reversed once: a stale correction form gets a 409 in Spanish, a correction is not reversed", async () => {
    const { manager, members, groupId } = await peña(1);
    const base = `/group/${groupId}/caja/movements`;
    const m = (await manager.post(base, { kind: "fine", userId: members[0].id, amountCents: 300, idempotencyKey: key() })).body;
    const first = await manager.post(`${base}/${m.id}/reverse`, { idempotencyKey: key() });
    expect(first.status).toBe(201);
    // Another manager's form, loaded before the reversal, with its own key.
    expect(await manager.post(`${base}/${m.id}/reverse`, { idempotencyKey: key() })).toEqual({ status: 409, body: { message: ALREADY_REVERSED } });
    expect((await manager.post(`${base}/${first.body.id}/reverse`, { idempotencyKey: key() })).status).toBe(409);
    // Two reversals at once: one correction.
    const other = (await manager.post(base, { kind: "fine", userId: members[0].id, amountCents: 200, idempotencyKey: key() })).body;
    const race = await Promise.all([1, 2, 3].map(() => manager.post(`${base}/${other.id}/reverse`, { idempotencyKey: key() })));
    expect(race.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const caja = (await manager.get(`/group/${groupId}/caja`)).body;
    expect(caja.members.find((x: { userId: number }) => x.userId === members[0].id).balanceCents).toBe(0);
    expect((await manager.post(`${base}/999999/reverse`, { idempotencyKey: key() })).status).toBe(404);
  });

  it("only managers and admins write; a player gets 403 before the body is read, another group's member cannot read", async () => {
    const { manager, members, groupId } = await peña(1);
    const outsider = await t.player();
    const base = `/group/${groupId}/caja`;
    const good = { kind: "payment", userId: members[0].id, amountCents: 100, idempotencyKey: key() };
    expect((await members[0].post(`${base}/movements`, good)).status).toBe(403);
    expect((await members[0].post(`${base}/movements`, { nonsense: true })).status).toBe(403);
    expect((await members[0].post(`${base}/movements/1/reverse`, {})).status).toBe(403);
    expect((await members[0].put(`${base}/rules`, {})).status).toBe(403);
    expect((await outsider.get(base)).status).toBe(403);
    expect((await outsider.post(`${base}/movements`, {})).status).toBe(403);
    expect((await t.api.get(base)).status).toBe(401);
    expect((await t.api.post(`${base}/movements`, {})).status).toBe(401);
    expect((await manager.get(`/group/99999999/caja`)).status).toBe(404);
    // The manager's invalid body is a Spanish 400.
    expect(await manager.post(`${base}/movements`, { ...good, userId: undefined })).toEqual({ status: 400, body: { message: MEMBER_REQUIRED } });
    expect((await manager.post(`${base}/movements`, { ...good, amountCents: 0 })).status).toBe(400);
    expect((await manager.post(`${base}/movements`, { ...good, idempotencyKey: "x" })).status).toBe(400);
    const admin = await t.admin();
    expect((await admin.post(`${base}/movements`, good)).status).toBe(201);
    expect((await admin.get(base)).body.me).toBeNull();
  });

  it("the database refuses to change or delete a movement, whoever asks", async () => {
    const { manager, members, groupId } = await peña(1);
    const m = (await manager.post(`/group/${groupId}/caja/movements`, { kind: "payment", userId: members[0].id, amountCents: 100, idempotencyKey: key() }))
      .body;
    await expect(t.db.query("update caja_movements set amount_cents = 1000000 where id = $1", [m.id])).rejects.toThrow(/solo anotación/);
    await expect(t.db.query("delete from caja_movements where id = $1", [m.id])).rejects.toThrow(/solo anotación/);
    await expect(t.db.query("truncate caja_movements")).rejects.toThrow(/solo anotación/);
    await expect(
      t.db.query("insert into caja_movements (group_id, user_id, kind, amount_cents, idempotency_key) values ($1, $2, 'payment', 0, 'k')", [
        groupId,
        members[0].id,
      ]),
    ).rejects.toThrow();
    await expect(
      t.db.query("insert into caja_movements (group_id, user_id, kind, amount_cents, idempotency_key) values ($1, $2, 'quota', 100, 'k')", [
        groupId,
        members[0].id,
      ]),
    ).rejects.toThrow();
    expect((await manager.get(`/group/${groupId}/caja`)).body.potCents).toBe(100);
  });

  it("the season's settlement shares the pot to the cent, waits for debts, pays once and closes the books", async () => {
    const { manager, members, groupId } = await peña(3);
    const [ana, bea, cris] = members;
    const base = `/group/${groupId}/caja`;
    const seasonId = await build.season(t.db, { name: "Temporada a liquidar", startDate: "2024-08-01" });
    const quinielaId = await build.pool(t.db, { seasonId, number: 1, startDate: new Date("2025-01-10T10:00:00Z") });
    await build.round(t.db, { groupId, quinielaId, openDate: new Date("2025-01-10T10:00:00Z"), closeDate: new Date("2025-01-12T10:00:00Z") });
    for (const m of members)
      await build.prediction(t.db, { groupId, quinielaId, userId: m.id, matches: Array.from({ length: 14 }, () => ["1"]), pleno: { home: 0, away: 0 } });
    const post = (body: Record<string, unknown>) => manager.post(`${base}/movements`, { idempotencyKey: key(), ...body });
    await post({ kind: "payment", userId: ana.id, amountCents: 1000 });
    await post({ kind: "quota", userId: bea.id, amountCents: 300 });
    await post({ kind: "prize", amountCents: 1001 });
    // bea owes 3,00 €: her share (3,34 €) covers it, so nobody owes; cris took part and gets a share.
    const preview = (await manager.get(`${base}/settlement?seasonId=${seasonId}`)).body;
    expect(preview).toMatchObject({ seasonId, potCents: 2001, fundCents: 2001 - 1000 + 300, settledAt: null, owing: [] });
    const paid = (id: number) => preview.lines.find((l: { userId: number }) => l.userId === id).payoutCents;
    expect(preview.lines.reduce((sum: number, l: { payoutCents: number }) => sum + l.payoutCents, 0)).toBe(2001);
    // 13,01 € in three shares: 4,34 / 4,34 / 4,33, the odd cent to the better placed in the standings.
    const byPosition = preview.lines
      .filter((l: { tookPart: boolean }) => l.tookPart)
      .sort((a: { position: number }, b: { position: number }) => a.position - b.position)
      .map((l: { shareCents: number }) => l.shareCents);
    expect(byPosition).toEqual([434, 434, 433]);
    const share = (id: number) => preview.lines.find((l: { userId: number }) => l.userId === id).shareCents;
    expect([paid(ana.id), paid(bea.id), paid(cris.id), paid(manager.id)]).toEqual([1000 + share(ana.id), -300 + share(bea.id), share(cris.id), 0]);
    // A members' form cannot confirm it; a stale pot is refused.
    expect((await ana.post(`${base}/settlement`, { seasonId, potCents: 2001 })).status).toBe(403);
    expect(await manager.post(`${base}/settlement`, { seasonId, potCents: 1999 })).toEqual({ status: 409, body: { message: SETTLEMENT_STALE } });
    const [one, two] = await Promise.all([1, 2].map(() => manager.post(`${base}/settlement`, { seasonId, potCents: 2001 })));
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    expect((await manager.post(`${base}/settlement`, { seasonId, potCents: 2001 })).status).toBe(200);
    const after = (await manager.get(base)).body;
    expect(after.potCents).toBe(0);
    expect(after.members.map((m: { balanceCents: number }) => m.balanceCents)).toEqual([0, 0, 0, 0]);
    expect(after.movements.filter((m: { kind: string }) => m.kind === "payout")).toHaveLength(3);
    expect((await manager.get(`${base}/settlement?seasonId=${seasonId}`)).body.settledAt).not.toBeNull();
  });

  it("a settlement that would pay someone with another member's debt waits for the payment", async () => {
    const { manager, members, groupId } = await peña(2);
    const seasonId = await build.season(t.db, { name: "Con deudas", startDate: "2024-08-01" });
    await manager.post(`/group/${groupId}/caja/movements`, { kind: "payment", userId: members[0].id, amountCents: 500, idempotencyKey: key() });
    await manager.post(`/group/${groupId}/caja/movements`, { kind: "quota", userId: members[1].id, amountCents: 500, idempotencyKey: key() });
    const preview = (await manager.get(`/group/${groupId}/caja/settlement?seasonId=${seasonId}`)).body;
    expect(preview.owing).toEqual([`${members[1].username} debe 5,00\u00a0€`]);
    const refused = await manager.post(`/group/${groupId}/caja/settlement`, { seasonId, potCents: 500 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(members[1].username);
  });

  it("the jornada's last placed is fined once per jornada with results, a tie to the worse placed in the jornada, never a second member", async () => {
    const { manager, members, groupId } = await peña(3);
    const [ana, bea, cris] = members;
    const base = `/group/${groupId}/caja`;
    const seasonId = await build.season(t.db, { name: "Temporada de multas", startDate: "2024-08-01" });
    const ones = Array.from({ length: 14 }, () => "1" as const);
    const misses = (n: number) => ones.map((s, i) => (i < n ? "2" : s));
    // Jornada 1: bea and cris tie with 10 hits (identical picks), ana has 15. Jornada 2: cris alone
    // is last. Jornada 3 is closed without results and jornada 4 still open: no fine yet.
    const picks: Record<number, [Player, string[]][]> = {
      1: [
        [ana, ones],
        [bea, misses(4)],
        [cris, misses(4)],
      ],
      2: [
        [ana, misses(1)],
        [bea, misses(2)],
        [cris, misses(7)],
      ],
      3: [[ana, ones]],
      4: [[ana, ones]],
    };
    const pools: number[] = [];
    for (const number of [1, 2, 3, 4]) {
      const start = new Date(Date.UTC(2025, 2, number * 7));
      const quinielaId = await build.pool(t.db, { seasonId, number, startDate: start });
      pools.push(quinielaId);
      const closeDate = number === 4 ? new Date("2025-07-01T00:00:00Z") : new Date(start.getTime() + 86_400_000);
      await build.round(t.db, { groupId, quinielaId, openDate: start, closeDate });
      for (const [who, matches] of picks[number])
        await build.prediction(t.db, { groupId, quinielaId, userId: who.id, matches: matches.map((m) => [m]) as never, pleno: { home: 1, away: 0 } });
      if (number <= 2) await build.results(t.db, quinielaId, ones, { home: 1, away: 0 });
    }
    const rules = cajaRules({ lastPlaceFineCents: 100 });
    expect((await manager.put(`${base}/rules`, rules)).status).toBe(200);
    const fines = async () =>
      ((await manager.get(base)).body.movements as { kind: string; userId: number; amountCents: number; reference: string }[]).filter((m) => m.kind === "fine");
    // Same picks, same points: the jornada's standings order them by name, and the later name is the worse placed.
    const tiedLast = [bea, cris].sort((a, b) => a.username.localeCompare(b.username, "es"))[1];
    const first = await fines();
    expect(first.map((m) => [m.userId, m.amountCents]).sort()).toEqual(
      [
        [tiedLast.id, -100],
        [cris.id, -100],
      ].sort(),
    );
    expect(first.find((m) => m.reference.includes("jornada 2"))).toMatchObject({ userId: cris.id, reference: "Multa: último de la jornada 2 (8 aciertos)" });
    // Read again, and with the results of jornada 2 corrected so that bea is last now: nothing more.
    await build.results(
      t.db,
      pools[1],
      ones.map((_, i) => (i < 7 ? "2" : "1")),
      { home: 1, away: 0 },
    );
    await runRoundCloses(t.deps);
    expect(await fines()).toHaveLength(2);
    // Jornada 3 gets its results: its only player is its last placed.
    await build.results(t.db, pools[2], ones, { home: 1, away: 0 });
    expect(await fines()).toHaveLength(2);
    await runRoundCloses(t.deps);
    const after = await fines();
    expect(after).toHaveLength(3);
    expect(after.find((m) => m.reference.includes("jornada 3"))?.userId).toBe(ana.id);
    expect(after.some((m) => m.userId === manager.id)).toBe(false);
  });

  it("'Esta semana sella': the members in join order or the manager's rota, one place per jornada with a confirmed bet", async () => {
    const { manager, members, groupId } = await peña(3);
    const [ana, bea, cris] = members;
    const outsider = await t.player();
    const base = `/group/${groupId}/caja`;
    const seasonId = await build.season(t.db, { name: "Temporada del sello", startDate: "2024-08-01" });
    const pools: number[] = [];
    for (const number of [1, 2, 3]) {
      const start = new Date(Date.UTC(2025, 3, number * 7));
      const quinielaId = await build.pool(t.db, { seasonId, number, startDate: start });
      pools.push(quinielaId);
      await build.round(t.db, { groupId, quinielaId, openDate: start, closeDate: new Date(start.getTime() + 86_400_000) });
    }
    const at = async (quinielaId: number, who: Player = ana) => (await who.get(`${base}/stamper?quinielaId=${quinielaId}`)).body;
    expect(await at(pools[0])).toMatchObject({ numberQuiniela: 1, current: { userId: manager.id }, next: { userId: ana.id } });
    expect((await at(pools[0])).order.map((p: { userId: number }) => p.userId)).toEqual([manager.id, ana.id, bea.id, cris.id]);
    // No bet in jornada 1: the turn stays. A confirmed bet in jornada 1 moves jornada 2 on by one.
    expect((await at(pools[1])).current.userId).toBe(manager.id);
    const matches = JSON.stringify(Array.from({ length: 14 }, () => ["1"]));
    await t.db.query(`insert into bets (group_id, quiniela_id, season_id, top_n, matches, confirmed, confirmed_at) values ($1, $2, $3, 3, $4, true, now())`, [
      groupId,
      pools[0],
      seasonId,
      matches,
    ]);
    expect(await at(pools[1])).toMatchObject({ current: { userId: ana.id }, next: { userId: bea.id } });
    // The manager's rota: cris, then ana; whoever it leaves out follows in join order.
    const rules = cajaRules();
    expect((await manager.put(`${base}/rules`, { ...rules, stampRota: [cris.id, ana.id] })).body.stampRota).toEqual([cris.id, ana.id]);
    expect(await at(pools[0])).toMatchObject({ current: { userId: cris.id }, next: { userId: ana.id } });
    expect((await at(pools[1])).order.map((p: { userId: number }) => p.userId)).toEqual([cris.id, ana.id, manager.id, bea.id]);
    expect(await at(pools[1])).toMatchObject({ current: { userId: ana.id }, next: { userId: manager.id } });
    // Rules saved without a rota keep it; a rota with someone outside the group is refused.
    expect((await manager.put(`${base}/rules`, rules)).body.stampRota).toEqual([cris.id, ana.id]);
    expect(await manager.put(`${base}/rules`, { ...rules, stampRota: [outsider.id] })).toEqual({ status: 400, body: { message: ROTA_NOT_MEMBERS } });
    expect((await outsider.get(`${base}/stamper`)).status).toBe(403);
  });

  it("a join never changes a stamper already shown: each week's stamper is fixed at the bet's confirmation, audited, and a newcomer waits at the rota's end", async () => {
    const { manager, members, groupId } = await peña(2);
    const [ana, bea] = members;
    const base = `/group/${groupId}/caja`;
    const seasonId = await build.season(t.db, { name: "Temporada del relevo", startDate: "2024-08-01" });
    const now = new Date("2025-06-01T12:00:00Z").getTime(); // the backend's clock here
    const pools: number[] = [];
    // Four jornadas over (their bets confirmed, one turn round the rota and one more) and this week's, open.
    for (const number of [1, 2, 3, 4, 5]) {
      const start = new Date(now - (6 - number) * 7 * 86_400_000);
      const quinielaId = await build.pool(t.db, { seasonId, number, startDate: start });
      pools.push(quinielaId);
      await build.round(t.db, {
        groupId,
        quinielaId,
        openDate: new Date(start.getTime() - 86_400_000),
        closeDate: new Date(start.getTime() + (number === 5 ? 9 : 1) * 86_400_000),
      });
    }
    const matches = JSON.stringify(Array.from({ length: 14 }, () => ["1"]));
    for (const quinielaId of pools.slice(0, 4)) {
      const bet = await t.db.one<{ id: number }>(
        `insert into bets (group_id, quiniela_id, season_id, top_n, matches) values ($1, $2, $3, 3, $4) returning id`,
        [groupId, quinielaId, seasonId, matches],
      );
      expect((await manager.put(`/Bet/${bet!.id}/ConfirmBet`)).status).toBe(200);
    }
    const shown = async () =>
      Promise.all(
        pools.map(async (quinielaId) => {
          const { current, closed } = (await ana.get(`${base}/stamper?quinielaId=${quinielaId}`)).body;
          return { stamper: current.userId, closed };
        }),
      );
    const before = await shown();
    expect(before).toEqual([
      { stamper: manager.id, closed: true },
      { stamper: ana.id, closed: true },
      { stamper: bea.id, closed: true },
      { stamper: manager.id, closed: true },
      { stamper: ana.id, closed: false },
    ]);
    expect((await ana.get(`${base}/stamper`)).body).toMatchObject({ numberQuiniela: 5, current: { userId: ana.id }, next: { userId: bea.id } });
    // Two newcomers join with the group's code: no week, past or this one, changes its stamper.
    const code = (await t.db.one<{ invite_code: string }>("select invite_code from groups where id = $1", [groupId]))!.invite_code;
    const newcomers = [await t.player(), await t.player()];
    for (const n of newcomers) {
      expect((await n.post(`/group/JoinByInviteCode/${code}`)).status).toBe(200);
      expect(await shown()).toEqual(before);
    }
    // The confirmation's record names the stamper it fixed.
    const audit = await t.db.query<{ after: unknown }>("select after from audit_log where group_id = $1 and action = 'bet.confirm' order by id", [groupId]);
    expect(audit.map((a) => (typeof a.after === "string" ? JSON.parse(a.after) : a.after))).toEqual([
      { sella: manager.username },
      { sella: ana.username },
      { sella: bea.username },
      { sella: manager.username },
    ]);
    // This week's bet fixes ana; the next week the newcomers take their turns after bea, at the rota's end.
    const fifth = await t.db.one<{ id: number }>(
      `insert into bets (group_id, quiniela_id, season_id, top_n, matches) values ($1, $2, $3, 3, $4) returning id`,
      [groupId, pools[4], seasonId, matches],
    );
    await manager.put(`/Bet/${fifth!.id}/ConfirmBet`);
    expect((await ana.get(`${base}/stamper?quinielaId=${pools[4]}`)).body).toMatchObject({ current: { userId: ana.id }, next: { userId: bea.id } });
    expect((await ana.get(`${base}/stamper?quinielaId=${pools[3]}`)).body).toMatchObject({ current: { userId: manager.id }, next: { userId: ana.id } });
  });

  it("a big prize's sharing record: shares weighted by the quotas charged up to the prize, the levy on each share above its part of the 40.000 €", async () => {
    const { manager, members, groupId } = await peña(3);
    const [ana, bea, cris] = members;
    const base = `/group/${groupId}/caja`;
    const seasonId = await build.season(t.db, { name: "Temporada del premio", startDate: "2024-08-01" });
    const rules = cajaRules({ quotaCents: 150 });
    // ana plays three jornadas, bea two, cris one (3 : 2 : 1); jornada 4 closes after the prize and does not count.
    const played: Record<number, Player[]> = { 1: [ana, bea, cris], 2: [ana, bea], 3: [ana], 4: [cris, bea] };
    for (const number of [1, 2, 3, 4]) {
      const start = new Date(Date.UTC(2025, 4, number * 5));
      const quinielaId = await build.pool(t.db, { seasonId, number, startDate: start });
      const closeDate = number === 4 ? new Date("2025-06-01T18:00:00Z") : new Date(start.getTime() + 86_400_000);
      await build.round(t.db, { groupId, quinielaId, openDate: start, closeDate });
      for (const who of played[number])
        await build.prediction(t.db, { groupId, quinielaId, userId: who.id, matches: Array.from({ length: 14 }, () => ["1"]), pleno: { home: 1, away: 0 } });
    }
    expect((await manager.put(`${base}/rules`, rules)).status).toBe(200);
    // A quota typed by hand for cris, then corrected: never a stake.
    const wrong = await manager.post(`${base}/movements`, { kind: "quota", userId: cris.id, amountCents: 150, idempotencyKey: key() });
    await manager.post(`${base}/movements/${wrong.body.id}/reverse`, { idempotencyKey: key() });
    const prize = await manager.post(`${base}/movements`, {
      kind: "prize",
      amountCents: 10_000_000,
      reference: "Pleno al 15, jornada 3",
      idempotencyKey: key(),
    });
    expect(prize.status).toBe(201);
    const record = await bea.get(`${base}/prizes/${prize.body.id}`);
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({
      basis: "quotas",
      seasonName: "Temporada del premio",
      prizeCents: 10_000_000,
      thresholdCents: 4_000_000,
      levyPercent: 20,
      taxed: true,
      reversed: false,
    });
    const line = (id: number) => record.body.lines.find((l: { userId: number }) => l.userId === id);
    // Written out by hand: 100.000 € in halves, thirds and sixths; 40.000 € the same way; 20 % of each excess.
    expect(line(ana.id)).toMatchObject({ contributionCents: 450, percentHundredths: 5000, shareCents: 5_000_000, exemptCents: 2_000_000, levyCents: 600_000 });
    expect(line(bea.id)).toMatchObject({ contributionCents: 300, percentHundredths: 3333, shareCents: 3_333_333, exemptCents: 1_333_333, levyCents: 400_000 });
    expect(line(cris.id)).toMatchObject({ contributionCents: 150, percentHundredths: 1667, shareCents: 1_666_667, exemptCents: 666_667, levyCents: 200_000 });
    expect(line(manager.id)).toBeUndefined();
    expect(record.body.levyCents).toBe(1_200_000);
    expect(record.body.netCents).toBe(8_800_000);
    // Only a prize of the pot has a record; another group's member cannot read it.
    const payment = await manager.post(`${base}/movements`, { kind: "payment", userId: ana.id, amountCents: 100, idempotencyKey: key() });
    expect((await manager.get(`${base}/prizes/${payment.body.id}`)).status).toBe(404);
    expect((await (await t.player()).get(`${base}/prizes/${prize.body.id}`)).status).toBe(403);
    // A small prize pays nothing.
    const small = await manager.post(`${base}/movements`, { kind: "prize", amountCents: 4_000_000, idempotencyKey: key() });
    expect((await manager.get(`${base}/prizes/${small.body.id}`)).body).toMatchObject({ taxed: false, levyCents: 0, netCents: 4_000_000 });
  });
});
