import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { keepJornada } from "../../../backend/services/official/jornada-to-pool";
import { runOfficialSteps, slotKey } from "../../../backend/services/official/steps";
import { backendOptionsFromEnv } from "../../../backend/env";
import { startAutoImport } from "../../../backend/services/official/schedule";
import { refreshPrizes } from "../../../backend/services/official/prizes";
import { startFakeSelae, type FakeSelae } from "../../support/fake-selae.mjs";
import { startBackend, type Client, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

// The next jornada read from the (fake) operator, the admin's paste,
// the official prizes, and the panel's steps. The clock is fixed on Wednesday 25 November 2026.
const PRE = JSON.parse(readFileSync(new URL("../../../fixtures/selae/pre-draw-2026-11-29.json", import.meta.url), "utf8"));
const NAMES: { local: string; visitante: string; fecha: string }[] = PRE[0].partidos;
const plain = (n: string) => n.replace(/ \(M\)$/, "");
const LINES = NAMES.map((p, i) => `${i + 1}. ${p.local} - ${p.visitante}`).join("\n");
const DAY = "20261129";
const CLOSE = "2026-11-28T14:00:00.000Z"; // cierre "2026-11-28 15:00:00", Madrid
const OPEN = "2026-11-23T08:00:00.000Z"; // apertura "2026-11-23 09:00:00", Madrid

let fake: FakeSelae;
let t: TestBackend;
let admin: Client;
let seasonId: number;

const pools = () => t.db.query<{ id: number; closing_date: Date }>("select id, closing_date from quinielas order by id");
const panel = async () => (await admin.get("/Loteria/jornadas")).body as { jornadas: any[]; steps: any[] };
const importNext = () => admin.post("/Loteria/jornadas/importar", {});

beforeAll(async () => {
  fake = await startFakeSelae();
  t = await startBackend({
    config: { lotteryBaseUrl: fake.url, lotteryTimeoutMs: 800, lotteryBackoffMs: 50, lotteryThrottleBudgetMs: 300 },
    now: new Date("2026-11-25T10:00:00Z"),
  });
  admin = await t.admin();
  seasonId = await build.season(t.db, { name: "2026-27", startDate: "2026-08-01" });
  // Every team but Granada: its name is held for the admin, never guessed.
  for (const name of new Set(NAMES.flatMap((p) => [plain(p.local), plain(p.visitante)]))) {
    if (name === "At. Madrid") await build.team(t.db, "Atlético de Madrid", ["At. Madrid"]);
    else if (name !== "Granada") await build.team(t.db, name);
  }
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
}, 180_000);
beforeEach(() => {
  fake.setMode(null);
  fake.setNext({ date: DAY, id: "1338106048" });
});

describe("the operator fails well: a step in Spanish, retryable, nothing created", () => {
  const cases = [
    { mode: "403" as const, message: "Próximas jornadas: Loterías ha rechazado la consulta (HTTP 403)." },
    { mode: "406" as const, message: "Próximas jornadas: Loterías está limitando las consultas (HTTP 406). Vuelve a intentarlo en unos minutos." },
    { mode: "garbage" as const, message: "Próximas jornadas: la respuesta de Loterías no es válida (el sorteo 1 no trae fecha o id_sorteo)." },
  ];
  for (const { mode, message } of cases) {
    it(`${mode}`, async () => {
      fake.setMode(mode);
      const res = await importNext();
      expect(res).toEqual({ status: 200, body: { ok: false, messages: [message] } });
      expect(await pools()).toEqual([]);
      const step = (await panel()).steps.find((s) => s.kind === "proximas");
      expect(step).toMatchObject({ outcome: "error", message, retryable: true });
    });
  }

  it("retried from the panel once the operator answers again, the failure is replaced", async () => {
    fake.setMode("406");
    await importNext();
    const failed = (await panel()).steps.find((s) => s.kind === "proximas");
    fake.setMode(null);
    const retried = await admin.post("/Loteria/jornadas/reintentar", { stepId: failed.id });
    expect(retried.status).toBe(200);
    expect(retried.body.messages[0]).toBe("Próximas jornadas consultadas: 1 con cierre publicado.");
    expect((await panel()).steps.find((s) => s.kind === "proximas")).toMatchObject({ id: failed.id, outcome: "ok", retryable: false });
  });
});

describe("the next jornada, in by itself", () => {
  it("a name no team answers to holds the jornada as 'pendiente', never a guessed team", async () => {
    await importNext();
    const [jornada] = (await panel()).jornadas;
    expect(jornada).toMatchObject({ drawKey: "1338106048", status: "pendiente", unknown: ["Granada"], quinielaId: null, jornada: "17", closesAt: CLOSE });
    expect(jornada.message).toContain("«Granada»");
    expect(jornada.matches[14]).toEqual({ home: "Las Palmas", away: "Granada", homeTeam: "Las Palmas", awayTeam: null });
    expect(await pools()).toEqual([]);
    expect(await t.db.query("select 1 from teams where name = 'Granada'")).toEqual([]);
    // The admin is told, once: seeing the same held jornada again sends nothing more.
    await importNext();
    const told = t.mail.to("admin@test.local").filter((m) => m.subject === "Una jornada oficial espera tu decisión");
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain("«Granada»");
    expect(told[0].text).toContain("http://app.test/call-quiniela");
  });

  it("once the name is a team, 'Reintentar' makes the pool: 15 matches in order, opened at publication, closed at the official cierre", async () => {
    await build.team(t.db, "Granada");
    const held = (await panel()).steps.find((s) => s.kind === "importada" && s.drawKey === "1338106048");
    expect(held).toMatchObject({ outcome: "aviso", retryable: true });
    const res = await admin.post("/Loteria/jornadas/reintentar", { stepId: held.id });
    expect(res.body).toEqual({ ok: true, messages: [expect.stringMatching(/^Importada la jornada 17/)] });
    const [pool] = await pools();
    const made = (await admin.get(`/quiniela/GetById/${pool.id}`)).body;
    expect(made).toMatchObject({ seasonId, startDate: OPEN, closingDate: CLOSE });
    expect(made.matches.map((m: { home: string; away: string }) => `${m.home} - ${m.away}`)).toEqual(
      NAMES.map((p) => `${plain(p.local)} - ${plain(p.visitante)}`.replace("At. Madrid", "Atlético de Madrid")),
    );
    expect((await panel()).jornadas[0]).toMatchObject({ status: "creada", quinielaId: pool.id, unknown: [] });
    expect((await panel()).steps.find((s) => s.kind === "importada")?.message).toMatch(
      /^Importada la jornada 17: Jornada 1 de 2026-27, 15 partidos, cierre el 28\/11\/2026 15:00\.$/,
    );
  });

  it("seen twice, or by two at once, it is one pool", async () => {
    await importNext();
    await Promise.all([importNext(), runOfficialSteps(t.deps), importNext()]);
    const input = {
      key: "1338106048",
      source: "lottery" as const,
      drawDate: "2026-11-29",
      numero: null,
      jornada: "17",
      temporada: "2026-2027",
      opensAt: null,
      closesAt: new Date(CLOSE),
      matches: NAMES.map((p) => ({ home: plain(p.local), away: plain(p.visitante) })),
    };
    await Promise.all([keepJornada(t.deps, input), keepJornada(t.deps, input)]);
    expect(await pools()).toHaveLength(1);
    expect(await t.db.query("select draw_key from official_jornadas")).toEqual([{ draw_key: "1338106048" }]);
    // The scheduled run takes its three-hour slot once, whichever instance asks first.
    expect(await runOfficialSteps(t.deps)).toBeNull();
  });

  it("the operator's later change of the close moves the pool's close, and says so", async () => {
    fake.setNext({ date: DAY, id: "1338106048", close: "2026-11-28 16:30:00" });
    await importNext();
    const [pool] = await pools();
    expect(new Date(pool.closing_date).toISOString()).toBe("2026-11-28T15:30:00.000Z");
    expect((await panel()).steps.some((s) => s.message.includes("ha cambiado el cierre de Jornada 1: ahora es el 28/11/2026 16:30"))).toBe(true);
  });

  it("a match changed after players picked waits for the admin to accept it", async () => {
    const [pool] = await pools();
    const player = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: player.id }] });
    await build.prediction(t.db, { groupId, quinielaId: pool.id, userId: player.id, matches: Array(14).fill("1"), pleno: { home: 1, away: 0 } });
    const changed = NAMES.map((p, i) => (i === 2 ? { ...p, visitante: "Girona (M)" } : p));
    fake.setNext({ date: DAY, id: "1338106048", close: "2026-11-28 16:30:00", matches: changed });
    await importNext();
    const before = (await admin.get(`/quiniela/GetById/${pool.id}`)).body;
    expect(before.matches[2].away).toBe("Osasuna");
    const [jornada] = (await panel()).jornadas;
    expect(jornada.status).toBe("cambio");
    expect(jornada.pendingMatches[2]).toEqual({ home: "Betis", away: "Girona" });
    expect(jornada.message).toBe("Loterías ha cambiado el partido 3 de Jornada 1: ya hay pronósticos, acéptalo en el panel para aplicarlo.");
    expect((await admin.post("/Loteria/jornadas/aceptar", { drawKey: "1338106048" })).body).toEqual({
      ok: true,
      messages: ["Cambio de partidos aceptado en Jornada 1."],
    });
    expect((await admin.get(`/quiniela/GetById/${pool.id}`)).body.matches[2].away).toBe("Girona");
    expect((await panel()).jornadas[0].status).toBe("creada");
  });

  it("a draw of a new season asks the admin before starting one", async () => {
    fake.setNext({ date: "20270829", id: "1350106001" });
    await importNext();
    const held = (await panel()).jornadas.find((j) => j.drawKey === "1350106001");
    expect(held).toMatchObject({ status: "temporada-nueva", temporada: "2027-2028", quinielaId: null });
    expect(held.message).toContain("crea la temporada nueva");
    expect(await pools()).toHaveLength(1);
  });

  it("reads the recorded pre-draw answer moved to now: its matches in order, its season's years moved too", async () => {
    fake.setNext({ date: "20261206", id: "1338206049", file: "pre-draw-2022-01-30.json" });
    await importNext();
    const recorded = (await panel()).jornadas.find((j) => j.drawKey === "1338206049");
    expect(recorded).toMatchObject({ status: "pendiente", temporada: "2026-2027", drawDate: "2026-12-06", jornada: "35" });
    expect(recorded.matches[0]).toMatchObject({ home: "Amorebieta", away: "Girona" });
    expect(recorded.matches[14]).toMatchObject({ home: "R. Oviedo", away: "Almería" });
  });

  it("refuses a player, before calling the operator", async () => {
    const player = await t.player();
    const calls = fake.requests.length;
    expect((await player.post("/Loteria/jornadas/importar", {})).status).toBe(403);
    expect((await player.post("/Loteria/jornadas/pegar", { text: LINES })).status).toBe(403);
    expect((await player.get("/Loteria/jornadas")).status).toBe(403);
    expect(fake.requests.length).toBe(calls);
  });
});

describe("the admin's paste", () => {
  const close = "2026-12-05T15:00:00.000Z";

  it("garbage is a Spanish message naming the line", async () => {
    const bad = LINES.replace(/^3\..*$/m, "esto no es un partido");
    expect(await admin.post("/Loteria/jornadas/pegar", { text: bad, closingDate: close })).toEqual({
      status: 400,
      body: { message: "Línea 3: «esto no es un partido» no es un partido «Local - Visitante»." },
    });
    expect((await admin.post("/Loteria/jornadas/pegar", { text: LINES })).body.message).toBe(
      "Indica el cierre de la jornada: las líneas de la web no lo traen.",
    );
  });

  it("previews the 15 matches resolved, and on confirm creates the pool; an unknown name is held", async () => {
    const lines = LINES.replace("Zaragoza (M)", "Real Zaragoza (M)");
    const preview = await admin.post("/Loteria/jornadas/pegar", { text: lines, closingDate: close });
    expect(preview.status).toBe(200);
    expect(preview.body.created).toBeNull();
    expect(preview.body.jornada.unknown).toEqual(["Real Zaragoza"]);
    expect(await pools()).toHaveLength(1);
    const confirmed = await admin.post("/Loteria/jornadas/pegar", { text: lines, closingDate: close, confirm: true });
    expect(confirmed.body.message).toMatch(
      /^La quiniela de la jornada que cierra el 05\/12\/2026 16:00 está pendiente: ningún equipo se llama «Real Zaragoza»/,
    );
    expect(confirmed.body.created).toMatchObject({ drawKey: "pegado-2026-12-05", status: "pendiente", unknown: ["Real Zaragoza"] });
    await admin.post("/Loteria/jornadas/pegar", { text: LINES, closingDate: close, confirm: true });
    const created = (await panel()).jornadas.find((j) => j.drawKey === "pegado-2026-12-05");
    expect(created).toMatchObject({ status: "creada", source: "paste" });
    expect(await pools()).toHaveLength(2);
  });
});

describe("the official prizes, in by themselves", () => {
  it("stored as the lottery's; a prize an admin typed is kept and the difference shown, until accepted", async () => {
    fake.addDraw("20260823", "20260823", "played-draw-2026-08-23-escrutinio.json");
    const august = JSON.parse(readFileSync(new URL("../../../fixtures/selae/played-draw-2026-08-23.json", import.meta.url), "utf8"));
    const matches = august[0].partidos.map((p: { local: string; visitante: string }) => ({
      home: plain(p.local.replace(" (m)", "")),
      away: plain(p.visitante.replace(" (m)", "")),
    }));
    for (const m of matches)
      for (const n of [m.home, m.away]) if (!(await t.db.one("select 1 from teams where lower(name) = lower($1)", [n]))) await build.team(t.db, n);
    const poolId = await build.pool(t.db, {
      seasonId,
      number: 40,
      startDate: new Date("2026-08-17T08:00:00Z"),
      closingDate: new Date("2026-08-22T13:00:00Z"),
      matches,
    });
    const typed = await admin.put(`/Quiniela/${poolId}/Prizes`, {
      prizes: { especial: null, primera: 24_500_000, segunda: null, tercera: null, cuarta: null, quinta: null },
    });
    expect(typed.status).toBe(200);
    const lookup = await admin.post("/Loteria/quiniela/consultar", { fecha: "20260823" });
    expect(lookup.body.status).toBe("ok");
    const prizes = (await admin.get(`/Quiniela/${poolId}/Prizes`)).body;
    expect(prizes.prizes).toEqual({ especial: 0, primera: 24_500_000, segunda: 122_680, tercera: 7_218, cuarta: 687, quinta: 147 });
    const step = (await panel()).steps.find((s) => s.kind === "premios" && s.quinielaId === poolId);
    expect(step.outcome).toBe("aviso");
    expect(step.message).toContain("1ª: tecleado 245.000,00\u00a0€, oficial 245.361,15\u00a0€");
    await admin.post(`/Loteria/jornadas/premios/${poolId}/aceptar`, {});
    const accepted = (await admin.get(`/Quiniela/${poolId}/Prizes`)).body;
    expect(accepted).toMatchObject({ source: "lottery", prizes: { primera: 24_536_115 } });
  });
});

describe("prizes that come after the signs", () => {
  it("a stored draw without its escrutinio gets its prizes on a later run", async () => {
    t.setNow(new Date("2026-10-06T10:00:00Z"));
    try {
      const august = JSON.parse(readFileSync(new URL("../../../fixtures/selae/played-draw-2026-08-23.json", import.meta.url), "utf8"));
      const matches = august[0].partidos.map((p: { local: string; visitante: string }) => ({
        home: p.local.replace(" (m)", ""),
        away: p.visitante.replace(" (m)", ""),
      }));
      const poolId = await build.pool(t.db, {
        seasonId,
        number: 41,
        startDate: new Date("2026-09-28T08:00:00Z"),
        closingDate: new Date("2026-10-03T13:00:00Z"),
        matches,
      });
      fake.addDraw("20261004", "20260823", "played-draw-2026-08-23.json");
      expect((await admin.post("/Loteria/quiniela/consultar", { fecha: "20261004" })).body.status).toBe("ok");
      expect((await admin.get(`/Quiniela/${poolId}/Prizes`)).body.source).toBeNull();
      expect(await refreshPrizes(t.deps)).toEqual({ ok: true, messages: [] });
      fake.addDraw("20261004", "20260823", "played-draw-2026-08-23-escrutinio.json");
      expect(await refreshPrizes(t.deps)).toEqual({ ok: true, messages: ["Premios del sorteo del 2026-10-04 guardados."] });
      expect((await admin.get(`/Quiniela/${poolId}/Prizes`)).body).toMatchObject({ source: "lottery", prizes: { primera: 24_536_115, quinta: 147 } });
      expect((await panel()).steps.find((s) => s.kind === "premios" && s.quinielaId === poolId)).toMatchObject({
        outcome: "ok",
        message: "Premios oficiales de Jornada 41 guardados.",
      });
      // Complete now: not asked for again.
      expect(await refreshPrizes(t.deps)).toEqual({ ok: true, messages: [] });
    } finally {
      t.setNow(new Date("2026-11-25T10:00:00Z"));
    }
  });
});

describe("LOTTERY_AUTO_IMPORT", () => {
  it("brings the next jornada's pool with no form posted, shortly after start", async () => {
    t.setNow(new Date("2026-11-27T16:00:00Z"));
    fake.setNext({ date: "20261213", id: "1339106050" });
    const logged: string[] = [];
    const stop = startAutoImport(t.deps, (line) => logged.push(line));
    try {
      await expect.poll(async () => (await panel()).jornadas.find((j) => j.drawKey === "1339106050")?.status, { timeout: 10_000 }).toBe("creada");
      // The run logs when it ends, after the pool is on the panel: wait for it, so no run is still going
      // when the next test asks for an import of its own.
      await expect.poll(() => logged.some((l) => l.startsWith("Jornadas de Loterías: Importada la jornada 17")), { timeout: 20_000 }).toBe(true);
    } finally {
      stop();
      t.setNow(new Date("2026-11-25T10:00:00Z"));
    }
  });
});

describe("the results of an imported jornada come from its own draw", () => {
  it("once its pool has closed and its draw is played: signs, pleno and prizes, in that pool, once", async () => {
    const matches = NAMES.map((p) => ({ local: p.local, visitante: p.visitante }));
    t.setNow(new Date("2026-12-16T10:00:00Z"));
    try {
      fake.publish({
        date: "20261220",
        id: "1340106052",
        jornada: 19,
        matches,
        opens: Date.parse("2026-12-14T08:00:00Z"),
        close: Date.parse("2026-12-19T14:00:00Z"),
      });
      expect((await runOfficialSteps(t.deps))?.messages).toContainEqual(expect.stringMatching(/^Importada la jornada 19/));
      const pool = (await panel()).jornadas.find((j) => j.drawKey === "1340106052");
      expect(pool.status).toBe("creada");
      // Closed, its day come, not played yet: looked up, nothing stored, nothing said.
      t.setNow(new Date("2026-12-20T12:00:00Z"));
      expect(await runOfficialSteps(t.deps)).toMatchObject({ ok: true });
      expect((await admin.get(`/Quiniela/GetResults/${pool.quinielaId}`)).status).toBe(404);
      // Played, with its escrutinio: the next slot stores it there, with the official prizes.
      fake.play("20261220");
      t.setNow(new Date("2026-12-20T23:30:00Z"));
      const done = await runOfficialSteps(t.deps);
      expect(done?.messages).toContainEqual(expect.stringMatching(/^Resultados del sorteo del 20\/12\/2026 guardados en Jornada \d+ \(2026-27\)\.$/));
      const results = (await admin.get(`/Quiniela/GetResults/${pool.quinielaId}`)).body;
      expect(results.matches).toEqual(["2", "X", "2", "1", "2", "X", "X", "2", "2", "X", "1", "X", "1", "1"]);
      expect((await admin.get(`/Quiniela/${pool.quinielaId}/Prizes`)).body).toMatchObject({
        source: "lottery",
        prizes: { primera: 24_536_115, segunda: 122_680 },
      });
      // Stored: not asked for again.
      t.setNow(new Date("2026-12-21T03:30:00Z"));
      const before = fake.requests.length;
      expect((await runOfficialSteps(t.deps))?.messages.some((m) => m.startsWith("Resultados"))).toBe(false);
      expect(fake.requests.slice(before).some((r) => r.date === "20261220")).toBe(false);
    } finally {
      t.setNow(new Date("2026-11-25T10:00:00Z"));
    }
  });
});

describe("LOTTERY_IMPORT_INTERVAL_MS", () => {
  it("sets the slot: three hours of Madrid's clock by default, as short as a second for a stand-in operator", () => {
    expect(slotKey(new Date("2026-11-26T08:30:00Z"))).toBe("proximas:2026-11-26T09");
    expect(slotKey(new Date("2026-11-26T10:59:00Z"))).toBe("proximas:2026-11-26T09");
    expect(slotKey(new Date("2026-11-26T11:00:00Z"))).toBe("proximas:2026-11-26T12");
    expect(slotKey(new Date("2026-11-27T01:00:07.400Z"), 1000)).toBe("proximas:2026-11-27T02:00:07");
    expect(slotKey(new Date("2026-11-27T01:00:07.900Z"), 1000)).toBe("proximas:2026-11-27T02:00:07");
    const read = (value: string) => backendOptionsFromEnv({ NODE_ENV: "test", LOTTERY_IMPORT_INTERVAL_MS: value }, () => {}).config?.lotteryImportIntervalMs;
    expect(read("1000")).toBe(1000);
    expect(() => read("mucho")).toThrow("LOTTERY_IMPORT_INTERVAL_MS debe ser un número de milisegundos");
    expect(() => read("10")).toThrow("LOTTERY_IMPORT_INTERVAL_MS debe ser de al menos 500");
  });
});
