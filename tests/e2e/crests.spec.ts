import { expect, test } from "./fixtures";
import sharp from "sharp";
import { newGroup, newPlayer, newSeason, openRound, signIn } from "./helpers";

test.describe("crests", () => {
  test("the predictions page draws every crest from one sprite request", async ({ page }) => {
    const { home, away, pool } = await newSeason();
    const round = await pool();
    const manager = await newPlayer("gestor");
    const group = await newGroup(manager);
    await openRound(manager, { groupId: group.id, poolId: round.id });
    await signIn(page, manager.username);

    const crestRequests: string[] = [];
    page.on("request", (r) => {
      if (/\/crests?(\.svg|\/)/.test(new URL(r.url()).pathname)) crestRequests.push(r.url());
    });
    await page.goto(`/grupo/${group.id}/predictions?quiniela=${round.id}`);
    await page.waitForLoadState("networkidle");
    // Thirty crests of two teams: one request for all, not one per team.
    await expect(page.locator("svg.team-logo use")).toHaveCount(30);
    expect(crestRequests).toHaveLength(1);
    expect(new URL(crestRequests[0]).pathname).toBe("/crests.svg");

    // Every symbol a crest points to is in that sprite, named after its team.
    const sprite = await page.request.get(crestRequests[0]);
    expect(sprite.headers()["content-type"]).toContain("image/svg+xml");
    const svg = await sprite.text();
    const ids = await page.locator("svg.team-logo use").evaluateAll((uses) => uses.map((u) => u.getAttribute("href")!.split("#")[1]));
    for (const id of new Set(ids)) expect(svg).toContain(`<symbol id="${id}"`);
    for (const name of [home, away]) expect(svg).toContain(`<title>${name}</title>`);
    // And the crest is drawn, not an empty box: its pixels are not all one colour.
    const shot = await page.locator("svg.team-logo").first().screenshot();
    const { channels } = await sharp(shot).stats();
    expect(Math.max(...channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(5);
  });
});
