import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./fixtures";
import { E2E, adminToken, apiCall, endLotteryTurn, expectAccessible, signIn, takeLotteryTurn, unique } from "./helpers";

// The admin imports the next jornada from the (fake) operator, or pastes
// it, and the panel of /call-quiniela shows what the machine did. The next jornada is global in the
// fake service, so these journeys take the lottery turn.

const PRE = JSON.parse(readFileSync(new URL("../../fixtures/selae/pre-draw-2026-11-29.json", import.meta.url), "utf8"));
const PARTIDOS: { local: string; visitante: string; fecha: string }[] = PRE[0].partidos;
const DAY = 86_400_000;
const plain = (n: string) => n.replace(/ \(M\)$/, "");
const compact = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");

const fake = (action: string, body: unknown = {}) =>
  fetch(`http://127.0.0.1:${E2E.lotteryPort}/__fake/${action}`, { method: "POST", body: JSON.stringify(body) }).then((r) => r.json());

test.beforeEach(takeLotteryTurn);
test.afterEach(async () => {
  await fake("next", {});
  await fake("mode", { mode: null });
  await endLotteryTurn();
});

/** A season starting today (the current one) and every team of the recorded-shape jornada, but the one named `missing`. */
async function seasonAndTeams(missing: string) {
  const admin = await adminToken();
  const season = await apiCall("POST", "/season/CreateSeason", { name: unique("Temporada Oficial "), startDate: new Date().toISOString().slice(0, 10) }, admin);
  expect(season.status).toBe(201);
  for (const name of new Set(PARTIDOS.flatMap((p) => [plain(p.local), plain(p.visitante)]))) {
    if (name === missing) continue;
    expect([201, 409]).toContain((await apiCall("POST", "/team/Create", { name, logo: "", alias: [] }, admin)).status);
  }
  return admin;
}

async function openScreen(page: Page) {
  await signIn(page, E2E.admin.username, E2E.admin.password);
  await page.goto("/call-quiniela");
  await expect(page.getByRole("heading", { name: "Próximas jornadas", level: 2 })).toBeVisible();
}

test("'Importar próxima jornada' holds a jornada with an unknown name, and makes its pool once the name is a team", async ({ page }, testInfo) => {
  const ghost = unique("Fantasma ");
  const admin = await seasonAndTeams(ghost);
  const drawDay = new Date(Date.now() + 5 * DAY);
  const id = `7${Date.now()}`;
  const matches = PARTIDOS.map((p, i) => (i === 14 ? { ...p, visitante: `${ghost} (M)` } : p));
  await fake("next", { date: compact(drawDay), id, matches });

  await openScreen(page);
  await page.getByRole("button", { name: "Importar próxima jornada" }).click();
  const card = page.getByRole("listitem").filter({ hasText: `Sorteo ${id} de Loterías` });
  await expect(card).toContainText("Estado: pendiente");
  await expect(card).toContainText(`Sin resolver: ${ghost}`);
  await expect(card.getByRole("button", { name: "Resolver nombres" })).toBeVisible();
  await page.goto("/inicio");
  await expect(page.getByRole("status").filter({ hasText: "esperan tu decisión" }).or(page.getByText("Una jornada oficial espera tu decisión"))).toBeVisible();
  await page.goto("/call-quiniela");
  await expect(page.getByRole("listitem").filter({ hasText: "Importada ⚠ aviso" }).filter({ hasText: ghost })).toBeVisible();
  await expectAccessible(page, testInfo);

  // The pool editor's resolution dialog makes the name a team and saves the pool; 'Reintentar' joins it to the jornada.
  await card.getByRole("button", { name: "Resolver nombres" }).click();
  await expect(page.getByRole("heading", { name: "Resolver equipos (1 de 1)" })).toBeVisible();
  await expect(page.getByText(`«${ghost}»`)).toBeVisible();
  await expect(page.getByLabel("Nombre del equipo")).toHaveValue(ghost);
  await page.getByRole("button", { name: "Crear equipo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Quiniela guardada" })).toBeVisible();
  await page.goto("/call-quiniela");
  await page
    .getByRole("listitem")
    .filter({ hasText: `Sorteo ${id} de Loterías` })
    .getByRole("button", { name: "Reintentar" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "ya existía con estos partidos: queda unida a la jornada 17" })).toBeVisible();
  const created = page.getByRole("listitem").filter({ hasText: `Sorteo ${id} de Loterías` });
  await expect(created).toContainText("Estado: creada");
  const panel = await apiCall("GET", "/Loteria/jornadas", undefined, admin);
  const jornada = panel.body.jornadas.find((j: { drawKey: string }) => j.drawKey === id);
  const pool = await apiCall("GET", `/quiniela/GetById/${jornada.quinielaId}`, undefined, admin);
  expect(pool.body.matches[14]).toMatchObject({ home: "Las Palmas", away: ghost });
  expect(pool.body.matches[0]).toMatchObject({ home: "Athletic Club", away: "Sevilla" });
  const close = new Date(drawDay.getTime() - DAY).toISOString().slice(0, 10);
  expect(pool.body.closingDate.slice(0, 10)).toBe(close);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: testInfo.outputPath("panel-1920.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("panel-390.png"), fullPage: true });

  // Seen again: still one pool.
  await page.getByRole("button", { name: "Importar próxima jornada" }).click();
  await expect(page.getByRole("status")).toContainText("ya estaba importada");
  const again = await apiCall("GET", "/Loteria/jornadas", undefined, admin);
  expect(again.body.jornadas.filter((j: { drawKey: string }) => j.drawKey === id)).toHaveLength(1);
});

test("a refusal of the operator is a step in Spanish with 'Reintentar'", async ({ page }) => {
  await seasonAndTeams("");
  await fake("mode", { mode: "403" });
  await openScreen(page);
  await page.getByRole("button", { name: "Importar próxima jornada" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Loterías ha rechazado la consulta (HTTP 403)." })).toBeVisible();
  const step = page.getByRole("listitem").filter({ hasText: "Próximas jornadas ✗ fallo" }).first();
  await expect(step).toContainText("HTTP 403");
  await fake("mode", { mode: null });
  await fake("next", { date: compact(new Date(Date.now() + 6 * DAY)), id: `8${Date.now()}` });
  await step.getByRole("button", { name: "Reintentar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Próximas jornadas consultadas" })).toBeVisible();
});

test("the paste: garbage names its line; the 15 lines are reviewed with the unknown name, then kept pending", async ({ page }, testInfo) => {
  const ghost = unique("Desconocido ");
  await seasonAndTeams(ghost);
  await openScreen(page);
  const lines = PARTIDOS.map((p, i) => `${i + 1}. ${p.local} - ${i === 7 ? `${ghost} (M)` : p.visitante}`);
  const pasted = page.getByLabel("Respuesta de Loterías o los 15 partidos");

  await pasted.fill([...lines.slice(0, 2), "no sé qué es esto", ...lines.slice(3)].join("\n"));
  await page.getByLabel("Cierre oficial").fill(new Date(Date.now() + 4 * DAY).toISOString().slice(0, 10) + "T15:00");
  await page.getByRole("button", { name: "Revisar" }).click();
  await expect(page.getByText("Línea 3: «no sé qué es esto» no es un partido «Local - Visitante».")).toBeVisible();
  await expect(pasted).toHaveValue(/no sé qué es esto/);

  await pasted.fill(lines.join("\n"));
  await page.getByRole("button", { name: "Revisar" }).click();
  await expect(page.getByRole("heading", { name: "Revisa los 15 partidos" })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("row").nth(1)).toContainText("Athletic Club");
  await expect(table.getByRole("row").nth(8)).toContainText(`${ghost} (sin resolver)`);
  await expect(page.getByRole("alert").filter({ hasText: `Ningún equipo se llama «${ghost}»` })).toBeVisible();
  await expectAccessible(page, testInfo);
  await page.setViewportSize({ width: 390, height: 844 });
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((e) => e.getBoundingClientRect().right > 391)
      .map((e) => `${e.tagName}.${e.className}`)
      .slice(0, 5),
  );
  expect(wide).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("paste-390.png"), fullPage: true });

  await page.getByRole("button", { name: "Crear quiniela" }).click();
  await expect(page.getByRole("status").filter({ hasText: "está pendiente" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: "Jornada pegada" }).filter({ hasText: ghost });
  await expect(card).toContainText("Estado: pendiente");
});
