import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staleMessage } from "#core/contract/audit";
import { TICKET_CONFIRMED_NO_EDIT } from "#core/contract/ticket";
import { REDUCTIONS } from "#core/domain/bet/reductions";
import type { Pick, Score, Sign } from "#core/domain/signs";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

type Player = Awaited<ReturnType<TestBackend["player"]>>;
type Category = "especial" | "primera" | "segunda" | "tercera" | "cuarta" | "quinta";

const DAY = 86_400_000;
const T: Pick = ["1", "X", "2"];
const D: Pick = ["1", "X"];
const S: Pick = ["1"];

let t: TestBackend;
let admin: Awaited<ReturnType<TestBackend["admin"]>>;
let manager: Player;
let player: Player;
let outsider: Player;
let groupId: number;
let seasonId: number;
let poolNumber = 0;

beforeAll(async () => {
  t = await startBackend();
  admin = await t.admin();
  seasonId = await build.season(t.db);
  manager = await t.player("gestora_boleto");
  player = await t.player("jugador_boleto");
  outsider = await t.player("ajeno_boleto");
  groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: player.id }] });
});
afterAll(() => t.close());

/** A closed round with one prediction, its bet generated and then edited to `matches` and `pleno`. */
async function betWith(matches: Pick[], pleno: Score) {
  const quinielaId = await build.pool(t.db, { seasonId, number: ++poolNumber });
  const now = Date.now();
  await build.round(t.db, { groupId, quinielaId, openDate: new Date(now - 5 * DAY), closeDate: new Date(now - DAY) });
  await build.prediction(t.db, { groupId, quinielaId, userId: player.id, matches: matches.map(() => ["1"]), pleno });
  const generated = await manager.post("/Bet/GenerateBet", { groupId, quinielaId });
  expect(generated.status).toBe(201);
  const edited = await manager.put("/Bet/Update", { betId: generated.body.id, version: generated.body.version, mergedPrediction: { matches, pl15: pleno } });
  expect(edited.status).toBe(200);
  return { quinielaId, bet: edited.body };
}

/** `d` doubles and `t` triples, the triples first, then singles. */
const shape = (d: number, tr: number): Pick[] => Array.from({ length: 14 }, (_, i) => (i < tr ? T : i < tr + d ? D : S));

describe("the ticket's cost, to the cent", () => {
  it("a one-column bet is played as two bets: 1,50 €", async () => {
    const { bet } = await betWith(shape(0, 0), { home: 1, away: 0 });
    expect(bet.ticket).toMatchObject({ columns: 1, bets: 1, chargedBets: 2, priceCents: 75, costCents: 150, reduction: null });
    // The deprecated euros are untouched.
    expect(bet.cost).toBe(0.75);
  });

  it("4 doubles and 2 triples cost 108,00 €", async () => {
    const { bet } = await betWith(shape(4, 2), { home: 1, away: 0 });
    expect(bet.ticket).toMatchObject({ columns: 144, bets: 144, costCents: 10800, fullCostCents: 10800 });
    expect(bet.ticket.options.map((o: { name: string }) => o.name)).toEqual(["Múltiple directo"]);
  });

  it("6 doubles and 2 triples cost 432,00 € in full and 48,00 € (64 bets) as the reduction 4ª", async () => {
    const { bet } = await betWith(shape(6, 2), { home: 1, away: 0 });
    expect(bet.ticket.costCents).toBe(43200);
    expect(bet.ticket.options).toMatchObject([
      { reduction: null, bets: 576, costCents: 43200 },
      { reduction: 4, name: "Reducida 4ª", bets: 64, costCents: 4800, verified: false },
    ]);
    const played = await manager.put(`/Bet/${bet.id}/Ticket`, { version: bet.version, reduction: 4 });
    expect(played.status).toBe(200);
    expect(played.body.ticket).toMatchObject({
      reduction: 4,
      reductionName: "Reducida 4ª",
      reductionVerified: false,
      bets: 64,
      costCents: 4800,
      fullCostCents: 43200,
    });
    expect(played.body.ticket.reducedMatches).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe("choosing how the ticket is played", () => {
  it("marks a 3-1 pleno as M and 1, and extra marks multiply the bets", async () => {
    const { bet } = await betWith(shape(0, 0), { home: 3, away: 1 });
    expect(bet.ticket.plenoMarks).toEqual({ home: ["M"], away: ["1"] });
    const res = await manager.put(`/Bet/${bet.id}/Ticket`, { version: bet.version, reduction: null, plenoMarks: { home: ["0"], away: [] } });
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({ plenoMarks: { home: ["0", "M"], away: ["1"] }, bets: 2, costCents: 150 });
  });

  it("only the group's manager or an admin changes it, checked before the body; members read it", async () => {
    const { bet, quinielaId } = await betWith(shape(6, 2), { home: 1, away: 0 });
    const garbage = { reduction: "cuarta", plenoMarks: 3 };
    expect((await t.api.put(`/Bet/${bet.id}/Ticket`, garbage)).status).toBe(401);
    expect((await player.put(`/Bet/${bet.id}/Ticket`, garbage)).status).toBe(403);
    expect((await outsider.put(`/Bet/${bet.id}/Ticket`, garbage)).status).toBe(403);
    const bad = await manager.put(`/Bet/${bet.id}/Ticket`, garbage);
    expect(bad.status).toBe(400);
    const read = await player.get(`/Bet/GetBet?groupId=${groupId}&quinielaId=${quinielaId}`);
    expect(read.body.ticket.options).toHaveLength(2);
    expect((await admin.put(`/Bet/${bet.id}/Ticket`, { reduction: 4 })).status).toBe(200);
  });

  it("refuses a reduction the bet does not fit, a stale form (409) and any change once confirmed", async () => {
    const { bet } = await betWith(shape(6, 2), { home: 1, away: 0 });
    const unfit = await manager.put(`/Bet/${bet.id}/Ticket`, { version: bet.version, reduction: 5 });
    expect(unfit.status).toBe(400);
    expect(unfit.body.message).toMatch(/Reducida 5ª se juega sobre 8 triples y 0 dobles/);
    const first = await manager.put(`/Bet/${bet.id}/Ticket`, { version: bet.version, reduction: 4 });
    expect(first.status).toBe(200);
    const stale = await manager.put(`/Bet/${bet.id}/Ticket`, { version: bet.version, reduction: null });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(staleMessage("La quiniela grupal"));
    // An edit that takes the reduction's multiples away plays the full multiple again.
    const edited = await manager.put("/Bet/Update", { betId: bet.id, mergedPrediction: { matches: shape(1, 0), pl15: { home: 1, away: 0 } } });
    expect(edited.body.ticket).toMatchObject({ reduction: null, bets: 2 });
    await manager.put(`/Bet/${bet.id}/ConfirmBet`);
    const confirmed = await manager.put(`/Bet/${bet.id}/Ticket`, { reduction: null });
    expect(confirmed.status).toBe(409);
    expect(confirmed.body.message).toBe(TICKET_CONFIRMED_NO_EDIT);
  });

  it("records every change in the group's audit trail", async () => {
    const { bet } = await betWith(shape(6, 2), { home: 1, away: 0 });
    await manager.put(`/Bet/${bet.id}/Ticket`, { version: bet.version, reduction: 4, plenoMarks: { home: ["2"], away: [] } });
    const trail = await manager.get(`/Audit/ByGroup/${groupId}`);
    const entry = trail.body.find((e: { action: string; entityId: number }) => e.action === "bet.ticket" && e.entityId === bet.id);
    expect(entry).toMatchObject({ before: { jugada: "Múltiple directo" }, after: { jugada: "Reducida 4ª", marcasPleno: "12 / 0" } });
  });
});

// ---------------------------------------------------------------------------------------------
// The escrutinio, computed here independently of core/domain/bet/scrutiny: list every column the
// slip plays (the full development, or the reduction's table read digit by digit with the
// multiples outside it developed in full) and every pleno combination, and count each bet.

const marksOf = (goals: number) => (goals >= 3 ? "M" : String(goals));

function columnsOf(matches: Pick[], reduction: number | null): Sign[][] {
  let reducedAt: number[] = [];
  let blocks: Sign[][] = [[]];
  if (reduction !== null) {
    const r = REDUCTIONS[reduction as 1];
    const triples = matches.flatMap((m, i) => (m.length === 3 ? [i] : [])).slice(0, r.triples);
    const doubles = matches.flatMap((m, i) => (m.length === 2 ? [i] : [])).slice(0, r.doubles);
    const positions = [...triples, ...doubles];
    reducedAt = positions;
    blocks = r.table.map((row) => {
      const col: Sign[] = [];
      positions.forEach((match, p) => {
        const digit = Number(row[p]);
        col[match] = p < triples.length ? (["1", "X", "2"] as Sign[])[digit] : matches[match][digit];
      });
      return col;
    });
  }
  let columns = blocks;
  for (let i = 0; i < 14; i++) {
    if (reducedAt.includes(i)) continue;
    const next: Sign[][] = [];
    for (const c of columns) for (const s of matches[i]) next.push(Object.assign([...c], { [i]: s }) as Sign[]);
    columns = next;
  }
  return columns;
}

function expectedScrutiny(
  matches: Pick[],
  reduction: number | null,
  pleno: { home: string[]; away: string[] },
  result: Sign[],
  resultPleno: Score,
  prizes: Record<Category, number>,
) {
  const winners: Record<Category, number> = { especial: 0, primera: 0, segunda: 0, tercera: 0, cuarta: 0, quinta: 0 };
  const byHits: Record<number, Category> = { 14: "primera", 13: "segunda", 12: "tercera", 11: "cuarta", 10: "quinta" };
  let bestHits = -1;
  for (const column of columnsOf(matches, reduction)) {
    const hits = column.filter((s, i) => s === result[i]).length;
    bestHits = Math.max(bestHits, hits);
    for (const h of pleno.home) {
      for (const a of pleno.away) {
        if (byHits[hits]) winners[byHits[hits]]++;
        if (hits === 14 && h === marksOf(resultPleno.home) && a === marksOf(resultPleno.away)) winners.especial++;
      }
    }
  }
  const prize = (Object.keys(winners) as Category[]).reduce((sum, c) => sum + winners[c] * prizes[c], 0);
  return { winners, bestHits, prize };
}

describe("the escrutinio after an admin sets the results and the category prizes", () => {
  const prizeText = { especial: "1.000.000,00", primera: "12.345,67", segunda: "234,56", tercera: "12,34", cuarta: "2,50", quinta: "1,05" };
  const prizes: Record<Category, number> = { especial: 100000000, primera: 1234567, segunda: 23456, tercera: 1234, cuarta: 250, quinta: 105 };
  // Inside every mark of shape(6, 2) except match 10 (a single 1 against an official 2).
  const official: Sign[] = ["X", "2", "X", "1", "X", "X", "1", "X", "1", "2", "1", "1", "1", "1"];
  const insideAll: Sign[] = ["X", "2", "X", "1", "X", "X", "1", "X", "1", "1", "1", "1", "1", "1"];

  it("only an admin reads and writes the prizes, checked before the body", async () => {
    const quinielaId = await build.pool(t.db, { seasonId, number: ++poolNumber });
    expect((await t.api.put(`/Quiniela/${quinielaId}/Prizes`, { prizes: "x" })).status).toBe(401);
    expect((await manager.put(`/Quiniela/${quinielaId}/Prizes`, { prizes: "x" })).status).toBe(403);
    expect((await manager.get(`/Quiniela/${quinielaId}/Prizes`)).status).toBe(403);
    expect((await admin.put(`/Quiniela/${quinielaId}/Prizes`, { prizes: { primera: 1.5 } })).status).toBe(400);
    const empty = await admin.get(`/Quiniela/${quinielaId}/Prizes`);
    expect(empty.body).toMatchObject({ version: 0, source: null, prizes: { primera: null } });
    const saved = await admin.put(`/Quiniela/${quinielaId}/Prizes`, { prizes: { primera: 123450 } });
    expect(saved.body).toMatchObject({ version: 1, source: "admin", prizes: { primera: 123450, segunda: null } });
    const stale = await admin.put(`/Quiniela/${quinielaId}/Prizes`, { version: 2, prizes: {} });
    expect(stale.status).toBe(409);
    const trail = await admin.get("/Audit/All");
    expect(trail.body.find((e: { action: string }) => e.action === "prizes.set")).toMatchObject({ after: { primera: "1.234,50\u00a0€" } });
  });

  for (const [label, reduction, result, extraHome] of [
    ["a full multiple with an extra pleno mark, 14 hits and the pleno (Especial)", null, insideAll, ["0"]],
    ["a full multiple missing one match", null, official, []],
    ["the reduction 4ª with every result inside its marks", 4, insideAll, []],
    ["the reduction 4ª missing one match", 4, official, ["1", "2"]],
  ] as const) {
    it(`matches an independent count for ${label}`, async () => {
      const matches = shape(6, 2);
      const pleno = { home: 3, away: 1 };
      const { bet, quinielaId } = await betWith(matches, pleno);
      const played = await manager.put(`/Bet/${bet.id}/Ticket`, { version: bet.version, reduction, plenoMarks: { home: [...extraHome], away: [] } });
      expect(played.status).toBe(200);
      const set = await admin.post("/Quiniela/SetResults", { quinielaId, matches: result, plain15: { home: 4, away: 1 } });
      expect(set.status).toBe(200);
      const before = await manager.get(`/Bet/GetBet?groupId=${groupId}&quinielaId=${quinielaId}`);
      expect(before.body.ticket.scrutiny.prizesComplete).toBe(false);
      const cents = Object.fromEntries(Object.entries(prizeText).map(([c, text]) => [c, Number(text.replace(/\./g, "").replace(",", ""))]));
      expect(cents).toEqual(prizes);
      expect((await admin.put(`/Quiniela/${quinielaId}/Prizes`, { prizes })).status).toBe(200);

      const res = await player.get(`/Bet/GetBet?groupId=${groupId}&quinielaId=${quinielaId}`);
      const s = res.body.ticket.scrutiny;
      const marks = played.body.ticket.plenoMarks;
      const expected = expectedScrutiny(matches, reduction, marks, result, { home: 4, away: 1 }, prizes);
      expect(s.winners).toEqual(expected.winners);
      expect(s.best.hits).toBe(expected.bestHits);
      expect(s.totalPrizeCents).toBe(expected.prize);
      expect(s.prizesComplete).toBe(true);
      expect(Number.isInteger(s.totalPrizeCents)).toBe(true);
      if (result === insideAll && reduction === null) {
        // The Especial: one bet (the 14-hit column with the official M-1), which also takes the 1ª, on both pleno combinations.
        expect(s.winners).toMatchObject({ especial: 1, primera: 2 });
        expect(s.best).toMatchObject({ hits: 14, plenoHit: true, category: "especial", signs: insideAll });
      }
    });
  }
});

describe("the caja pays the ticket at the shop's price and takes the escrutinio's prize", () => {
  it("a confirmed bet's ticket leaves the pot at its cost in cents, and its prize comes in once every prize it wins is known", async () => {
    const rules = { quotaCents: 0, quotaBasis: "round", payTicket: true, lastPlaceFineCents: 0, hideBalances: false, bestPrizeCents: 0, pinaPenaltyCents: 0 };
    expect((await manager.put(`/group/${groupId}/caja/rules`, rules)).status).toBe(200);
    const { quinielaId, bet } = await betWith(shape(1, 0), { home: 3, away: 1 });
    expect((await manager.put(`/Bet/${bet.id}/ConfirmBet`, {})).status).toBe(200);
    const pot = async () => (await manager.get(`/group/${groupId}/caja`)).body.movements as { kind: string; amountCents: number; reference: string }[];
    // Two columns (one double) at 75 cents, paid once however often the caja is read.
    await pot();
    expect((await pot()).filter((m) => m.kind === "ticket" && m.reference.includes(`jornada ${poolNumber}`))).toMatchObject([{ amountCents: -150 }]);

    const official: Sign[] = Array.from({ length: 14 }, () => "1");
    expect((await admin.post("/Quiniela/SetResults", { quinielaId, matches: official, plain15: { home: 3, away: 1 } })).status).toBe(200);
    expect((await pot()).filter((m) => m.kind === "prize")).toEqual([]);
    const perBet = { especial: 50000000, primera: 1000000, segunda: 20000, tercera: 0, cuarta: 0, quinta: 0 };
    expect((await admin.put(`/Quiniela/${quinielaId}/Prizes`, { prizes: perBet })).status).toBe(200);
    // The column of 14 with the pleno wins the Especial and the 1ª; the other column, 13 hits, the 2ª.
    const scrutiny = (await manager.get(`/Bet/GetBet?groupId=${groupId}&quinielaId=${quinielaId}`)).body.ticket.scrutiny;
    expect(scrutiny.totalPrizeCents).toBe(50000000 + 1000000 + 20000);
    await pot();
    expect((await pot()).filter((m) => m.kind === "prize")).toMatchObject([{ amountCents: 51020000 }]);
  });
});
