import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedWhileOpen, LIVE_PICKS_HIDDEN, provisionalWhileOpen } from "#core/contract/live";
import type { Sign } from "#core/domain/signs";
import { poolsInPlay } from "../../../backend/services/live/feed-job";
import { pullFeed } from "../../../backend/services/live/pull";
import type { LiveFeed } from "../../../backend/services/live/feed";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * Decision 061: no player sees another's picks before the round closes, on any page or call. A
 * provisional score on a round still open would give each player's hits, and 14 of them every sign;
 * so scores are refused, and no per-player figure is shown, until the group's round is closed.
 */
const DAY = 86_400_000;
const NOW = new Date("2026-05-10T12:00:00Z");
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
  // A fresh backend on a shared, busy machine can take longer than the default hook's minute.
}, 180_000);
afterAll(() => t.close());

async function openRoundWithPicks() {
  const manager = await t.player();
  const player = await t.player();
  const otherManager = await t.player();
  const seasonId = await build.season(t.db);
  // The pool's official close has passed (the feed would ask for it); this group's round closes tomorrow.
  const quinielaId = await build.pool(t.db, { seasonId, number: 38, startDate: new Date(NOW.getTime() - 4 * DAY), closingDate: new Date(NOW.getTime() - DAY) });
  const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: player.id }] });
  const otherGroupId = await build.group(t.db, { members: [{ userId: otherManager.id, role: 2 }] });
  await build.round(t.db, { groupId, quinielaId, openDate: new Date(NOW.getTime() - 3 * DAY), closeDate: new Date(NOW.getTime() + DAY) });
  await build.round(t.db, { groupId: otherGroupId, quinielaId, openDate: new Date(NOW.getTime() - 3 * DAY), closeDate: new Date(NOW.getTime() - DAY) });
  const picks: Sign[] = ["1", "X", "2", "1", "1", "X", "2", "2", "1", "X", "1", "2", "X", "1"];
  await build.prediction(t.db, { groupId, quinielaId, userId: manager.id, matches: picks.map((s) => [s]), pleno: { home: 2, away: 1 } });
  return { manager, player, otherManager, groupId, otherGroupId, quinielaId };
}

const stored = async (quinielaId: number) =>
  Number((await t.db.one<{ n: string }>("select count(*) as n from provisional_results where quiniela_id = $1", [quinielaId]))!.n);

describe("provisional scores on a round still open", () => {
  it("are refused to the group's manager and to an admin, in Spanish, with nothing stored", async () => {
    const { manager, groupId, quinielaId } = await openRoundWithPicks();
    const score = { quinielaId, position: 1, home: 2, away: 0 };
    const refused = await manager.post(`/Group/${groupId}/ProvisionalResult`, score);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(provisionalWhileOpen(38));
    expect(refused.body.message).toMatch(/^La jornada 38 sigue abierta a pronósticos en este grupo/);
    const admin = await t.admin();
    expect((await admin.post(`/Group/${groupId}/ProvisionalResult`, score)).status).toBe(409);
    expect(await stored(quinielaId)).toBe(0);
  });

  it("are not fetched by the live feed, by itself or at an admin's request, while any group takes picks", async () => {
    const { quinielaId } = await openRoundWithPicks();
    expect(await poolsInPlay(t.deps)).not.toContain(quinielaId);
    let asked = 0;
    const feed: LiveFeed = {
      name: "prueba",
      matches: async () => {
        asked++;
        return [];
      },
    } as unknown as LiveFeed;
    await expect(pullFeed(t.deps, quinielaId, feed)).rejects.toMatchObject({ status: 409, message: feedWhileOpen(38) });
    expect(await stored(quinielaId)).toBe(0);
    expect(asked).toBe(0);
  });

  it("a score from elsewhere (an admin through a closed group) shows no player's figure in the open group, on the page's call and the kiosk's", async () => {
    const { manager, player, otherManager, groupId, otherGroupId, quinielaId } = await openRoundWithPicks();
    // The other group's round is closed: its manager may type scores for the pool.
    for (let position = 1; position <= 3; position++) {
      const res = await otherManager.post(`/Group/${otherGroupId}/ProvisionalResult`, { quinielaId, position, home: 1, away: 0 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const admin = await t.admin();
    // The admin's entry is seen by every group playing the pool (decision 051); another group's is not.
    for (const position of [1, 2]) {
      expect((await admin.post(`/Group/${otherGroupId}/ProvisionalResult`, { quinielaId, position, home: 0, away: 0 })).status).toBe(200);
    }
    const live = await player.get(`/Group/${groupId}/Live?quinielaId=${quinielaId}`);
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ roundOpen: true, players: [], played: 0 });
    expect(live.body.matches.every((m: { score: unknown; sign: unknown }) => m.score === null && m.sign === null)).toBe(true);
    const link = await manager.post(`/group/${groupId}/kiosk`, {});
    const kiosk = await t.api.get(`/kiosk/${link.body.token}/Live`);
    expect(kiosk.body).toMatchObject({ roundOpen: true, players: [], played: 0 });
    expect(LIVE_PICKS_HIDDEN).toMatch(/se verán cuando cierre/);

    // The round closes: now the figures appear (the same call, a new version).
    t.setNow(new Date(NOW.getTime() + 2 * DAY));
    try {
      const after = await player.get(`/Group/${groupId}/Live?quinielaId=${quinielaId}`);
      expect(after.body.roundOpen).toBe(false);
      expect(after.body.players).toHaveLength(1);
      expect(after.body.played).toBe(2);
      expect((await manager.post(`/Group/${groupId}/ProvisionalResult`, { quinielaId, position: 1, home: 2, away: 0 })).status).toBe(200);
    } finally {
      t.setNow(NOW);
    }
  });
});
