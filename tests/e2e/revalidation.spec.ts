import { expect, test, type Page } from "./fixtures";
import { adminToken, apiCall, documentLoad, newGroup, newPlayer, newSeason, openRound, signIn, signOut } from "./helpers";

// Decision 067: the pages a browser may keep (the live page, the standings) go out `private,
// no-cache` with a strong ETag, so a reload asks with If-None-Match and gets a 304; a new score is on
// the next view of every reader; after signing out, back and reload show nothing of them.

/** A group playing an open round, two players with tickets and a manager who types scores. */
async function roundInPlay() {
  const { pool, home, away } = await newSeason();
  const round = await pool();
  const manager = await newPlayer("gestor");
  const players = [await newPlayer("ana"), await newPlayer("bea")];
  const group = await newGroup(manager, players);
  const { dates } = await openRound(manager, { groupId: group.id, poolId: round.id });
  for (const p of players) {
    const matches = Array.from({ length: 14 }, () => ["1"]);
    expect((await apiCall("POST", `/Quiniela/${round.id}/MakePrediction`, { groupId: group.id, matches, plain15: { home: 1, away: 0 } }, p.token)).status).toBe(
      201,
    );
  }
  // Scores are typed once the round takes no more picks (decision 061): the manager closes it.
  const closed = await apiCall("POST", "/GroupQuiniela/UpdateStatus", { ...dates, forceClosed: true }, manager.token);
  expect(closed.status, JSON.stringify(closed.body)).toBeLessThan(300);
  const score = (position: number, home: number, away: number) =>
    apiCall("POST", `/Group/${group.id}/ProvisionalResult`, { quinielaId: round.id, position, home: String(home), away: String(away) }, manager.token);
  return { group, round, home, away, players, manager, score };
}

test.describe("pages a browser keeps", () => {
  test("a reload of the live page asks with If-None-Match and gets 304; a new score is a 200 with it; after signing out nothing is shown", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const g = await roundInPlay();
    await signIn(page, g.players[0]!.username);
    const url = `/grupo/${g.group.id}/directo?pausa=1`;

    const first = await documentLoad(page, () => page.goto(url));
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    expect(first.headers["etag"]).toMatch(/^"[^"]+"$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Jornada ${g.round.numberQuiniela}`);

    // The reload revalidates: the browser sends the validator itself and keeps its copy on a 304.
    const again = await documentLoad(page, () => page.reload());
    expect(again.sent["if-none-match"]).toBe(first.headers["etag"]);
    expect(again.status).toBe(304);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Jornada ${g.round.numberQuiniela}`);

    // The same player on a second device, which keeps no copy: the page this instance stored under the
    // validator (decision 077), the same bytes, with the security headers of every page.
    const device = await browser.newContext();
    const other = await device.newPage();
    await signIn(other, g.players[0]!.username);
    const stored = await documentLoad(other, () => other.goto(url));
    expect(stored.status).toBe(200);
    expect(stored.headers["etag"]).toBe(first.headers["etag"]);
    expect(stored.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(stored.headers["x-content-type-options"]).toBe("nosniff");
    expect(stored.headers["x-frame-options"]).toBe("SAMEORIGIN");
    await expect(other.getByRole("heading", { level: 1 })).toContainText(`Jornada ${g.round.numberQuiniela}`);
    await device.close();

    // A score typed elsewhere: the next reload is a whole new page with it, never the kept one.
    expect((await g.score(1, 2, 1)).status).toBe(200);
    const changed = await documentLoad(page, () => page.reload());
    expect(changed.sent["if-none-match"]).toBe(first.headers["etag"]);
    expect(changed.status).toBe(200);
    expect(changed.headers["etag"]).not.toBe(first.headers["etag"]);
    await expect(page.getByRole("region", { name: "Partidos" }).locator("#directo-1")).toContainText("2-1 1");

    // The standings are kept the same way.
    await page.getByRole("link", { name: "Volver al panel" }).click();
    const standingsLink = page.getByRole("link", { name: /clasificación/i }).first();
    await standingsLink.click();
    const standingsUrl = page.url();
    const standings = await documentLoad(page, () => page.reload());
    expect(standings.headers["cache-control"]).toBe("private, no-cache");
    expect(standings.status).toBe(304);

    // Signing out: back and a reload of the kept pages show the sign-in page, nothing of the group.
    await signOut(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText(g.group.name)).toHaveCount(0);
    await page.goto(standingsUrl);
    await expect(page).toHaveURL(/\/login/);
    await page.goto(url);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText("2-1")).toHaveCount(0);
  });

  test("no reader is ever shown a stale live page: every reader's next view has the new score and the official results", async ({ browser }) => {
    // Three readers, each page checked by the HTML validators (fixtures.ts).
    test.setTimeout(180_000);
    const g = await roundInPlay();
    const readers = await Promise.all(
      [g.players[0]!, g.players[1]!, g.manager].map(async (p) => {
        const context = await browser.newContext();
        const page = await context.newPage();
        await signIn(page, p.username);
        return { context, page };
      }),
    );
    const url = `/grupo/${g.group.id}/directo?pausa=1`;
    const row = (page: Page) => page.getByRole("region", { name: "Partidos" }).locator("#directo-1");
    for (const r of readers) {
      await r.page.goto(url);
      // A second view of unchanged data comes from the kept bytes (or a 304): the same page.
      await r.page.goto(url);
      await expect(row(r.page)).toContainText("por jugar");
    }
    expect((await g.score(1, 3, 0)).status).toBe(200);
    for (const r of readers) {
      await r.page.goto(url);
      await expect(row(r.page)).toContainText("3-0 1");
    }
    expect((await g.score(1, 0, 0)).status).toBe(200);
    for (const r of readers) {
      await r.page.reload();
      await expect(row(r.page)).toContainText("0-0 X");
    }
    const admin = await adminToken();
    const official = Array.from({ length: 14 }, () => "2");
    expect(
      (await apiCall("POST", "/Quiniela/SetResults", { quinielaId: g.round.id, matches: official, plain15: { home: 0, away: 2 } }, admin)).status,
    ).toBeLessThan(300);
    for (const r of readers) {
      await r.page.reload();
      await expect(r.page.getByRole("heading", { level: 1 })).not.toContainText("Provisional");
      await expect(row(r.page)).toContainText("2");
      await expect(row(r.page)).not.toContainText("0-0 X");
    }
    for (const r of readers) await r.context.close();
  });
});
