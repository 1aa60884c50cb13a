import { expect, test, type Page } from "./fixtures";
import { readFile } from "node:fs/promises";
import { ALL_ONES, apiCall, expectAccessible, HOUR, jsEnabled, newPlayer, playedRounds, signIn, ticketWithHits, unique } from "./helpers";

const OFFICIAL = ALL_ONES;
const ticket = ticketWithHits;
const BOM = "\uFEFF";

/**
 * A group of a manager and two players who played two rounds with official results (all "1", pleno
 * 2-1). The group made no group bet (its generation belongs to another screen). Jornada 1: the
 * manager alone at the top (14 + pleno). Jornada 2: manager and Ana share it.
 */
const playedTwoRounds = () =>
  playedRounds([
    [ticket(14, true), ticket(10, false), ticket(7, false)],
    [ticket(12, false), ticket(12, false), ticket(5, false)],
  ]);

const card = (page: Page, title: string) => page.locator(".stat-card").filter({ has: page.getByRole("heading", { name: title }) });
const playerCard = (page: Page, username: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: new RegExp(`^${username}$`, "i") }) });
const playerNames = (page: Page) => page.locator(".player-grid").getByRole("heading", { level: 3 });

test.describe("results and bets", () => {
  test("a player sees how everyone did in the latest closed round, moves between rounds, sorts the grid and downloads the picks", async ({
    page,
  }, testInfo) => {
    const s = await playedTwoRounds();
    const [j1, j2] = s.rounds.map((r) => r.numberQuiniela);
    await signIn(page, s.bea.username);
    await page.goto(`/grupo/${s.groupId}/dashboard`);
    await page.getByRole("link", { name: "Resultados y apuestas" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Resultados y apuestas · ${s.groupName}` })).toBeVisible();

    // No query: the latest round by close date, with no group bet, so the players' side.
    await expect(page.getByLabel("Jornada", { exact: true })).toHaveValue(String(j2));
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^Jornada ${j2}`) })).toBeVisible();
    await expect(page.getByText("No hay quiniela grupal para esta jornada", { exact: false })).toBeVisible();
    await expect(card(page, "MVP")).toContainText("Ninguno");
    await expect(card(page, "Media de aciertos del grupo")).toContainText("9,67");
    await expect(card(page, "Distribución oficial 1/X/2")).toContainText("1: 14 (100%)");
    await expect(card(page, "Distribución oficial 1/X/2")).toContainText("X: 0 (0%)");
    await expect(playerCard(page, s.ana.username)).toContainText("12/15 aciertos");
    await expect(page.getByRole("row", { name: /^P15\. Pleno al 15/ })).toContainText("2-1");
    await expectAccessible(page, testInfo);

    // Previous round by its link: the manager alone on top is the MVP.
    await page.getByRole("link", { name: "← Anterior" }).click();
    await expect(page).toHaveURL(new RegExp(`jornada=${j1}`));
    await expect(card(page, "MVP")).toContainText(s.manager.username);
    await expect(card(page, "MVP")).toContainText("15 aciertos");
    await expect(card(page, "Media de aciertos del grupo")).toContainText("10,67");
    for (const [p, hits] of [
      [s.manager, 15],
      [s.ana, 10],
      [s.bea, 7],
    ] as const)
      await expect(playerCard(page, p.username)).toContainText(`${hits}/15 aciertos`);

    // The grid's sorts are plain links.
    await page.getByRole("link", { name: "Aciertos", exact: true }).click();
    await expect(page).toHaveURL(/orden=hits/);
    await expect(playerNames(page)).toHaveText([s.manager.username, s.ana.username, s.bea.username]);

    // The native selector and its button.
    await page.getByLabel("Jornada", { exact: true }).selectOption(String(j2));
    await page.getByRole("button", { name: "Ver" }).click();
    await expect(page).toHaveURL(new RegExp(`jornada=${j2}`));
    await expect(page).toHaveURL(/orden=hits/);
    await expect(card(page, "MVP")).toContainText("Ninguno");

    if (jsEnabled(testInfo)) {
      // Arrow keys are an enhancement of the previous/next links.
      await page.keyboard.press("ArrowLeft");
      await expect(page).toHaveURL(new RegExp(`jornada=${j1}`));
      await page.keyboard.press("ArrowRight");
      await expect(page).toHaveURL(new RegExp(`jornada=${j2}`));
    }

    // The round's picks as a spreadsheet, from its link.
    const href = await page.getByRole("link", { name: "Descargar los pronósticos (CSV)" }).getAttribute("href");
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/csv");
    expect(res.headers()["content-disposition"]).toContain(`attachment; filename="resultados-jornada-${j2}.csv"`);
    const text = (await res.body()).toString("utf8");
    expect(text.startsWith(BOM)).toBe(true);
    const lines = text.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe(
      ["Jugador", ...Array.from({ length: 14 }, (_, i) => `P${i + 1}`), "Pleno 15", "Aciertos (de 15)", "In.", "Top", "Automático"].join(";"),
    );
    expect(lines[1]).toBe(["Resultado oficial", ...OFFICIAL, "2 - 1", "", "", "", ""].join(";"));
    expect(lines.slice(2).sort()).toEqual(
      [
        [s.manager.username, ...ticket(12, false).matches.map((m) => m.join("")), "0 - 0", "12", "No", "", ""].join(";"),
        [s.ana.username, ...ticket(12, false).matches.map((m) => m.join("")), "0 - 0", "12", "No", "", ""].join(";"),
        [s.bea.username, ...ticket(5, false).matches.map((m) => m.join("")), "0 - 0", "5", "No", "", ""].join(";"),
      ].sort(),
    );
  });

  test("?jornada=N opens that round for any member, and a round nobody predicted says so", async ({ page }) => {
    const s = await playedTwoRounds();
    const [j1] = s.rounds.map((r) => r.numberQuiniela);
    await signIn(page, s.manager.username);
    await page.goto(`/grupo/${s.groupId}/resultados-y-apuestas?jornada=${j1}`);
    await expect(page.getByLabel("Jornada", { exact: true })).toHaveValue(String(j1));
    await expect(playerNames(page)).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Siguiente →" })).toBeVisible();
    await expect(page.getByText("← Anterior")).toHaveAttribute("aria-disabled", "true");

    // A third round with results that no one predicted.
    const admin = s.admin;
    const pool = { body: await s.pool() };
    const dates = {
      groupId: s.groupId,
      quinielaId: pool.body.id,
      openDate: new Date(Date.now() - HOUR).toISOString(),
      closeDate: new Date(Date.now() + 20 * HOUR).toISOString(),
    };
    expect(
      (await apiCall("POST", "/GroupQuiniela/ConfigureGroupQuiniela", { ...dates, forceClosed: true, typeQuinielaId: 1 }, s.manager.token)).status,
    ).toBeLessThan(300);
    expect(
      (await apiCall("POST", "/Quiniela/SetResults", { quinielaId: pool.body.id, matches: OFFICIAL, plain15: { home: 0, away: 0 } }, admin)).status,
    ).toBeLessThan(300);
    await page.goto(`/grupo/${s.groupId}/resultados-y-apuestas`);
    await expect(page.getByLabel("Jornada", { exact: true })).toHaveValue(String(pool.body.numberQuiniela));
    await expect(page.getByText("No hay predicciones disponibles para esta jornada.")).toBeVisible();
    await expect(card(page, "MVP")).toContainText("Ninguno");
  });

  test("a member of another group gets 403 on the pages and the exports of this group", async ({ page }) => {
    const s = await playedTwoRounds();
    const stranger = await newPlayer("ajeno");
    await apiCall("POST", "/group/CreateGroup", { name: unique("Otra "), description: "" }, stranger.token);
    await signIn(page, stranger.username);

    const results = await page.goto(`/grupo/${s.groupId}/resultados-y-apuestas`);
    expect(results?.status()).toBe(403);
    await expect(page.getByRole("alert")).toContainText("No se pudieron cargar las jornadas con resultados.");
    await expect(page.getByRole("alert")).toContainText("No perteneces a este grupo.");

    const evolution = await page.goto(`/grupo/${s.groupId}/season/${s.seasonId}/bet-evolucion`);
    expect(evolution?.status()).toBe(403);
    await expect(page.getByRole("alert")).toHaveText("No se pudo cargar la evolución de Bets (comprueba el endpoint /Bet/Stats).");

    for (const path of [
      `/grupo/${s.groupId}/resultados-y-apuestas.csv?jornada=${s.rounds[0].numberQuiniela}`,
      `/grupo/${s.groupId}/temporada/${s.seasonId}/clasificacion.csv`,
    ]) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(403);
      expect(await res.text()).toBe("No perteneces a este grupo.");
    }
  });
});

test.describe("bet evolution", () => {
  test("says there is nothing yet without a group bet, and asks for the season when the URL lacks it", async ({ page }, testInfo) => {
    const s = await playedTwoRounds();
    await signIn(page, s.ana.username);
    await page.goto(`/grupo/${s.groupId}/season/${s.seasonId}/bet-evolucion`);
    await expect(page.getByRole("heading", { level: 1, name: "Evolución de la Quiniela grupal" })).toBeVisible();
    await expect(page.getByText("No hay datos disponibles todavía.")).toBeVisible();
    await expect(page.locator("svg.chart-svg")).toHaveCount(0);
    await expectAccessible(page, testInfo);

    await page.goto(`/grupo/${s.groupId}/season/undefined/bet-evolucion`);
    await expect(page.getByRole("alert")).toHaveText("Falta el seasonId en la URL. Vuelve al dashboard y entra de nuevo.");
    await page.getByRole("link", { name: "Volver al grupo" }).click();
    await expect(page).toHaveURL(new RegExp(`/grupo/${s.groupId}/dashboard$`));
  });
});

test.describe("standings export", () => {
  test("the standings download as a spreadsheet with one row per player and every column", async ({ page }) => {
    const s = await playedTwoRounds();
    // The icons are the group's office custom: on, so the export's last column has them.
    expect((await apiCall("PUT", `/group/${s.groupId}/settings`, { officeIcons: true }, s.manager.token)).status).toBe(200);
    await signIn(page, s.ana.username);
    await page.goto(`/grupo/${s.groupId}/temporada/${s.seasonId}/clasificacion`);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Descargar la clasificación (CSV)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`clasificacion-${s.groupId}-${s.seasonId}.csv`);
    const text = await readFile((await file.path())!, "utf8");
    expect(text.startsWith(BOM)).toBe(true);
    const lines = text.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe(
      "Posición;Jugador;Puntos;Aciertos simples;Simples jugados;Aciertos dobles;Dobles jugados;Plenos al 15;Plenos jugados;Aciertos;Aciertos sin triples;Jugados sin triples;Precisión (%);Wilson;Top 5;Iconos",
    );
    expect(lines).toHaveLength(4);
    // Manager: 14 + pleno (19 points), then 12: 31 points, 27 hits of 30 (no triples: the game's count is the same).
    expect(lines[1]).toMatch(new RegExp(`^1;${s.manager.username};31,00;26;28;0;0;1;2;27;27;30;90,0;0,\\d{4};Sí;Burro`));
    expect(lines[2]).toMatch(new RegExp(`^2;${s.ana.username};22,00;22;28;0;0;0;2;22;22;30;73,3;`));
    expect(lines[3]).toMatch(new RegExp(`^3;${s.bea.username};12,00;12;28;0;0;0;2;12;12;30;40,0;`));
  });
});
