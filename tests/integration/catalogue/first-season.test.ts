import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { officialTeamName } from "#core/domain/official/official-jornada";
import { startFakeSelae, type FakeSelae } from "../../support/fake-selae.mjs";
import { startBackend, type Client, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

// A fresh install's first season (decision 064): the catalogue is empty, so the first jornada the
// operator publishes holds every name; one confirm on its card creates them all and the pool.
const PRE = JSON.parse(readFileSync(new URL("../../../fixtures/selae/pre-draw-2026-11-29.json", import.meta.url), "utf8"));
type Partido = { local: string; visitante: string; fecha: string };
/** The recorded-shape jornada with match 11's away written as `racing` (the operator spells Racing two ways). */
const withRacing = (racing: string): Partido[] => PRE[0].partidos.map((p: Partido, i: number) => (i === 10 ? { ...p, visitante: racing } : p));

let fake: FakeSelae;
let t: TestBackend;
let admin: Client;

const panel = async () => (await admin.get("/Loteria/jornadas")).body as { jornadas: any[]; steps: any[] };
const jornada = async (drawKey: string) => (await panel()).jornadas.find((j) => j.drawKey === drawKey);

beforeAll(async () => {
  fake = await startFakeSelae();
  t = await startBackend({
    config: { lotteryBaseUrl: fake.url, lotteryTimeoutMs: 800, lotteryBackoffMs: 50, lotteryThrottleBudgetMs: 300 },
    now: new Date("2026-11-25T10:00:00Z"),
  });
  admin = await t.admin();
  await build.season(t.db, { name: "2026-27", startDate: "2026-08-01" });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
}, 180_000);

describe("a first season with no teams", () => {
  it("the first jornada becomes a pool after one confirm; a club's second spelling is one action, once", async () => {
    expect(await t.db.query("select 1 from teams")).toEqual([]);
    fake.setNext({ date: "20261129", id: "1338106048", matches: withRacing("Racing Santander (M)") });
    await admin.post("/Loteria/jornadas/importar", {});
    const first = await jornada("1338106048");
    expect(first.status).toBe("pendiente");
    const names = withRacing("Racing Santander (M)").flatMap((p) => [officialTeamName(p.local), officialTeamName(p.visitante)]);
    expect(first.unknown).toEqual(names);
    // The admin's one confirm: every name as the operator writes it, one edited (the operator's "At. Madrid").
    const teams = first.unknown.map((n: string) => ({ spelling: n, name: n === "At. Madrid" ? "Atlético de Madrid" : n }));
    const done = await admin.post("/Loteria/jornadas/equipos", { drawKey: "1338106048", teams });
    expect(done.body).toEqual({
      ok: true,
      messages: ["Equipos creados: 30. Nombres guardados como alias: 1.", expect.stringMatching(/^Importada la jornada 17/)],
    });
    expect((await jornada("1338106048")).status).toBe("creada");
    const made = (await admin.get(`/quiniela/GetById/${(await jornada("1338106048")).quinielaId}`)).body;
    expect(made.matches[9]).toMatchObject({ home: "Real Oviedo", away: "Atlético de Madrid" });

    // The next jornada writes Racing another way: held on that one name only, resolved as an alias in one action.
    fake.setNext({ date: "20261206", id: "1339106049", matches: withRacing("Racing De Santander (M)") });
    await admin.post("/Loteria/jornadas/importar", {});
    const second = await jornada("1339106049");
    expect(second).toMatchObject({ status: "pendiente", unknown: ["Racing De Santander"] });
    const aliased = await admin.post("/Loteria/jornadas/equipos", {
      drawKey: "1339106049",
      teams: [{ spelling: "Racing De Santander", name: "Racing Santander" }],
    });
    expect(aliased.body.messages[0]).toBe("Equipos creados: 0. Nombres guardados como alias: 1.");
    expect((await jornada("1339106049")).status).toBe("creada");
    expect(await t.db.query("select name from teams where name like 'Racing%'")).toEqual([{ name: "Racing Santander" }]);

    // Never asked again: the third jornada with that spelling resolves by itself.
    fake.setNext({ date: "20261213", id: "1340106050", matches: withRacing("Racing De Santander (M)") });
    await admin.post("/Loteria/jornadas/importar", {});
    expect((await jornada("1340106050")).status).toBe("creada");
  });

  it("refuses a name the jornada does not hold, and a jornada that waits for nothing, writing nothing", async () => {
    const before = await t.db.query("select count(*)::int as n from teams");
    expect(await admin.post("/Loteria/jornadas/equipos", { drawKey: "1338106048", teams: [{ spelling: "Granada", name: "Granada" }] })).toEqual({
      status: 409,
      body: { message: "Esa jornada ya no espera equipos." },
    });
    expect((await admin.post("/Loteria/jornadas/equipos", { drawKey: "1338106048", teams: [] })).body).toEqual({ message: "No hay equipos que crear." });
    expect(await t.db.query("select count(*)::int as n from teams")).toEqual(before);
  });
});
