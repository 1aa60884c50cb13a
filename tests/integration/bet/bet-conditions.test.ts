import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conditionCounts } from "../../../backend/services/bet/candidates";
import { seededRandom } from "#core/seeded-random";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

// The group bet's conditions per round (who must have predicted, who has), read in one pass over
// the members: held against the rule computed here from the same rows, on a group with gaps,
// blocks, a removed member and rounds opened out of their numbers' order.
const DAY = 86_400_000;
const ROUNDS = 9;
const MEMBERS = 14;

let t: TestBackend;
afterAll(() => t?.close());

interface Round {
  id: number;
  quinielaId: number;
  open: number;
}
let groupId: number;
let rounds: Round[];
const picks = new Set<string>();
const blocks = new Set<string>();
const active: number[] = [];

beforeAll(async () => {
  t = await startBackend();
  const random = seededRandom(2026);
  const seasonId = await build.season(t.db);
  const users: number[] = [];
  for (let k = 0; k < MEMBERS; k++) users.push((await t.player(`cond${k}`)).id);
  groupId = await build.group(t.db, { members: users.map((userId) => ({ userId })) });
  // The last member left the group: never counted, whatever they predicted.
  await t.db.query("update group_members set removed_at = now() where group_id = $1 and user_id = $2", [groupId, users[MEMBERS - 1]]);
  active.push(...users.slice(0, MEMBERS - 1));
  rounds = [];
  const base = Date.parse("2024-08-20T10:00:00Z");
  for (let r = 0; r < ROUNDS; r++) {
    const quinielaId = await build.pool(t.db, { seasonId, number: r + 1 });
    // Rounds 3 and 4 opened in the other order; two rounds open at the same instant.
    const open = base + [0, 7, 14, 28, 21, 35, 35, 42, 49][r] * DAY;
    const id = await build.round(t.db, { groupId, quinielaId, openDate: new Date(open), closeDate: new Date(open + 3 * DAY) });
    rounds.push({ id, quinielaId, open });
  }
  for (const round of rounds) {
    for (const userId of users) {
      if (random() < 0.45) {
        await build.prediction(t.db, {
          groupId,
          quinielaId: round.quinielaId,
          userId,
          matches: Array.from({ length: 14 }, () => ["1"]),
          pleno: { home: 1, away: 0 },
        });
        picks.add(`${round.quinielaId}:${userId}`);
      }
      if (random() < 0.12) {
        await t.db.query("insert into group_quiniela_blocks (group_quiniela_id, user_id) values ($1, $2)", [round.id, userId]);
        blocks.add(`${round.id}:${userId}`);
      }
    }
  }
}, 120_000);

describe("the group bet's conditions per round", () => {
  it("are, for each round, the members who predicted an earlier-opened round and are not blocked, and which of them predicted this one", async () => {
    const counts = await conditionCounts(t.db, groupId);
    for (const round of rounds) {
      const required = active.filter(
        (u) => !blocks.has(`${round.id}:${u}`) && rounds.some((earlier) => earlier.open < round.open && picks.has(`${earlier.quinielaId}:${u}`)),
      );
      const submitted = required.filter((u) => picks.has(`${round.quinielaId}:${u}`));
      const predictions = [...picks].filter((k) => k.startsWith(`${round.quinielaId}:`)).length;
      expect(counts.get(round.quinielaId), `round ${round.quinielaId}`).toEqual({
        required: required.length,
        submitted: submitted.length,
        predictions,
      });
      // Asked for one round, the same answer.
      expect((await conditionCounts(t.db, groupId, round.quinielaId)).get(round.quinielaId)).toEqual(counts.get(round.quinielaId));
    }
    // Not a test that cannot fail: the rounds differ.
    expect(new Set(rounds.map((r) => counts.get(r.quinielaId)!.required)).size).toBeGreaterThan(2);
  });
});
