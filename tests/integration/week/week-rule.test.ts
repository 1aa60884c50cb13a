import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEEK_RULE, NOT_AUTOMATIC } from "#core/contract/week-rule";
import type { Deps } from "../../../backend/context";
import { closeDueRounds, runRoundCloses } from "../../../backend/services/close/close-job";
import { runWeek as weekJob, runWeekOnce as weekJobOnce } from "../../../backend/services/week/job";
import * as build from "../../support/builders";
import { startBackend, type TestBackend } from "../../support/backend";

/** A minute of the house: the week's job, then the round-close job, whose first step is the rule's bet (decision 098). */
const runWeek = async (deps: Deps) => ({ ...(await weekJob(deps)), closed: await runRoundCloses(deps) });
const runWeekOnce = async (deps: Deps) => ({ ...(await weekJobOnce(deps)), closed: await runRoundCloses(deps) });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date("2026-03-09T09:00:00Z");
const ones = Array.from({ length: 14 }, () => ["1" as const]);
const twos = Array.from({ length: 14 }, () => ["2" as const]);

let t: TestBackend;
let seasonId: number;
let nextNumber = 1;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
  seasonId = await build.season(t.db, { name: "2025-26", startDate: "2025-08-01" });
});
afterAll(() => t.close());

const rule = (extra: Record<string, unknown> = {}) => ({
  autoOpen: true,
  typeRota: [1],
  openAt: "publication",
  closeBeforeMinutes: 60,
  betAtClose: true,
  betRule: "wilson",
  autoConfirm: false,
  absentFill: "off",
  absentMax: 3,
  ...extra,
});

/** A peña of a manager and `players` players, with the standing rule set through the API. */
async function peña(players: number, ruleExtra: Record<string, unknown> = {}) {
  const manager = await t.player();
  const members = [];
  for (let i = 0; i < players; i++) members.push(await t.player());
  const groupId = await build.group(t.db, {
    name: `Peña ${nextNumber}`,
    members: [{ userId: manager.id, role: 2 }, ...members.map((m) => ({ userId: m.id }))],
  });
  const saved = await manager.put(`/group/${groupId}/Automation`, rule(ruleExtra));
  expect(saved.status).toBe(200);
  return { manager, members, groupId };
}

/** A pool of the season published an hour ago that closes officially `closesIn` from now. */
async function newPool(closesIn = 2 * DAY, now = NOW) {
  const number = nextNumber++;
  const id = await build.pool(t.db, { seasonId, number, startDate: new Date(now.getTime() - HOUR), closingDate: new Date(now.getTime() + closesIn) });
  return { id, number };
}

const roundsOf = (groupId: number, quinielaId: number) =>
  t.db.query<{ id: number; open_date: Date; close_date: Date; type_quiniela_id: number }>(
    "select id, open_date, close_date, type_quiniela_id from group_quinielas where group_id = $1 and quiniela_id = $2",
    [groupId, quinielaId],
  );
const trail = (groupId: number, action: string) =>
  t.db.query<{ actor_name: string; subject: string; after: unknown }>(
    "select actor_name, subject, after from audit_log where group_id = $1 and action = $2 order by id",
    [groupId, action],
  );

async function at<T>(moment: Date, run: () => Promise<T>): Promise<T> {
  t.setNow(moment);
  try {
    return await run();
  } finally {
    t.setNow(NOW);
  }
}

describe("a peña's standing rule", () => {
  it("starts off, is saved by a manager with its version and recorded in the audit trail", async () => {
    const manager = await t.player();
    const player = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: player.id }] });
    expect((await manager.get(`/group/${groupId}/Automation`)).body).toMatchObject({ autoOpen: false, closeBeforeMinutes: 60, absentMax: 3, version: 0 });
    expect((await player.get(`/group/${groupId}/Automation`)).status).toBe(403);
    expect((await player.put(`/group/${groupId}/Automation`, rule())).status).toBe(403);

    const saved = await manager.put(`/group/${groupId}/Automation`, rule({ typeRota: [1, 2], openAt: "weekly", openWeekday: 3, openTime: "18:00" }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ autoOpen: true, typeRota: [1, 2], openAt: "weekly", openWeekday: 3, openTime: "18:00", version: 1 });
    expect(
      (await manager.put(`/group/${groupId}/Automation`, rule({ typeRota: [1, 2], openAt: "weekly", openWeekday: 3, openTime: "18:00", version: 1 }))).status,
    ).toBe(200);
    expect((await manager.put(`/group/${groupId}/Automation`, rule({ version: 1 }))).status).toBe(409);
    const [, entry] = await trail(groupId, "group.week-rule");
    expect(entry.after).toMatchObject({ abrirSola: true, tipos: "Sencilla → Dos dobles", apertura: "día 3 a las 18:00", cierreAntesMinutos: 60 });
  });

  it("refuses bad input with Spanish messages and writes nothing", async () => {
    const { manager, groupId } = await peña(0);
    const refused = async (body: Record<string, unknown>) => (await manager.put(`/group/${groupId}/Automation`, rule(body))).body.message;
    expect(await refused({ openAt: "weekly", openWeekday: null, openTime: "18:00" })).toBe(WEEK_RULE.weekday);
    expect(await refused({ openAt: "weekly", openWeekday: 2, openTime: "25:00" })).toBe(WEEK_RULE.time);
    expect(await refused({ closeBeforeMinutes: -5 })).toBe(WEEK_RULE.closeBefore);
    expect(await refused({ typeRota: [] })).toBe(WEEK_RULE.rotaLength);
    expect(await refused({ typeRota: [99] })).toBe(WEEK_RULE.unknownType);
    expect(await refused({ absentMax: 0 })).toBe(WEEK_RULE.absentMax);
    expect((await manager.get(`/group/${groupId}/Automation`)).body.version).toBe(1);
  });
});

describe("the week's job", () => {
  it("opens each new jornada once, with the rota's type and the chosen lead, even with concurrent runs", async () => {
    const { groupId } = await peña(1, { typeRota: [2, 3], closeBeforeMinutes: 90 });
    const pool = await newPool();
    await Promise.all([runWeek(t.deps), runWeek(t.deps), runWeekOnce(t.deps)]);
    await runWeek(t.deps);
    const rounds = await roundsOf(groupId, pool.id);
    expect(rounds).toHaveLength(1);
    expect(rounds[0].type_quiniela_id).toBe([2, 3][(pool.number - 1) % 2]);
    expect(new Date(rounds[0].close_date)).toEqual(new Date(NOW.getTime() + 2 * DAY - 90 * 60_000));
    expect(new Date(rounds[0].open_date)).toEqual(new Date(NOW.getTime() - HOUR));
    const opened = (await trail(groupId, "round.auto-open")).filter((e) => e.subject === `Jornada ${pool.number}`);
    expect(opened).toHaveLength(1);
    expect(opened[0].actor_name).toBe("Automático");
  });

  it("opens the round at the chosen weekday and hour (Madrid) after the publication; until then it is there, not yet open", async () => {
    // NOW is Monday 9 March 2026, 10:00 in Madrid; the pool closes on Saturday.
    const { manager, groupId } = await peña(0, { openAt: "weekly", openWeekday: 3, openTime: "18:00" });
    const pool = await newPool(5 * DAY);
    await runWeek(t.deps);
    const [round] = await roundsOf(groupId, pool.id);
    expect(new Date(round.open_date)).toEqual(new Date("2026-03-11T17:00:00Z"));
    expect(new Date(round.close_date)).toEqual(new Date(NOW.getTime() + 5 * DAY - HOUR));
    expect((await manager.get(`/GroupQuiniela/GetByGroupAndQuiniela?groupId=${groupId}&quinielaId=${pool.id}`)).body.state).toBe("not-open");
  });

  it("moves the round's close with the official one, but not a close the manager changed by hand", async () => {
    const { manager, groupId } = await peña(0);
    const pool = await newPool();
    await runWeek(t.deps);
    // The operator's (or the admin's) new official close; the e2e journey moves it through the admin's API.
    const moveTo = (close: Date) => t.db.query("update quinielas set closing_date = $2 where id = $1", [pool.id, close]);
    await moveTo(new Date(NOW.getTime() + 3 * DAY));
    await runWeek(t.deps);
    expect(new Date((await roundsOf(groupId, pool.id))[0].close_date)).toEqual(new Date(NOW.getTime() + 3 * DAY - HOUR));

    const byHand = new Date(NOW.getTime() + DAY);
    const changed = await manager.post("/GroupQuiniela/UpdateStatus", {
      groupId,
      quinielaId: pool.id,
      openDate: new Date(NOW.getTime() - HOUR).toISOString(),
      closeDate: byHand.toISOString(),
    });
    expect(changed.status).toBeLessThan(300);
    await moveTo(new Date(NOW.getTime() + 4 * DAY));
    await runWeek(t.deps);
    expect(new Date((await roundsOf(groupId, pool.id))[0].close_date)).toEqual(byHand);
  });

  it("at the close makes the group's bet once and mails each manager once, with the bet, its cost and the link", async () => {
    const { manager, members, groupId } = await peña(2, { topN: 2 });
    const pool = await newPool(DAY);
    await runWeek(t.deps);
    await build.prediction(t.db, { groupId, quinielaId: pool.id, userId: members[0].id, matches: ones, pleno: { home: 2, away: 1 } });
    await build.prediction(t.db, { groupId, quinielaId: pool.id, userId: members[1].id, matches: ones, pleno: { home: 2, away: 1 } });
    // Before the close: nothing.
    await runWeek(t.deps);
    expect(await t.db.query("select 1 from bets where group_id = $1", [groupId])).toHaveLength(0);

    const after = new Date(NOW.getTime() + DAY);
    await at(after, () => Promise.all([runWeek(t.deps), runWeek(t.deps), runWeekOnce(t.deps)]));
    expect(
      await t.db.query("select 1 from auto_bets where bet_id is not null and group_quiniela_id in (select id from group_quinielas where group_id = $1)", [
        groupId,
      ]),
    ).toHaveLength(1);
    await at(after, () => runWeek(t.deps));
    const bets = await t.db.query<{ id: number; confirmed: boolean }>("select id, confirmed from bets where group_id = $1 and quiniela_id = $2", [
      groupId,
      pool.id,
    ]);
    expect(bets).toHaveLength(1);
    expect(bets[0].confirmed).toBe(false);
    const mails = t.mail.to(`${manager.username}@test.local`);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Quiniela de peñas: apuesta de la jornada ${pool.number} de Peña ${pool.number}`);
    expect(mails[0].text).toContain(" 1. Local 1 - Visitante 1: 1");
    expect(mails[0].text).toContain("15. Local 15 - Visitante 15: 2-1");
    expect(mails[0].text).toMatch(/Coste: \d+,\d\d\s€/);
    expect(mails[0].text).toContain(`http://app.test/grupo/${groupId}/quiniela-grupal?quiniela=${pool.id}`);
    expect(mails[0].text).toContain("Confírmala o edítala aquí:");
    for (const m of members) expect(t.mail.to(`${m.username}@test.local`)).toHaveLength(0);
    const [generated] = (await trail(groupId, "bet.generate")).slice(-1);
    expect(generated.actor_name).toBe("Automático");
  });

  it("makes the bet as the round's close's first step, so the caja charges its ticket in that same close, and the close's record says so", async () => {
    const { manager, members, groupId } = await peña(1, { autoConfirm: true });
    const caja = { quotaCents: 0, quotaBasis: "round", payTicket: true, lastPlaceFineCents: 0, hideBalances: false, bestPrizeCents: 0, pinaPenaltyCents: 0 };
    expect((await manager.put(`/group/${groupId}/caja/rules`, caja)).status).toBe(200);
    const pool = await newPool(DAY);
    await weekJob(t.deps);
    await build.prediction(t.db, { groupId, quinielaId: pool.id, userId: members[0].id, matches: ones, pleno: { home: 1, away: 0 } });
    const after = new Date(NOW.getTime() + DAY);
    // The week's job alone, past the close, makes nothing: the bet is the close's.
    await at(after, () => weekJob(t.deps));
    expect(await t.db.query("select 1 from bets where group_id = $1", [groupId])).toHaveLength(0);
    await at(after, () => closeDueRounds(t.deps, { groupId }));
    const [close] = await t.db.query<{ summary: string }>(
      "select c.summary from round_closes c join group_quinielas gq on gq.id = c.group_quiniela_id where gq.group_id = $1 and gq.quiniela_id = $2",
      [groupId, pool.id],
    );
    expect(close.summary).toBe("Apuesta de la regla: 1; Cargos de la caja: 1");
    const tickets = await t.db.query<{ amount_cents: number }>("select amount_cents from caja_movements where group_id = $1 and kind = 'ticket'", [groupId]);
    expect(tickets).toHaveLength(1);
    expect(tickets[0].amount_cents).toBeLessThan(0);
    // The managers' mail goes with the job's own run, once.
    await at(after, () => runRoundCloses(t.deps));
    await at(after, () => runRoundCloses(t.deps));
    expect(t.mail.to(`${manager.username}@test.local`)).toHaveLength(1);
  });

  it("confirms the bet by itself when the group chose to, and says so in the mail", async () => {
    const { manager, members, groupId } = await peña(1, { autoConfirm: true });
    const pool = await newPool(DAY);
    await runWeek(t.deps);
    await build.prediction(t.db, { groupId, quinielaId: pool.id, userId: members[0].id, matches: twos, pleno: { home: 0, away: 0 } });
    await at(new Date(NOW.getTime() + DAY), () => runWeek(t.deps));
    const bets = await t.db.query<{ confirmed: boolean }>("select confirmed from bets where group_id = $1 and quiniela_id = $2", [groupId, pool.id]);
    expect(bets).toEqual([{ confirmed: true }]);
    expect((await trail(groupId, "bet.confirm"))[0].actor_name).toBe("Automático");
    expect(t.mail.to(`${manager.username}@test.local`)[0].text).toContain("ya está confirmada");
  });

  it("with the placement rule, makes the bet and then applies the chances' placement (or keeps the Wilson bet when there is none)", async () => {
    const { manager, members, groupId } = await peña(2, { betRule: "placement", typeRota: [2] });
    const pool = await newPool(DAY);
    await runWeek(t.deps);
    const doubles = (base: "1" | "2") => Array.from({ length: 14 }, (_, i) => (i < 2 ? ["1", "X"] : [base])) as ("1" | "X" | "2")[][];
    await build.prediction(t.db, { groupId, quinielaId: pool.id, userId: members[0].id, matches: doubles("1"), pleno: { home: 1, away: 1 } });
    await build.prediction(t.db, { groupId, quinielaId: pool.id, userId: members[1].id, matches: doubles("2"), pleno: { home: 1, away: 1 } });
    await at(new Date(NOW.getTime() + DAY), () => runWeek(t.deps));
    const bets = await t.db.query<{ matches: string[][] }>("select matches from bets where group_id = $1 and quiniela_id = $2", [groupId, pool.id]);
    expect(bets).toHaveLength(1);
    expect(bets[0].matches.filter((m) => m.length === 2)).toHaveLength(2);
    expect(t.mail.to(`${manager.username}@test.local`)[0].text).toContain("con la colocación sugerida de dobles y triples");
  });

  it("is served in /openapi.json", async () => {
    const doc = (await t.api.get("/openapi.json")).body;
    expect(Object.keys(doc.paths).filter((p) => /automati/i.test(p))).toEqual(["/group/{id}/automation", "/group/{id}/automaticprediction/{predictionId}"]);
  });

  it("plays an absent member's most frequent picks of the season, marked automatic, at most N times a season, and a manager can remove them", async () => {
    const { manager, members, groupId } = await peña(2, { absentFill: "season", absentMax: 2, betAtClose: false });
    const [loyal, forgetful] = members;
    const weeks = [];
    let now = NOW;
    for (let w = 0; w < 4; w++) {
      const pool = await newPool(DAY, now);
      await at(now, () => runWeek(t.deps));
      await build.prediction(t.db, { groupId, quinielaId: pool.id, userId: loyal.id, matches: ones, pleno: { home: 1, away: 0 } });
      if (w === 0) await build.prediction(t.db, { groupId, quinielaId: pool.id, userId: forgetful.id, matches: twos, pleno: { home: 3, away: 3 } });
      now = new Date(now.getTime() + DAY + HOUR);
      await at(now, () => Promise.all([runWeek(t.deps), runWeek(t.deps)]));
      weeks.push(pool);
    }
    const autos = await t.db.query<{ id: number; quiniela_id: number; matches: string[][]; automatic: string }>(
      "select id, quiniela_id, matches, automatic from predictions where group_id = $1 and user_id = $2 and automatic is not null order by quiniela_id",
      [groupId, forgetful.id],
    );
    expect(autos.map((a) => a.quiniela_id)).toEqual([weeks[1].id, weeks[2].id]);
    expect(autos[0].automatic).toBe("season");
    expect(autos[0].matches).toEqual(twos);
    // The manager never predicted: nothing to play for them.
    expect(await t.db.query("select 1 from predictions where group_id = $1 and user_id = $2", [groupId, manager.id])).toHaveLength(0);
    expect((await trail(groupId, "prediction.automatic")).map((e) => e.after)).toHaveLength(2);

    const own = await t.db.one<{ id: number }>("select id from predictions where group_id = $1 and user_id = $2 and automatic is null", [groupId, loyal.id]);
    expect((await manager.delete(`/group/${groupId}/AutomaticPrediction/${own!.id}`)).body.message).toBe(NOT_AUTOMATIC);
    expect((await loyal.delete(`/group/${groupId}/AutomaticPrediction/${autos[0].id}`)).status).toBe(403);
    expect((await manager.delete(`/group/${groupId}/AutomaticPrediction/${autos[0].id}`)).status).toBe(204);
    expect(await t.db.query("select 1 from predictions where id = $1", [autos[0].id])).toHaveLength(0);
    expect(await trail(groupId, "prediction.automatic-remove")).toHaveLength(1);
  });
});
