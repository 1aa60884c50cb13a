import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARES_MESSAGE } from "#core/contract/public-shares";
import type { SignProbs } from "#core/domain/bet/chances";
import { fromBasisPoints } from "#core/domain/official/public-shares";
import { mainColumn, sharedPrizes } from "#core/domain/bet/expected-prize";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

const DAY = 86_400_000;
let t: TestBackend;
let admin: Awaited<ReturnType<TestBackend["admin"]>>;
let manager: Awaited<ReturnType<TestBackend["player"]>>;
let quinielaId: number;
let betId: number;
let groupId: number;

const shares = Array.from({ length: 14 }, (_, i) => [4000 + i * 100, 3000, 3000 - i * 100]);

beforeAll(async () => {
  t = await startBackend();
  admin = await t.admin();
  manager = await t.player("gestora_porcentajes");
  const player = await t.player("jugador_porcentajes");
  const seasonId = await build.season(t.db);
  groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: player.id }] });
  quinielaId = await build.pool(t.db, { seasonId, number: 1 });
  await build.round(t.db, { groupId, quinielaId, openDate: new Date(Date.now() - 5 * DAY), closeDate: new Date(Date.now() - DAY) });
  await build.prediction(t.db, { groupId, quinielaId, userId: player.id, matches: Array.from({ length: 14 }, () => ["1"]), pleno: { home: 1, away: 0 } });
  const generated = await manager.post("/Bet/GenerateBet", { groupId, quinielaId });
  expect(generated.status).toBe(201);
  betId = generated.body.id;
});
afterAll(() => t.close());

describe("the public's percentages of a jornada", () => {
  it("are for an admin only, decided before the body is read", async () => {
    expect((await t.api.put(`/Quiniela/${quinielaId}/PublicShares`, { shares: "x" })).status).toBe(401);
    expect((await manager.put(`/Quiniela/${quinielaId}/PublicShares`, { shares: "x" })).status).toBe(403);
    expect((await manager.get(`/Quiniela/${quinielaId}/PublicShares`)).status).toBe(403);
    expect((await admin.get(`/Quiniela/999999/PublicShares`)).status).toBe(404);
  });

  it("refuse a table that is not 14 rows of three percentages adding up to 100, in Spanish, writing nothing", async () => {
    for (const bad of [shares.slice(0, 13), [...shares.slice(0, 13), [5000, 5000, 5000]], [...shares.slice(0, 13), [1.5, 5000, 5000]]]) {
      const res = await admin.put(`/Quiniela/${quinielaId}/PublicShares`, { shares: bad });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(SHARES_MESSAGE);
    }
    expect((await admin.get(`/Quiniela/${quinielaId}/PublicShares`)).body).toMatchObject({ version: 0, source: null, shares: [] });
  });

  it("are saved once with their version, audited, and a stale form is refused", async () => {
    const saved = await admin.put(`/Quiniela/${quinielaId}/PublicShares`, { shares });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 1, source: "admin", shares });
    expect((await admin.put(`/Quiniela/${quinielaId}/PublicShares`, { version: 1, shares })).body.version).toBe(1);
    expect((await admin.put(`/Quiniela/${quinielaId}/PublicShares`, { version: 5, shares })).status).toBe(409);
    const audit = await t.db.query("select 1 from audit_log where action = 'shares.set' and entity_id = $1", [quinielaId]);
    expect(audit).toHaveLength(1);
  });

  it("make the expected prize share each category's fund among the winners they predict", async () => {
    const res = await manager.get(`/Bet/${betId}/Chances?target=prize`);
    expect(res.status).toBe(200);
    const c = res.body;
    expect(c.prizes.shared).toBe(true);
    expect(["model", "prior"]).toContain(c.model.source);
    const probs = c.probabilities as SignProbs[];
    expect(c.prizes.publicShares).toBe("jornada");
    // Shared with the others who would hit it with this bet's own signs (decision 097).
    const bet = (await manager.get(`/Bet/GetBet?groupId=${groupId}&quinielaId=${quinielaId}`)).body;
    const column = mainColumn(bet.mergedPrediction.matches, probs);
    expect(c.prizes.perCategoryCents).toEqual(sharedPrizes({ column, probs, shares: shares.map(fromBasisPoints), priceCents: 75 }));
    expect(c.current.expectedLossCents).toBe(c.current.costCents - c.current.expectedPrizeCents);
  });
});
