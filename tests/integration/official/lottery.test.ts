import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SEARCH_FINISHED, TIMEOUT_MESSAGE, type LogLine } from "#core/contract/lottery";
import { officialTeamName } from "#core/domain/official/official-jornada";
import { searchForward } from "../../../backend/services/official/draw-results";
import { lotteryClient } from "../../../backend/services/official/client";
import { runScheduledImport } from "../../../backend/services/official/schedule";
import { startFakeSelae, type FakeSelae } from "../../support/fake-selae.mjs";
import { startBackend, type Client, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

const recorded = (name: string) => JSON.parse(readFileSync(new URL(`../../../fixtures/selae/${name}`, import.meta.url), "utf8"));
const APRIL = recorded("played-draw-2026-04-26.json");
const AUGUST = recorded("played-draw-2026-08-23.json");
const matchesOf = (body: { partidos: { local: string; visitante: string }[] }[]) =>
  body[0].partidos.map((p) => ({
    home: officialTeamName(p.local),
    away: officialTeamName(p.visitante),
  }));

let fake: FakeSelae;
let t: TestBackend;
let admin: Client;
let player: Client;
let aprilPool: number;
let augustPool: number;

/** Everything a failed import could have touched. */
const storedState = async () => ({
  results: await t.db.query("select quiniela_id, matches, pleno_home, pleno_away from quiniela_results order by quiniela_id"),
  draws: await t.db.query("select draw_date::text, quiniela_id from lottery_draws order by draw_date"),
});

async function search(client: Client): Promise<{ status: number; lines: LogLine[] }> {
  const res = await client.post("/Loteria/quiniela/buscar");
  const text = typeof res.body === "string" ? res.body : `${JSON.stringify(res.body)}\n`;
  return {
    status: res.status,
    lines: text
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogLine),
  };
}

beforeAll(async () => {
  fake = await startFakeSelae();
  t = await startBackend({
    config: {
      lotteryBaseUrl: fake.url,
      lotteryTimeoutMs: 800,
      lotteryBackoffMs: 50,
      lotteryThrottleBudgetMs: 400,
    },
    now: new Date("2026-05-01T10:00:00Z"),
  });
  admin = await t.admin();
  player = await t.player("jugador");
  const s2526 = await build.season(t.db, {
    name: "2025-26",
    startDate: "2025-08-01",
  });
  const s2627 = await build.season(t.db, {
    name: "2026-27",
    startDate: "2026-08-01",
  });
  // "At. Madrid" is the service's spelling of a team the catalogue names otherwise: an alias joins them.
  const names = new Set([...matchesOf(APRIL), ...matchesOf(AUGUST)].flatMap((m) => [m.home, m.away]));
  for (const name of names) {
    if (name === "At. Madrid") await build.team(t.db, "Atlético de Madrid", ["At. Madrid"]);
    else await build.team(t.db, name);
  }
  const poolOf = async (seasonId: number, startDate: string, closingDate: string, draw: typeof APRIL) => {
    const created = await admin.post("/quiniela/CreateQuiniela", { seasonId, startDate, closingDate, matches: matchesOf(draw) });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  aprilPool = await poolOf(s2526, "2026-04-20T08:00:00Z", "2026-04-24T17:00:00Z", APRIL);
  augustPool = await poolOf(s2627, "2026-08-17T08:00:00Z", "2026-08-22T13:00:00Z", AUGUST);
  // A fresh embedded database can take long to start on a busy machine.
}, 180_000);
afterAll(async () => {
  await t.close();
  await fake.close();
}, 180_000);
beforeEach(() => fake.setMode(null));

describe("the fake lottery service", () => {
  it("refuses a client that does not look like a browser, as the real one does", async () => {
    const res = await fetch(`${fake.url}/servicios/fechav3?game_id=LAQU&fecha_sorteo=20260426`);
    expect(res.status).toBe(403);
  });

  it("finds the played draws of a range of days (buscadorSorteos), sent as a browser would", async () => {
    const client = lotteryClient(t.deps.config);
    expect(await client.fetchPlayedDays("20260401", "20260831")).toEqual(["2026-04-26", "2026-08-23"]);
    expect(await client.fetchPlayedDays("20260501", "20260531")).toEqual([]);
    expect(fake.requests.at(-1)).toMatchObject({ path: "/servicios/buscadorSorteos", browser: true });
  });
});

describe("who may use the lottery calls", () => {
  it("refuses a player every lottery call (403) and never calls the service for them", async () => {
    const before = fake.requests.length;
    expect((await player.get("/Loteria/quiniela/ultima")).status).toBe(403);
    expect((await player.post("/Loteria/RegistrarQuiniela", APRIL)).status).toBe(403);
    expect((await player.post("/Loteria/quiniela/consultar", { fecha: "20260426" })).status).toBe(403);
    expect((await player.post("/Loteria/quiniela/buscar")).status).toBe(403);
    expect((await t.api.post("/Loteria/quiniela/consultar", { fecha: "20260426" })).status).toBe(401);
    expect(fake.requests.length).toBe(before);
  });

  it("asks for the date in yyyyMMdd", async () => {
    expect(await admin.post("/Loteria/quiniela/consultar", { fecha: "" })).toEqual({
      status: 400,
      body: { message: "Debes indicar Fecha (yyyyMMdd)" },
    });
    expect((await admin.post("/Loteria/quiniela/consultar", { fecha: "20261399" })).status).toBe(400);
  });
});

describe("a service that fails well", () => {
  const cases = [
    {
      mode: "403" as const,
      status: 502,
      message: "Loterías ha rechazado la consulta (HTTP 403).",
    },
    {
      mode: "406" as const,
      status: 503,
      message: "Loterías está limitando las consultas (HTTP 406). Vuelve a intentarlo en unos minutos.",
    },
    { mode: "truncated" as const, status: 502, message: /incompleta/ },
    { mode: "hang" as const, status: 504, message: TIMEOUT_MESSAGE },
  ];
  for (const { mode, status, message } of cases) {
    it(`a ${mode} answer gives a clear message and stores nothing`, async () => {
      const before = await storedState();
      fake.setMode(mode);
      const asked = fake.requests.length;
      const res = await admin.post("/Loteria/quiniela/consultar", {
        fecha: "20260426",
      });
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
      expect(await storedState()).toEqual(before);
      expect((await admin.get("/Loteria/quiniela/ultima")).body).toEqual({
        drawDate: null,
      });
      // Every call looked like a browser's; a throttled one was retried, then given up on.
      const calls = fake.requests.slice(asked);
      expect(calls.every((c) => c.browser)).toBe(true);
      expect(calls.length > 1).toBe(mode === "406");
    });
  }

  it("the automatic search stops at a failure with the service's message and stores nothing", async () => {
    const before = await storedState();
    fake.setMode("403");
    const { status, lines } = await search(admin);
    expect(status).toBe(200);
    expect(lines).toEqual([
      {
        fecha: "2026-04-20",
        status: "error",
        mensaje: "Loterías ha rechazado la consulta (HTTP 403).",
      },
    ]);
    expect(await storedState()).toEqual(before);
  });

  it("a malformed body sent to RegistrarQuiniela is refused whole", async () => {
    const before = await storedState();
    const broken = [{ ...APRIL[0], partidos: APRIL[0].partidos.slice(0, 14) }];
    expect((await admin.post("/Loteria/RegistrarQuiniela", broken)).status).toBe(400);
    const contradictory = [{ ...APRIL[0], combinacion: APRIL[0].combinacion.replace(/^X/, "1") }];
    expect(await admin.post("/Loteria/RegistrarQuiniela", contradictory)).toEqual({
      status: 400,
      body: {
        message: "La respuesta de Loterías no es válida: El partido 1 trae dos signos distintos (X y 1).",
      },
    });
    expect(await storedState()).toEqual(before);
  });
});

describe("official results from the lottery", () => {
  it("the automatic search starts at the current season's first pool without results and stores the draw it finds", async () => {
    const { status, lines } = await search(admin);
    expect(status).toBe(200);
    // 20 April (the pool's start) to 1 May (today): twelve days, each reported.
    expect(lines.map((l) => l.fecha)).toEqual(Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 3, 20 + i)).toISOString().slice(0, 10)));
    expect(lines.find((l) => l.fecha === "2026-04-26")).toEqual({
      fecha: "2026-04-26",
      status: "ok",
      mensaje: "Resultados del sorteo del 26/04/2026 guardados en Jornada 1 (2025-26).",
    });
    expect(lines.find((l) => l.fecha === "2026-04-21")).toMatchObject({
      status: "sin-sorteo",
    });
    const results = await admin.get(`/Quiniela/GetResults/${aprilPool}`);
    expect(results.body.matches.join("")).toBe("X1211X211X221X");
    expect(results.body.plain15).toEqual({ home: 0, away: 0 });
    expect((await admin.get("/Loteria/quiniela/ultima")).body).toEqual({
      drawDate: "2026-04-26",
    });
    const row = await t.db.one<{ source: string }>("select source from quiniela_results where quiniela_id = $1", [aprilPool]);
    expect(row?.source).toBe("loterias");
  });

  it("the imported results count in the standings as manual ones do", async () => {
    const playerId = (await player.get("/auth/me")).body.id as number;
    const groupId = await build.group(t.db, { members: [{ userId: playerId }] });
    await build.round(t.db, { groupId, quinielaId: aprilPool, openDate: new Date("2026-04-20T00:00:00Z"), closeDate: new Date("2026-04-24T17:00:00Z") });
    // Right on matches 1-10 and the pleno, wrong on 11-14.
    const picks = "X1211X211X"
      .split("")
      .concat(["1", "1", "2", "1"])
      .map((s) => [s as "1" | "X" | "2"]);
    await build.prediction(t.db, { groupId, quinielaId: aprilPool, userId: playerId, matches: picks, pleno: { home: 0, away: 0 } });
    const seasonId = (await admin.get(`/quiniela/GetById/${aprilPool}`)).body.seasonId;
    const rows = (await player.get(`/group/${groupId}/season/${seasonId}/GetClassification`)).body;
    expect(rows[0]).toMatchObject({ userId: playerId, simpleHits: 10, pleno15Hits: 1, totalPoints: 15 });
  });

  it("looking up 20260426 shows the draw readably and stores it again in the same pool", async () => {
    const res = await admin.post("/Loteria/quiniela/consultar", {
      fecha: "20260426",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fecha: "2026-04-26",
      status: "ok",
      stored: {
        quinielaId: aprilPool,
        name: "Jornada 1",
        seasonName: "2025-26",
      },
    });
    expect(res.body.draw.matches[0]).toEqual({
      position: 1,
      home: "Betis",
      away: "Real Madrid",
      sign: "X",
      score: "1 - 1",
      homeId: "11",
      awayId: "12",
    });
    expect(res.body.draw.pleno).toEqual({ home: 0, away: 0 });
    expect(JSON.parse(res.body.raw)[0].id_sorteo).toBe("1308406028");
    expect((await admin.get(`/Quiniela/GetResults/${aprilPool}`)).body.matches.join("")).toBe("X1211X211X221X");
  });

  it("the automatic search then starts the day after the last stored draw and stops after 7 days without results", async () => {
    t.setNow(new Date("2026-05-20T10:00:00Z"));
    const { lines } = await search(admin);
    expect(lines.map((l) => l.fecha)).toEqual(["2026-04-27", "2026-04-28", "2026-04-29", "2026-04-30", "2026-05-01", "2026-05-02", "2026-05-03"]);
    expect(lines.every((l) => l.status === "sin-sorteo")).toBe(true);
  });

  it("the 2026-08-23 draw, whose names carry (m), fills the pool of its week with the pleno 2-2", async () => {
    const res = await admin.post("/Loteria/quiniela/consultar", {
      fecha: "20260823",
    });
    expect(res.body).toMatchObject({
      status: "ok",
      stored: { quinielaId: augustPool, seasonName: "2026-27" },
    });
    const results = await admin.get(`/Quiniela/GetResults/${augustPool}`);
    expect(results.body.matches.join("")).toBe("2X212XX22X1X11");
    expect(results.body.plain15).toEqual({ home: 2, away: 2 });
    expect((await admin.get("/Loteria/quiniela/ultima")).body).toEqual({
      drawDate: "2026-08-23",
    });
  });

  it("a day without draw, and a draw not played yet, store nothing", async () => {
    const before = await storedState();
    const none = await admin.post("/Loteria/quiniela/consultar", {
      fecha: "20260427",
    });
    expect(none.body).toMatchObject({
      status: "sin-sorteo",
      mensaje: "No hay sorteo de La Quiniela el 27/04/2026.",
      draw: null,
    });
    const unplayed = await admin.post("/Loteria/quiniela/consultar", {
      fecha: "20220130",
    });
    expect(unplayed.body).toMatchObject({
      status: "sin-resultados",
      mensaje: "El sorteo del 30/01/2022 todavía no tiene resultados.",
    });
    expect(unplayed.body.draw.matches[0]).toMatchObject({
      home: "Amorebieta",
      away: "Girona",
      sign: null,
    });
    expect(await storedState()).toEqual(before);
  });

  it("a played draw that fits no pool is reported and stored nowhere", async () => {
    const before = await storedState();
    fake.addDraw("20260503", "20260426");
    const res = await admin.post("/Loteria/quiniela/consultar", {
      fecha: "20260503",
    });
    expect(res.body).toMatchObject({
      status: "sin-quiniela",
      mensaje: "Ninguna quiniela cierra en la semana del sorteo del 03/05/2026: no se ha guardado nada.",
    });
    expect(await storedState()).toEqual(before);
  });

  it("RegistrarQuiniela stores a lottery body and answers a message", async () => {
    await t.db.query("delete from quiniela_results where quiniela_id = $1", [augustPool]);
    const res = await admin.post("/Loteria/RegistrarQuiniela", AUGUST);
    expect(res).toEqual({
      status: 200,
      body: {
        message: "Resultados del sorteo del 23/08/2026 guardados en Jornada 1 (2026-27).",
      },
    });
    expect((await admin.get(`/Quiniela/GetResults/${augustPool}`)).body.plain15).toEqual({ home: 2, away: 2 });
  });

  it("an escrutinio in the lottery's answer is read whole or not at all (decision 064), and a strange one never fails the import", async () => {
    const odd = [{ ...AUGUST[0], escrutinio: { no: "es una lista" } }];
    expect((await admin.post("/Loteria/RegistrarQuiniela", odd)).status).toBe(200);
    expect((await admin.get(`/Quiniela/${augustPool}/Prizes`)).body).toMatchObject({ version: 0, source: null });
    const withPrizes = [
      {
        ...AUGUST[0],
        escrutinio: [
          { categoria: "1ª Categoría (14 Aciertos)", premio: "1.234,56" },
          { tipo: "Especial", importe: 250000.5 },
          { categoria: "Recaudación", premio: "9.999,99" },
          { categoria: "5ª", premio: "n/d" },
        ],
      },
    ];
    // Two prizes read, one row naming no category, one amount unreadable: nothing of it is stored as if complete.
    expect((await admin.post("/Loteria/RegistrarQuiniela", withPrizes)).status).toBe(200);
    expect((await admin.get(`/Quiniela/${augustPool}/Prizes`)).body).toMatchObject({ version: 0, source: null });
    const steps = (await admin.get("/Loteria/jornadas")).body.steps as { kind: string; quinielaId: number; outcome: string; message: string }[];
    expect(steps.find((s) => s.kind === "escrutinio" && s.quinielaId === augustPool)).toMatchObject({
      outcome: "error",
      message: expect.stringContaining("(la fila 3 no dice su categoría)"),
    });
  });

  it("the public's percentages in the lottery's answer are stored with the draw; an answer without them stores none", async () => {
    expect((await admin.post("/Loteria/RegistrarQuiniela", AUGUST)).status).toBe(200);
    expect((await admin.get(`/Quiniela/${augustPool}/PublicShares`)).body).toMatchObject({ version: 0, shares: [] });
    const withShares = [
      { ...AUGUST[0], partidos: AUGUST[0].partidos.map((p: object) => ({ ...p, porcentaje_1: "48,5", porcentaje_x: "27", porcentaje_2: "24,5" })) },
    ];
    expect((await admin.post("/Loteria/RegistrarQuiniela", withShares)).status).toBe(200);
    const stored = (await admin.get(`/Quiniela/${augustPool}/PublicShares`)).body;
    expect(stored).toMatchObject({ version: 1, source: "lottery" });
    expect(stored.shares).toEqual(Array.from({ length: 14 }, () => [4850, 2700, 2450]));
  });

  it("a draw whose teams differ from the pool of its week is reported, naming the differences", async () => {
    const before = await storedState();
    const swapped = [
      {
        ...APRIL[0],
        // Another club, with its own operator id (Girona's 166 in the same answer): a club is matched by its id first (decision 091).
        partidos: APRIL[0].partidos.map((p: object, i: number) => (i === 2 ? { ...p, visitante: "Girona", idVisitante: 166 } : p)),
      },
    ];
    const res = await admin.post("/Loteria/RegistrarQuiniela", swapped);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("3: «Getafe – Girona» / «Getafe – Barcelona»");
    expect(await storedState()).toEqual(before);
  });

  it("a draw that fits two pools of the same season is reported and stored nowhere", async () => {
    const twin = await admin.post("/quiniela/CreateQuiniela", {
      seasonId: (await admin.get(`/quiniela/GetById/${augustPool}`)).body.seasonId,
      startDate: "2026-08-18T08:00:00Z",
      closingDate: "2026-08-22T14:00:00Z",
      matches: matchesOf(AUGUST),
    });
    expect(twin.status).toBe(201);
    const before = await storedState();
    const res = await admin.post("/Loteria/RegistrarQuiniela", AUGUST);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/encaja con varias quinielas \(Jornada 1 de 2026-27, Jornada 2 de 2026-27\)/);
    expect(await storedState()).toEqual(before);
    await t.db.query("delete from quinielas where id = $1", [twin.body.id]);
  });
});

describe("the scheduled import", () => {
  it("runs the automatic search once per day, however many instances try at once", async () => {
    t.setNow(new Date("2026-08-31T07:30:00Z"));
    const lines: LogLine[] = [];
    const runs = await Promise.all([
      runScheduledImport(t.deps, (l) => {
        lines.push(l);
      }),
      runScheduledImport(t.deps, (l) => {
        lines.push(l);
      }),
    ]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(lines.map((l) => l.fecha)[0]).toBe("2026-08-24");
    expect(
      await runScheduledImport(t.deps, (l) => {
        lines.push(l);
      }),
    ).toBe(false);
  });

  it("the search function is a plain service other features can call", async () => {
    t.setNow(new Date("2026-09-01T07:30:00Z"));
    const lines: LogLine[] = [];
    const outcome = await searchForward(t.deps, (l) => {
      lines.push(l);
    });
    expect(outcome.failed).toBe(false);
    expect(lines.length).toBeGreaterThan(0);
    expect(SEARCH_FINISHED).toBe("Búsqueda automática finalizada.");
  });
});
