import sharp from "sharp";
import { expect, test, type APIResponse, type Page } from "./fixtures";
import { apiCall, jsEnabled, newPlayer, newSeason, signIn, unique, playRound } from "./helpers";

const OFFICIAL = Array.from({ length: 14 }, () => "1");

/** A group of a manager and a player with two closed rounds with official results, all through the API. */
async function playedGroup() {
  const { admin, seasonId, pool: newPool } = await newSeason();
  const manager = await newPlayer("gestor");
  const ana = await newPlayer("ana");
  const group = await apiCall<{ id: number; inviteCode: string }>("POST", "/group/CreateGroup", { name: unique("Peña "), description: "" }, manager.token);
  expect((await apiCall("POST", `/group/JoinByInviteCode/${group.body.inviteCode}`, undefined, ana.token)).status).toBeLessThan(300);
  const rounds: number[] = [];
  const playNext = async (r: number) => {
    const pool = await newPool();
    rounds.push(pool.numberQuiniela);
    const tickets = (
      [
        [manager, 12 - r],
        [ana, 9 + r],
      ] as const
    ).map(([player, hits]) => [player, { matches: OFFICIAL.map((s, i) => (i < hits ? [s] : ["2"])), plain15: { home: 1, away: 0 } }] as const);
    await playRound({ admin, manager, groupId: group.body.id, poolId: pool.id, tickets, official: OFFICIAL, closesInHours: 10 + r });
  };
  for (const r of [0, 1]) await playNext(r);
  return { groupId: group.body.id, seasonId, manager, ana, rounds, playNext };
}

/** The document as the browser received it (with this page's cookies): no Remix script, no hydration data. */
async function expectNoRemixScripts(page: Page, url: string, allowed: string[] = []) {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain("<main");
  expect(html).not.toContain("__remixContext");
  expect(html).not.toContain("__remixManifest");
  expect(html).not.toContain("modulepreload");
  expect(html).not.toMatch(/\/build\/[^"]*\.js/);
  const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
  // Only the page's own small enhancement scripts may remain, each a src with no inline code.
  expect(scripts.map((tag) => /src="([^"]+)"/.exec(tag)?.[1] ?? "inline")).toEqual(allowed);
  await page.goto(url);
  if (allowed.length === 0) await expect(page.locator("script")).toHaveCount(0);
  expect(await page.evaluate(() => "__remixContext" in window || "__remixRouter" in window)).toBe(false);
}

test.describe("pages without scripts", () => {
  test("standings, results and bets, evolution and information ship plain HTML and still work", async ({ page }, testInfo) => {
    const g = await playedGroup();
    await signIn(page, g.ana.username);
    const [j1, j2] = g.rounds;

    // Standings: the table, the sort links and the round picker as a native GET form.
    const standings = `/grupo/${g.groupId}/temporada/${g.seasonId}/clasificacion`;
    await expectNoRemixScripts(page, standings);
    await expect(page.getByRole("heading", { level: 1, name: /^Clasificación/ })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: new RegExp(`^${g.manager.username}`) })).toBeVisible();
    await page.getByLabel("Ver", { exact: true }).selectOption({ label: `Jornada ${j1}` });
    await page.getByRole("button", { name: "Mostrar" }).click();
    await expect(page).toHaveURL(/quiniela=\d+/);
    await expect(page.getByRole("table")).toContainText(g.ana.username);

    // Results and bets: the round's cards and the links to the other round (arrow keys from its small script).
    const results = `/grupo/${g.groupId}/resultados-y-apuestas?jornada=${j2}`;
    await expectNoRemixScripts(page, results, ["/enhance/arrow-keys.js"]);
    await expect(page.getByRole("heading", { level: 1, name: /^Resultados y apuestas/ })).toBeVisible();
    await page.getByRole("link", { name: "← Anterior" }).click();
    await expect(page).toHaveURL(new RegExp(`jornada=${j1}`));
    await expect(page.getByLabel("Jornada", { exact: true })).toHaveValue(String(j1));
    if (jsEnabled(testInfo)) {
      await page.keyboard.press("ArrowRight");
      await expect(page).toHaveURL(new RegExp(`jornada=${j2}`));
    }

    // Evolution and information.
    const evolution = `/grupo/${g.groupId}/season/${g.seasonId}/bet-evolucion`;
    await expectNoRemixScripts(page, evolution);
    await expect(page.getByRole("heading", { level: 1, name: "Evolución de la Quiniela grupal" })).toBeVisible();
    await expectNoRemixScripts(page, "/informacion");
    await expect(page.getByRole("heading", { level: 1, name: "Información para usuarios" })).toBeVisible();
    await page.getByRole("navigation", { name: "Secciones de la información" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page.getByRole("heading", { name: "Preguntas frecuentes" })).toBeVisible();

    // The header still signs out without a script: a plain POST form.
    await page.goto(standings);
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test("a normal page reached from a script-free one hydrates as usual", async ({ page }, testInfo) => {
    const g = await playedGroup();
    await signIn(page, g.manager.username);
    await page.goto(`/grupo/${g.groupId}/temporada/${g.seasonId}/clasificacion`);
    await expect(page.locator("script")).toHaveCount(0);
    await page.getByRole("link", { name: "Volver al grupo" }).click();
    await expect(page).toHaveURL(new RegExp(`/grupo/${g.groupId}/dashboard$`));
    // The group's panel is read-only and script-free too; the list of one's groups keeps the client.
    await expect(page.locator("script")).toHaveCount(0);
    await page.getByRole("link", { name: "Mis grupos" }).click();
    await expect(page).toHaveURL(/\/grupos$/);
    const html = await page.content();
    if (!jsEnabled(testInfo)) {
      expect(html).toContain("__remixContext");
      return;
    }
    await page.waitForFunction(() => "__remixRouter" in window);
    // A client-side navigation keeps the window's state: the page is hydrated and its links are the router's.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole("link", { name: "Información" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Información para usuarios" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });
});

/**
 * A full-page screenshot once two in a row agree: drawing the whole page brings in images that were
 * off screen (the avatars' background, the cards the browser had skipped). Every image the page
 * uses, as an element or a background, is loaded and decoded first, so that a background still
 * decoding while two screenshots happen to agree cannot pass for the settled page.
 */
async function settledScreenshot(page: Page) {
  await page.evaluate(async () => {
    // Cards the browser skips (content-visibility) are drawn only when a screenshot reaches them, so
    // two screenshots could catch them half drawn: both sides are compared with everything drawn.
    if (!document.getElementById("draw-all")) {
      document.head.append(
        Object.assign(document.createElement("style"), { id: "draw-all", textContent: ".player-card{content-visibility:visible!important}" }),
      );
    }
    const urls = new Set(Array.from(document.images, (img) => img.currentSrc || img.src));
    for (const el of document.querySelectorAll("*")) {
      for (const m of getComputedStyle(el).backgroundImage.matchAll(/url\("?([^")]+)"?\)/g)) urls.add(m[1]);
    }
    await Promise.all(
      [...urls].map((src) => {
        const img = new Image();
        img.src = src;
        return img.decode().catch(() => undefined);
      }),
    );
  });
  let last = await page.screenshot({ fullPage: true, animations: "disabled" });
  for (let i = 0; i < 10; i++) {
    const next = await page.screenshot({ fullPage: true, animations: "disabled" });
    if (next.equals(last)) return next;
    last = next;
  }
  throw new Error("The page never settled: each screenshot differed from the one before.");
}

/** How many pixels two screenshots of one size differ in. */
async function differingPixels(a: Buffer, b: Buffer): Promise<number> {
  if (a.equals(b)) return 0;
  const [x, y] = await Promise.all([a, b].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })));
  if (x.info.width !== y.info.width || x.info.height !== y.info.height) return Number.POSITIVE_INFINITY;
  let count = 0;
  for (let i = 0; i < x.data.length; i += x.info.channels) {
    for (let k = 0; k < x.info.channels; k++) {
      if (x.data[i + k] !== y.data[i + k]) {
        count++;
        break;
      }
    }
  }
  return count;
}

/**
 * The page carries its stylesheets inline, cut to the rules it uses (decision 026): no stylesheet to
 * wait for, and nothing missing. With each whole sheet added back on top, a full-page screenshot does not
 * change beyond a few antialiased pixels, on a phone and on a wide screen.
 */
async function expectInlineStylesComplete(page: Page, url: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(url);
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    const hrefs = await page.locator("style[data-href]").evaluateAll((styles) => styles.map((s) => s.getAttribute("data-href") ?? ""));
    expect(hrefs.length).toBeGreaterThan(0);
    // The whole sheets come last, as prefetches for the next page: nothing waits for them here.
    expect(await page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((l) => l.getAttribute("href")))).toEqual(hrefs);
    const inline = await settledScreenshot(page);
    for (const href of hrefs) {
      const sheet = await page.request.get(href);
      expect(sheet.status()).toBe(200);
      // Not addStyleTag, which waits on a page script: evaluate runs even with the page's scripts off.
      await page.evaluate((css) => document.head.append(Object.assign(document.createElement("style"), { textContent: css })), await sheet.text());
    }
    const whole = await settledScreenshot(page);
    if (!whole.equals(inline)) {
      // Both pictures go with the report, to tell a missing rule from a page that was still drawing.
      await test.info().attach(`inline ${width}px`, { body: inline, contentType: "image/png" });
      await test.info().attach(`whole ${width}px`, { body: whole, contentType: "image/png" });
    }
    // A missing rule moves hundreds of pixels (a colour, a margin, a hidden block); a loaded CI box has
    // drawn the same page with a few glyphs antialiased otherwise (20 of 1,080,320 pixels).
    expect(await differingPixels(whole, inline), `${url} at ${width} px looks different with the whole stylesheets`).toBeLessThanOrEqual(32);
  }
}

test.describe("styles of the pages without scripts", () => {
  test("each carries the rules it uses inline, and looks the same as with the whole stylesheets", async ({ page }) => {
    const g = await playedGroup();
    await signIn(page, g.manager.username);
    const [j1] = g.rounds;
    await expectInlineStylesComplete(page, `/grupo/${g.groupId}/temporada/${g.seasonId}/clasificacion`);
    await expectInlineStylesComplete(page, `/grupo/${g.groupId}/temporada/${g.seasonId}/clasificacion?quiniela=${j1}&orden=wilson`);
    await expectInlineStylesComplete(page, `/grupo/${g.groupId}/resultados-y-apuestas?jornada=${j1}`);
    await expectInlineStylesComplete(page, `/grupo/${g.groupId}/season/${g.seasonId}/bet-evolucion`);
    await expectInlineStylesComplete(page, "/informacion#faq");
    const link = await apiCall<{ token: string }>("POST", `/group/${g.groupId}/kiosk`, undefined, g.manager.token);
    await expectInlineStylesComplete(page, `/kiosk/${link.body.token}`);
  });
});

test.describe("conditional GETs", () => {
  const etagOf = (res: APIResponse) => {
    expect(res.status()).toBe(200);
    expect(res.headers()["vary"]).toMatch(/Cookie/i);
    const tag = res.headers()["etag"];
    expect(tag).toMatch(/^"[\w-]{20,}"$/);
    return tag;
  };

  test("the standings and the kiosk answer 304 to their own ETag, never to another user's, and change with a new result", async ({ page, browser }) => {
    const g = await playedGroup();
    await signIn(page, g.manager.username);
    const url = `/grupo/${g.groupId}/temporada/${g.seasonId}/clasificacion`;
    const tag = etagOf(await page.request.get(url));
    expect(etagOf(await page.request.get(url))).toBe(tag);

    const again = await page.request.get(url, { headers: { "If-None-Match": tag } });
    expect(again.status()).toBe(304);
    expect(await again.body()).toHaveLength(0);
    expect(again.headers()["etag"]).toBe(tag);

    // Another member, same group and season: the tag is not theirs, so they get their own page.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, g.ana.username);
    const theirs = await otherPage.request.get(url, { headers: { "If-None-Match": tag } });
    expect(theirs.status()).toBe(200);
    expect(await theirs.text()).toContain(g.ana.username);
    expect(etagOf(theirs)).not.toBe(tag);
    await other.close();

    // The kiosk: same rules, its token in the URL.
    const link = await apiCall<{ token: string }>("POST", `/group/${g.groupId}/kiosk`, undefined, g.manager.token);
    const kiosk = `/kiosk/${link.body.token}`;
    const kioskTag = etagOf(await page.request.get(kiosk));
    const kioskAgain = await page.request.get(kiosk, { headers: { "If-None-Match": kioskTag } });
    // Its clock may have turned a minute between the two: then the page did change.
    expect([304, 200]).toContain(kioskAgain.status());
    if (kioskAgain.status() === 304) expect(await kioskAgain.body()).toHaveLength(0);

    // A new round with results changes the standings, so the old tag no longer matches.
    await g.playNext(2);
    const after = await page.request.get(url, { headers: { "If-None-Match": tag } });
    expect(after.status()).toBe(200);
    expect(etagOf(after)).not.toBe(tag);
  });
});
