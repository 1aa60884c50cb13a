import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOCKED_MESSAGE, ROUND_CLOSED_MESSAGE, ROUND_NOT_OPEN_MESSAGE } from "#core/contract/prediction";
import { PREDICTION_ERROR } from "#core/domain/predictions/prediction-rules";
import type { Pick } from "#core/domain/signs";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

type Player = Awaited<ReturnType<TestBackend["player"]>>;

let t: TestBackend;
let seasonId: number;
let manager: Player;
let ana: Player;
let bea: Player;
let outsider: Player;
let groupId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startBackend();
  seasonId = await build.season(t.db);
  [manager, ana, bea, outsider] = await Promise.all([t.player("gestora"), t.player("ana"), t.player("bea"), t.player("fuera")]);
  groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: ana.id }, { userId: bea.id }] });
});
afterAll(() => t.close());

let poolNumber = 0;
/** A pool played by the group with the given type and dates relative to now (open by default). */
async function openRound(options: { typeId?: number; openIn?: number; closeIn?: number; forceClosed?: boolean } = {}) {
  const quinielaId = await build.pool(t.db, { seasonId, number: ++poolNumber });
  const now = Date.now();
  const groupQuinielaId = await build.round(t.db, {
    groupId,
    quinielaId,
    openDate: new Date(now + (options.openIn ?? -DAY)),
    closeDate: new Date(now + (options.closeIn ?? DAY)),
    forceClosed: options.forceClosed,
    typeId: options.typeId,
  });
  return { quinielaId, groupQuinielaId };
}

const singles = (): Pick[] => Array.from({ length: 14 }, (): Pick => ["1"]);
/** Two doubles and one triple: what type 4 ("Dos dobles y un triple") asks for. */
const twoDoublesOneTriple = (): Pick[] => {
  const m = singles();
  m[0] = ["1", "X"];
  m[5] = ["X", "2"];
  m[9] = ["1", "X", "2"];
  return m;
};
const body = (matches: unknown, plain15: unknown = { home: 2, away: 1 }) => ({ groupId, matches, plain15 });
const stored = (quinielaId: number) => t.db.query("select user_id, matches, pleno_home, pleno_away from predictions where quiniela_id = $1", [quinielaId]);

// The rules: docs/architecture.md#predictions.
describe("the rules of a prediction", () => {
  it("accepts two doubles and one triple for the type that asks exactly that", async () => {
    const { quinielaId } = await openRound({ typeId: 4 });
    const res = await ana.post(`/Quiniela/${quinielaId}/MakePrediction`, body(twoDoublesOneTriple()));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: ana.id, username: "ana", matches: twoDoublesOneTriple(), plain15: { home: 2, away: 1 } });
    const mine = await ana.get(`/Quiniela/${quinielaId}/MyPrediction?groupId=${groupId}`);
    expect(mine.body).toMatchObject({ state: "open", numDouble: 2, numTriple: 1, blocked: false, prediction: { matches: twoDoublesOneTriple() } });
  });

  it("rejects each broken rule with the spec's message and says which rule failed, storing nothing", async () => {
    const { quinielaId } = await openRound({ typeId: 4 });
    const withBlank = twoDoublesOneTriple();
    withBlank[2] = [];
    const oneDouble = twoDoublesOneTriple();
    oneDouble[5] = ["2"];
    const noTriple = twoDoublesOneTriple();
    noTriple[9] = ["1"];
    const cases: [unknown, unknown, RegExp][] = [
      [withBlank, { home: 1, away: 1 }, /Falta elegir signo en el partido 3\./],
      [oneDouble, { home: 1, away: 1 }, /pide 2 doble\(s\) y has marcado 1\./],
      [noTriple, { home: 1, away: 1 }, /pide 1 triple\(s\) y has marcado 0\./],
      [twoDoublesOneTriple().slice(0, 13), { home: 1, away: 1 }, /tiene 14 partidos y has enviado 13\./],
      [twoDoublesOneTriple(), { home: 11, away: 0 }, /pleno al quince necesita goles enteros de 0 a 10/],
      [twoDoublesOneTriple(), { home: 1.5, away: 0 }, /pleno al quince/],
      [twoDoublesOneTriple(), { home: -1, away: 0 }, /pleno al quince/],
      [twoDoublesOneTriple(), null, /pleno al quince/],
      ["no es una lista", { home: 1, away: 1 }, /has enviado 0/],
    ];
    for (const [matches, plain15, problem] of cases) {
      const res = await ana.post(`/Quiniela/${quinielaId}/MakePrediction`, body(matches, plain15));
      expect(res.status, JSON.stringify(matches)).toBe(400);
      expect(res.body.message.startsWith(PREDICTION_ERROR)).toBe(true);
      expect(res.body.message).toMatch(problem);
    }
    expect(await stored(quinielaId)).toEqual([]);
  });

  it("reads PascalCase bodies and lowercase paths, and tidies picks to 1, X, 2 order", async () => {
    const { quinielaId } = await openRound({ typeId: 2 });
    const matches: unknown[] = singles();
    matches[0] = ["x", "1"];
    matches[1] = "2X";
    const res = await bea.post(`/quiniela/${quinielaId}/makeprediction`, { GroupId: groupId, Matches: matches, Plain15: { Home: "3", Away: 0 } });
    expect(res.status).toBe(201);
    expect(res.body.matches.slice(0, 2)).toEqual([
      ["1", "X"],
      ["X", "2"],
    ]);
    expect(res.body.plain15).toEqual({ home: 3, away: 0 });
  });
});

describe("sending and changing a prediction", () => {
  it("is sent once with POST and changed with PUT while the round is open", async () => {
    const { quinielaId } = await openRound();
    expect((await ana.put(`/Quiniela/${quinielaId}/UpdatePrediction`, body(singles()))).status).toBe(404);
    expect((await ana.post(`/Quiniela/${quinielaId}/MakePrediction`, body(singles()))).status).toBe(201);
    const again = await ana.post(`/Quiniela/${quinielaId}/MakePrediction`, body(singles()));
    expect(again.status).toBe(409);
    const changed = singles();
    changed[13] = ["2"];
    const put = await ana.put(`/Quiniela/${quinielaId}/UpdatePrediction`, body(changed, { home: 0, away: 0 }));
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ matches: changed, plain15: { home: 0, away: 0 } });
    expect(await stored(quinielaId)).toHaveLength(1);
  });

  it("refuses a prediction after the close date, leaving the stored one untouched", async () => {
    const { quinielaId } = await openRound({ closeIn: 60_000 });
    expect((await ana.post(`/Quiniela/${quinielaId}/MakePrediction`, body(singles()))).status).toBe(201);
    const before = await stored(quinielaId);
    t.setNow(new Date(Date.now() + 2 * 60_000));
    try {
      const late = await ana.put(`/Quiniela/${quinielaId}/UpdatePrediction`, body(singles(), { home: 5, away: 5 }));
      expect(late).toEqual({ status: 403, body: { message: ROUND_CLOSED_MESSAGE } });
      expect((await bea.post(`/Quiniela/${quinielaId}/MakePrediction`, body(singles()))).status).toBe(403);
    } finally {
      t.setNow(null);
    }
    expect(await stored(quinielaId)).toEqual(before);
  });

  it("refuses a force-closed round and one not yet open", async () => {
    const forced = await openRound({ forceClosed: true });
    expect(await ana.post(`/Quiniela/${forced.quinielaId}/MakePrediction`, body(singles()))).toEqual({ status: 403, body: { message: ROUND_CLOSED_MESSAGE } });
    const later = await openRound({ openIn: DAY, closeIn: 2 * DAY });
    expect(await ana.post(`/Quiniela/${later.quinielaId}/MakePrediction`, body(singles()))).toEqual({
      status: 403,
      body: { message: ROUND_NOT_OPEN_MESSAGE },
    });
    expect(await stored(forced.quinielaId)).toEqual([]);
    expect(await stored(later.quinielaId)).toEqual([]);
  });

  it("refuses a blocked player, who is told so, and changes nothing", async () => {
    const { quinielaId, groupQuinielaId } = await openRound();
    expect((await bea.post(`/Quiniela/${quinielaId}/MakePrediction`, body(singles()))).status).toBe(201);
    await t.db.query("insert into group_quiniela_blocks (group_quiniela_id, user_id) values ($1, $2)", [groupQuinielaId, bea.id]);
    const before = await stored(quinielaId);
    expect(await bea.put(`/Quiniela/${quinielaId}/UpdatePrediction`, body(singles(), { home: 9, away: 9 }))).toEqual({
      status: 403,
      body: { message: BLOCKED_MESSAGE },
    });
    expect((await bea.get(`/Quiniela/${quinielaId}/MyPrediction?groupId=${groupId}`)).body.blocked).toBe(true);
    expect(await stored(quinielaId)).toEqual(before);
  });

  it("answers strangers, guests and unconfigured rounds with 403, 401 and 404", async () => {
    const { quinielaId } = await openRound();
    expect((await outsider.post(`/Quiniela/${quinielaId}/MakePrediction`, body(singles()))).status).toBe(403);
    expect((await t.api.post(`/Quiniela/${quinielaId}/MakePrediction`, body(singles()))).status).toBe(401);
    const admin = await t.admin();
    expect((await admin.post(`/Quiniela/${quinielaId}/MakePrediction`, body(singles()))).status).toBe(403);
    const unplayed = await build.pool(t.db, { seasonId, number: ++poolNumber });
    expect((await ana.post(`/Quiniela/${unplayed}/MakePrediction`, body(singles()))).status).toBe(404);
    expect((await ana.post(`/Quiniela/${quinielaId}/MakePrediction`, { ...body(singles()), groupId: 999_999 })).status).toBe(404);
    expect((await ana.post(`/Quiniela/${quinielaId}/MakePrediction`, { matches: singles() })).status).toBe(400);
    expect(await stored(quinielaId)).toEqual([]);
  });
});

// Others' picks stay private until the close: docs/architecture.md#predictions.
describe("who sees whose picks", () => {
  it("shows a player only their own picks until the round closes, and everyone's after", async () => {
    const { quinielaId } = await openRound({ closeIn: 60_000 });
    await ana.post(`/Quiniela/${quinielaId}/MakePrediction`, body(singles(), { home: 1, away: 0 }));
    await bea.post(`/Quiniela/${quinielaId}/MakePrediction`, body(singles(), { home: 4, away: 4 }));
    const path = `/Quiniela/${quinielaId}/GetPredictions?groupId=${groupId}`;

    const beforeClose = await ana.get(path);
    expect(beforeClose.body.map((p: { username: string }) => p.username)).toEqual(["ana"]);
    expect(JSON.stringify(beforeClose.body)).not.toContain('"home":4');

    const managerView = await manager.get(path);
    expect(managerView.body.map((p: { username: string; hidden: boolean }) => [p.username, p.hidden])).toEqual([
      ["ana", true],
      ["bea", true],
    ]);
    expect(managerView.body.every((p: { matches: unknown[]; plain15: unknown }) => p.matches.length === 0 && p.plain15 === null)).toBe(true);
    expect((await outsider.get(path)).status).toBe(403);

    t.setNow(new Date(Date.now() + 2 * 60_000));
    try {
      const afterClose = await ana.get(path);
      expect(afterClose.body.map((p: { username: string; plain15: unknown }) => [p.username, p.plain15])).toEqual([
        ["ana", { home: 1, away: 0 }],
        ["bea", { home: 4, away: 4 }],
      ]);
    } finally {
      t.setNow(null);
    }
  });

  it("opens everyone's picks as soon as the manager force-closes the round", async () => {
    const { quinielaId, groupQuinielaId } = await openRound();
    await bea.post(`/Quiniela/${quinielaId}/MakePrediction`, body(singles()));
    const path = `/Quiniela/${quinielaId}/GetPredictions?groupId=${groupId}`;
    expect((await ana.get(path)).body).toEqual([]);
    await t.db.query("update group_quinielas set force_closed = true where id = $1", [groupQuinielaId]);
    expect((await ana.get(path)).body.map((p: { username: string }) => p.username)).toEqual(["bea"]);
  });
});

// PGlite runs one transaction at a time; how saves share the round's row shows on PostgreSQL only.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("saves of one round at the same time (PostgreSQL)", () => {
  it("go through while another save holds the round, and a close waits for the save under way", async () => {
    const { quinielaId, groupQuinielaId } = await openRound();
    let closed = false;
    let closing: Promise<unknown> = Promise.resolve();
    await t.db.tx(async (tx) => {
      // A save under way holds the round's row as savePrediction does.
      await tx.query("select id from group_quinielas where id = $1 for share", [groupQuinielaId]);
      // Another player's save does not queue behind it (with `for update` it would wait for this transaction to end).
      expect((await ana.post(`/Quiniela/${quinielaId}/MakePrediction`, body(singles()))).status).toBe(201);
      // A close waits until the save under way commits.
      closing = t.db.query("update group_quinielas set force_closed = true where id = $1", [groupQuinielaId]).then(() => (closed = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(closed).toBe(false);
    });
    await closing;
    expect(closed).toBe(true);
    // Every save after the close sees it.
    const late = await bea.post(`/Quiniela/${quinielaId}/MakePrediction`, body(singles()));
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(ROUND_CLOSED_MESSAGE);
  });
});
