import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { officialTeamName } from "#core/domain/official/official-jornada";
import { runOfficialSteps } from "../../../backend/services/official/steps";
import { refreshPrizes } from "../../../backend/services/official/prizes";
import { startFakeSelae, type FakeSelae } from "../../support/fake-selae.mjs";
import { startBackend, type Client, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

// The corners of the operator's real data (decision 064), each on its recorded or shaped body of
// fixtures/selae served by the stand-in operator, through the whole chain: the jornada's import, the
// pool, the draw's results, the escrutinio's prizes and the caja's credit.
const body = (name: string) => JSON.parse(readFileSync(new URL(`../../../fixtures/selae/${name}`, import.meta.url), "utf8"));
const LIGA_F = body("pre-draw-2026-09-20-liga-f.json");
const AUGUST = body("played-draw-2026-08-23.json");
const PLAYED = ["2", "X", "2", "1", "2", "X", "X", "2", "2", "X", "1", "X", "1", "1"];

let fake: FakeSelae;
let t: TestBackend;
let admin: Client;
let seasonId: number;

const panel = async () => (await admin.get("/Loteria/jornadas")).body as { jornadas: any[]; steps: any[] };
/** The recorded August draw's matches as a pool names them. */
const augustMatches = () => {
  const name = (n: string) => officialTeamName(n).replace("At. Madrid", "Atlético de Madrid");
  return AUGUST[0].partidos.map((p: { local: string; visitante: string }) => ({ home: name(p.local), away: name(p.visitante) }));
};

beforeAll(async () => {
  fake = await startFakeSelae();
  t = await startBackend({
    config: { lotteryBaseUrl: fake.url, lotteryTimeoutMs: 800, lotteryBackoffMs: 50, lotteryThrottleBudgetMs: 300 },
    now: new Date("2026-09-16T10:00:00Z"),
  });
  admin = await t.admin();
  seasonId = await build.season(t.db, { name: "2026-27", startDate: "2026-08-01" });
  // The men's and the women's teams of the Liga F jornada, each a team of its own; the operator's "At. Madrid" an alias.
  const names = new Set<string>(
    LIGA_F[0].partidos.flatMap((p: { local: string; visitante: string }) => [officialTeamName(p.local), officialTeamName(p.visitante)]),
  );
  for (const p of AUGUST[0].partidos) names.add(officialTeamName(p.local)).add(officialTeamName(p.visitante));
  for (const name of names) {
    if (name === "At. Madrid") await build.team(t.db, "Atlético de Madrid", ["At. Madrid"]);
    else if (name === "At. Madrid (F)") await build.team(t.db, "Atlético de Madrid (F)", ["At. Madrid (F)"]);
    else await build.team(t.db, name);
  }
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
}, 180_000);
beforeEach(() => fake.setMode(null));

describe("a jornada with Liga F matches", () => {
  it("becomes a pool with its women's teams, and gets its results by itself after the draw, and by the admin's lookup", async () => {
    fake.setNext({ date: "20260920", id: "1321306049", file: "pre-draw-2026-09-20-liga-f.json" });
    const imported = await admin.post("/Loteria/jornadas/importar", {});
    expect(imported.body.messages).toContainEqual(expect.stringMatching(/^Importada la jornada 3/));
    const jornada = (await panel()).jornadas.find((j) => j.drawKey === "1321306049");
    expect(jornada.status).toBe("creada");
    const pool = (await admin.get(`/quiniela/GetById/${jornada.quinielaId}`)).body;
    expect(pool.matches.slice(10, 14).map((m: { home: string; away: string }) => `${m.home} - ${m.away}`)).toEqual([
      "Athletic Club (F) - Badalona W. (F)",
      "Barcelona (F) - Real Madrid (F)",
      "Atlético de Madrid (F) - Sevilla (F)",
      "Levante (F) - Real Sociedad (F)",
    ]);
    // The women's Athletic is not the men's: another team.
    const ids = await t.db.query<{ home_team_id: number }>(
      "select home_team_id from quiniela_matches where quiniela_id = $1 and position in (1, 11) order by position",
      [jornada.quinielaId],
    );
    expect(ids[0].home_team_id).not.toBe(ids[1].home_team_id);

    // Played: the operator writes " (f)" in lower case after the draw; the next slot stores the results in that pool.
    fake.addDraw("20260920", "20260920", "played-draw-2026-09-20-liga-f.json");
    t.setNow(new Date("2026-09-20T23:30:00Z"));
    try {
      const done = await runOfficialSteps(t.deps);
      expect(done?.messages).toContainEqual(expect.stringMatching(/^Resultados del sorteo del 20\/09\/2026 guardados en Jornada \d+ \(2026-27\)\.$/));
      expect((await admin.get(`/Quiniela/GetResults/${jornada.quinielaId}`)).body.matches).toEqual(PLAYED);
      const lookup = await admin.post("/Loteria/quiniela/consultar", { fecha: "20260920" });
      expect(lookup.body).toMatchObject({ status: "ok", stored: { quinielaId: jornada.quinielaId } });
    } finally {
      t.setNow(new Date("2026-09-16T10:00:00Z"));
      admin = await t.admin();
    }
  });
});

describe("the escrutinio's numeric categoria", () => {
  /** A pool of the recorded August matches closing the day before `day`, a peña whose caja pays the ticket, and its confirmed bet with the 14 signs right. */
  async function bettingPool(number: number, day: string) {
    const close = new Date(`${day}T13:00:00Z`);
    close.setUTCDate(close.getUTCDate() - 1);
    const quinielaId = await build.pool(t.db, {
      seasonId,
      number,
      startDate: new Date(close.getTime() - 4 * 86_400_000),
      closingDate: close,
      matches: augustMatches(),
    });
    const manager = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }] });
    await build.round(t.db, { groupId, quinielaId, openDate: new Date(close.getTime() - 4 * 86_400_000), closeDate: close });
    const rules = { quotaCents: 0, quotaBasis: "round", payTicket: true, lastPlaceFineCents: 0, hideBalances: false, bestPrizeCents: 0, pinaPenaltyCents: 0 };
    expect((await manager.put(`/group/${groupId}/caja/rules`, rules)).status).toBe(200);
    await t.db.query("insert into bets (group_id, quiniela_id, season_id, top_n, matches, confirmed, confirmed_at) values ($1, $2, $3, 1, $4, true, $5)", [
      groupId,
      quinielaId,
      seasonId,
      JSON.stringify(PLAYED.map((s) => [s])),
      close,
    ]);
    return { quinielaId, groupId, manager };
  }

  it("numbered 1–6 with tipo labels and a decimal point: the 14-hit bet is credited the 1ª, all six prizes stored, not asked again", async () => {
    const { quinielaId, groupId, manager } = await bettingPool(45, "2026-10-04");
    fake.addDraw("20261004", "20261004", "played-draw-2026-10-04-escrutinio-numerico.json");
    t.setNow(new Date("2026-10-05T08:00:00Z"));
    try {
      admin = await t.admin();
      const lookup = await admin.post("/Loteria/quiniela/consultar", { fecha: "20261004" });
      expect(lookup.body).toMatchObject({ status: "ok" });
      expect((await admin.get(`/Quiniela/${quinielaId}/Prizes`)).body).toMatchObject({
        source: "lottery",
        prizes: { especial: 0, primera: 19_996_161, segunda: 122_680, tercera: 7_218, cuarta: 687, quinta: 147 },
      });
      expect((await panel()).steps.find((s) => s.kind === "premios" && s.quinielaId === quinielaId)).toMatchObject({ outcome: "ok" });
      const caja = (await manager.get(`/group/${groupId}/caja`)).body;
      const prize = caja.movements.find((m: { kind: string }) => m.kind === "prize");
      expect(prize).toMatchObject({ amountCents: 19_996_161, reference: "Premio de la jornada 45 (escrutinio)" });
      // Complete: the next slots do not ask the operator again.
      const before = fake.requests.length;
      expect(await refreshPrizes(t.deps)).toEqual({ ok: true, messages: [] });
      expect(fake.requests.slice(before).some((r) => r.date === "20261004")).toBe(false);
    } finally {
      t.setNow(new Date("2026-09-16T10:00:00Z"));
      admin = await t.admin();
    }
  });

  it("numbers alone that fit both numberings: refused and said on the panel, no prize stored; asked again on the next run and stored once served whole", async () => {
    const { quinielaId, groupId, manager } = await bettingPool(47, "2026-10-11");
    fake.addDraw("20261011", "20261004", "played-draw-2026-10-04-escrutinio-ilegible.json");
    t.setNow(new Date("2026-10-12T08:00:00Z"));
    try {
      admin = await t.admin();
      expect((await admin.post("/Loteria/quiniela/consultar", { fecha: "20261011" })).body).toMatchObject({ status: "ok" });
      expect((await admin.get(`/Quiniela/${quinielaId}/Prizes`)).body).toMatchObject({ source: null });
      const step = (await panel()).steps.find((s) => s.kind === "escrutinio" && s.quinielaId === quinielaId);
      expect(step).toMatchObject({ outcome: "error", retryable: true });
      expect(step.message).toBe(
        "El escrutinio de Jornada 47 que da Loterías no se puede leer (la categoría 1 de la fila 1 puede ser dos categorías distintas según la numeración): no se ha guardado ningún premio. Se volverá a pedir en la próxima consulta (o pulsa Reintentar); si Loterías no lo corrige, teclea los premios en la pantalla de resultados de la jornada.",
      );
      expect((await panel()).steps.some((s) => s.kind === "premios" && s.quinielaId === quinielaId)).toBe(false);
      const caja = (await manager.get(`/group/${groupId}/caja`)).body;
      expect(caja.movements.some((m: { kind: string }) => m.kind === "prize")).toBe(false);
      // Still unreadable: asked again, still nothing stored.
      let before = fake.requests.length;
      expect(await refreshPrizes(t.deps)).toEqual({ ok: true, messages: ["El escrutinio del sorteo del 2026-10-11 no se puede leer."] });
      expect(fake.requests.slice(before).some((r) => r.date === "20261011")).toBe(true);
      // The operator corrects its answer: the next run stores it whole and the caja is credited at once.
      fake.addDraw("20261011", "20261004", "played-draw-2026-10-04-escrutinio-numerico.json");
      expect(await refreshPrizes(t.deps)).toEqual({ ok: true, messages: ["Premios del sorteo del 2026-10-11 guardados."] });
      expect((await admin.get(`/Quiniela/${quinielaId}/Prizes`)).body).toMatchObject({ source: "lottery", prizes: { primera: 19_996_161 } });
      const prize = (await manager.get(`/group/${groupId}/caja`)).body.movements.find((m: { kind: string }) => m.kind === "prize");
      expect(prize).toMatchObject({ amountCents: 19_996_161, reference: "Premio de la jornada 47 (escrutinio)" });
      expect((await panel()).steps.find((s) => s.kind === "escrutinio" && s.quinielaId === quinielaId)).toMatchObject({
        outcome: "ok",
        retryable: false,
        message: "El escrutinio de Jornada 47 ya se ha leído entero.",
      });
      // Complete now: not asked again.
      before = fake.requests.length;
      expect(await refreshPrizes(t.deps)).toEqual({ ok: true, messages: [] });
      expect(fake.requests.slice(before).some((r) => r.date === "20261011")).toBe(false);
    } finally {
      t.setNow(new Date("2026-09-16T10:00:00Z"));
      admin = await t.admin();
    }
  });

  it("a refused escrutinio has its Reintentar on the panel, which asks the operator for that pool's draw", async () => {
    const { quinielaId } = await bettingPool(48, "2026-11-22");
    fake.addDraw("20261122", "20261004", "played-draw-2026-10-04-escrutinio-ilegible.json");
    t.setNow(new Date("2026-11-23T08:00:00Z"));
    try {
      admin = await t.admin();
      expect((await admin.post("/Loteria/quiniela/consultar", { fecha: "20261122" })).body).toMatchObject({ status: "ok" });
      const step = (await panel()).steps.find((s) => s.kind === "escrutinio" && s.quinielaId === quinielaId);
      expect(step).toMatchObject({ outcome: "error", retryable: true });
      fake.addDraw("20261122", "20261004", "played-draw-2026-10-04-escrutinio-numerico.json");
      const retried = await admin.post("/Loteria/jornadas/reintentar", { stepId: step.id });
      expect(retried.body).toEqual({ ok: true, messages: ["Premios del sorteo del 2026-11-22 guardados."] });
      expect((await admin.get(`/Quiniela/${quinielaId}/Prizes`)).body).toMatchObject({ source: "lottery", prizes: { segunda: 122_680 } });
    } finally {
      t.setNow(new Date("2026-09-16T10:00:00Z"));
      admin = await t.admin();
    }
  });
});

describe("a pleno decided by lot", () => {
  it("the recorded shape ('M-2', no marcador, 'M2' in the combination; match 7 by lot) ends the draw as played with its pleno", async () => {
    const quinielaId = await build.pool(t.db, {
      seasonId,
      number: 49,
      startDate: new Date("2026-10-13T08:00:00Z"),
      closingDate: new Date("2026-10-17T13:00:00Z"),
      matches: augustMatches(),
    });
    fake.addDraw("20261018", "20261018", "played-draw-2026-10-18-pleno-por-sorteo.json");
    t.setNow(new Date("2026-10-19T08:00:00Z"));
    try {
      admin = await t.admin();
      const lookup = await admin.post("/Loteria/quiniela/consultar", { fecha: "20261018" });
      expect(lookup.body).toMatchObject({ status: "ok", draw: { played: true, pleno: { home: 3, away: 2 } }, stored: { quinielaId } });
      const results = (await admin.get(`/Quiniela/GetResults/${quinielaId}`)).body;
      expect(results.matches).toEqual(PLAYED);
    } finally {
      t.setNow(new Date("2026-09-16T10:00:00Z"));
      admin = await t.admin();
    }
  });

  for (const [token, pleno] of [
    ["2-M", { home: 2, away: 3 }],
    ["M2", { home: 3, away: 2 }],
    ["0M", { home: 0, away: 3 }],
  ] as const) {
    it(`written "${token}" in the body posted by the admin: played, with its pleno`, async () => {
      const day = { "2-M": "2026-10-25", M2: "2026-11-01", "0M": "2026-11-08" }[token];
      const close = new Date(`${day}T13:00:00Z`);
      close.setUTCDate(close.getUTCDate() - 1);
      const quinielaId = await build.pool(t.db, {
        seasonId,
        number: 50 + day.charCodeAt(9),
        startDate: new Date(close.getTime() - 4 * 86_400_000),
        closingDate: close,
        matches: augustMatches(),
      });
      const [draw] = body("played-draw-2026-10-18-pleno-por-sorteo.json");
      draw.fecha_sorteo = `${day} 23:24:00`;
      draw.partidos[14].signo = token;
      draw.combinacion = draw.combinacion.replace(/M2$/, token.replace("-", ""));
      const res = await admin.post("/Loteria/RegistrarQuiniela", [draw]);
      expect(res).toMatchObject({ status: 200 });
      const results = (await admin.get(`/Quiniela/GetResults/${quinielaId}`)).body;
      expect([results.matches, results.plain15 ?? results.pleno]).toEqual([PLAYED, pleno]);
    });
  }
});

describe("pastes as people copy them", () => {
  it("a newspaper's table copied from a browser (tab-separated, with its 1 X 2 columns) becomes the pool on confirm", async () => {
    const table = LIGA_F[0].partidos.map((p: { local: string; visitante: string }, i: number) => `${i + 1}\t${p.local}\t${p.visitante}\t1 X 2`).join("\r\n");
    const close = "2026-12-12T15:00:00.000Z";
    const preview = await admin.post("/Loteria/jornadas/pegar", { text: table, closingDate: close });
    expect(preview.status).toBe(200);
    expect(preview.body.jornada.unknown).toEqual([]);
    const confirmed = await admin.post("/Loteria/jornadas/pegar", { text: table, closingDate: close, confirm: true });
    expect(confirmed.body.created).toMatchObject({ drawKey: "pegado-2026-12-12", status: "creada" });
    const pool = (await admin.get(`/quiniela/GetById/${confirmed.body.created.quinielaId}`)).body;
    expect(pool.matches[10]).toMatchObject({ home: "Athletic Club (F)", away: "Badalona W. (F)" });
  });
});

describe("the caja's ticket rule, asked with the standing rule", () => {
  const rule = (extra: Record<string, unknown> = {}) => ({
    autoOpen: true,
    typeRota: [1],
    openAt: "publication",
    closeBeforeMinutes: 60,
    betAtClose: true,
    betRule: "wilson",
    autoConfirm: true,
    absentFill: "off",
    absentMax: 3,
    ...extra,
  });
  /** A peña with one confirmed bet (a single column, played as the two-bet minimum) and no caja rules. */
  async function peñaWithBet(number: number) {
    const manager = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }] });
    const close = new Date("2026-09-12T13:00:00Z");
    const quinielaId = await build.pool(t.db, { seasonId, number, startDate: new Date("2026-09-08T08:00:00Z"), closingDate: close });
    await build.round(t.db, { groupId, quinielaId, openDate: new Date("2026-09-08T08:00:00Z"), closeDate: close });
    await t.db.query("insert into bets (group_id, quiniela_id, season_id, top_n, matches, confirmed, confirmed_at) values ($1, $2, $3, 1, $4, true, $5)", [
      groupId,
      quinielaId,
      seasonId,
      JSON.stringify(PLAYED.map((s) => [s])),
      close,
    ]);
    return { manager, groupId };
  }
  const tickets = async (manager: Client, groupId: number) =>
    ((await manager.get(`/group/${groupId}/caja`)).body.movements as { kind: string; amountCents: number }[]).filter((m) => m.kind === "ticket");

  it("is offered on until the rule is saved; saved with it, the caja pays the ticket, and the caja said beforehand what it would charge", async () => {
    const { manager, groupId } = await peñaWithBet(60);
    expect((await manager.get(`/group/${groupId}/Automation`)).body).toMatchObject({ version: 0, payTicket: true });
    // The caja, before: the rule off, and what switching it on would charge now.
    const before = (await manager.get(`/group/${groupId}/caja`)).body;
    expect(before.rules.payTicket).toBe(false);
    expect(before.lateTickets).toEqual({ count: 1, cents: 150 });
    expect(await tickets(manager, groupId)).toEqual([]);
    // The standing rule saved as its form sends it (the box left ticked): the caja's rule is on, the ticket paid once.
    const saved = await manager.put(`/group/${groupId}/Automation`, rule({ payTicket: true }));
    expect(saved.body).toMatchObject({ version: 1, payTicket: true });
    const after = (await manager.get(`/group/${groupId}/caja`)).body;
    expect(after.rules.payTicket).toBe(true);
    expect(after.lateTickets).toBeNull();
    expect((await tickets(manager, groupId)).map((m) => m.amountCents)).toEqual([-150]);
    const audit = await t.db.query<{ action: string }>("select action from audit_log where group_id = $1 order by id", [groupId]);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["caja.rules", "group.week-rule"]));
  });

  it("left out by a client of the API, the caja's rule stays as it was; unticked, it is switched off", async () => {
    const { manager, groupId } = await peñaWithBet(61);
    expect((await manager.put(`/group/${groupId}/Automation`, rule())).body).toMatchObject({ version: 1, payTicket: false });
    expect(await tickets(manager, groupId)).toEqual([]);
    expect((await manager.put(`/group/${groupId}/Automation`, rule({ payTicket: true, version: 1 }))).body).toMatchObject({ payTicket: true });
    expect((await manager.put(`/group/${groupId}/Automation`, rule({ payTicket: false, version: 2 }))).body).toMatchObject({ payTicket: false });
    expect((await manager.get(`/group/${groupId}/caja`)).body.rules.payTicket).toBe(false);
  });
});
