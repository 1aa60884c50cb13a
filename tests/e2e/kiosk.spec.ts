import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page, type TestInfo } from "./fixtures";
import { gzipSync } from "node:zlib";
import { apiCall, E2E, expectAccessible, jsEnabled, newPlayer, newSeason, signIn, newGroup, playRound, type Player } from "./helpers";

const OFFICIAL = Array.from({ length: 14 }, () => "1");
const TVS = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
];

/** `hits` of the 14 matches right (the rest "2"), and the exact pleno or not. */
const ticket = (hits: number, pleno: boolean) => ({
  matches: OFFICIAL.map((s, i) => (i < hits ? [s] : ["2"])),
  plain15: pleno ? { home: 2, away: 1 } : { home: 0, away: 0 },
});

/** A group of `size` members (the manager first) who played one round with results, and a kiosk link to it. */
async function office(size: number, { played = size }: { played?: number } = {}) {
  const { admin, seasonId, pool: newPool } = await newSeason();
  const manager = await newPlayer("gestor");
  const players: Player[] = [manager];
  for (let i = 1; i < size; i++) players.push(await newPlayer(`p${String(i).padStart(2, "0")}x`));
  const group = await newGroup(manager, players.slice(1), "Oficina ");
  const pool = await newPool();
  const tickets = players.slice(0, played).map((p, i) => [p, ticket(14 - (i % 12), i === 0)] as const);
  await playRound({ admin, manager, groupId: group.id, poolId: pool.id, tickets, official: OFFICIAL });
  const link = await apiCall<{ token: string }>("POST", `/group/${group.id}/kiosk`, undefined, manager.token);
  expect(link.status).toBe(201);
  return { seasonId, groupId: group.id, groupName: group.name, manager, players, round: pool, url: `/kiosk/${link.body.token}` };
}

/** Every standings row of the page is on screen (nothing scrolls) in type readable across a room. */
async function expectWholePageOnScreen(page: Page, tv: { width: number; height: number }) {
  const rows = page.getByRole("rowheader");
  const boxes = await rows.evaluateAll((cells) => cells.map((c) => c.closest("tr")!.getBoundingClientRect().toJSON() as DOMRect));
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(tv.height);
    expect(box.right).toBeLessThanOrEqual(tv.width);
  }
  const size = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    scrollHeight: document.documentElement.scrollHeight,
    rowFont: parseFloat(getComputedStyle(document.querySelector("tbody th")!).fontSize),
  }));
  expect(size.scrollWidth).toBeLessThanOrEqual(tv.width);
  expect(size.scrollHeight).toBeLessThanOrEqual(tv.height);
  // About 3 % of the screen's height: 22 px on a 720p TV, the smallest still read from 3 m.
  expect(size.rowFont).toBeGreaterThanOrEqual(tv.height * 0.03);
  await expect(page.locator("tbody th .kiosk-name").first()).toBeVisible();
}

/** What the TV's browser receives: plain HTML, no script and no hydration data, small enough to refresh all day. */
async function expectPlainHtml(page: Page, url: string) {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("private, no-cache");
  const html = await res.text();
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toContain("__remix");
  expect(html).not.toContain("modulepreload");
  expect(gzipSync(html).length).toBeLessThanOrEqual(15 * 1024);
  return html;
}

/** The page the kiosk's own meta refresh goes to next, as the TV's browser would resolve it. */
async function nextByRefresh(page: Page) {
  const content = await page.locator('meta[http-equiv="refresh"]').getAttribute("content");
  const m = /^(\d+)(?:;\s*url=(.+))?$/.exec(content ?? "");
  expect(m, `meta refresh "${content}"`).not.toBeNull();
  expect(Number(m![1])).toBeGreaterThanOrEqual(20);
  expect(Number(m![1])).toBeLessThanOrEqual(60);
  return new URL(m![2] ?? page.url(), page.url()).toString();
}

/**
 * The screen reloads itself when the next minute starts: a check begun late in a minute would see
 * the page go from under it. Open it in the first half of a minute, so a whole check fits.
 */
async function openEarlyInMinute(page: Page, url: string) {
  const second = new Date().getSeconds();
  if (second >= 30) await page.waitForTimeout((61 - second) * 1000);
  return page.goto(url);
}

/**
 * axe on the TV screen. Its meta-refresh rule (WCAG 2.2.1, a time limit someone must be able to
 * stop) is left out: nobody uses a wall screen, and refreshing itself is what it is for.
 */
async function expectAccessibleScreen(page: Page, testInfo: TestInfo) {
  if (!jsEnabled(testInfo)) return;
  const results = await new AxeBuilder({ page }).disableRules(["meta-refresh"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function tvPage(browser: Browser, tv: { width: number; height: number }, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: tv, javaScriptEnabled, locale: "es-ES", timezoneId: "Europe/Madrid" });
  return { context, page: await context.newPage() };
}

test.describe("office kiosk", () => {
  test("shows every player of an office of 11 on one screen at 720p, 1080p and 4K, as plain HTML with a clock", async ({ browser, page: signed }, testInfo) => {
    test.setTimeout(300_000);
    const s = await office(11, { played: 9 });
    const html = await expectPlainHtml(signed, s.url);
    expect(html).toContain(s.groupName);
    for (const tv of TVS) {
      const { context, page } = await tvPage(browser, tv, testInfo.project.name === "js");
      try {
        await openEarlyInMinute(page, s.url);
        await expect(page.getByRole("heading", { level: 1, name: s.groupName })).toBeVisible();
        await expect(page.getByRole("rowheader")).toHaveCount(11);
        await expect(page.getByRole("rowheader")).toHaveText(s.players.map((p) => new RegExp(`^${p.username}`)));
        await expectWholePageOnScreen(page, tv);
        await expect(page.getByText(/Página \d+ de/)).toHaveCount(0);
        await expect(page.getByText(/^Hora: \d{2}:\d{2}$/)).toBeVisible();
        await expect(page.getByText(/^Actualizado a las \d{2}:\d{2}$/)).toBeVisible();
        await expect(page.getByText(/Sin conexión/)).toHaveCount(0);
        await expect(page.getByRole("heading", { name: `Última jornada: Jornada ${s.round.numberQuiniela}` })).toBeVisible();
        await expect(
          page
            .getByRole("region", { name: /^Última jornada/ })
            .locator(".kiosk-signs")
            .getByRole("listitem"),
        ).toHaveText([...OFFICIAL, "2-1"]);
        // One page only: the refresh reloads the same screen.
        expect(new URL(await nextByRefresh(page)).pathname).toBe(s.url);
        await expect(page.locator("script")).toHaveCount(0);
        expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
        if (tv.width === 1920) await expectAccessibleScreen(page, testInfo);
      } finally {
        await context.close();
      }
    }
  });

  test("shows a group of 40 in pages that its own refresh rotates through, every player on exactly one page, each page on screen", async ({
    browser,
    page: signed,
  }, testInfo) => {
    test.setTimeout(300_000);
    const s = await office(40, { played: 30 });
    const everyone = s.players.map((p) => p.username).sort();
    for (const tv of TVS) {
      const { context, page } = await tvPage(browser, tv, testInfo.project.name === "js");
      try {
        const seen: string[] = [];
        let url = s.url;
        for (let n = 1; n <= 3; n++) {
          await openEarlyInMinute(page, url);
          await expect(page.getByText(`Página ${n} de 2`)).toBeVisible();
          await expectWholePageOnScreen(page, tv);
          seen.push(...(await page.locator("tbody th .kiosk-name").allTextContents()));
          await expectPlainHtml(signed, new URL(page.url()).pathname + new URL(page.url()).search);
          url = await nextByRefresh(page);
          if (new URL(url).searchParams.get("pagina") === "1") break;
        }
        // Back to the first page after the second: every player seen once, nobody twice.
        expect(new URL(url).searchParams.get("pagina")).toBe("1");
        expect(seen.sort()).toEqual(everyone);
      } finally {
        await context.close();
      }
    }
  });

  test("shows the four icons only while the group's managers keep 'Iconos y premios de oficina' on, and reads well in a bright office", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(300_000);
    const s = await office(3);
    const tv = await tvPage(browser, TVS[1], testInfo.project.name === "js");
    const standingsUrl = `/grupo/${s.groupId}/temporada/${s.seasonId}/clasificacion`;
    // Each look at the screen is a new tab: the last one's own refresh, due while the manager's
    // steps run on a loaded machine, can then never interrupt the next navigation.
    const view = async (url: string) => {
      await tv.page.close();
      tv.page = await tv.context.newPage();
      return openEarlyInMinute(tv.page, url);
    };
    try {
      // A group made from now on starts without them.
      await view(s.url);
      await expect(tv.page.getByRole("rowheader")).toHaveCount(3);
      await expect(tv.page.getByRole("img", { name: /^(Burro|Piña|Bola|Rinoceronte):/ })).toHaveCount(0);

      await signIn(page, s.manager.username);
      await page.goto(`/grupo/${s.groupId}/ajustes`);
      const box = page.getByRole("checkbox", { name: "Iconos y premios de oficina" });
      await expect(box).not.toBeChecked();
      await box.check();
      await page.getByRole("button", { name: "Guardar opción" }).click();
      await expect(page.getByText(/Iconos y premios de oficina activados/)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/grupo/${s.groupId}/ajustes$`));
      await expect(page.getByRole("checkbox", { name: "Iconos y premios de oficina" })).toBeChecked();
      await expectAccessible(page, testInfo);

      await view(s.url);
      await expect(
        tv.page
          .getByRole("row")
          .filter({ hasText: s.manager.username })
          .getByRole("img", { name: /^Burro/ }),
      ).toBeVisible();
      await expect(tv.page.locator(".kiosk-legend")).toContainText("Burro");
      await page.goto(standingsUrl);
      await expect(
        page
          .getByRole("row")
          .filter({ hasText: s.manager.username })
          .getByRole("img", { name: /^Burro/ }),
      ).toBeVisible();

      await page.goto(`/grupo/${s.groupId}/ajustes`);
      await page.getByRole("checkbox", { name: "Iconos y premios de oficina" }).uncheck();
      await page.getByRole("button", { name: "Guardar opción" }).click();
      await expect(page.getByText(/Iconos y premios de oficina desactivados/)).toBeVisible();
      await page.goto(standingsUrl);
      await expect(page.getByRole("rowheader").first()).toBeVisible();
      await expect(page.getByRole("img", { name: /^(Burro|Piña|Bola|Rinoceronte):/ })).toHaveCount(0);
      await view(s.url);
      await expect(tv.page.getByRole("img", { name: /^(Burro|Piña|Bola|Rinoceronte):/ })).toHaveCount(0);

      // ?tema=claro: dark on light.
      const dark = await tv.page.locator("main").evaluate((m) => getComputedStyle(m).backgroundColor);
      await view(`${s.url}?tema=claro`);
      const bright = await tv.page.locator("main").evaluate((m) => getComputedStyle(m).backgroundColor);
      expect(dark).toBe("rgb(0, 0, 0)");
      expect(bright).toBe("rgb(255, 255, 255)");
      await expectWholePageOnScreen(tv.page, TVS[1]);
      await expectAccessibleScreen(tv.page, testInfo);
    } finally {
      await tv.context.close();
    }
  });

  test("a revoked link shows a plain full-screen message and stops refreshing", async ({ page }) => {
    const s = await office(2);
    const first = await page.goto(s.url);
    expect(first?.status()).toBe(200);
    const links = await apiCall<{ id: number }[]>("GET", `/group/${s.groupId}/kiosk`, undefined, s.manager.token);
    expect((await apiCall("POST", `/kiosk/${links.body[0].id}/revoke`, undefined, s.manager.token)).status).toBe(200);
    const gone = await page.goto(s.url);
    expect(gone?.status()).toBe(404);
    await expect(page.getByText("Este enlace de pantalla no es válido o ha sido revocado.")).toBeVisible();
    await expect(page.getByRole("rowheader")).toHaveCount(0);
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    await expect(page.locator("script")).toHaveCount(0);
    const box = await page.locator("main").boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(page.viewportSize()!.height - 1);
  });
});
