import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pick, Score, Sign } from "#core/domain/signs";
import { season2024, type Jornada } from "../../../scripts/football";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

type Player = Awaited<ReturnType<TestBackend["player"]>>;
interface Round {
  quinielaId: number;
  closeDate: Date;
  results: { matches: (Sign | null)[]; pleno: Score };
}
interface Ticket {
  userId: number;
  quinielaId: number;
  matches: Pick[];
  pleno: Score;
}

const DAY = 86_400_000;
const SIGNS: Sign[] = ["1", "X", "2"];
const other = (s: Sign, step = 1): Sign => SIGNS[(SIGNS.indexOf(s) + step) % 3];

let t: TestBackend;
let seasonId: number;
let groupId: number;
let members: Player[];
let counted: Round[];
const tickets: Ticket[] = [];

/**
 * A varied, deterministic ticket: player `k` is right on most matches, wrong on some, and plays
 * the doubles and triples the round's type asks for, sometimes covering the result and sometimes not.
 */
function ticketFor(k: number, r: number, results: Round["results"], type: { doubles: number; triples: number }): { matches: Pick[]; pleno: Score } {
  const matches = results.matches.map((official, i): Pick => {
    const real = official ?? "1";
    return [((i + 1) * (k + 2) + r) % 3 === 0 ? other(real) : real];
  });
  const slots = [(k + r) % 14, (k + r + 5) % 14, (k + r + 9) % 14, (k + r + 11) % 14];
  for (let d = 0; d < type.triples; d++) matches[slots[d]] = ["1", "X", "2"];
  for (let d = type.triples; d < type.triples + type.doubles; d++) {
    const real = results.matches[slots[d]] ?? "1";
    // Every other double misses: both of its signs differ from the result.
    const pair = (k + d) % 2 === 0 ? [real, other(real)] : [other(real), other(real, 2)];
    matches[slots[d]] = SIGNS.filter((s) => pair.includes(s));
  }
  const pleno = (k + r) % 3 === 0 ? { ...results.pleno } : { home: results.pleno.home + 1, away: results.pleno.away };
  return { matches, pleno };
}

function resultsOf(j: Jornada): Round["results"] {
  return { matches: [...j.results!.matches], pleno: j.results!.pleno };
}

beforeAll(async () => {
  t = await startBackend();
  const jornadas = season2024();
  seasonId = await build.season(t.db, { name: "2024-25", startDate: "2024-08-01" });
  const names = ["gestora", "ana", "bea", "carlos", "dani", "eva", "fran", "clona", "clonb", "nadie", "ido"];
  members = [];
  for (const name of names) members.push(await t.player(name));
  const [gestora, , , , , , , , , nadie, ido] = members;
  groupId = await build.group(t.db, { name: "Oficina", members: members.map((m) => ({ userId: m.id, role: m === gestora ? 2 : 1 })) });
  const otherGroup = await build.group(t.db, { name: "Otra", members: [{ userId: members[1].id }] });

  const types = [
    { id: 1, doubles: 0, triples: 0 },
    { id: 4, doubles: 2, triples: 1 },
    { id: 5, doubles: 4, triples: 0 },
  ];
  counted = [];
  for (const [r, j] of jornadas.slice(0, 3).entries()) {
    const quinielaId = await build.pool(t.db, { seasonId, number: j.number, startDate: j.startDate, closingDate: j.closingDate, matches: j.matches });
    const results = resultsOf(j);
    // A postponed match has no official sign yet: it must count for nobody.
    if (r === 1) results.matches[3] = null;
    await build.results(t.db, quinielaId, results.matches, results.pleno);
    await build.round(t.db, { groupId, quinielaId, openDate: j.startDate, closeDate: j.closingDate, typeId: types[r].id });
    await build.round(t.db, { groupId: otherGroup, quinielaId, openDate: j.startDate, closeDate: j.closingDate });
    counted.push({ quinielaId, closeDate: j.closingDate, results });
    for (const [k, m] of members.entries()) {
      if (m === nadie || (k + r) % 7 === 6) continue;
      // The clones play the same tickets, so every tie rule has something to break.
      const ticket = ticketFor(m.username === "clonb" ? k - 1 : k, r, results, types[r]);
      await build.prediction(t.db, { groupId, quinielaId, userId: m.id, ...ticket });
      tickets.push({ userId: m.id, quinielaId, ...ticket });
    }
    // The same player's picks in another group are that group's business.
    await build.prediction(t.db, {
      groupId: otherGroup,
      quinielaId,
      userId: members[1].id,
      matches: results.matches.map((s) => [s ?? "1"]),
      pleno: results.pleno,
    });
  }

  // Rounds that must not count: one with results (all but the pleno: complete ones end a round,
  // decision 015) but still open, one closed without results.
  const open = jornadas[3];
  const openId = await build.pool(t.db, { seasonId, number: open.number, matches: open.matches });
  await build.results(t.db, openId, open.results!.matches, null);
  await build.round(t.db, { groupId, quinielaId: openId, openDate: new Date(Date.now() - DAY), closeDate: new Date(Date.now() + DAY) });
  const pending = jornadas[4];
  const pendingId = await build.pool(t.db, { seasonId, number: pending.number, matches: pending.matches });
  await build.round(t.db, { groupId, quinielaId: pendingId, openDate: pending.startDate, closeDate: pending.closingDate });
  for (const m of members.slice(1, 4)) {
    await build.prediction(t.db, { groupId, quinielaId: openId, userId: m.id, ...ticketFor(1, 9, resultsOf(open), types[0]) });
    await build.prediction(t.db, {
      groupId,
      quinielaId: pendingId,
      userId: m.id,
      matches: Array.from({ length: 14 }, (): Pick => ["1"]),
      pleno: { home: 0, away: 0 },
    });
  }

  // A member who left keeps the points already earned.
  await t.db.query("update group_members set removed_at = now() where group_id = $1 and user_id = $2", [groupId, ido.id]);
}, 120_000);
afterAll(() => t.close());

/** The standings' rules (docs/architecture.md#points-accuracy-and-wilson) worked out by hand, independently of core/domain: the expected standings. */
function expectedStandings(rounds: Round[], points = { single: 1, double: 0.75, triple: 0, pleno: 5 }) {
  const z = 1.96;
  const last = [...rounds].sort((a, b) => a.closeDate.getTime() - b.closeDate.getTime()).at(-1)!;
  const rows = members.map((m) => {
    let simpleHits = 0,
      simpleTotal = 0,
      dobleHits = 0,
      dobleTotal = 0,
      tripleHits = 0,
      pleno15Hits = 0,
      pleno15Total = 0;
    let lastRoundHits: number | null = null;
    let played = false;
    for (const round of rounds) {
      const ticket = tickets.find((x) => x.userId === m.id && x.quinielaId === round.quinielaId);
      if (!ticket) continue;
      played = true;
      let roundHits = 0;
      round.results.matches.forEach((official, i) => {
        if (official === null) return;
        const pick = ticket.matches[i];
        const hit = pick.includes(official) ? 1 : 0;
        roundHits += hit;
        if (pick.length === 3) {
          tripleHits += hit;
        } else if (pick.length === 2) {
          dobleTotal += 1;
          dobleHits += hit;
        } else {
          simpleTotal += 1;
          simpleHits += hit;
        }
      });
      pleno15Total += 1;
      if (ticket.pleno.home === round.results.pleno.home && ticket.pleno.away === round.results.pleno.away) {
        pleno15Hits += 1;
        roundHits += 1;
      }
      if (round === last) lastRoundHits = roundHits;
    }
    const hits = simpleHits + dobleHits + pleno15Hits;
    const n = simpleTotal + dobleTotal + pleno15Total;
    const p = n === 0 ? 0 : hits / n;
    const wilson = n === 0 ? 0 : (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
    const totalPoints =
      Math.round((simpleHits * points.single + dobleHits * points.double + tripleHits * points.triple + pleno15Hits * points.pleno) * 100) / 100;
    return {
      position: 0,
      userId: m.id,
      userName: m.username,
      totalPoints,
      simpleHits,
      dobleHits,
      pleno15Hits,
      simpleTotal,
      dobleTotal,
      pleno15Total,
      accuracy: n === 0 ? 0 : hits / n,
      wilson: Math.max(0, wilson),
      isSubGroup: false,
      icons: [] as string[],
      lastRoundHits,
      played,
    };
  });
  rows.sort((a, b) => b.totalPoints - a.totalPoints || b.wilson - a.wilson || a.userName.localeCompare(b.userName, "es") || a.userId - b.userId);
  // Fair ranks: one more than the number of members strictly ahead on points, or level on points and ahead on Wilson.
  for (const r of rows) r.position = 1 + rows.filter((o) => o.totalPoints > r.totalPoints || (o.totalPoints === r.totalPoints && o.wilson > r.wilson)).length;
  // Ties of the sub-group and of the icons go by the listed order (points, Wilson, name).
  const order = new Map(rows.map((r, i) => [r, i]));
  const listed = (a: (typeof rows)[number], b: (typeof rows)[number]) => order.get(a)! - order.get(b)!;
  [...rows]
    .filter((r) => r.simpleTotal + r.dobleTotal + r.pleno15Total > 0)
    .sort((a, b) => b.wilson - a.wilson || listed(a, b))
    .slice(0, 5)
    .forEach((r) => (r.isSubGroup = true));

  // Burro and bola: more points, then better position; piña and rinoceronte: fewer points, then worse position.
  const best = (rs: typeof rows) => [...rs].sort((a, b) => b.totalPoints - a.totalPoints || listed(a, b))[0];
  const worst = (rs: typeof rows) => [...rs].sort((a, b) => a.totalPoints - b.totalPoints || listed(b, a))[0];
  const inLast = rows.filter((r) => r.lastRoundHits !== null);
  const most = Math.max(...inLast.map((r) => r.lastRoundHits!));
  const fewest = Math.min(...inLast.map((r) => r.lastRoundHits!));
  best(rows.filter((r) => r.played))?.icons.push("burro");
  worst(rows.filter((r) => r.totalPoints > 0))?.icons.push("pina");
  best(inLast.filter((r) => r.lastRoundHits === most))?.icons.push("bola");
  worst(inLast.filter((r) => r.lastRoundHits === fewest))?.icons.push("rinoceronte");
  return rows.map(({ played: _played, ...row }) => row);
}

const shown = (rows: Record<string, unknown>[]) =>
  rows.map((r) => ({
    position: r.position,
    userId: r.userId,
    userName: r.userName,
    totalPoints: r.totalPoints,
    simpleHits: r.simpleHits,
    dobleHits: r.dobleHits,
    pleno15Hits: r.pleno15Hits,
    simpleTotal: r.simpleTotal,
    dobleTotal: r.dobleTotal,
    pleno15Total: r.pleno15Total,
    accuracy: r.accuracy,
    wilson: r.wilson,
    isSubGroup: r.isSubGroup,
    icons: r.icons,
    lastRoundHits: r.lastRoundHits,
  }));

describe("GET /group/{id}/season/{seasonId}/GetClassification", () => {
  it("matches, row for row and to the last decimal, the rules worked out by hand over real results", async () => {
    const res = await members[2].get(`/group/${groupId}/season/${seasonId}/GetClassification`);
    expect(res.status).toBe(200);
    const expected = expectedStandings(counted);
    expect(shown(res.body)).toEqual(expected);
    // The data is varied enough for every column and icon to mean something.
    expect(expected.some((r) => r.dobleHits > 0 && r.pleno15Hits > 0)).toBe(true);
    expect(expected.flatMap((r) => r.icons).sort()).toEqual(["bola", "burro", "pina", "rinoceronte"]);
    expect(expected.filter((r) => r.isSubGroup)).toHaveLength(5);
    expect(res.body.find((r: { userName: string }) => r.userName === "ido").totalPoints).toBeGreaterThan(0);
    expect(res.body.find((r: { userName: string }) => r.userName === "nadie")).toMatchObject({ totalPoints: 0, wilson: 0, icons: [] });
  });

  it("gives one round's standings with quinielaId", async () => {
    const round = counted[1];
    const res = await members[0].get(`/group/${groupId}/season/${seasonId}/GetClassification?quinielaId=${round.quinielaId}`);
    expect(shown(res.body)).toEqual(expectedStandings([round]));
    expect(res.body.every((r: { simpleTotal: number; dobleTotal: number }) => r.simpleTotal + r.dobleTotal <= 13)).toBe(true);
  });

  it("uses the season's own point values", async () => {
    await t.db.query("update seasons set points_single = 2, points_double = 0.5, points_pleno = 3 where id = $1", [seasonId]);
    try {
      const res = await members[1].get(`/group/${groupId}/season/${seasonId}/GetClassification`);
      expect(shown(res.body)).toEqual(expectedStandings(counted, { single: 2, double: 0.5, triple: 0, pleno: 3 }));
    } finally {
      await t.db.query("update seasons set points_single = 1, points_double = 0.75, points_pleno = 5 where id = $1", [seasonId]);
    }
  });

  it("follows a corrected result and a late-loaded ticket at once", async () => {
    const round = counted[2];
    const original = { ...round.results, matches: [...round.results.matches] };
    const path = `/group/${groupId}/season/${seasonId}/GetClassification`;
    await members[1].get(path);
    round.results.matches[0] = other(round.results.matches[0]!);
    round.results.pleno = { home: 0, away: 0 };
    await build.results(t.db, round.quinielaId, round.results.matches, round.results.pleno);
    const dani = members.find((m) => m.username === "dani")!;
    const ticket = { userId: dani.id, quinielaId: round.quinielaId, matches: round.results.matches.map((s): Pick => [s ?? "1"]), pleno: { home: 0, away: 0 } };
    const id = await build.prediction(t.db, { groupId, ...ticket });
    tickets.push(ticket);
    try {
      expect(shown((await members[1].get(path)).body)).toEqual(expectedStandings(counted));
    } finally {
      tickets.pop();
      await t.db.query("delete from predictions where id = $1", [id]);
      round.results = original;
      await build.results(t.db, round.quinielaId, original.matches, original.pleno);
    }
    expect(shown((await members[1].get(path)).body)).toEqual(expectedStandings(counted));
  });

  it("lists the rounds that count, oldest first, with the group and season names", async () => {
    const res = await members[3].get(`/group/${groupId}/season/${seasonId}/GetClassificationRounds`);
    expect(res.body).toEqual({
      group: { id: groupId, name: "Oficina", officeIcons: true },
      season: { id: seasonId, name: "2024-25" },
      rounds: counted.map((r, i) => ({ quinielaId: r.quinielaId, numberQuiniela: i + 1, closeDate: r.closeDate.toISOString() })),
    });
  });

  it("is for members only, with 401, 403 and 404 as the contract says", async () => {
    const stranger = await t.player("extrano");
    const path = `/group/${groupId}/season/${seasonId}/GetClassification`;
    expect((await t.api.get(path)).status).toBe(401);
    expect((await stranger.get(path)).status).toBe(403);
    expect((await (await t.admin()).get(path)).status).toBe(200);
    expect((await members[1].get(`/group/${groupId}/season/999999/GetClassification`)).status).toBe(404);
    expect((await members[1].get(`/group/999999/season/${seasonId}/GetClassification`)).status).toBe(404);
    const elsewhere = await build.pool(t.db, { seasonId: await build.season(t.db, { name: "2030-31" }), number: 1 });
    expect((await members[1].get(`${path}?quinielaId=${elsewhere}`)).status).toBe(404);
    expect((await members[1].get(`${path}?quinielaId=abc`)).status).toBe(400);
  });
});
