import { readFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECEIPT_MESSAGES } from "#core/contract/receipt";
import { sendDueReceiptAsks, sendDueReceiptAsksOnce } from "../../../backend/services/mail/receipt-reminders";
import { startFakeSelae, type FakeSelae } from "../../support/fake-selae.mjs";
import { startBackend, type Client, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * The jornada's first match (decision 093): the operator's answer before the draw gives each match's
 * start (`partidos[].fecha`, Madrid time), the import keeps it, and the resguardo is timed against
 * the first of them, not the pool's close. In fixtures/selae/pre-draw-2026-11-29.json the cierre is
 * Saturday 28 November 2026 at 15:00 and the first match (Athletic Club - Sevilla) starts at 16:15.
 */
const PRE = JSON.parse(readFileSync(new URL("../../../fixtures/selae/pre-draw-2026-11-29.json", import.meta.url), "utf8"));
const NAMES: { local: string; visitante: string }[] = PRE[0].partidos;
const plain = (n: string) => n.replace(/ \(M\)$/, "");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CLOSE = new Date("2026-11-28T14:00:00Z"); // cierre «2026-11-28 15:00:00», Madrid (CET)
const FIRST_MATCH = new Date("2026-11-28T15:15:00Z"); // «2026/11/28 16:15:00», Madrid
const NOW = new Date("2026-11-25T10:00:00Z");

let fake: FakeSelae;
let t: TestBackend;
let admin: Client;
let quinielaId: number;
let seasonId: number;

type Player = Awaited<ReturnType<TestBackend["player"]>>;

beforeAll(async () => {
  fake = await startFakeSelae();
  t = await startBackend({
    config: { lotteryBaseUrl: fake.url, lotteryTimeoutMs: 800, lotteryBackoffMs: 50, lotteryThrottleBudgetMs: 300 },
    now: NOW,
  });
  admin = await t.admin();
  seasonId = await build.season(t.db, { name: "2026-27", startDate: "2026-08-01" });
  for (const name of new Set(NAMES.flatMap((p) => [plain(p.local), plain(p.visitante)]))) await build.team(t.db, name);
  fake.setNext({ date: "20261129", id: "1338106048" });
  const imported = await admin.post("/Loteria/jornadas/importar", {});
  expect(imported.body.ok).toBe(true);
  quinielaId = (await t.db.one<{ id: number }>("select id from quinielas where season_id = $1", [seasonId]))!.id;
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
}, 180_000);

/** A peña whose rota names ana for the imported jornada, with its group bet made. */
async function peña(pool = quinielaId) {
  const [manager, ana, bea] = [await t.player(), await t.player(), await t.player()];
  const groupId = await build.group(t.db, {
    name: "Peña del Primer Partido",
    members: [{ userId: manager.id, role: 2 }, { userId: ana.id }, { userId: bea.id }],
  });
  await build.round(t.db, { groupId, quinielaId: pool, openDate: new Date(NOW.getTime() - 86_400_000), closeDate: new Date(CLOSE.getTime() - HOUR) });
  const rules = { quotaCents: 0, quotaBasis: "round", payTicket: true, lastPlaceFineCents: 0, hideBalances: false, bestPrizeCents: 0, pinaPenaltyCents: 0 };
  expect((await manager.put(`/group/${groupId}/caja/rules`, { ...rules, stampRota: [ana.id, bea.id, manager.id] })).status).toBe(200);
  const poolSeason = (await t.db.one<{ season_id: number }>("select season_id from quinielas where id = $1", [pool]))!.season_id;
  await t.db.query("insert into bets (group_id, quiniela_id, season_id, top_n, matches, pleno_home, pleno_away) values ($1, $2, $3, 3, $4, 1, 0)", [
    groupId,
    pool,
    poolSeason,
    JSON.stringify(Array.from({ length: 14 }, () => ["1"])),
  ]);
  return { manager, ana, bea, groupId, base: `/group/${groupId}/receipts` };
}

const photo = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: "#d8d0b8" } })
    .jpeg()
    .toBuffer();

async function upload(who: Player, base: string, pool = quinielaId) {
  const form = new FormData();
  form.set("quinielaId", String(pool));
  form.set("photo", new Blob([new Uint8Array(await photo())], { type: "image/jpeg" }), "resguardo.jpg");
  return who.post(base, form);
}

async function at<T>(when: Date, run: () => Promise<T>): Promise<T> {
  t.setNow(when);
  try {
    return await run();
  } finally {
    t.setNow(NOW);
  }
}

describe("the jornada's first match, from the operator's answer", () => {
  it("is kept per match when the jornada is imported: the first starts at 16:15, after the 15:00 close", async () => {
    const pool = await t.db.one<{ closing_date: Date; first: Date }>("select closing_date, first_match_at(id) as first from quinielas where id = $1", [
      quinielaId,
    ]);
    expect(new Date(pool!.closing_date)).toEqual(CLOSE);
    expect(new Date(pool!.first)).toEqual(FIRST_MATCH);
    const starts = await t.db.query<{ position: number; kick_off: Date }>(
      "select position, kick_off from quiniela_matches where quiniela_id = $1 order by position",
      [quinielaId],
    );
    expect(starts).toHaveLength(15);
    expect(new Date(starts[0].kick_off)).toEqual(FIRST_MATCH);
    expect(new Date(starts[9].kick_off)).toEqual(new Date("2026-11-30T20:00:00Z")); // Real Oviedo - At. Madrid, Monday 21:00
    // Imported again, the same answer writes nothing: the pool's version does not move.
    const version = (await t.db.one<{ version: number }>("select version from quinielas where id = $1", [quinielaId]))!.version;
    await admin.post("/Loteria/jornadas/importar", {});
    expect((await t.db.one<{ version: number }>("select version from quinielas where id = $1", [quinielaId]))!.version).toBe(version);
  });

  it("says «antes del primer partido» for a photo at 15:30, after the close and before the 16:15 match, which can still be replaced", async () => {
    const p = await peña();
    const sent = await at(new Date("2026-11-28T14:30:00Z"), () => upload(p.ana, p.base));
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ firstMatchAt: FIRST_MATCH.toISOString(), firstMatchKnown: true, started: false });
    expect(sent.body.receipts[0]).toMatchObject({ beforeStart: true, canRemove: true });
    const audit = await t.db.one<{ after: { subida: string } }>("select after from audit_log where group_id = $1 and action = 'receipt.add'", [p.groupId]);
    expect(audit!.after.subida).toBe("Sellado y subido a las 15:30 del sábado, antes del primer partido");
    // Until the first match its uploader may still take it back; from 16:15 on it stays.
    const id = sent.body.receipts[0].id;
    expect((await at(new Date(FIRST_MATCH.getTime() + MINUTE), () => p.ana.delete(`${p.base}/${id}`))).status).toBe(409);
    expect((await at(new Date(FIRST_MATCH.getTime() - MINUTE), () => p.ana.delete(`${p.base}/${id}`))).status).toBe(204);
  });

  it("says «después del comienzo de la jornada» for a photo at 16:20, and the photo stays", async () => {
    const p = await peña();
    const sent = await at(new Date("2026-11-28T15:20:00Z"), () => upload(p.ana, p.base));
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ started: true });
    expect(sent.body.receipts[0]).toMatchObject({ beforeStart: false, canRemove: false });
    const audit = await t.db.one<{ after: { subida: string } }>("select after from audit_log where group_id = $1 and action = 'receipt.add'", [p.groupId]);
    expect(audit!.after.subida).toBe("A las 16:20 del sábado, subido después del comienzo de la jornada");
    expect(await at(new Date("2026-11-28T15:21:00Z"), () => p.ana.delete(`${p.base}/${sent.body.receipts[0].id}`))).toEqual({
      status: 409,
      body: { message: RECEIPT_MESSAGES.started },
    });
  });

  it("asks for the missing resguardo once, two hours before the first match (14:15), not two hours before the close", async () => {
    const p = await peña();
    const mails = () => t.mail.to(`${p.ana.username}@test.local`).filter((m) => m.subject.includes("falta el resguardo"));
    // 13:05 in Madrid: two hours before the close, and more than two before the first match.
    await at(new Date(CLOSE.getTime() - 2 * HOUR + 5 * MINUTE), () => sendDueReceiptAsks(t.deps));
    expect(mails()).toHaveLength(0);
    // 14:16 in Madrid: two instances' jobs, and the same one twice, claim it once.
    await at(new Date(FIRST_MATCH.getTime() - 2 * HOUR + MINUTE), async () => {
      await Promise.all([sendDueReceiptAsksOnce(t.deps), sendDueReceiptAsks({ ...t.deps }), sendDueReceiptAsks(t.deps)]);
      await sendDueReceiptAsks(t.deps);
    });
    expect(mails()).toHaveLength(1);
    expect(mails()[0]!.text).toContain("El primer partido de la jornada");
    expect(mails()[0]!.text).toContain("28/11/2026 16:15 (hora de Madrid)");
    for (const who of [p.bea, p.manager])
      expect(t.mail.to(`${who.username}@test.local`).filter((m) => m.subject.includes("falta el resguardo"))).toHaveLength(0);
  });

  it("keeps its starts through an admin's edit that leaves the matches as they are; a match changed by hand falls back to the close", async () => {
    const pool = (await admin.get(`/quiniela/GetById/${quinielaId}`)).body;
    const body = {
      startDate: pool.startDate,
      closingDate: pool.closingDate,
      matches: pool.matches.map(({ home, away }: { home: string; away: string }) => ({ home, away })),
    };
    expect((await admin.put(`/quiniela/UpdateQuiniela/${quinielaId}`, { ...body, version: pool.version })).status).toBe(200);
    const first = async () => new Date((await t.db.one<{ first: Date }>("select first_match_at($1) as first", [quinielaId]))!.first);
    expect(await first()).toEqual(FIRST_MATCH);
    const again = (await admin.get(`/quiniela/GetById/${quinielaId}`)).body;
    const swapped = body.matches.map((m: { home: string; away: string }, i: number) => (i === 14 ? { home: m.away, away: m.home } : m));
    expect((await admin.put(`/quiniela/UpdateQuiniela/${quinielaId}`, { ...body, matches: swapped, version: again.version })).status).toBe(200);
    expect(await first()).toEqual(CLOSE);
    // The operator's next answer gives the starts back.
    await admin.post("/Loteria/jornadas/importar", {});
    expect(await first()).toEqual(FIRST_MATCH);
  });

  it("falls back to the pool's close for a pool typed by hand, whose form has no match times", async () => {
    const manual = await build.pool(t.db, { seasonId, number: 40, startDate: new Date("2026-11-20T10:00:00Z"), closingDate: CLOSE });
    const p = await peña(manual);
    const sent = await at(new Date("2026-11-28T14:30:00Z"), () => upload(p.ana, p.base, manual));
    expect(sent.body).toMatchObject({ firstMatchAt: CLOSE.toISOString(), firstMatchKnown: false, started: true });
    expect(sent.body.receipts[0]).toMatchObject({ beforeStart: false });
  });
});
