import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARE_INVALID } from "#core/contract/share";
import * as build from "../../support/builders";
import { startBackend, type TestBackend } from "../../support/backend";

const DAY = 86_400_000;
const NOW = new Date("2026-04-12T20:00:00Z");
const OFFICIAL = Array.from({ length: 14 }, () => "1");

let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
});
afterAll(() => t.close());

async function groupWithBet() {
  const [manager, player] = [await t.player(), await t.player()];
  const seasonId = await build.season(t.db, { name: `S${Math.random()}` });
  const quinielaId = await build.pool(t.db, { seasonId, number: 9, startDate: new Date(NOW.getTime() - 3 * DAY) });
  const groupId = await build.group(t.db, {
    name: "Peña del Bar",
    members: [
      { userId: manager.id, role: 2 },
      { userId: player.id, role: 1 },
    ],
  });
  await build.round(t.db, { groupId, quinielaId, openDate: new Date(NOW.getTime() - 3 * DAY), closeDate: new Date(NOW.getTime() - DAY) });
  await build.prediction(t.db, { groupId, quinielaId, userId: player.id, matches: OFFICIAL.map((s) => [s as "1"]), pleno: { home: 2, away: 1 } });
  const matches = OFFICIAL.map(() => ["1"]);
  matches[0] = ["1", "X"];
  await t.db.query(
    `insert into bets (group_id, quiniela_id, season_id, top_n, matches, pleno_home, pleno_away, confirmed) values ($1, $2, $3, 1, $4, 2, 1, true)`,
    [groupId, quinielaId, seasonId, JSON.stringify(matches)],
  );
  await build.results(t.db, quinielaId, OFFICIAL as ("1" | "X" | "2")[], { home: 2, away: 1 });
  const other = await build.group(t.db, { name: "Otra Peña Secreta" });
  return { manager, player, groupId, quinielaId, other };
}

const png = async (path: string) => {
  const response = await fetch(`${t.url}${path}`);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
};

describe("public share links", () => {
  it("are made by the group's managers only, who is asking checked before the body", async () => {
    const g = await groupWithBet();
    expect((await t.api.post(`/group/${g.groupId}/share`, { kind: "nada" })).status).toBe(401);
    expect((await g.player.post(`/group/${g.groupId}/share`, { kind: "nada" })).status).toBe(403);
    expect((await g.manager.post(`/group/${g.other}/share`, { kind: "standings" })).status).toBe(403);
    expect((await g.manager.post(`/group/${g.groupId}/share`, { kind: "nada" })).status).toBe(400);
    expect((await g.manager.post(`/group/${g.groupId}/share`, { kind: "bet" })).status).toBe(400);
    const made = await g.manager.post(`/group/${g.groupId}/share`, { kind: "bet", quinielaId: g.quinielaId });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ kind: "bet", quinielaId: g.quinielaId, numberQuiniela: 9 });
    expect((await g.manager.get(`/group/${g.groupId}/share`)).body.map((l: { id: number }) => l.id)).toEqual([made.body.id]);
    expect((await g.player.get(`/group/${g.groupId}/share`)).status).toBe(403);
  });

  it("open the group bet of the jornada with its Open Graph text, and an image of 1200 × 630 under 150 KB kept by version", async () => {
    const g = await groupWithBet();
    const { token } = (await g.manager.post(`/group/${g.groupId}/share`, { kind: "bet", quinielaId: g.quinielaId })).body;
    const view = await t.api.get(`/share/${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ kind: "bet", groupName: "Peña del Bar", title: "Quiniela grupal de Peña del Bar · jornada 9" });
    expect(view.body.bet.ticket).toMatchObject({ bets: 2, hits: 15, confirmed: true, pleno: { home: 2, away: 1 } });
    expect(view.body.bet.ticket.picks[0]).toEqual(["1", "X"]);
    expect(JSON.stringify(view.body)).not.toContain("Otra Peña Secreta");
    expect(JSON.stringify(view.body)).not.toContain("@test.local");

    const { response, body } = await png(`/share/${token}/image/${view.body.version}.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("etag")).toBe(`"${view.body.version}"`);
    expect(body.length).toBeLessThan(150 * 1024);
    expect(await sharp(body).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });

    await t.db.query("update bets set confirmed = false where group_id = $1", [g.groupId]);
    const changed = (await t.api.get(`/share/${token}`)).body;
    expect(changed.version).not.toBe(view.body.version);
    const old = await png(`/share/${token}/image/${view.body.version}.png`);
    expect(old.response.headers.get("cache-control")).toBe("no-cache");
  });

  it("open the top of the standings", async () => {
    const g = await groupWithBet();
    const { token } = (await g.manager.post(`/group/${g.groupId}/share`, { kind: "standings" })).body;
    const view = (await t.api.get(`/share/${token}`)).body;
    expect(view.kind).toBe("standings");
    expect(view.standings.rows[0]).toMatchObject({ position: 1, userName: g.player.username });
    const { response, body } = await png(`/share/${token}/image/${view.version}.png`);
    expect(response.status).toBe(200);
    expect(await sharp(body).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it("answer 404 with nothing of the group once revoked, the image too; forged tokens likewise", async () => {
    const g = await groupWithBet();
    const link = (await g.manager.post(`/group/${g.groupId}/share`, { kind: "standings" })).body;
    const version = (await t.api.get(`/share/${link.token}`)).body.version;
    expect((await g.player.post(`/share/${link.id}/revoke`)).status).toBe(403);
    expect((await g.manager.post(`/share/${link.id}/revoke`)).status).toBe(200);
    const dead = await t.api.get(`/share/${link.token}`);
    expect(dead).toEqual({ status: 404, body: { message: SHARE_INVALID } });
    const image = await fetch(`${t.url}/share/${link.token}/image/${version}.png`);
    expect(image.status).toBe(404);
    expect(await image.text()).not.toContain("Peña");
    const [id, nonce, signature] = link.token.split(".");
    expect((await t.api.get(`/share/${Number(id) + 1}.${nonce}.${signature}`)).status).toBe(404);
    expect((await t.api.get(`/share/nada`)).status).toBe(404);
    expect((await g.manager.get(`/group/${g.groupId}/share`)).body).toEqual([]);
  });
});
