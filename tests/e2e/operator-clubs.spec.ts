import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { E2E, adminToken, apiCall, endLotteryTurn, expectAccessible, signIn, takeLotteryTurn, unique } from "./helpers";

// A known club spelled another way by the operator (decision 091): the held jornada's card offers
// the known club as the choice already selected, so the admin who presses «Guardar el equipo y crear
// la quiniela» as it comes makes no second club. The next jornada is global in the fake service, so
// this journey takes the lottery turn.

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
  await endLotteryTurn();
});

test("a new spelling of a known club: its card has the known club chosen, and the button as it comes makes no second club", async ({ page }, testInfo) => {
  const admin = await adminToken();
  const season = await apiCall("POST", "/season/CreateSeason", { name: unique("Temporada Clubes "), startDate: new Date().toISOString().slice(0, 10) }, admin);
  expect(season.status).toBe(201);
  for (const name of new Set(PARTIDOS.flatMap((p) => [plain(p.local), plain(p.visitante)])))
    expect([201, 409]).toContain((await apiCall("POST", "/team/Create", { name, logo: "", alias: [] }, admin)).status);
  const tag = unique("");
  const known = `Racing Santander ${tag}`;
  const spelled = `Racing De Santander ${tag}`;
  expect((await apiCall("POST", "/team/Create", { name: known, logo: "", alias: [] }, admin)).status).toBe(201);
  const id = `6${Date.now()}`;
  await fake("next", {
    date: compact(new Date(Date.now() + 5 * DAY)),
    id,
    matches: PARTIDOS.map((p, i) => (i === 14 ? { ...p, visitante: `${spelled} (M)` } : p)),
  });

  await signIn(page, E2E.admin.username, E2E.admin.password);
  await page.goto("/call-quiniela");
  await page.getByRole("button", { name: "Importar próxima jornada" }).click();
  const card = page.getByRole("listitem").filter({ hasText: `Sorteo ${id} de Loterías` });
  await expect(card).toContainText("Estado: pendiente");
  const choice = card.getByRole("group", { name: `Equipo para «${spelled}»` });
  await expect(choice.getByRole("radio", { name: `${known} (ya existe)` })).toBeChecked();
  await expect(choice.getByRole("radio", { name: "Crear un club nuevo" })).not.toBeChecked();
  await expect(choice.getByLabel("Nombre del club nuevo")).toHaveValue(spelled);
  await expectAccessible(page, testInfo);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Pressed as it comes: the spelling is the known club's alias, and the jornada its pool.
  await card.getByRole("button", { name: "Guardar el equipo y crear la quiniela" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Equipos creados: 0. Nombres guardados como alias: 1." })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: `Sorteo ${id} de Loterías` })).toContainText("Estado: creada");
  const teams = (await apiCall("GET", "/team/List", undefined, admin)).body as { name: string; alias: string[] }[];
  expect(teams.filter((t) => t.name.includes(tag)).map((t) => [t.name, t.alias])).toEqual([[known, [spelled]]]);
  const panel = await apiCall("GET", "/Loteria/jornadas", undefined, admin);
  const jornada = panel.body.jornadas.find((j: { drawKey: string }) => j.drawKey === id);
  const pool = await apiCall("GET", `/quiniela/GetById/${jornada.quinielaId}`, undefined, admin);
  expect(pool.body.matches[14]).toMatchObject({ home: "Las Palmas", away: known });
});

test("a new club stays an explicit choice: «Crear un club nuevo» with its name makes it", async ({ page }) => {
  const admin = await adminToken();
  const season = await apiCall("POST", "/season/CreateSeason", { name: unique("Temporada Clubes "), startDate: new Date().toISOString().slice(0, 10) }, admin);
  expect(season.status).toBe(201);
  for (const name of new Set(PARTIDOS.flatMap((p) => [plain(p.local), plain(p.visitante)])))
    expect([201, 409]).toContain((await apiCall("POST", "/team/Create", { name, logo: "", alias: [] }, admin)).status);
  const tag = unique("");
  const known = `Deportivo Alavés ${tag}`;
  const other = `Deportivo Alavés (F) ${tag}`;
  expect((await apiCall("POST", "/team/Create", { name: known, logo: "", alias: [] }, admin)).status).toBe(201);
  // A spelling close to the known club that the admin knows is another one.
  const spelled = `Deportivo De Alavés ${tag}`;
  const id = `6${Date.now()}`;
  await fake("next", {
    date: compact(new Date(Date.now() + 5 * DAY)),
    id,
    matches: PARTIDOS.map((p, i) => (i === 14 ? { ...p, visitante: `${spelled} (M)` } : p)),
  });

  await signIn(page, E2E.admin.username, E2E.admin.password);
  await page.goto("/call-quiniela");
  await page.getByRole("button", { name: "Importar próxima jornada" }).click();
  const card = page.getByRole("listitem").filter({ hasText: `Sorteo ${id} de Loterías` });
  const choice = card.getByRole("group", { name: `Equipo para «${spelled}»` });
  await expect(choice.getByRole("radio", { name: `${known} (ya existe)` })).toBeChecked();
  await choice.getByRole("radio", { name: "Crear un club nuevo" }).check();
  await choice.getByLabel("Nombre del club nuevo").fill(other);
  await card.getByRole("button", { name: "Guardar el equipo y crear la quiniela" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Equipos creados: 1." })).toBeVisible();
  const teams = (await apiCall("GET", "/team/List", undefined, admin)).body as { name: string }[];
  expect(
    teams
      .filter((t) => t.name.includes(tag))
      .map((t) => t.name)
      .sort(),
  ).toEqual([known, other].sort());
});
