import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MATCH_GOALS, PROVISIONAL_AFTER_OFFICIAL } from "#core/contract/live";
import { PLENO_GOALS } from "#core/contract/quiniela";
import type { Sign } from "#core/domain/signs";
import { seededRandom as seeded } from "#core/seeded-random";
import { poolsInPlay, runFeedOnce } from "../../../backend/services/live/feed-job";
import { pullFeed } from "../../../backend/services/live/pull";
import { refreshLiveViews } from "../../../backend/services/live/refresh-job";
import { footballData } from "../../../backend/services/live/football-data";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

type LiveView = { matches: { score: { home: number; away: number } | null }[]; players: unknown[]; bet: unknown };
type Player = Awaited<ReturnType<TestBackend["player"]>>;

const DAY = 86_400_000;
const SIGNS: Sign[] = ["1", "X", "2"];
/** An answer of football-data.org v4 in its documented shape, written by hand (fixtures/README.md). */
const FEED = JSON.parse(readFileSync(new URL("../../../fixtures/football-data/matches-in-play.json", import.meta.url), "utf8")) as unknown;

let t: TestBackend;
let manager: Player;
let players: Player[];
let otherManager: Player;
let groupId: number;
let otherGroupId: number;
let quinielaId: number;
let betId: number;
let betColumn: Sign[];
const picks = new Map<string, Sign[]>();

const LALIGA = [
  { home: "Real Madrid", away: "Athletic Club" },
  { home: "Atlético de Madrid", away: "Real Betis" },
  { home: "Sevilla", away: "Valencia" },
  { home: "Barcelona", away: "Real Sociedad" },
];

beforeAll(async () => {
  t = await startBackend();
  const seasonId = await build.season(t.db);
  const random = seeded(37);
  manager = await t.player("gestordirecto");
  players = [];
  for (let k = 0; k < 4; k++) players.push(await t.player(`vivo${k}`));
  otherManager = await t.player("gestorajeno");
  groupId = await build.group(t.db, { name: "Peña en directo", members: [{ userId: manager.id, role: 2 }, ...players.map((p) => ({ userId: p.id }))] });
  otherGroupId = await build.group(t.db, { name: "Otra peña", members: [{ userId: otherManager.id, role: 2 }] });
  const now = Date.now();
  for (let r = 0; r < 4; r++) {
    const past = r < 3;
    const matches = past ? undefined : [...LALIGA, ...Array.from({ length: 11 }, (_, i) => ({ home: `Local ${i + 5}`, away: `Visitante ${i + 5}` }))];
    const id = await build.pool(t.db, { seasonId, number: r + 1, matches });
    const openDate = new Date(now - (30 - r * 7) * DAY);
    const closeDate = past ? new Date(now - (27 - r * 7) * DAY) : new Date(now - DAY);
    await build.round(t.db, { groupId, quinielaId: id, openDate, closeDate });
    const official = Array.from({ length: 14 }, (): Sign => SIGNS[Math.floor(random() * 3)]);
    if (past) await build.results(t.db, id, official, { home: 1, away: 1 });
    for (const p of players) {
      const m = official.map((s): Sign => (random() < 0.6 ? s : SIGNS[Math.floor(random() * 3)]));
      if (!past) picks.set(p.username, m);
      await build.prediction(t.db, { groupId, quinielaId: id, userId: p.id, matches: m.map((s) => [s]), pleno: { home: 1, away: 0 } });
    }
    if (!past) {
      quinielaId = id;
      await build.round(t.db, { groupId: otherGroupId, quinielaId: id, openDate, closeDate });
      const res = await manager.post("/Bet/GenerateBet", { groupId, quinielaId: id, topNUsers: 3 });
      expect(res.status).toBe(201);
      betId = res.body.id;
      betColumn = res.body.mergedPrediction.matches.map((p: Sign[]) => p[0]);
    }
  }
});
afterAll(() => t.close());

const score = (position: number, home: number | string, away: number | string) => ({ quinielaId, position, home, away });
const SIX: [number, number, number][] = [
  [1, 2, 1],
  [2, 0, 0],
  [3, 0, 2],
  [5, 3, 3],
  [8, 1, 0],
  [13, 0, 1],
];
const signOf = (h: number, a: number): Sign => (h > a ? "1" : h === a ? "X" : "2");

describe("provisional results and the live view", () => {
  it("nothing played: the live page and the bet page give the same chances for the same ticket, from the one source (decision 066)", async () => {
    const chances = (await manager.get(`/Bet/${betId}/Chances`)).body;
    const live = (await players[0].get(`/Group/${groupId}/Live`)).body;
    expect(live.played).toBe(0);
    expect(live.bet).toMatchObject({ source: chances.model.source, prior: chances.model.prior, pastRounds: chances.model.pastRounds });
    expect(live.bet.weight).toBeCloseTo(chances.model.weight, 12);
    for (const k of ["10", "11", "12", "13", "14", "especial"]) expect(live.bet.atLeast[k]).toBeCloseTo(chances.current.atLeast[k], 12);
    for (const c of ["quinta", "cuarta", "tercera", "segunda", "primera", "especial"]) expect(live.bet.wins[c]).toBeCloseTo(chances.current.wins[c], 12);
    // Three jornadas with results: the model is fitted and, where it is the source, leans half on the prior (42 / (42 + 42)).
    if (chances.model.source === "model") expect(chances.model.weight).toBeCloseTo(0.5, 12);
  });

  it("a manager records six scores; every number equals an independent computation", async () => {
    const before = { standings: await manager.get(`/group/${groupId}/season/1/GetClassification`), caja: await manager.get(`/group/${groupId}/caja`) };
    for (const [p, h, a] of SIX) {
      const r = await manager.post(`/Group/${groupId}/ProvisionalResult`, score(p, h, a));
      expect([r.status, r.body]).toEqual([200, expect.anything()]);
    }
    const live = (await players[0].get(`/Group/${groupId}/Live`)).body;
    expect(live).toMatchObject({ quinielaId, provisional: true, played: 6 });
    const played: (Sign | null)[] = new Array(14).fill(null);
    for (const [p, h, a] of SIX) played[p - 1] = signOf(h, a);
    expect(live.matches.map((m: { sign: Sign | null }) => m.sign)).toEqual([...played, null]);
    expect(live.matches[0]).toMatchObject({ score: { home: 2, away: 1 }, source: "grupo" });
    // Players: hits among the six, and still possible: hits + 8 matches + the pleno.
    for (const row of live.players) {
      const mine = picks.get(row.name)!;
      const hits = played.filter((s, i) => s !== null && mine[i] === s).length;
      expect(row).toMatchObject({ hits, possible: hits + 9 });
    }
    // The bet: a single column; P(≥ 10) by brute force over the 8 matches to play, with the model's probabilities.
    const probs: number[][] = (await manager.get(`/Bet/${betId}/Chances`)).body.probabilities;
    const column: Sign[] = betColumn;
    const hitsNow = played.filter((s, i) => s !== null && column[i] === s).length;
    const open = played.flatMap((s, i) => (s === null ? [i] : []));
    const dist = new Array<number>(15).fill(0);
    for (let code = 0; code < 3 ** open.length; code++) {
      let rest = code;
      let w = 1;
      let h = hitsNow;
      for (const i of open) {
        const k = rest % 3;
        rest = Math.floor(rest / 3);
        w *= probs[i][k];
        if (SIGNS[k] === column[i]) h++;
      }
      dist[h] += w;
    }
    expect(live.bet.hits).toBe(hitsNow);
    expect(live.bet.columns).toBe(1);
    expect(live.bet.atLeast["10"]).toBeCloseTo(
      dist.slice(10).reduce((a, b) => a + b, 0),
      9,
    );
    expect(live.bet.categories.segunda).toBeCloseTo(dist[13], 9);
    for (const k of [10, 11, 12, 13, 14]) expect(live.bet.alive[String(k)]).toBe(hitsNow + 8 >= k ? 1 : 0);
    expect(live.shareText).toContain(`Llevamos ${hitsNow} de 6`);
    // Nothing official moved.
    expect((await manager.get(`/group/${groupId}/season/1/GetClassification`)).body).toEqual(before.standings.body);
    expect((await manager.get(`/group/${groupId}/caja`)).body).toEqual(before.caja.body);
  });

  it("puts the group's own manager over an admin over the feed; no group changes another's", async () => {
    const admin = await t.admin();
    expect((await admin.post(`/Group/${otherGroupId}/ProvisionalResult`, score(1, 0, 3))).status).toBe(200);
    // The other group sees the admin's; this group keeps its manager's 2-1.
    expect((await otherManager.get(`/Group/${otherGroupId}/Live`)).body.matches[0]).toMatchObject({ score: { home: 0, away: 3 }, source: "admin" });
    expect((await manager.get(`/Group/${groupId}/Live`)).body.matches[0]).toMatchObject({ score: { home: 2, away: 1 }, source: "grupo" });
    const run = await pullFeed(t.deps, quinielaId, footballData({ baseUrl: "http://feed.test", key: "k", fetch: async () => Response.json(FEED) }));
    expect(run).toMatchObject({ matched: 3, stored: 3 });
    const other = (await otherManager.get(`/Group/${otherGroupId}/Live`)).body.matches;
    expect(other[0]).toMatchObject({ source: "admin" });
    expect(other[1]).toMatchObject({ score: { home: 0, away: 0 }, source: "feed", sign: "X" });
    expect(other[2]).toMatchObject({ score: { home: 0, away: 2 }, source: "feed" });
    expect(other[3]).toMatchObject({ score: null, sign: null });
    // Pulled again, nothing changed: nothing written.
    expect((await pullFeed(t.deps, quinielaId, footballData({ baseUrl: "http://feed.test", key: "k", fetch: async () => Response.json(FEED) }))).stored).toBe(
      0,
    );
    const refused = await otherManager.post(`/Group/${groupId}/ProvisionalResult`, score(4, 1, 1));
    expect(refused.status).toBe(403);
    expect((await players[1].post(`/Group/${groupId}/ProvisionalResult`, score(4, 1, 1))).status).toBe(403);
    expect((await otherManager.get(`/Group/${groupId}/Live`)).status).toBe(403);
  });

  it("asks the feed by itself every minute for the pools in play, and only for them", async () => {
    const was = await t.db.one<{ closing_date: Date }>("select closing_date from quinielas where id = $1", [quinielaId]);
    // The jornada closed yesterday and has no official results: it is in play. The past ones have results.
    await t.db.query("update quinielas set closing_date = $2 where id = $1", [quinielaId, new Date(Date.now() - DAY)]);
    try {
      expect(await poolsInPlay(t.deps)).toEqual([quinielaId]);
      const asked: string[] = [];
      const feed = footballData({
        baseUrl: "http://feed.test",
        key: "k",
        fetch: async (input) => {
          asked.push(String(input));
          return Response.json(FEED);
        },
      });
      // The scores the feed has were stored by the pull above: asked once, nothing changes.
      expect(await runFeedOnce(t.deps, feed)).toBe(0);
      expect(asked).toHaveLength(1);
    } finally {
      await t.db.query("update quinielas set closing_date = $2 where id = $1", [quinielaId, was!.closing_date]);
    }
    expect(await poolsInPlay(t.deps)).toEqual([]);
  });

  it("after a score, the refresh job brings every playing group's shared view up to date once, and each next view shows it (decision 071)", async () => {
    const was = await t.db.one<{ closing_date: Date }>("select closing_date from quinielas where id = $1", [quinielaId]);
    await t.db.query("update quinielas set closing_date = $2 where id = $1", [quinielaId, new Date(Date.now() - DAY)]);
    const admin = await t.admin();
    const shared = async () =>
      new Map(
        (
          await t.db.query<{ group_id: number; version: string; view: unknown }>("select group_id, version, view from live_views where quiniela_id = $1", [
            quinielaId,
          ])
        ).map((r) => [r.group_id, { version: r.version, view: (typeof r.view === "string" ? JSON.parse(r.view) : r.view) as LiveView }]),
      );
    try {
      // Both groups play the pool: the pass refreshes whatever is stale, then nothing is.
      await refreshLiveViews(t.deps);
      expect(await refreshLiveViews(t.deps)).toMatchObject({ refreshed: 0, batches: 0 });
      for (const [home, away] of [
        [4, 4],
        [0, 1],
      ]) {
        // An admin's score counts for both groups (no manager typed match 7).
        expect((await admin.post(`/Group/${otherGroupId}/ProvisionalResult`, score(7, home, away))).status).toBe(200);
        // The admin's answer computed the other group's view; this group's is stale until the job's pass.
        expect(await refreshLiveViews(t.deps, { batch: 1 })).toMatchObject({ refreshed: 1, batches: 1 });
        expect(await refreshLiveViews(t.deps)).toMatchObject({ refreshed: 0, batches: 0 });
        const rows = await shared();
        for (const id of [groupId, otherGroupId]) {
          expect(rows.get(id)!.view.matches[6]).toMatchObject({ score: { home, away }, source: "admin" });
          const reader = id === groupId ? players[0] : otherManager;
          const live = (await reader.get(`/Group/${id}/Live`)).body;
          expect(live.matches[6]).toMatchObject({ score: { home, away } });
          expect(live.version).toBe(rows.get(id)!.version);
        }
      }
      // The job's pass brought this group's row up by the ±1 rule (same predictions and bet): it is what
      // a full computation gives, players, bet columns and odds alike (a fresh module holds no view).
      const incremental = (await shared()).get(groupId)!;
      await t.db.query("delete from live_views where group_id = $1", [groupId]);
      vi.resetModules();
      const fresh = await import("../../../backend/services/live/view");
      await fresh.liveRound(t.deps, groupId, quinielaId);
      const full = (await shared()).get(groupId)!;
      expect(full.version).toBe(incremental.version);
      expect(full.view).toEqual(incremental.view);
      // A row under a version the database no longer gives is never served: the next view computes.
      await t.db.query(
        "update live_views set view = jsonb_set(view, '{matches,6,score}', '{\"home\": 9, \"away\": 9}'), version = 'vieja' where group_id = $1",
        [groupId],
      );
      expect((await players[0].get(`/Group/${groupId}/Live`)).body.matches[6]).toMatchObject({ score: { home: 0, away: 1 } });
    } finally {
      expect((await admin.post(`/Group/${otherGroupId}/ProvisionalResult`, score(7, "", ""))).status).toBe(200);
      await t.db.query("update quinielas set closing_date = $2 where id = $1", [quinielaId, was!.closing_date]);
    }
  });

  it("refuses bad scores with the results form's messages", async () => {
    const bad = await manager.post(`/Group/${groupId}/ProvisionalResult`, score(4, "x", 1));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(MATCH_GOALS);
    const pleno = await manager.post(`/Group/${groupId}/ProvisionalResult`, score(15, 11, 0));
    expect(pleno.status).toBe(400);
    expect(JSON.stringify(pleno.body)).toContain(PLENO_GOALS);
  });

  it("keeps every entry in the audit trail, and none of them as results", async () => {
    const trail = (await manager.get(`/Audit/ByGroup/${groupId}`)).body as { action: string }[];
    expect(trail.filter((e) => e.action === "provisional.set").length).toBeGreaterThanOrEqual(6);
    expect(trail.some((e) => e.action === "results.set")).toBe(false);
  });

  it("answers the kiosk's live mode with the same numbers", async () => {
    const link = await manager.post(`/group/${groupId}/kiosk`, {});
    const kiosk = await t.api.get(`/kiosk/${link.body.token}/Live`);
    expect(kiosk.status).toBe(200);
    const live = (await manager.get(`/Group/${groupId}/Live`)).body;
    expect(live.canEdit).toBe(true);
    expect(kiosk.body).toEqual({ ...live, canEdit: undefined });
  });

  it("names what the live page shows for each caller in a version that every change moves (decision 067)", async () => {
    const version = async (who: Player) => {
      const r = await who.get(`/Group/${groupId}/LiveVersion`);
      expect(r.status).toBe(200);
      return r.body.version as string;
    };
    const [a, b, m] = [await version(players[0]), await version(players[1]), await version(manager)];
    // One view for the group's players; the manager's has the score forms, so it is another variant.
    expect(a).toBe(b);
    expect(m).not.toBe(a);
    expect(a.split(".")[0]).toBe(String(quinielaId));
    expect((await otherManager.get(`/Group/${groupId}/LiveVersion`)).status).toBe(403);
    // A score moves it, and so does taking it back: the view changed both times.
    expect((await manager.post(`/Group/${groupId}/ProvisionalResult`, score(9, 1, 1))).status).toBe(200);
    const scored = await version(players[0]);
    expect(scored).not.toBe(a);
    expect((await manager.post(`/Group/${groupId}/ProvisionalResult`, { quinielaId, position: 9, home: "", away: "" })).status).toBe(200);
    const cleared = await version(players[0]);
    expect([a, scored]).not.toContain(cleared);
    // Unchanged data, unchanged version.
    expect(await version(players[0])).toBe(cleared);
  });

  describe("the live rows at the round's close, and the stale set found once per goal (decision 076)", () => {
    const rows = async () =>
      new Map(
        (
          await t.db.query<{ group_id: number; version: string; view: unknown }>("select group_id, version, view from live_views where quiniela_id = $1", [
            quinielaId,
          ])
        ).map((r) => [r.group_id, { version: r.version, view: (typeof r.view === "string" ? JSON.parse(r.view) : r.view) as LiveView }]),
      );
    /** A score every group sees, written as the feed or an admin would store it but with no reader's view computed by its answer. */
    const typed = async (position: number, home: number, away: number) =>
      t.db.query(
        `insert into provisional_results (quiniela_id, position, home_goals, away_goals, source, group_id, at) values ($1, $2, $3, $4, 'admin', null, now())
         on conflict (quiniela_id, position, source, coalesce(group_id, 0)) do update set home_goals = excluded.home_goals, away_goals = excluded.away_goals, rev = nextval('provisional_rev')`,
        [quinielaId, position, home, away],
      );
    /** Each group's row as a fresh module computes it whole from nothing (no row, no held view). */
    const computedWhole = async () => {
      await t.db.query("delete from live_views where quiniela_id = $1", [quinielaId]);
      vi.resetModules();
      const fresh = await import("../../../backend/services/live/view");
      for (const id of [groupId, otherGroupId]) await fresh.liveRound(t.deps, id, quinielaId);
      return rows();
    };
    let was: Date;
    beforeAll(async () => {
      was = (await t.db.one<{ closing_date: Date }>("select closing_date from quinielas where id = $1", [quinielaId]))!.closing_date;
      await t.db.query("update quinielas set closing_date = $2 where id = $1", [quinielaId, new Date(Date.now() - DAY)]);
    });
    afterAll(async () => {
      await t.db.query("delete from provisional_results where quiniela_id = $1 and source = 'admin' and group_id is null and position in (8, 9)", [quinielaId]);
      await t.db.query("update quinielas set closing_date = $2 where id = $1", [quinielaId, was]);
    });

    it("computes every playing group's row once the round closes, before any score; the first goal then moves it by the ±1 rule to what a whole computation gives", async () => {
      // The round is closed and nobody has typed a score or opened the live page yet.
      await t.db.query("delete from provisional_results where quiniela_id = $1", [quinielaId]);
      await t.db.query("delete from provisional_clears where quiniela_id = $1", [quinielaId]);
      await t.db.query("delete from live_views where quiniela_id = $1", [quinielaId]);
      expect(await refreshLiveViews(t.deps)).toMatchObject({ refreshed: 2, whole: 2 });
      expect(await refreshLiveViews(t.deps)).toMatchObject({ refreshed: 0 });
      const atClose = await rows();
      expect([...atClose.keys()].sort()).toEqual([groupId, otherGroupId].sort());
      // Each row is under the version a reader reads now, so the reader is served it.
      expect((await players[0].get(`/Group/${groupId}/Live`)).body.version).toBe(atClose.get(groupId)!.version);
      expect((await otherManager.get(`/Group/${otherGroupId}/Live`)).body.version).toBe(atClose.get(otherGroupId)!.version);

      // The jornada's first goal: no group is computed whole, both go by the ±1 rule.
      await typed(8, 2, 1);
      expect(await refreshLiveViews(t.deps)).toMatchObject({ refreshed: 2, whole: 0 });
      const afterGoal = await rows();
      for (const id of [groupId, otherGroupId]) expect(afterGoal.get(id)!.view.matches[7]).toMatchObject({ score: { home: 2, away: 1 } });
      const whole = await computedWhole();
      for (const id of [groupId, otherGroupId]) {
        expect(whole.get(id)!.version).toBe(afterGoal.get(id)!.version);
        expect(whole.get(id)!.view).toEqual(afterGoal.get(id)!.view);
      }
    });

    it("a reader of a round still open gets no score by the ±1 rule, only a new view without scores (decision 061)", async () => {
      const round = await t.db.one<{ close_date: Date }>("select close_date from group_quinielas where group_id = $1 and quiniela_id = $2", [
        otherGroupId,
        quinielaId,
      ]);
      await t.db.query("update group_quinielas set close_date = $3 where group_id = $1 and quiniela_id = $2", [
        otherGroupId,
        quinielaId,
        new Date(Date.now() + DAY),
      ]);
      try {
        const before = (await otherManager.get(`/Group/${otherGroupId}/Live?quinielaId=${quinielaId}`)).body;
        expect(before.roundOpen).toBe(true);
        await typed(9, 4, 0);
        const after = (await otherManager.get(`/Group/${otherGroupId}/Live?quinielaId=${quinielaId}`)).body;
        expect(after.version).not.toBe(before.version);
        expect(after.matches.every((m: { score: unknown }) => m.score === null)).toBe(true);
      } finally {
        await t.db.query("update group_quinielas set close_date = $3 where group_id = $1 and quiniela_id = $2", [otherGroupId, quinielaId, round!.close_date]);
      }
    });

    it("looks for the stale groups once per goal, not once per batch, and finds them again when a score moves mid-walk", async () => {
      await refreshLiveViews(t.deps);
      let looks = 0;
      let written = 0;
      let goalMidWalk = false;
      const count = async (sql: string) => {
        if (sql.includes("left join live_views lv")) looks++;
        // A second goal lands once the walk has written its first batch.
        if (goalMidWalk && sql.startsWith("insert into live_views") && ++written === 1) await typed(9, 0, 3);
      };
      const db = {
        ...t.deps.db,
        query: async <T>(sql: string, params?: unknown[]) => (await count(sql), t.deps.db.query<T>(sql, params)),
        one: async <T>(sql: string, params?: unknown[]) => (await count(sql), t.deps.db.one<T>(sql, params)),
      };
      const deps = { ...t.deps, db };

      // One goal, two playing groups, batches of one: one look finds both, one more finds none.
      await typed(8, 0, 0);
      const pass = await refreshLiveViews(deps, { batch: 1 });
      expect(looks).toBe(2);
      expect(pass).toMatchObject({ refreshed: 2, whole: 0, batches: 2 });

      // A goal typed while the walk is under way: the rest is found again under it, and every row ends under the version a reader reads.
      looks = 0;
      goalMidWalk = true;
      await typed(8, 1, 0);
      const again = await refreshLiveViews(deps, { batch: 1 });
      expect(looks).toBe(3);
      expect(again).toMatchObject({ whole: 0 });
      const now = await rows();
      for (const [id, reader] of [
        [groupId, players[0]],
        [otherGroupId, otherManager],
      ] as const) {
        const live = (await reader.get(`/Group/${id}/Live`)).body;
        expect(live.version).toBe(now.get(id)!.version);
        expect(live.matches[7]).toMatchObject({ score: { home: 1, away: 0 } });
        expect(live.matches[8]).toMatchObject({ score: { home: 0, away: 3 } });
      }
      const whole = await computedWhole();
      for (const id of [groupId, otherGroupId]) expect(whole.get(id)!.view).toEqual(now.get(id)!.view);
    });
  });

  it("lets the official results replace the provisional ones, and refuses new ones after", async () => {
    const admin = await t.admin();
    const official: Sign[] = ["2", "2", "2", "2", "2", "2", "2", "2", "2", "2", "2", "2", "2", "2"];
    const liveVersionBefore = (await manager.get(`/Group/${groupId}/LiveVersion`)).body.version as string;
    expect((await admin.post("/Quiniela/SetResults", { quinielaId, matches: official, plain15: { home: 3, away: 3 } })).status).toBe(200);
    const live = (await manager.get(`/Group/${groupId}/Live`)).body;
    expect(live.provisional).toBe(false);
    expect(live.played).toBe(14);
    expect(live.matches.every((m: { source: string }) => m.source === "oficial")).toBe(true);
    expect(live.matches[14].score).toEqual({ home: 3, away: 3 });
    expect((await manager.get(`/Group/${groupId}/LiveVersion`)).body.version).not.toBe(liveVersionBefore);
    const refused = await manager.post(`/Group/${groupId}/ProvisionalResult`, score(4, 1, 1));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PROVISIONAL_AFTER_OFFICIAL);
  });
});
