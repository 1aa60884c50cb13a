import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * Leave and be forgotten (decision 083): a member with picks, caja movements and a prize share
 * deletes their account. Their address and username are then nowhere, neither in the peña's pages
 * nor in any text of the database; every other member's points, balance and settlement stay to the
 * cent; the address registers again as a new person.
 */

type Player = Awaited<ReturnType<TestBackend["player"]>>;
let t: TestBackend;
let manager: Player;
let ana: Player;
let leaver: Player;
let groupId: number;
let seasonId: number;
let prizeId: number;
const NOW = new Date("2025-06-01T12:00:00Z");
const key = () => randomBytes(12).toString("hex");
const ones = Array.from({ length: 14 }, () => "1" as const);
// A name no other text holds by chance.
const LEAVER = `zoilaborra${randomBytes(3).toString("hex")}`;
const LEAVER_EMAIL = `${LEAVER}@test.local`;

beforeAll(async () => {
  t = await startBackend({ now: NOW });
  manager = await t.player("gestorborra");
  ana = await t.player("anaborra");
  leaver = await t.player(LEAVER);
  groupId = await build.group(t.db, {
    members: [
      { userId: manager.id, role: 2 },
      { userId: ana.id, role: 1 },
      { userId: leaver.id, role: 1 },
    ],
  });
  seasonId = await build.season(t.db, { name: "Temporada del olvido", startDate: "2024-08-01" });
  const rules = { quotaCents: 150, quotaBasis: "round", payTicket: false, lastPlaceFineCents: 0, hideBalances: false, bestPrizeCents: 0, pinaPenaltyCents: 0 };
  expect((await manager.put(`/group/${groupId}/caja/rules`, rules)).status).toBe(200);
  const quinielaId = await build.pool(t.db, { seasonId, number: 1, startDate: new Date("2025-05-30T10:00:00Z") });
  await build.round(t.db, { groupId, quinielaId, openDate: new Date("2025-05-30T10:00:00Z"), closeDate: new Date("2025-06-01T10:00:00Z") });
  for (const [who, misses] of [
    [manager, 2],
    [ana, 4],
    [leaver, 0],
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
    [leaver, 777],
    [manager, 500],
  ] as const)
    expect(
      (await manager.post(`/group/${groupId}/caja/movements`, { kind: "payment", userId: who.id, amountCents: cents, idempotencyKey: key() })).status,
    ).toBe(201);
  expect(
    (await manager.post(`/group/${groupId}/caja/movements`, { kind: "fine", userId: leaver.id, amountCents: 120, reference: "Multa", idempotencyKey: key() }))
      .status,
  ).toBe(201);
  const prize = await manager.post(`/group/${groupId}/caja/movements`, { kind: "prize", amountCents: 1000, idempotencyKey: key() });
  expect(prize.status).toBe(201);
  prizeId = prize.body.id;
  // The leaver's own things: a phrase and a calendar feed.
  expect((await leaver.post("/phrases/Create", { text: `Frase de ${LEAVER}`, author: LEAVER })).status).toBeLessThan(300);
  expect((await leaver.get("/User/Calendar")).status).toBe(200);
}, 120_000);
afterAll(() => t?.close());

/** What the manager's pages of the peña answer: members, standings, results, caja, settlement, prize, export. */
async function pages(as: Player) {
  const reads = [
    `/Group/${groupId}/GetGroupMembers`,
    `/group/${groupId}`,
    `/group/${groupId}/season/${seasonId}/GetClassification`,
    `/group/${groupId}/season/${seasonId}/StandingsPage`,
    `/Bet/RoundSummary?groupId=${groupId}&numberQuiniela=1&seasonId=${seasonId}`,
    `/group/${groupId}/caja`,
    `/group/${groupId}/caja/settlement?seasonId=${seasonId}`,
    `/group/${groupId}/caja/prizes/${prizeId}`,
    `/Quiniela/1/GetPredictions?groupId=${groupId}`,
    `/screens/group/${groupId}/dashboard`,
    `/group/${groupId}/export`,
  ];
  const out: Record<string, { status: number; text: string; body: any }> = {};
  for (const path of reads) {
    const res = await as.get(path);
    out[path] = { status: res.status, text: typeof res.body === "string" ? res.body : JSON.stringify(res.body), body: res.body };
  }
  return out;
}

const standingsOf = (body: any) => Object.fromEntries(((body.rows ?? body) as { userId: number; totalPoints: number }[]).map((r) => [r.userId, r.totalPoints]));
const balancesOf = (body: any) =>
  Object.fromEntries((body.members as { userId: number; balanceCents: number | null }[]).map((m) => [m.userId, m.balanceCents]));
/** Each line by member, without the name (which is the only thing that changes). */
const settlementOf = (body: any) =>
  Object.fromEntries((body.lines as { userId: number }[]).map(({ userId, ...line }) => [userId, { ...line, username: undefined }]));

/** Every row of every text, varchar and json column of the database, as text. */
async function databaseText(): Promise<{ column: string; value: string }[]> {
  const columns = await t.db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying', 'json', 'jsonb', 'character')`,
  );
  const found: { column: string; value: string }[] = [];
  for (const c of columns) {
    const rows = await t.db.query<{ v: string | null }>(`select "${c.column_name}"::text as v from "${c.table_name}"`);
    for (const r of rows) if (r.v !== null) found.push({ column: `${c.table_name}.${c.column_name}`, value: r.v });
  }
  return found;
}

describe("a member deletes their account", () => {
  it("a wrong password is refused and deletes nothing", async () => {
    const res = await leaver.post("/auth/DeleteAccount", { password: "Otra#2026cosa" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("La contraseña no es correcta: tu cuenta no se ha eliminado.");
    expect((await leaver.get("/auth/me")).status).toBe(200);
    expect((await t.db.one<{ deleted_at: Date | null }>("select deleted_at from users where id = $1", [leaver.id]))!.deleted_at).toBeNull();
  });

  it("the only manager of a peña with other members is told to hand it over first", async () => {
    const res = await manager.post("/auth/DeleteAccount", { password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("Eres el único gestor de la peña");
    expect(res.body.message).toContain("nombra gestor a otro miembro");
    expect((await manager.get("/auth/me")).status).toBe(200);
  });

  it("goes, with nothing of theirs left and nobody else's numbers changed", async () => {
    const before = await pages(manager);
    for (const [path, page] of Object.entries(before)) expect(page.status, path).toBe(200);
    expect(JSON.stringify(before)).toContain(LEAVER);
    const movements = () => t.db.query("select * from caja_movements order by id");
    const ledger = await movements();
    const res = await leaver.post("/auth/DeleteAccount", { password: PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Their session is gone and they cannot sign in, by username or by address.
    expect((await leaver.get("/auth/me")).status).toBe(401);
    expect((await t.api.post("/auth/login", { username: LEAVER, password: PASSWORD })).status).toBe(401);
    expect((await t.api.post("/auth/login", { email: LEAVER_EMAIL, password: PASSWORD })).status).toBe(401);

    const after = await pages(manager);
    for (const [path, page] of Object.entries(after)) {
      expect(page.status, path).toBe(200);
      expect(page.text.toLowerCase(), path).not.toContain(LEAVER);
    }
    const standings = `/group/${groupId}/season/${seasonId}/GetClassification`;
    expect(standingsOf(after[standings].body)).toEqual(standingsOf(before[standings].body));
    const caja = `/group/${groupId}/caja`;
    // Everyone's balance to the cent, the leaver's pending one too: the manager settles it under the pseudonym.
    expect(balancesOf(after[caja].body)).toEqual(balancesOf(before[caja].body));
    expect(after[caja].body.members.find((m: { userId: number }) => m.userId === leaver.id).username).toBe("Antiguo miembro 1");
    const settlement = `/group/${groupId}/caja/settlement?seasonId=${seasonId}`;
    expect(settlementOf(after[settlement].body)).toEqual(settlementOf(before[settlement].body));
    const prize = `/group/${groupId}/caja/prizes/${prizeId}`;
    expect(settlementOf(after[prize].body)).toEqual(settlementOf(before[prize].body));
    expect(after[prize].body.prizeCents).toBe(before[prize].body.prizeCents);
    expect(after[standings].text).toContain("Antiguo miembro 1");

    const leftovers = (await databaseText()).filter(({ value }) => value.toLowerCase().includes(LEAVER));
    expect(leftovers).toEqual([]);
    for (const table of ["auth_tokens", "calendar_feeds", "phrases", "user_avatars"]) {
      expect((await t.db.one<{ n: number }>(`select count(*)::int as n from ${table} where user_id = $1`, [leaver.id]))!.n, table).toBe(0);
    }
    // The ledger was not rewritten: the leaver's movements are still there, under their row.
    expect(await movements()).toEqual(ledger);
    expect(ledger.filter((m: any) => m.user_id === leaver.id).length).toBeGreaterThanOrEqual(2);
  });

  it("the address registers again as a new person, with nothing of the old one", async () => {
    const again = await t.player(LEAVER);
    expect(again.id).not.toBe(leaver.id);
    expect((await again.get("/group/GetMyGroups")).body).toEqual([]);
    expect((await again.get(`/group/${groupId}/caja`)).status).toBe(403);
    expect((await again.get("/phrases/List")).body.some((p: { author: string }) => p.author === LEAVER)).toBe(false);
  });

  it("an admin erases someone who cannot sign in; a second erasure says it is gone", async () => {
    const gone = await t.player("beaborra");
    // Another member whose name holds the erased one's keeps it whole in the audit trail.
    const longer = await t.player("beaborrados");
    for (const who of [gone, longer]) {
      await t.db.query("insert into group_members (group_id, user_id, role_id) values ($1, $2, 1)", [groupId, who.id]);
      expect(
        (await manager.post(`/group/${groupId}/caja/movements`, { kind: "payment", userId: who.id, amountCents: 100, idempotencyKey: key() })).status,
      ).toBe(201);
    }
    const admin = await t.admin();
    expect((await ana.post(`/admin/users/${gone.id}/erase`)).status).toBe(403);
    const res = await admin.post(`/admin/users/${gone.id}/erase`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await gone.get("/auth/me")).status).toBe(401);
    expect((await t.api.post("/auth/login", { username: "beaborra", password: PASSWORD })).status).toBe(401);
    const members = (await manager.get(`/group/${groupId}/caja`)).body.members as { userId: number; username: string }[];
    expect(members.map((m) => m.username)).not.toContain("beaborra");
    expect(members.find((m) => m.userId === gone.id)?.username).toBe("Antiguo miembro 2");
    expect((await admin.post(`/admin/users/${gone.id}/erase`)).status).toBe(409);
    const trail = (await t.db.query<{ subject: string }>("select subject from audit_log where group_id = $1", [groupId])).map((r) => r.subject);
    expect(trail.filter((subject) => subject.includes("beaborrados")).length).toBeGreaterThan(0);
    expect(trail.filter((subject) => /beaborra(?!dos)/.test(subject))).toEqual([]);
    const names = await t.db.query<{ display_name: string }>(
      "select display_name from group_members where group_id = $1 and user_id = any($2::int[]) order by display_name",
      [groupId, [leaver.id, gone.id]],
    );
    expect(names.map((n) => n.display_name)).toEqual(["Antiguo miembro 1", "Antiguo miembro 2"]);
  });
});
