import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BetStats, RoundSummary, UsersAverage } from "#core/contract/bet-stats";
import { camelKeys } from "#core/contract/common";
import { seasonMoney } from "#core/domain/bet/bet-stats";
import type { Pick, Score, Sign } from "#core/domain/signs";
import { startBackend, type Client, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

type Player = Awaited<ReturnType<TestBackend["player"]>>;
const DAY = 86_400_000;
const SIGNS: Sign[] = ["1", "X", "2"];
const other = (s: Sign): Sign => SIGNS[(SIGNS.indexOf(s) + 1) % 3];

interface Round {
  number: number;
  quinielaId: number;
  closeDate: Date;
  official: (Sign | null)[];
  pleno: Score;
  tickets: { user: Player; matches: Pick[]; pleno: Score }[];
  bet: { matches: Pick[]; pleno: Score; ranks: Player[] } | null;
}

let t: TestBackend;
let seasonId: number;
let groupId: number;
let players: Player[];
let outsider: Player;
let member: Client;
const rounds: Round[] = [];
let openRound: Round;

/** `hits` of the 14 matches right (the rest wrong); with `double`, the first wrong one becomes a double holding the result. */
function ticket(official: (Sign | null)[], hits: number, double = false): Pick[] {
  return official.map((s, i): Pick => {
    const real = s ?? "1";
    const pick: Pick = i < hits ? [real] : [other(real)];
    return double && i === hits ? SIGNS.filter((x) => x === real || x === other(real)) : pick;
  });
}

/** The spec's count, by hand: a match whose official sign is among the chosen, plus the exact pleno. */
function hitsOf(matches: Pick[], pleno: Score | null, round: Round): number {
  let n = 0;
  round.official.forEach((s, i) => {
    if (s !== null && matches[i].includes(s)) n++;
  });
  return n + (pleno && pleno.home === round.pleno.home && pleno.away === round.pleno.away ? 1 : 0);
}

/**
 * The ticket's figures by hand: every bet here is confirmed and of single signs, so it is one
 * column with one pleno combination, charged as the minimum two bets at the season's 0,75 €;
 * with all 14 results its best column is that column, and its category follows from its hits.
 */
function ticketOf(round: Round, prizeCents: number | null) {
  const bet = round.bet!;
  const complete = round.official.every((s) => s !== null);
  const hits = round.official.filter((s, i) => s !== null && bet.matches[i].includes(s)).length;
  const byHits: Record<number, string> = { 13: "segunda", 12: "tercera", 11: "cuarta", 10: "quinta" };
  const plenoRight = bet.pleno.home === round.pleno.home && bet.pleno.away === round.pleno.away;
  const category = hits === 14 ? (plenoRight ? "especial" : "primera") : (byHits[hits] ?? null);
  return {
    confirmed: true,
    costCents: 2 * 75,
    bestHits: complete ? hits : null,
    category: complete ? category : null,
    prizeCents: complete && (category === null || prizeCents !== null) ? (category === null ? 0 : prizeCents) : null,
  };
}

async function insertBet(round: Round) {
  const bet = round.bet!;
  const votes = Array.from({ length: 14 }, (_, i) => {
    const v: Record<Sign, number> = { "1": 0, X: 0, "2": 0 };
    for (const user of bet.ranks) for (const s of round.tickets.find((x) => x.user === user)!.matches[i]) v[s]++;
    return v;
  });
  const row = await t.db.one<{ id: number }>(
    `insert into bets (group_id, quiniela_id, season_id, top_n, usernames_included, matches, votes, pleno_home, pleno_away, confirmed)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, true) returning id`,
    [
      groupId,
      round.quinielaId,
      seasonId,
      bet.ranks.length,
      JSON.stringify(bet.ranks.map((u) => u.username)),
      JSON.stringify(bet.matches),
      JSON.stringify(votes),
      bet.pleno.home,
      bet.pleno.away,
    ],
  );
  for (const [i, user] of bet.ranks.entries()) {
    await t.db.query("insert into bet_participants (bet_id, user_id, rank_position, username) values ($1, $2, $3, $4)", [
      row!.id,
      user.id,
      i + 1,
      user.username,
    ]);
  }
}

beforeAll(async () => {
  t = await startBackend();
  seasonId = await build.season(t.db, { name: "2024-25", startDate: "2024-08-01" });
  players = [];
  for (const name of ["gestora", "ana", "bea", "carlos", "dani"]) players.push(await t.player(name));
  outsider = await t.player("ajeno");
  const [gestora, ana, bea, carlos, dani] = players;
  groupId = await build.group(t.db, { name: "Oficina", members: players.map((p) => ({ userId: p.id, role: p === gestora ? 2 : 1 })) });
  await build.group(t.db, { name: "Otra", members: [{ userId: outsider.id }] });
  member = bea;

  const start = new Date(Date.now() - 40 * DAY);
  const plans = [
    // Jornada 1: a bet with 12 + the pleno; Ana alone is the MVP.
    {
      hits: [
        [gestora, 11],
        [ana, 13],
        [bea, 9],
        [carlos, 4],
      ] as const,
      bet: { hits: 12, pleno: true },
      double: false,
    },
    // Jornada 2: a bet with 8; Gestora and Bea share the top, so no MVP; a match without result.
    {
      hits: [
        [gestora, 10],
        [ana, 7],
        [bea, 10],
        [dani, 2],
      ] as const,
      bet: { hits: 8, pleno: false },
      double: true,
    },
    // Jornada 3: no bet, the latest closed round.
    {
      hits: [
        [ana, 6],
        [bea, 12],
        [carlos, 3],
      ] as const,
      bet: null,
      double: false,
    },
  ];
  for (const [r, plan] of plans.entries()) {
    const openDate = new Date(start.getTime() + r * 7 * DAY);
    const closeDate = new Date(openDate.getTime() + 3 * DAY);
    const quinielaId = await build.pool(t.db, { seasonId, number: r + 1, startDate: openDate, closingDate: closeDate });
    const official: (Sign | null)[] = Array.from({ length: 14 }, (_, i) => SIGNS[(i + r) % 3]);
    if (r === 1) official[13] = null;
    const pleno = { home: 2, away: r };
    const round: Round = { number: r + 1, quinielaId, closeDate, official, pleno, tickets: [], bet: null };
    for (const [user, hits] of plan.hits) {
      const matches = ticket(official, hits, plan.double && user === ana);
      const own = user === ana && r === 0 ? pleno : { home: 0, away: 5 };
      round.tickets.push({ user, matches, pleno: own });
      await build.prediction(t.db, { groupId, quinielaId, userId: user.id, matches, pleno: own });
    }
    await build.results(t.db, quinielaId, official, pleno);
    await build.round(t.db, { groupId, quinielaId, openDate, closeDate });
    if (plan.bet) {
      const ranked = plan.hits.map(([u]) => u).slice(0, 3);
      round.bet = { matches: ticket(official, plan.bet.hits), pleno: plan.bet.pleno ? pleno : { home: 9, away: 9 }, ranks: ranked };
      await insertBet(round);
    }
    rounds.push(round);
  }

  // Jornada 4: results entered early (the signs, not yet the pleno: complete ones end a round, issue
  // 34), round still open: nobody's picks are shown and nothing counts.
  const quinielaId = await build.pool(t.db, { seasonId, number: 4, startDate: new Date(Date.now() - DAY), closingDate: new Date(Date.now() + DAY) });
  const official: Sign[] = Array.from({ length: 14 }, () => "1");
  openRound = { number: 4, quinielaId, closeDate: new Date(Date.now() + DAY), official, pleno: { home: 1, away: 1 }, tickets: [], bet: null };
  await build.results(t.db, quinielaId, official, null);
  await build.round(t.db, { groupId, quinielaId, openDate: new Date(Date.now() - DAY), closeDate: openRound.closeDate });
  await build.prediction(t.db, { groupId, quinielaId, userId: ana.id, matches: ticket(official, 14), pleno: openRound.pleno });
}, 120_000);
afterAll(() => t.close());

describe("GET /Bet/Stats", () => {
  it("gives the bet's hits per jornada, equal to counting them by hand, with the exact pleno and the close", async () => {
    const res = await member.get(`/Bet/Stats?groupId=${groupId}&seasonId=${seasonId}`);
    expect(res.status).toBe(200);
    const expected = rounds
      .filter((r) => r.bet)
      .map((r) => ({
        quinielaId: r.quinielaId,
        numberQuiniela: r.number,
        betHits: hitsOf(r.bet!.matches, r.bet!.pleno, r),
        pleno15Exact: r.bet!.pleno.home === r.pleno.home && r.bet!.pleno.away === r.pleno.away,
        closedAt: r.closeDate.toISOString(),
        ...ticketOf(r, null),
      }));
    expect(res.body).toEqual(expected);
    // The BFF reads every answer camel-cased through the contract's schema.
    expect(BetStats.safeParse(camelKeys(res.body)).success).toBe(true);
    // 12 signs plus the pleno; 8 signs, the match without result counting for nobody.
    expect(res.body.map((e: { betHits: number }) => e.betHits)).toEqual([13, 8]);
  });

  it("gives each played ticket's cost, best column, category and prize once the prizes are in, and the season's totals add up", async () => {
    const admin = await t.admin();
    const [first, second] = rounds;
    const perBet = { especial: 50000000, primera: 1000000, segunda: 20000, tercera: 1234, cuarta: 250, quinta: 105 };
    expect((await admin.put(`/Quiniela/${first.quinielaId}/Prizes`, { prizes: perBet })).status).toBe(200);
    const res = await member.get(`/Bet/Stats?groupId=${groupId}&seasonId=${seasonId}`);
    expect(res.status).toBe(200);
    const [one, two] = res.body;
    // Jornada 1: one column of 12 hits (tercera), one pleno combination: one winning bet at 12,34 €.
    expect(one).toMatchObject({ confirmed: true, costCents: 150, bestHits: 12, category: "tercera", prizeCents: 1234 });
    expect(one).toMatchObject(ticketOf(first, 1234));
    // Jornada 2: a match without result, so no escrutinio: its prize is not known.
    expect(two).toMatchObject({ confirmed: true, costCents: 150, bestHits: null, category: null, prizeCents: null });
    expect(seasonMoney(res.body)).toEqual({ costCents: 300, prizeCents: 1234, pending: 1 });
    expect(BetStats.parse(camelKeys(res.body))[0]).toMatchObject({ costCents: 150, prizeCents: 1234, category: "tercera" });

    // A bet never confirmed was not played: it costs nothing and wins nothing.
    await t.db.query("update bets set confirmed = false where group_id = $1 and quiniela_id = $2", [groupId, second.quinielaId]);
    try {
      const unplayed = (await member.get(`/Bet/Stats?groupId=${groupId}&seasonId=${seasonId}`)).body;
      expect(unplayed[1]).toMatchObject({ confirmed: false, costCents: 0, prizeCents: null });
      expect(seasonMoney(unplayed)).toEqual({ costCents: 150, prizeCents: 1234, pending: 0 });
    } finally {
      await t.db.query("update bets set confirmed = true where group_id = $1 and quiniela_id = $2", [groupId, second.quinielaId]);
      await t.db.query("delete from quiniela_prizes where quiniela_id = $1", [first.quinielaId]);
    }
  });

  it("is empty for a season the group has no bet in, and 404 for an unknown season", async () => {
    const later = await build.season(t.db, { name: "2025-26", startDate: "2025-08-01" });
    expect(await member.get(`/Bet/Stats?groupId=${groupId}&seasonId=${later}`)).toEqual({ status: 200, body: [] });
    const missing = await member.get(`/Bet/Stats?groupId=${groupId}&seasonId=99999`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Temporada no encontrada.");
  });
});

describe("GET /Bet/Stats/UsersAverage", () => {
  it("gives the mean hits of the players who predicted each closed jornada, equal to counting them by hand", async () => {
    const res = await member.get(`/Bet/Stats/UsersAverage?groupId=${groupId}&seasonId=${seasonId}`);
    expect(res.status).toBe(200);
    const expected = rounds.map((r) => {
      const hits = r.tickets.map((x) => hitsOf(x.matches, x.pleno, r));
      return { numberQuiniela: r.number, avgHits: Math.round((hits.reduce((s, h) => s + h, 0) / hits.length) * 100) / 100 };
    });
    expect(res.body).toEqual(expected);
    expect(res.body[0].avgHits).toBe(9.5);
    expect(UsersAverage.safeParse(camelKeys(res.body)).success).toBe(true);
  });
});

describe("GET /Bet/RoundSummary", () => {
  it("opens the latest round with results by close date and lists only rounds with official results", async () => {
    const res = await member.get(`/Bet/RoundSummary?groupId=${groupId}`);
    expect(res.status).toBe(200);
    expect(res.body.round.quinielaId).toBe(openRound.quinielaId);
    expect(res.body.rounds.map((r: { numberQuiniela: number; closed: boolean }) => [r.numberQuiniela, r.closed])).toEqual([
      [4, false],
      [3, true],
      [2, true],
      [1, true],
    ]);
    // Still open: results are public, others' picks are not.
    expect(res.body.players).toEqual([]);
    expect(res.body.mvp).toBeNull();
  });

  it("shows a round with its bet: picks, votes, hits, every player with hits, 'In.' and rank, average, distribution and MVP", async () => {
    const r = rounds[0];
    const res = await member.get(`/Bet/RoundSummary?groupId=${groupId}&numberQuiniela=1`);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.round).toMatchObject({ quinielaId: r.quinielaId, numberQuiniela: 1, closed: true, seasonName: "2024-25" });
    expect(body.matches).toHaveLength(15);
    expect(body.results).toEqual({ matches: r.official, plain15: r.pleno });
    expect(body.bet).toMatchObject({ topN: 3, confirmed: true, matches: r.bet!.matches, plain15: r.pleno, hits: 13, pleno15Exact: true });
    expect(body.bet.votes[0]).toEqual({ "1": 3, x: 0, "2": 0 });
    // The ticket and its escrutinio are the bet's own, as the bet page shows them.
    const own = await member.get(`/Bet/GetBet?groupId=${groupId}&quinielaId=${r.quinielaId}`);
    expect(body.bet.ticket).toEqual(own.body.ticket);
    // 13 of 15 is 12 of the 14 signs plus the pleno: the 3ª category.
    expect(body.bet.ticket.scrutiny.best).toMatchObject({ hits: 12, category: "tercera" });
    // As the BFF reads it: camel-cased, then checked against the contract.
    expect(RoundSummary.parse(camelKeys(body))).toEqual(body);

    const expected = r.tickets
      .map((x) => ({
        username: x.user.username,
        hits: hitsOf(x.matches, x.pleno, r),
        included: r.bet!.ranks.includes(x.user),
        rank: r.bet!.ranks.includes(x.user) ? r.bet!.ranks.indexOf(x.user) + 1 : null,
      }))
      .sort((a, b) => a.username.localeCompare(b.username));
    expect(body.players.map((p: Record<string, unknown>) => ({ username: p.username, hits: p.hits, included: p.included, rank: p.rank }))).toEqual(expected);
    expect(body.averageHits).toBeCloseTo(expected.reduce((s, p) => s + p.hits, 0) / expected.length);
    expect(body.mvp).toMatchObject({ username: "ana", hits: 14 });
    // Signs 1, X, 2 in turn over 14 matches: five 1s, five Xs, four 2s.
    expect(body.distribution).toEqual([
      { sign: "1", count: 5, pct: 36 },
      { sign: "X", count: 5, pct: 36 },
      { sign: "2", count: 4, pct: 29 },
    ]);
  });

  it("names no MVP when the top is shared and counts a double as a hit when it holds the result", async () => {
    const res = await member.get(`/Bet/RoundSummary?groupId=${groupId}&quinielaId=${rounds[1].quinielaId}`);
    expect(res.status).toBe(200);
    expect(res.body.mvp).toBeNull();
    const ana = res.body.players.find((p: { username: string }) => p.username === "ana");
    expect(ana.matches[7]).toHaveLength(2);
    expect(ana.hits).toBe(8);
    expect(res.body.bet.hits).toBe(8);
  });

  it("shows the players' side with no bet when the group made none", async () => {
    const res = await member.get(`/Bet/RoundSummary?groupId=${groupId}&numberQuiniela=3`);
    expect(res.status).toBe(200);
    expect(res.body.bet).toBeNull();
    expect(res.body.players.map((p: { username: string; hits: number; included: boolean }) => [p.username, p.hits, p.included])).toEqual([
      ["ana", 6, false],
      ["bea", 12, false],
      ["carlos", 3, false],
    ]);
    expect(res.body.mvp.username).toBe("bea");
  });

  it("reaches a jornada of a given season, and answers 404 when that season has no such round", async () => {
    const res = await member.get(`/Bet/RoundSummary?groupId=${groupId}&numberQuiniela=2&seasonId=${seasonId}`);
    expect(res.status).toBe(200);
    expect(res.body.round.quinielaId).toBe(rounds[1].quinielaId);
    const later = await build.season(t.db, { name: "2026-27", startDate: "2026-08-01" });
    expect((await member.get(`/Bet/RoundSummary?groupId=${groupId}&numberQuiniela=2&seasonId=${later}`)).status).toBe(404);
  });

  it("answers 404 for a round without official results and 400 for a bad id", async () => {
    const res = await member.get(`/Bet/RoundSummary?groupId=${groupId}&numberQuiniela=7`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Esa jornada no tiene resultados oficiales en el grupo.");
    expect((await member.get(`/Bet/RoundSummary?groupId=abc`)).status).toBe(400);
  });

  it("names its players with a version: a caller holding them gets none back until a write changes them (decision 027)", async () => {
    const ask = async (numberQuiniela: number, known?: string) =>
      (await member.get(`/Bet/RoundSummary?groupId=${groupId}&numberQuiniela=${numberQuiniela}${known ? `&known=${encodeURIComponent(known)}` : ""}`)).body;
    const first = await ask(1);
    expect(first.version).not.toBe("");
    expect(await ask(1, first.version)).toEqual({ ...first, players: null, averageHits: null, mvp: null });
    // Another round never passes for the one held, bet or no bet.
    expect((await ask(3, first.version)).players).toHaveLength(3);
    const third = await ask(3);
    expect((await ask(1, third.version)).players).toHaveLength(4);
    // Each of these writes gives the round's players a new version, and the held ones come back whole.
    const [, ana] = players;
    const writes: [string, () => Promise<unknown>][] = [
      ["a new name", () => t.db.query("update users set username = 'ana_bis' where id = $1", [ana.id])],
      ["the name back", () => t.db.query("update users set username = 'ana' where id = $1", [ana.id])],
      ["an edited bet", () => t.db.query("update bets set confirmed = false where group_id = $1 and quiniela_id = $2", [groupId, rounds[0].quinielaId])],
      ["a corrected result", () => build.results(t.db, rounds[0].quinielaId, rounds[0].official, { home: 0, away: 0 })],
      ["the result back", () => build.results(t.db, rounds[0].quinielaId, rounds[0].official, rounds[0].pleno)],
    ];
    let held = first;
    for (const [what, write] of writes) {
      await write();
      const now = await ask(1, held.version);
      expect(now.version, what).not.toBe(held.version);
      expect(now.players, what).toHaveLength(4);
      held = now;
    }
    expect(held.players).toEqual(first.players);
    // Holding a version opens nothing: another group's member is still refused.
    expect((await outsider.get(`/Bet/RoundSummary?groupId=${groupId}&numberQuiniela=1&known=${encodeURIComponent(held.version)}`)).status).toBe(403);
  });
});

describe("permissions", () => {
  const paths = () => [
    `/Bet/Stats?groupId=${groupId}&seasonId=${seasonId}`,
    `/Bet/Stats/UsersAverage?groupId=${groupId}&seasonId=${seasonId}`,
    `/Bet/RoundSummary?groupId=${groupId}`,
    `/bet/roundsummary?groupId=${groupId}&numberQuiniela=1`,
  ];

  it("refuses a member of another group with 403 and a Spanish message, and a visitor with 401", async () => {
    for (const path of paths()) {
      const res = await outsider.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ message: "No perteneces a este grupo." });
      expect((await t.api.get(path)).status, path).toBe(401);
    }
  });

  it("lets an admin read them", async () => {
    const admin = await t.admin();
    for (const path of paths()) expect((await admin.get(path)).status, path).toBe(200);
  });
});
