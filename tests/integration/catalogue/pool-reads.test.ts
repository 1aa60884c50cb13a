import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type Client, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * Decision 079: a peña's own jornada (decision 062) is read only by its members
 * and the admin, through every route that reads a pool by its id: the pool's own routes answer
 * another peña 404 as GetById always did, and a group's reads asked about a pool of another peña's
 * answer as for a jornada the group does not play. The matrix names every such route; a new one
 * belongs here.
 */
const NOW = new Date("2026-03-01T12:00:00Z");
const DAY = 86_400_000;
let t: TestBackend;
let owned: number;
let catalogue: number;
let seasonId: number;
let owner: number;
let otherGroup: number;
let roles: Record<"stranger" | "player" | "otherManager" | "admin", Client>;
const OWN_HOME = "Local propio";

beforeAll(async () => {
  t = await startBackend({ now: NOW });
  seasonId = await build.season(t.db, { name: "2025-26", startDate: "2025-08-01" });
  const [stranger, player, manager, otherManager] = await Promise.all([t.player(), t.player(), t.player(), t.player()]);
  owner = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: player.id }] });
  otherGroup = await build.group(t.db, { members: [{ userId: otherManager.id, role: 2 }] });
  const matches = Array.from({ length: 15 }, (_, i) => ({ home: `${OWN_HOME} ${i + 1}`, away: `Visitante propio ${i + 1}` }));
  const start = new Date(NOW.getTime() - 20 * DAY);
  owned = await build.pool(t.db, { seasonId, number: 41, startDate: start, matches });
  await t.db.query("update quinielas set owner_group_id = $2 where id = $1", [owned, owner]);
  await build.results(t.db, owned, Array(14).fill("1"), { home: 2, away: 1 });
  await build.round(t.db, { groupId: owner, quinielaId: owned, openDate: start, closeDate: new Date(start.getTime() + 2 * DAY) });
  await build.prediction(t.db, { groupId: owner, quinielaId: owned, userId: player.id, matches: Array(14).fill(["1"]), pleno: { home: 2, away: 1 } });
  // A catalogue pool with results: everyone signed in reads it, the contrast that keeps the matrix honest.
  catalogue = await build.pool(t.db, { seasonId, number: 42, startDate: start });
  await build.results(t.db, catalogue, Array(14).fill("X"), { home: 0, away: 0 });
  roles = { stranger, player, otherManager, admin: await t.admin() };
}, 180_000);
afterAll(() => t.close());

type Role = keyof typeof roles;

/** Every route that reads a pool by its id, with the status each role gets for a peña's own pool. */
const POOL_ROUTES: { path: (id: number) => string; allowed: Role[]; adminOnly?: boolean }[] = [
  { path: (id) => `/quiniela/GetById/${id}`, allowed: ["player", "admin"] },
  { path: (id) => `/Quiniela/${id}/GetMatches`, allowed: ["player", "admin"] },
  { path: (id) => `/Quiniela/GetResults/${id}`, allowed: ["player", "admin"] },
  { path: (id) => `/Quiniela/${id}/Prizes`, allowed: ["admin"], adminOnly: true },
  { path: (id) => `/Quiniela/${id}/PublicShares`, allowed: ["admin"], adminOnly: true },
];

describe("a peña's own jornada read by its id", () => {
  for (const route of POOL_ROUTES) {
    it(`${route.path(0).replace("/0", "/:id")}: members and the admin only`, async () => {
      for (const [role, who] of Object.entries(roles) as [Role, Client][]) {
        const res = await who.get(route.path(owned));
        const expected = route.allowed.includes(role) ? 200 : route.adminOnly ? 403 : 404;
        expect(res.status, `${role}: ${JSON.stringify(res.body)}`).toBe(expected);
        if (expected !== 200) expect(JSON.stringify(res.body)).not.toContain(OWN_HOME);
        // The catalogue's pool is everyone's (the admin's routes stay the admin's).
        expect((await who.get(route.path(catalogue))).status, `${role} catálogo`).toBe(route.adminOnly && role !== "admin" ? 403 : 200);
      }
    });
  }

  it("ids scanned by a stranger answer as ids that do not exist: 404 with or without results", async () => {
    const missing = owned + catalogue + 1000;
    for (const path of [`/Quiniela/GetResults/${owned}`, `/Quiniela/GetResults/${missing}`, `/quiniela/GetById/${owned}`, `/quiniela/GetById/${missing}`]) {
      const res = await roles.stranger.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).toBe("Quiniela no encontrada.");
    }
  });
});

/**
 * A group's reads that take a pool's id: the owning peña's player reads them; another peña's manager
 * asking his own group about that pool learns nothing of it (not its matches, not its results).
 */
const GROUP_ROUTES: { name: string; path: (groupId: number, id: number) => string; own?: number }[] = [
  { name: "RoundSummary", path: (g, id) => `/Bet/RoundSummary?groupId=${g}&quinielaId=${id}` },
  { name: "GetPredictions", path: (g, id) => `/Quiniela/${id}/GetPredictions?groupId=${g}` },
  { name: "GetBet", path: (g, id) => `/Bet/GetBet?groupId=${g}&quinielaId=${id}`, own: 404 },
  { name: "Ranking", path: (g, id) => `/Bet/Ranking?groupId=${g}&quinielaId=${id}` },
  { name: "GetByGroupAndQuiniela", path: (g, id) => `/GroupQuiniela/GetByGroupAndQuiniela?groupId=${g}&quinielaId=${id}` },
  { name: "Live", path: (g, id) => `/Group/${g}/Live?quinielaId=${id}` },
  { name: "LiveVersion", path: (g, id) => `/Group/${g}/LiveVersion?quinielaId=${id}` },
  { name: "predictions screen", path: (g, id) => `/screens/group/${g}/predictions?quinielaId=${id}` },
  { name: "GetClassification", path: (g, id) => `/group/${g}/season/${seasonId}/GetClassification?quinielaId=${id}` },
  { name: "StandingsPage", path: (g, id) => `/group/${g}/season/${seasonId}/StandingsPage?quinielaId=${id}` },
  { name: "stamper", path: (g, id) => `/group/${g}/caja/stamper?quinielaId=${id}` },
];

describe("a group's reads asked about another peña's own jornada", () => {
  for (const route of GROUP_ROUTES) {
    it(`${route.name}: the owning peña reads it, another peña's group shows nothing of it`, async () => {
      const own = await roles.player.get(route.path(owner, owned));
      // The peña has no group bet of it: GetBet's 404 is its own answer.
      expect(own.status, JSON.stringify(own.body)).toBe(route.own ?? 200);
      const other = await roles.otherManager.get(route.path(otherGroup, owned));
      expect(other.status, JSON.stringify(other.body)).toBeLessThan(500);
      expect(JSON.stringify(other.body)).not.toContain(OWN_HOME);
      expect(JSON.stringify(other.body)).not.toMatch(/"matches":\["1"/);
      // Nor through the owning peña's group, which he is no member of.
      expect((await roles.otherManager.get(route.path(owner, owned))).status).toBe(403);
    });
  }
});
