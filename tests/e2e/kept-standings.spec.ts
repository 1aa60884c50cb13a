import { expect, test } from "./fixtures";
import { apiCall, documentLoad, newGroup, newPlayer, newSeason, openRound, signIn, signOut } from "./helpers";

// Decision 070: the standings and results pages are answered from the versions of what they show
// (as the live page is, decision 067). A reload sends If-None-Match and gets a 304; after a
// corrected result, a renamed group or a new member, the next view is a new page;
// after signing out nothing of the group is shown.

const ONES = Array.from({ length: 14 }, () => "1");
const TWOS = Array.from({ length: 14 }, () => "2");

/** A group whose round is closed with official results: two players with all-«1» tickets. */
async function roundWithResults() {
  const { pool, seasonId, admin } = await newSeason();
  const round = await pool();
  const manager = await newPlayer("gestor");
  const players = [await newPlayer("ana"), await newPlayer("bea")];
  const group = await newGroup(manager, players);
  const { dates } = await openRound(manager, { groupId: group.id, poolId: round.id });
  for (const p of players) {
    const made = await apiCall(
      "POST",
      `/Quiniela/${round.id}/MakePrediction`,
      { groupId: group.id, matches: ONES.map((s) => [s]), plain15: { home: 1, away: 0 } },
      p.token,
    );
    expect(made.status).toBe(201);
  }
  const closed = await apiCall("POST", "/GroupQuiniela/UpdateStatus", { ...dates, forceClosed: true }, manager.token);
  expect(closed.status, JSON.stringify(closed.body)).toBeLessThan(300);
  const results = (matches: string[]) => apiCall("POST", "/Quiniela/SetResults", { quinielaId: round.id, matches, plain15: { home: 1, away: 0 } }, admin);
  expect((await results(ONES)).status).toBeLessThan(300);
  return { group, round, seasonId, players, manager, results };
}

test.describe("the standings and results are kept by their versions", () => {
  test("a reload is a 304; a corrected result, a new name and a new member are the next view; after signing out nothing is shown", async ({ page }) => {
    test.setTimeout(180_000);
    const g = await roundWithResults();
    await signIn(page, g.players[0]!.username);
    const pages = {
      standings: `/grupo/${g.group.id}/temporada/${g.seasonId}/clasificacion`,
      results: `/grupo/${g.group.id}/resultados-y-apuestas`,
    };
    const heading = () => page.getByRole("heading", { level: 1 });
    const tags: Record<string, string> = {};

    for (const [name, url] of Object.entries(pages)) {
      const first = await documentLoad(page, () => page.goto(url));
      expect(first.status, name).toBe(200);
      expect(first.headers["cache-control"], name).toBe("private, no-cache");
      expect(first.headers["etag"], name).toMatch(/^"[^"]+"$/);
      tags[name] = first.headers["etag"]!;
      // The page lists every season and knows the catalogue's latest pool, which the other worker's
      // tests create at any moment: a reload may meet a new view. It must then send the newest
      // validator, and an unchanged page is a 304 within a few reloads.
      let again = await documentLoad(page, () => page.reload());
      for (let tries = 1; again.status === 200 && tries < 4; tries++) {
        expect(again.sent["if-none-match"], name).toBe(tags[name]);
        tags[name] = again.headers["etag"]!;
        again = await documentLoad(page, () => page.reload());
      }
      expect(again.sent["if-none-match"], name).toBe(tags[name]);
      expect(again.status, name).toBe(304);
    }
    await page.goto(pages.standings);
    await expect(page.getByRole("table")).toContainText(g.players[1]!.username);

    // The official results corrected: both pages are new on their next view.
    expect((await g.results(TWOS)).status).toBeLessThan(300);
    for (const [name, url] of Object.entries(pages)) {
      // The browser asks with the validator it keeps; the page changed, so the answer is a new one.
      const changed = await documentLoad(page, () => page.goto(url));
      expect(changed.status, name).toBe(200);
      expect(changed.headers["etag"], name).not.toBe(tags[name]);
      tags[name] = changed.headers["etag"]!;
    }

    // The group renamed by its manager: its new name is on the next view of both.
    const detail = await apiCall<{ version: number }>("GET", `/group/${g.group.id}`, undefined, g.manager.token);
    const renamed = `${g.group.name} renombrada`;
    expect((await apiCall("PUT", `/group/${g.group.id}`, { name: renamed, description: "", version: detail.body.version }, g.manager.token)).status).toBe(200);
    await page.goto(pages.standings);
    await expect(heading()).toContainText(renamed);
    await page.goto(pages.results);
    await expect(page.getByText(renamed).first()).toBeVisible();

    // A new member joins: the next view of the standings lists her.
    const newcomer = await newPlayer("cris");
    expect((await apiCall("POST", `/group/JoinByInviteCode/${g.group.inviteCode}`, undefined, newcomer.token)).status).toBe(200);
    await page.goto(pages.standings);
    await expect(page.getByRole("table")).toContainText(newcomer.username);

    // Signing out: back and the pages' addresses show the sign-in page, nothing of the group.
    await signOut(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText(renamed)).toHaveCount(0);
    for (const url of Object.values(pages)) {
      await page.goto(url);
      await expect(page).toHaveURL(/\/login/);
      await expect(page.getByText(renamed)).toHaveCount(0);
    }
  });
});
