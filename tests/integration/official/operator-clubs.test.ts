import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { officialTeamName } from "#core/domain/official/official-jornada";
import { runOfficialSteps } from "../../../backend/services/official/steps";
import { startFakeSelae, type FakeMatch, type FakeSelae } from "../../support/fake-selae.mjs";
import { startBackend, type Client, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";
import AUGUST from "../../../fixtures/selae/played-draw-2026-08-23.json";

// The operator's clubs by their own ids, and a club spelled the other way (decision 091), through
// the stand-in operator serving the recorded answers' shapes: a jornada published with the recorded
// August matches and their clubs' ids (`idLocal`/`idVisitante`, Racing Santander is 3960), played
// with the recorded signs and escrutinio, its played answer spelling Racing «Racing De Santander»,
// as the operator mixes both within one answer.
const PLAYED = ["2", "X", "2", "1", "2", "X", "X", "2", "2", "X", "1", "X", "1", "1"];
const OTHER = "Racing De Santander (M)";

let fake: FakeSelae;
let t: TestBackend;
let admin: Client;
let seasonId: number;
let racing: number;

/** The August matches as published before the draw ("Getafe (M)"), with or without the clubs' ids; match 4's visitante is Racing. */
const published = ({ ids = true, racingAs = "Racing Santander (M)" } = {}): FakeMatch[] =>
  AUGUST[0].partidos.map((p, i) => ({
    local: `${officialTeamName(p.local)} (M)`,
    visitante: i === 3 ? racingAs : `${officialTeamName(p.visitante)} (M)`,
    ...(ids ? { idLocal: p.idLocal, idVisitante: p.idVisitante } : {}),
  }));

const panel = async () => (await admin.get("/Loteria/jornadas")).body as { jornadas: any[]; steps: any[] };
const jornadaOf = async (drawId: string) => (await panel()).jornadas.find((j) => j.drawKey === drawId);
const adminMails = () => t.mail.to("admin@test.local").filter((m) => m.subject === "Una jornada oficial espera tu decisión");
const teamCount = async () => Number((await t.db.one<{ n: number }>("select count(*)::int as n from teams"))!.n);

/** A week: the jornada of Sunday `day` published (opening Tuesday, closing Saturday 15:00 Madrid) and imported at Wednesday's slot. */
async function importWeek(day: string, drawId: string, matches: FakeMatch[]) {
  const sunday = new Date(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T12:00:00Z`);
  const at = (days: number, hour: number) => new Date(sunday.getTime() + days * 86_400_000 + (hour - 12) * 3_600_000);
  fake.publish({ date: day, id: drawId, matches, opens: at(-5, 8).getTime(), close: at(-1, 13).getTime() });
  t.setNow(at(-4, 10));
  admin = await t.admin();
  await admin.post("/Loteria/jornadas/importar", {});
  return { afterDraw: at(0, 23), close: at(-1, 13) };
}

/** A peña whose player picked the jornada: a change of its matches then waits for the admin. */
async function picked(quinielaId: number, close: Date) {
  const player = await t.player();
  const groupId = await build.group(t.db, { members: [{ userId: player.id, role: 2 }] });
  await build.round(t.db, { groupId, quinielaId, openDate: new Date(close.getTime() - 4 * 86_400_000), closeDate: close });
  await build.prediction(t.db, { groupId, quinielaId, userId: player.id, matches: PLAYED.map((s) => [s as "1" | "X" | "2"]), pleno: { home: 2, away: 2 } });
}

/** The draw played, its answer spelling Racing `racingAs` (with or without the ids), still listed among the next draws; the next slot runs. */
async function playWeek(day: string, afterDraw: Date, options: { ids: boolean; racingAs: string }) {
  fake.play(day, "played-draw-2026-08-23-escrutinio.json", { matches: published(options), listed: true });
  t.setNow(afterDraw);
  admin = await t.admin();
  const done = await runOfficialSteps(t.deps);
  // The draw leaves the next draws, as it does once played.
  fake.play(day, "played-draw-2026-08-23-escrutinio.json", { matches: published(options) });
  return done;
}

beforeAll(async () => {
  fake = await startFakeSelae(0, { publishedOnly: true });
  t = await startBackend({
    config: { lotteryBaseUrl: fake.url, lotteryTimeoutMs: 800, lotteryBackoffMs: 50, lotteryThrottleBudgetMs: 300, lotteryImportIntervalMs: 60_000 },
    now: new Date("2026-08-30T10:00:00Z"),
  });
  seasonId = await build.season(t.db, { name: "2026-27", startDate: "2026-08-01" });
  const names = new Set<string>();
  for (const p of AUGUST[0].partidos) names.add(officialTeamName(p.local)).add(officialTeamName(p.visitante));
  for (const name of names) {
    const id = await build.team(t.db, name);
    if (name === "Racing Santander") racing = id;
  }
  expect(seasonId).toBeGreaterThan(0);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
}, 180_000);

describe("the operator's clubs by their own ids", () => {
  it("a jornada that names its clubs with their ids teaches them; the played answer's other spelling is the same club: results stored, no change, no mail", async () => {
    const { afterDraw, close } = await importWeek("20260906", "7001", published());
    const jornada = await jornadaOf("7001");
    expect(jornada.status).toBe("creada");
    expect(await t.db.one("select operator_id from teams where id = $1", [racing])).toEqual({ operator_id: "3960" });
    await picked(jornada.quinielaId, close);
    const mailsBefore = adminMails().length;

    const done = await playWeek("20260906", afterDraw, { ids: true, racingAs: OTHER });
    expect(done?.messages).toContainEqual(expect.stringMatching(/^Resultados del sorteo del 06\/09\/2026 guardados en Jornada \d+ \(2026-27\)\.$/));
    expect((await admin.get(`/Quiniela/GetResults/${jornada.quinielaId}`)).body.matches).toEqual(PLAYED);
    expect((await jornadaOf("7001")).status).toBe("creada");
    expect(adminMails()).toHaveLength(mailsBefore);
  });

  it("the next jornada spelling the club the other way, with its id: no hold, no second club", async () => {
    const teams = await teamCount();
    await importWeek("20260913", "7002", published({ racingAs: OTHER }));
    const jornada = await jornadaOf("7002");
    expect(jornada).toMatchObject({ status: "creada", unknown: [] });
    const pool = (await admin.get(`/quiniela/GetById/${jornada.quinielaId}`)).body;
    expect(pool.matches[3]).toMatchObject({ home: "Getafe", away: "Racing Santander" });
    expect(await teamCount()).toBe(teams);
  });

  it("without the id, the new spelling's card offers the known club as the choice already selected; confirmed, it is an alias and no second club", async () => {
    const teams = await teamCount();
    await importWeek("20260920", "7003", published({ ids: false, racingAs: "Racing De Santander (M)" }));
    // The id above was learnt: this answer carries none, so the name alone is asked about.
    const jornada = await jornadaOf("7003");
    expect(jornada).toMatchObject({ status: "pendiente", unknown: ["Racing De Santander"] });
    expect(jornada.choices).toEqual([{ spelling: "Racing De Santander", close: [{ id: racing, name: "Racing Santander" }] }]);
    const done = await admin.post("/Loteria/jornadas/equipos", { drawKey: "7003", teams: [{ spelling: "Racing De Santander", teamId: racing }] });
    expect(done.body.messages[0]).toBe("Equipos creados: 0. Nombres guardados como alias: 1.");
    expect((await jornadaOf("7003")).status).toBe("creada");
    expect(await teamCount()).toBe(teams);
  });
});

describe("the same club spelled the other way in the played answer, without its id", () => {
  it("with the alias known: results stored, no «cambio por aceptar», no mail to the admin", async () => {
    // The alias above («Racing De Santander»); these answers carry no ids.
    const { afterDraw, close } = await importWeek("20260927", "7004", published({ ids: false }));
    const jornada = await jornadaOf("7004");
    await picked(jornada.quinielaId, close);
    const mailsBefore = adminMails().length;
    await playWeek("20260927", afterDraw, { ids: false, racingAs: OTHER });
    expect((await admin.get(`/Quiniela/GetResults/${jornada.quinielaId}`)).body.matches).toEqual(PLAYED);
    expect((await jornadaOf("7004")).status).toBe("creada");
    expect(adminMails()).toHaveLength(mailsBefore);
  });

  it("still unresolved: the change's card asks who the name is, the known club already chosen; saved, the change goes and the results come", async () => {
    // A spelling no team answers to yet, and no ids: only the admin can say it is Racing.
    const { afterDraw, close } = await importWeek("20261004", "7005", published({ ids: false }));
    const jornada = await jornadaOf("7005");
    await picked(jornada.quinielaId, close);
    await playWeek("20261004", afterDraw, { ids: false, racingAs: "Real Racing Club de Santander (M)" });
    const held = await jornadaOf("7005");
    expect(held).toMatchObject({ status: "cambio", unknown: ["Real Racing Club de Santander"] });
    expect(held.choices).toEqual([{ spelling: "Real Racing Club de Santander", close: [{ id: racing, name: "Racing Santander" }] }]);
    expect((await admin.get(`/Quiniela/GetResults/${jornada.quinielaId}`)).body.matches ?? []).not.toEqual(PLAYED);

    const saved = await admin.post("/Loteria/jornadas/equipos", { drawKey: "7005", teams: [{ spelling: "Real Racing Club de Santander", teamId: racing }] });
    expect(saved.body).toMatchObject({ ok: true });
    expect((await jornadaOf("7005")).status).toBe("creada");
    // The next slot asks for the draw's results again.
    t.setNow(new Date(afterDraw.getTime() + 120_000));
    await runOfficialSteps(t.deps);
    expect((await admin.get(`/Quiniela/GetResults/${jornada.quinielaId}`)).body.matches).toEqual(PLAYED);
  });
});
