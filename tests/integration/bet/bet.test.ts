import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BET_ALREADY_GENERATED, BET_CONFIRMED_NO_EDIT, BET_INCOMPLETE } from "#core/contract/bet";
import { ROUND_CLOSED_MESSAGE } from "#core/contract/prediction";
import type { Pick, Score, Sign } from "#core/domain/signs";
import { seededRandom as seeded } from "#core/seeded-random";
import { startWithSeason, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

type Player = Awaited<ReturnType<TestBackend["player"]>>;

const DAY = 86_400_000;
const SIGNS: Sign[] = ["1", "X", "2"];

let season: Awaited<ReturnType<typeof startWithSeason>>;
let t: TestBackend;
let seasonId: number;
beforeAll(async () => ({ t, seasonId } = season = await startWithSeason()));
afterAll(() => t.close());
const newPool = () => season.newPool();

/** A round of the group relative to now: closed by date when `past`, open otherwise. */
async function addRound(groupId: number, options: { past?: boolean; typeId?: number; daysAgo?: number; forceClosed?: boolean } = {}) {
  const quinielaId = await newPool();
  const now = Date.now();
  const ago = (options.daysAgo ?? 1) * DAY;
  await build.round(t.db, {
    groupId,
    quinielaId,
    openDate: new Date(now - ago - 3 * DAY),
    closeDate: options.past ? new Date(now - ago) : new Date(now + DAY),
    typeId: options.typeId,
    forceClosed: options.forceClosed,
  });
  return quinielaId;
}

const singles = (sign: Sign = "1"): Pick[] => Array.from({ length: 14 }, (): Pick => [sign]);

describe("generating the bet for a round played by 12 players after four rounds with results", () => {
  let manager: Player;
  let players: Player[];
  let groupId: number;
  let quinielaId: number;
  let latecomer: Player;
  const picks = new Map<number, { matches: Sign[]; pleno: Score }>();
  const history: { player: Player; hits: number; n: number; points: number }[] = [];

  beforeAll(async () => {
    const random = seeded(2025);
    manager = await t.player("gestora12");
    players = [];
    for (let i = 0; i < 12; i++) players.push(await t.player(`jugador${String(i + 1).padStart(2, "0")}`));
    latecomer = await t.player("tardon");
    groupId = await build.group(t.db, {
      members: [{ userId: manager.id, role: 2 }, ...players.map((p) => ({ userId: p.id })), { userId: latecomer.id }],
    });
    const sign = () => SIGNS[Math.floor(random() * 3)];
    const score = () => ({ home: Math.floor(random() * 3), away: Math.floor(random() * 3) });
    for (const p of players) history.push({ player: p, hits: 0, n: 0, points: 0 });
    for (let r = 0; r < 4; r++) {
      const past = await addRound(groupId, { past: true, daysAgo: 30 - r * 7 });
      const official = Array.from({ length: 14 }, sign);
      const officialPleno = score();
      await build.results(t.db, past, official, officialPleno);
      for (const [k, p] of players.entries()) {
        // Players of very different skill, so the Wilson order is clear: the first ones copy the results more often.
        const skill = 0.9 - k * 0.06;
        const matches = official.map((s) => (random() < skill ? s : sign()));
        const pleno = random() < skill / 3 ? officialPleno : score();
        await build.prediction(t.db, { groupId, quinielaId: past, userId: p.id, matches: matches.map((s) => [s]), pleno });
        const h = history[k];
        const hits = matches.filter((s, i) => s === official[i]).length;
        const plenoHit = pleno.home === officialPleno.home && pleno.away === officialPleno.away ? 1 : 0;
        h.hits += hits + plenoHit;
        h.n += 15;
        h.points += hits + 5 * plenoHit;
      }
    }
    quinielaId = await addRound(groupId);
    for (const p of players) {
      const m = Array.from({ length: 14 }, sign);
      const pleno = score();
      picks.set(p.id, { matches: m, pleno });
      await build.prediction(t.db, { groupId, quinielaId, userId: p.id, matches: m.map((s) => [s]), pleno });
    }
  });

  /** The standings' Wilson lower bound, written out again here (z = 1.96, n = picks scored). */
  const wilson = (hits: number, n: number) => {
    const z = 1.96;
    const p = hits / n;
    return (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  };

  it("is allowed while open once everyone with history has sent, and says so", async () => {
    const status = await manager.get(`/Bet/ByGroupStatus?groupId=${groupId}`);
    expect(status.status).toBe(200);
    const round = status.body.find((r: { quinielaId: number }) => r.quinielaId === quinielaId);
    expect(round).toMatchObject({ state: "open", required: 12, submitted: 12, missing: 0, canGenerate: true, betId: null, predictions: 12 });
  });

  it("includes exactly the top 5 by season Wilson, with majority signs, the tie rule and the pleno rule, as computed independently", async () => {
    const res = await manager.post("/Bet/GenerateBet", { groupId, quinielaId, seasonId, topNUsers: 5 });
    expect(res.status).toBe(201);

    const top5 = [...history]
      .sort((a, b) => wilson(b.hits, b.n) - wilson(a.hits, a.n) || b.points - a.points || a.player.username.localeCompare(b.player.username))
      .slice(0, 5)
      .map((h) => h.player);
    expect(res.body.usernamesIncluded).toEqual(top5.map((p) => p.username));

    const expected = Array.from({ length: 14 }, (_, i) => {
      const votes = { "1": 0, X: 0, "2": 0 } as Record<Sign, number>;
      for (const p of top5) votes[picks.get(p.id)!.matches[i]]++;
      const max = Math.max(...Object.values(votes));
      const tied = SIGNS.filter((s) => votes[s] === max);
      // Every included user holds one sign, so the best-ranked holder of a tied sign always exists.
      const decider = top5.find((p) => tied.includes(picks.get(p.id)!.matches[i]))!;
      return { sign: tied.length === 1 ? tied[0] : picks.get(decider.id)!.matches[i], votes, tied: tied.length > 1, decider: decider.username };
    });
    expect(res.body.mergedPrediction.matches).toEqual(expected.map((e) => [e.sign]));
    expect(res.body.votes).toEqual(expected.map((e) => e.votes));
    expect(res.body.explanations).toHaveLength(14);
    expected.forEach((e, i) => {
      expect(res.body.explanations[i]).toMatch(
        new RegExp(`^Partido ${i + 1}: 1 \\(${e.votes["1"]} votos?\\), X \\(${e.votes.X}\\), 2 \\(${e.votes["2"]}\\)\\.`),
      );
      if (e.tied) expect(res.body.explanations[i]).toContain(`Empate resuelto por el mejor clasificado (${e.decider}).`);
    });

    const plenos = top5.map((p) => picks.get(p.id)!.pleno);
    const freq = (s: Score) => plenos.filter((o) => o.home === s.home && o.away === s.away).length;
    const best = plenos.find((s) => freq(s) === Math.max(...plenos.map(freq)));
    expect(res.body.mergedPrediction.pl15).toEqual(best);

    expect(res.body).toMatchObject({ topN: 5, columns: 1, betPrice: 0.75, cost: 0.75, confirmBet: false, hits: null });

    const participants = await players[0].get(`/Bet/${res.body.id}/Participants`);
    expect(participants.status).toBe(200);
    expect(participants.body.map((p: { rankPosition: number }) => p.rankPosition)).toEqual([1, 2, 3, 4, 5]);
    expect(participants.body.map((p: { userId: number }) => p.userId)).toEqual(top5.map((p) => p.id));
    expect(participants.body.every((p: { predictionId: number | null }) => typeof p.predictionId === "number")).toBe(true);

    const last = await players[3].get(`/Bet/LastBetTopN?groupId=${groupId}`);
    expect(last.body).toEqual({ topN: 5 });
  });

  it("closed the round when it generated: forced, close date now at the latest, and a late prediction is refused", async () => {
    const row = await t.db.one<{ force_closed: boolean; close_date: Date }>(
      "select force_closed, close_date from group_quinielas where group_id = $1 and quiniela_id = $2",
      [groupId, quinielaId],
    );
    expect(row!.force_closed).toBe(true);
    expect(new Date(row!.close_date).getTime()).toBeLessThanOrEqual(Date.now());
    const late = await latecomer.post(`/Quiniela/${quinielaId}/MakePrediction`, { groupId, matches: singles(), plain15: { home: 1, away: 0 } });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(ROUND_CLOSED_MESSAGE);
  });

  it("makes one bet however many times it is asked", async () => {
    const again = await manager.post("/Bet/GenerateBet", { groupId, quinielaId, topNUsers: 3 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BET_ALREADY_GENERATED);
    const count = await t.db.one<{ n: number | string }>("select count(*) as n from bets where group_id = $1 and quiniela_id = $2", [groupId, quinielaId]);
    expect(Number(count!.n)).toBe(1);
  });

  it("shows the included players first with their ranks, then the others, in GET /Bet/Ranking", async () => {
    const res = await players[11].get(`/Bet/Ranking?groupId=${groupId}&quinielaId=${quinielaId}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(12);
    expect(res.body.map((r: { rankPosition: number }) => r.rankPosition)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(res.body.filter((r: { included: boolean }) => r.included)).toHaveLength(5);
  });
});

// The conditions: docs/architecture.md#the-group-bet.
describe("the generation conditions", () => {
  let manager: Player;
  let ana: Player;
  let bea: Player;
  let groupId: number;

  beforeAll(async () => {
    [manager, ana, bea] = [await t.player("gestorc"), await t.player("anac"), await t.player("beac")];
    groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: ana.id }, { userId: bea.id }] });
    const before = await addRound(groupId, { past: true, daysAgo: 10 });
    for (const p of [ana, bea]) await build.prediction(t.db, { groupId, quinielaId: before, userId: p.id, matches: singles(), pleno: { home: 1, away: 1 } });
  });

  it("refuses an open round with a user with history still to send, saying how many are missing, and changes nothing", async () => {
    const quinielaId = await addRound(groupId);
    await build.prediction(t.db, { groupId, quinielaId, userId: ana.id, matches: singles(), pleno: { home: 1, away: 1 } });
    const res = await manager.post("/Bet/GenerateBet", { groupId, quinielaId });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("Esperando condiciones para generar");
    expect(res.body.message).toContain("Faltan 1 usuario(s) con historial de predicción por enviar en esta jornada.");
    const status = await ana.get(`/Bet/ByGroupStatus?groupId=${groupId}`);
    const round = status.body.find((r: { quinielaId: number }) => r.quinielaId === quinielaId);
    expect(round).toMatchObject({ canGenerate: false, missing: 1, required: 2, submitted: 1 });
    // Before the close a player learns only their own place; the manager sees who has predicted.
    expect((await bea.get(`/Bet/Ranking?groupId=${groupId}&quinielaId=${quinielaId}`)).body).toEqual([]);
    expect((await manager.get(`/Bet/Ranking?groupId=${groupId}&quinielaId=${quinielaId}`)).body.map((r: { username: string }) => r.username)).toEqual(["anac"]);
    const stored = await t.db.one<{ force_closed: boolean }>("select force_closed from group_quinielas where group_id = $1 and quiniela_id = $2", [
      groupId,
      quinielaId,
    ]);
    expect(stored!.force_closed).toBe(false);
    expect((await manager.get(`/Bet/GetBet?groupId=${groupId}&quinielaId=${quinielaId}`)).status).toBe(404);
  });

  it("allows a force-closed round and a round whose close date has passed, whoever is missing", async () => {
    for (const options of [{ forceClosed: true }, { past: true }]) {
      const quinielaId = await addRound(groupId, options);
      await build.prediction(t.db, { groupId, quinielaId, userId: ana.id, matches: singles("X"), pleno: { home: 0, away: 2 } });
      const status = await manager.get(`/Bet/ByGroupStatus?groupId=${groupId}`);
      const round = status.body.find((r: { quinielaId: number }) => r.quinielaId === quinielaId);
      expect(round.reasons[0]).toMatch(/^La jornada está cerrada por hora\/forzado; /);
      const res = await manager.post("/Bet/GenerateBet", { groupId, quinielaId, topNUsers: "abc" });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ topN: 1, usernamesIncluded: ["anac"], mergedPrediction: { matches: singles("X"), pl15: { home: 0, away: 2 } } });
    }
  });

  it("refuses a round nobody predicted", async () => {
    const quinielaId = await addRound(groupId, { forceClosed: true });
    const res = await manager.post("/Bet/GenerateBet", { groupId, quinielaId });
    expect(res.status).toBe(409);
  });
});

describe("permissions, editing, confirming and the ticket", () => {
  let manager: Player;
  let player: Player;
  let outsider: Player;
  let otherManager: Player;
  let groupId: number;
  let quinielaId: number;
  let betId: number;

  beforeAll(async () => {
    [manager, player, outsider, otherManager] = [await t.player("gestorp"), await t.player("jugp"), await t.player("fuerap"), await t.player("otrogestor")];
    groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: player.id }] });
    await build.group(t.db, { members: [{ userId: otherManager.id, role: 2 }, { userId: outsider.id }] });
    // Type 4: two doubles and a triple.
    quinielaId = await addRound(groupId, { typeId: 4, forceClosed: true });
    const m = singles();
    m[0] = ["1", "X"];
    m[1] = ["X", "2"];
    m[2] = ["1", "X", "2"];
    await build.prediction(t.db, { groupId, quinielaId, userId: player.id, matches: m, pleno: { home: 2, away: 1 } });
  });

  it("refuses generation to a player and to other groups' members, 403, and to nobody signed in, 401", async () => {
    for (const who of [player, outsider, otherManager]) {
      const res = await who.post("/Bet/GenerateBet", { groupId, quinielaId });
      expect(res.status).toBe(403);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await t.api.post("/Bet/GenerateBet", { groupId, quinielaId })).status).toBe(401);
  });

  it("lets an admin generate for any group; the ticket of two doubles and a triple has 12 columns at the season's price", async () => {
    const admin = await t.admin();
    const res = await admin.post("/Bet/GenerateBet", { GroupId: groupId, QuinielaId: quinielaId });
    expect(res.status).toBe(201);
    betId = res.body.id;
    expect(res.body.columns).toBe(12);
    expect(res.body.cost).toBe(9);
    const priced = await admin.put(`/season/${seasonId}/Points`, { single: 1, double: 0.75, triple: 0, pleno: 5, betPrice: 0.5 });
    expect(priced.status).toBe(200);
    expect(priced.body.betPrice).toBe(0.5);
    const bet = await player.get(`/Bet/GetBet?groupId=${groupId}&quinielaId=${quinielaId}`);
    expect(bet.body).toMatchObject({ columns: 12, betPrice: 0.5, cost: 6 });
    await admin.put(`/season/${seasonId}/Points`, { single: 1, double: 0.75, triple: 0, pleno: 5, betPrice: 0.75 });
  });

  it("refuses every read to non-members with 403 and lets members read", async () => {
    const reads = [
      `/Bet/GetBet?groupId=${groupId}&quinielaId=${quinielaId}`,
      `/Bet/ByGroupStatus?groupId=${groupId}`,
      `/Bet/LastBetTopN?groupId=${groupId}`,
      `/Bet/${betId}/Participants`,
      `/Bet/Ranking?groupId=${groupId}&quinielaId=${quinielaId}`,
    ];
    for (const path of reads) {
      expect((await outsider.get(path)).status, path).toBe(403);
      expect((await otherManager.get(path)).status, path).toBe(403);
      expect((await player.get(path)).status, path).toBe(200);
    }
  });

  it("refuses edits and confirmation to a player and to other groups", async () => {
    const edit = { betId, mergedPrediction: { matches: singles("2"), pl15: { home: 1, away: 1 } } };
    for (const who of [player, outsider, otherManager]) {
      expect((await who.put("/Bet/Update", edit)).status).toBe(403);
      expect((await who.put(`/Bet/${betId}/ConfirmBet`)).status).toBe(403);
    }
  });

  it("refuses an edit with a pleno of 10 or an empty match with the spec's message, and stores nothing", async () => {
    const before = await manager.get(`/Bet/GetBet?groupId=${groupId}&quinielaId=${quinielaId}`);
    const blank = singles("2");
    blank[6] = [];
    const cases = [
      { matches: singles("2"), pl15: { home: 10, away: 1 } },
      { matches: blank, pl15: { home: 1, away: 1 } },
      { matches: singles("2").slice(0, 13), pl15: { home: 1, away: 1 } },
      { matches: singles("2"), pl15: { home: "", away: 1 } },
    ];
    for (const mergedPrediction of cases) {
      const res = await manager.put("/Bet/Update", { betId, mergedPrediction });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(BET_INCOMPLETE);
    }
    const after = await manager.get(`/Bet/GetBet?groupId=${groupId}&quinielaId=${quinielaId}`);
    expect(after.body.mergedPrediction).toEqual(before.body.mergedPrediction);
  });

  it("saves a valid edit (Pl15 or plain15, any casing) and notes the change in that match's explanation", async () => {
    const matches = singles("2");
    matches[0] = ["1", "X"];
    const res = await manager.put("/Bet/Update", { BetId: betId, MergedPrediction: { Matches: matches, Pl15: { Home: 9, Away: 0 } } });
    expect(res.status).toBe(200);
    expect(res.body.mergedPrediction).toEqual({ matches, pl15: { home: 9, away: 0 } });
    expect(res.body.columns).toBe(2);
    expect(res.body.explanations[1]).toContain("Cambiado por gestorp: de X2 a 2.");
  });

  it("confirms once, then refuses further edits", async () => {
    const res = await manager.put(`/Bet/${betId}/ConfirmBet`);
    expect(res.status).toBe(200);
    expect(res.body.confirmBet).toBe(true);
    const again = await manager.put(`/Bet/${betId}/ConfirmBet`);
    expect(again.body.confirmedAt).toBe(res.body.confirmedAt);
    const edit = await manager.put("/Bet/Update", { betId, mergedPrediction: { matches: singles(), pl15: { home: 1, away: 1 } } });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(BET_CONFIRMED_NO_EDIT);
  });

  it("counts the bet's hits out of 15 once the official results exist", async () => {
    const official: Sign[] = Array.from({ length: 14 }, () => "2");
    official[0] = "X";
    official[5] = "1";
    await build.results(t.db, quinielaId, official, { home: 9, away: 0 });
    const bet = await player.get(`/Bet/GetBet?groupId=${groupId}&quinielaId=${quinielaId}`);
    expect(bet.body.hits).toBe(14);
  });

  it("answers 404 for a bet that does not exist and 400 for a bad id", async () => {
    expect((await manager.get("/Bet/999999/Participants")).status).toBe(404);
    expect((await manager.put("/Bet/abc/ConfirmBet")).status).toBe(400);
    expect((await manager.get(`/Bet/GetBet?groupId=${groupId}`)).status).toBe(400);
  });
});
