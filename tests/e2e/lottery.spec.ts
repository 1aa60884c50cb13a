import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./fixtures";
import { E2E, adminToken, apiCall, endLotteryTurn, expectAccessible, jsEnabled, newPlayer, signIn, takeLotteryTurn, unique } from "./helpers";

// The lottery journeys run against the fake SELAE service started by tests/support/e2e-server.mjs.
// Each test takes draw days of its own (two weeks apart, in the 1990s) and serves a copy of the
// recorded 2026-04-26 draw on them. The automatic search walks from the last stored draw, which is
// global, so the tests of this file (and anything else that posts to the lottery screen) take turns
// across workers.

const RECORDED = JSON.parse(readFileSync(new URL("../../fixtures/selae/played-draw-2026-04-26.json", import.meta.url), "utf8"));
const MATCHES: { home: string; away: string }[] = RECORDED[0].partidos.map((p: { local: string; visitante: string }) => ({
  home: p.local,
  away: p.visitante,
}));
const SIGNS = "X1211X211X221X";
const DAY = 86_400_000;

const fake = async (action: string, body: unknown = {}) => {
  const res = await fetch(`http://127.0.0.1:${E2E.lotteryPort}/__fake/${action}`, { method: "POST", body: JSON.stringify(body) });
  return res.json();
};
const dashed = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
const shown = (d: string) => `${d.slice(6, 8)}/${d.slice(4, 6)}/${d.slice(0, 4)}`;
const plusDays = (d: string, n: number) => new Date(Date.parse(`${dashed(d)}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10).replaceAll("-", "");

test.beforeEach(takeLotteryTurn);
test.afterEach(endLotteryTurn);

/** A season starting a month before the draw day, with the pool of that draw's week (closing on the Friday). */
async function poolForWeek(admin: string, yyyymmdd: string, seasonId?: number) {
  const drawDay = Date.parse(`${dashed(yyyymmdd)}T12:00:00Z`);
  if (!seasonId) {
    const startDate = new Date(drawDay - 30 * DAY).toISOString().slice(0, 10);
    const season = await apiCall<{ id: number; name: string }>("POST", "/season/CreateSeason", { name: unique("Temporada Loterías "), startDate }, admin);
    expect(season.status).toBe(201);
    seasonId = season.body.id;
  }
  for (const name of new Set(MATCHES.flatMap((m) => [m.home, m.away]))) {
    const res = await apiCall("POST", "/team/Create", { name, logo: "", alias: [] }, admin);
    expect([201, 409]).toContain(res.status);
  }
  const pool = await apiCall<{ id: number; name: string }>(
    "POST",
    "/quiniela/CreateQuiniela",
    {
      seasonId,
      startDate: new Date(drawDay - 6 * DAY).toISOString(),
      closingDate: new Date(drawDay - 2 * DAY + 6 * 3600_000).toISOString(),
      matches: MATCHES,
    },
    admin,
  );
  expect(pool.status).toBe(201);
  await fake("draw", { date: yyyymmdd, from: "20260426" });
  return { seasonId: seasonId!, poolId: pool.body.id, poolName: pool.body.name };
}

async function openScreen(page: Page) {
  await signIn(page, E2E.admin.username, E2E.admin.password);
  await page.goto("/call-quiniela");
  await expect(page.getByRole("heading", { name: "Consultar Resultados Loterías", level: 1 })).toBeVisible();
}

test("an admin looks up one date: the draw's 15 matches, the pool it was stored in, and the raw answer", async ({ page }, testInfo) => {
  const admin = await adminToken();
  const { date } = (await fake("claim-week")) as { date: string };
  const { poolId, poolName } = await poolForWeek(admin, date);
  await openScreen(page);
  await expect(page.getByLabel("Fecha sorteo")).toHaveAttribute("placeholder", "20250924");

  await page.getByRole("button", { name: "Consultar" }).click();
  await expect(page.getByText("Debes indicar Fecha (yyyyMMdd)")).toBeVisible();

  await page.getByLabel("Fecha sorteo").fill(date);
  await page.getByRole("button", { name: "Consultar" }).click();
  await expect(page.getByRole("heading", { name: `Sorteo del ${shown(date)}` })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("row").nth(1)).toContainText("Betis – Real Madrid");
  await expect(table.getByRole("row").nth(1)).toContainText("X");
  await expect(table.getByRole("row").nth(15)).toContainText("Espanyol – Levante");
  await expect(table.getByRole("row").nth(15)).toContainText("0-0");
  await expect(page.getByRole("status")).toContainText(`Resultados del sorteo del ${shown(date)} guardados en ${poolName}`);
  await expect(page.getByText(`Guardado en ${poolName}`)).toBeVisible();
  await expect(page.getByLabel("Fecha sorteo")).toHaveValue(date);
  await page.getByText("Respuesta de Loterías (JSON)").click();
  await expect(page.getByText('"id_sorteo": "1308406028"')).toBeVisible();
  await expectAccessible(page, testInfo);
  // Phones first: the draw's table and the raw answer fit 390 px without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((e) => e.getBoundingClientRect().right > 391)
      .map((e) => e.tagName + "." + e.className)
      .slice(0, 5),
  );
  expect(wide).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const results = await apiCall("GET", `/Quiniela/GetResults/${poolId}`, undefined, admin);
  expect(results.body.matches.join("")).toBe(SIGNS);
  expect(results.body.plain15).toEqual({ home: 0, away: 0 });
  expect((await apiCall("GET", "/Loteria/quiniela/ultima", undefined, admin)).body).toEqual({ drawDate: dashed(date) });
});

test("the automatic search shows each date as it is checked, stores what it finds, and ends", async ({ page }, testInfo) => {
  const admin = await adminToken();
  const { date: first } = (await fake("claim-week")) as { date: string };
  const next = plusDays(first, 7);
  const { seasonId } = await poolForWeek(admin, first);
  const { poolId, poolName } = await poolForWeek(admin, next, seasonId);
  expect((await apiCall("POST", "/Loteria/quiniela/consultar", { fecha: first }, admin)).body.status).toBe("ok");
  // Each day answers slowly, so the page is seen growing before the search ends.
  for (let i = 1; i <= 14; i++) await fake("rule", { date: plusDays(first, i), mode: "slow" });

  await openScreen(page);
  await expect(page.getByText(`Último sorteo guardado: ${shown(first)}`)).toBeVisible();
  await page.getByRole("button", { name: "Buscar automática" }).click();
  if (jsEnabled(testInfo)) {
    await expect(page.getByRole("button", { name: "Buscando..." })).toHaveCount(2);
    for (const button of await page.getByRole("button", { name: "Buscando..." }).all()) await expect(button).toBeDisabled();
  }
  // The search's own log: the step log below it may name the same dates when the automatic import ran meanwhile.
  const search = page.locator(".lottery-log");
  const firstLine = search.getByRole("listitem").filter({ hasText: shown(plusDays(first, 1)) });
  await expect(firstLine).toContainText("sin-sorteo");
  await expect(page.getByText("Búsqueda automática finalizada.")).toHaveCount(0);

  const found = search.getByRole("listitem").filter({ hasText: shown(next) });
  await expect(found).toContainText("✓ ok", { timeout: 20_000 });
  await expect(found).toContainText(`guardados en ${poolName}`);
  await expect(page.getByText("Búsqueda automática finalizada.")).toBeVisible({ timeout: 20_000 });
  // Seven days without a draw after the one it found, then it stops.
  await expect(page.locator(".lottery-log li")).toHaveCount(14);
  if (jsEnabled(testInfo)) {
    await expect(page).toHaveURL(/\/call-quiniela$/);
    await expect(page.getByRole("button", { name: "Buscar automática" })).toBeEnabled();
  }
  await expectAccessible(page, testInfo);

  const results = await apiCall("GET", `/Quiniela/GetResults/${poolId}`, undefined, admin);
  expect(results.body.matches.join("")).toBe(SIGNS);
  expect((await apiCall("GET", "/Loteria/quiniela/ultima", undefined, admin)).body).toEqual({ drawDate: dashed(next) });
});

test("a lottery service that refuses, throttles, breaks off or hangs gives a clear message and stores nothing", async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await adminToken();
  const { date } = (await fake("claim-week")) as { date: string };
  const { poolId } = await poolForWeek(admin, date);
  let before = (await apiCall("GET", "/Loteria/quiniela/ultima", undefined, admin)).body as { drawDate: string | null };
  if (!before.drawDate) {
    // The search starts after the last stored draw: store one first when this test runs before the others.
    const { date: stored } = (await fake("claim-week")) as { date: string };
    await poolForWeek(admin, stored);
    expect((await apiCall("POST", "/Loteria/quiniela/consultar", { fecha: stored }, admin)).body.status).toBe("ok");
    before = { drawDate: dashed(stored) };
  }
  await openScreen(page);
  const cases = [
    ["403", "✗ Loterías ha rechazado la consulta (HTTP 403)."],
    ["406", "✗ Loterías está limitando las consultas (HTTP 406). Vuelve a intentarlo en unos minutos."],
    ["truncated", "✗ La respuesta de Loterías llegó incompleta."],
    ["hang", "✗ Tiempo de espera agotado consultando Loterías."],
  ];
  for (const [mode, message] of cases) {
    await fake("rule", { date, mode });
    await page.getByLabel("Fecha sorteo").fill(date);
    await page.getByRole("button", { name: "Consultar" }).click();
    await expect(page.getByRole("alert")).toHaveText(message, { timeout: 15_000 });
    expect((await apiCall("GET", `/Quiniela/GetResults/${poolId}`, undefined, admin)).status).toBe(404);
  }
  await fake("rule", { date, mode: null });

  // The automatic search stops at the refusal and says why.
  const firstDay = plusDays(before.drawDate!.replaceAll("-", ""), 1);
  await fake("rule", { date: firstDay, mode: "403" });
  await page.getByRole("button", { name: "Buscar automática" }).click();
  const search = page.locator(".lottery-log");
  // Only the search's own log: the step log below it names the same date when the automatic import met the refusal too.
  await expect(search.getByRole("listitem").filter({ hasText: shown(firstDay) })).toContainText("✗ error Loterías ha rechazado la consulta (HTTP 403).");
  await fake("rule", { date: firstDay, mode: null });
  expect((await apiCall("GET", "/Loteria/quiniela/ultima", undefined, admin)).body).toEqual(before);
  // Every call the service received looked like a browser's.
  const requests = (await fake("requests")) as { browser: boolean }[];
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.every((r) => r.browser)).toBe(true);
});

test("a player can neither open the lottery screen nor register a lottery result", async ({ page }) => {
  const player = await newPlayer();
  await signIn(page, player.username);
  await page.goto("/call-quiniela");
  await expect(page).toHaveURL(/\/inicio$/);
  expect((await apiCall("POST", "/Loteria/RegistrarQuiniela", RECORDED, player.token)).status).toBe(403);
  expect((await apiCall("POST", "/Loteria/quiniela/consultar", { fecha: "20260426" }, player.token)).status).toBe(403);
});
