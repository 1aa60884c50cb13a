import { expect, test, type Page } from "./fixtures";
import { apiCall, expectAccessible, newGroup, newPlayer, newSeason, openRound, signIn, type Player } from "./helpers";

/** Two doubles and a triple, what type 4 asks for; `base` fills the singles. */
const typeFour = (base: "1" | "X" | "2", pleno: { home: number; away: number }) => {
  const matches = Array.from({ length: 14 }, () => [base]);
  matches[0] = ["1", "X"];
  matches[1] = ["X", "2"];
  matches[2] = ["1", "X", "2"];
  return { matches, plain15: pleno };
};

/**
 * A group whose three players predicted an earlier round (their history), and a round of type 4
 * still open in which only the first two have sent: the bet waits for the third.
 */
async function groupWaitingForOne() {
  const { pool, home, away, admin } = await newSeason();
  const [earlier, current] = [await pool(), await pool()];
  const manager = await newPlayer("gestor");
  const players: Player[] = [await newPlayer("ana"), await newPlayer("bea"), await newPlayer("carla")];
  const group = await newGroup(manager, players);
  const open = (pool: { id: number }, opensInHours: number) =>
    openRound(manager, { groupId: group.id, poolId: pool.id, opensInHours, closesInHours: 48, type: 4 });
  await open(earlier, -5);
  await open(current, -1);
  for (const p of players) {
    expect(
      (await apiCall("POST", `/Quiniela/${earlier.id}/MakePrediction`, { groupId: group.id, ...typeFour("1", { home: 1, away: 0 }) }, p.token)).status,
    ).toBe(201);
  }
  const predict = (p: Player, base: "1" | "X" | "2", pleno: { home: number; away: number }) =>
    apiCall("POST", `/Quiniela/${current.id}/MakePrediction`, { groupId: group.id, ...typeFour(base, pleno) }, p.token);
  expect((await predict(players[0], "2", { home: 2, away: 1 })).status).toBe(201);
  expect((await predict(players[1], "2", { home: 2, away: 1 })).status).toBe(201);
  return {
    admin,
    manager,
    players,
    groupId: group.id,
    groupName: group.name,
    current,
    home,
    away,
    predictLast: () => predict(players[2], "X", { home: 0, away: 0 }),
  };
}

/** The last player sends too, and the manager generates the bet with all three through the API. */
async function allSentAndGenerated(g: Awaited<ReturnType<typeof groupWaitingForOne>>) {
  expect((await g.predictLast()).status).toBe(201);
  const generated = await apiCall<{ id: number }>("POST", "/Bet/GenerateBet", { groupId: g.groupId, quinielaId: g.current.id, topNUsers: 3 }, g.manager.token);
  expect(generated.status).toBe(201);
  return generated;
}

const editMatch = (page: Page, n: number) => page.locator("details.bet-edit").getByRole("group", { name: new RegExp(`^Partido ${n} `) });

test.describe("the group bet", () => {
  test("the manager waits for the conditions, generates with the top N, edits, confirms and prints the ticket", async ({ page }, testInfo) => {
    // A long journey (three axe runs and a PDF) on a machine shared by many runs.
    test.setTimeout(150_000);
    const g = await groupWaitingForOne();
    const url = `/grupo/${g.groupId}/quiniela-grupal?quiniela=${g.current.id}`;
    await signIn(page, g.manager.username);
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1, name: "Generar Quiniela Grupal" })).toBeVisible();
    await expect(page.getByLabel("Jornada", { exact: true })).toHaveValue(String(g.current.id));
    await expect(page.getByText("Esperando condiciones para generar")).toBeVisible();
    await expect(page.getByText("Faltan 1 usuario(s) con historial de predicción por enviar en esta jornada.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Generar Quiniela Grupal" })).toBeDisabled();

    expect((await g.predictLast()).status).toBe(201);
    await page.goto(url);
    await expect(page.getByText("Esperando condiciones para generar")).toHaveCount(0);
    await expectAccessible(page, testInfo);
    await page.getByLabel("Usuarios a considerar del top").fill("2");
    await page.getByRole("button", { name: "Generar Quiniela Grupal" }).click();
    await expect(page.getByText(`Quiniela grupal de la jornada ${g.current.numberQuiniela} generada.`)).toBeVisible();

    // Generated: the top-N input is gone, every match says why, the ticket has its columns and cost.
    await expect(page.getByLabel("Usuarios a considerar del top")).toHaveCount(0);
    await expect(page.getByText(/^Incluidos \(top 2\): /)).toBeVisible();
    // Why each sign is folded under the matches (decision 074); it opens without JavaScript.
    await expect(page.getByText(/^Partido 1: 1 /)).toBeHidden();
    await page.getByText("Por qué estos jugadores y estos signos").click();
    for (let n = 1; n <= 14; n++) await expect(page.getByText(new RegExp(`^Partido ${n}: 1 \\(\\d+ votos?\\), X \\(\\d+\\), 2 \\(\\d+\\)\\.`))).toBeVisible();
    await expect(page.locator(".bet-match").nth(4).locator(".bet-signs")).toContainText("2 votos");
    await expect(page.locator(".ticket-facts")).toContainText("12");
    await expect(page.locator(".ticket-facts")).toContainText("9,00 €");
    await expect(page.locator(".bet-pleno")).toContainText("2 - 1");
    await expectAccessible(page, testInfo);

    // An empty match and a pleno of 10 are refused with the spec's message, and what was typed stays.
    await page.getByText("Editar quiniela grupal").click();
    for (const s of ["1", "X", "2"]) await editMatch(page, 1).getByRole("checkbox", { name: s, exact: true }).uncheck();
    await page.getByLabel("Goles local").fill("10");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByRole("alert")).toContainText("Debes completar todas las predicciones antes de guardar.");
    await expect(page.getByLabel("Goles local")).toHaveValue("10");
    await expect(editMatch(page, 1).getByRole("checkbox", { name: "1", exact: true })).not.toBeChecked();
    await expect(editMatch(page, 4).getByRole("checkbox", { name: "2", exact: true })).toBeChecked();

    await editMatch(page, 1).getByRole("checkbox", { name: "2", exact: true }).check();
    await page.getByLabel("Goles local").fill("3");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    // Checked by what changed, not by the toast: with JS the previous toast's element is reused, already faded.
    await expect(page.locator(".bet-pleno")).toContainText("3 - 1");
    await page.getByText("Por qué estos jugadores y estos signos").click();
    await expect(page.getByText(/Cambiado por .*: de 1X2 a 2\./)).toBeVisible();
    // The triple the merge gave match 1 (the weakest consensus) is now a single: a third of the columns.
    await expect(page.locator(".ticket-facts")).toContainText("3,00 €");

    await page.getByRole("button", { name: "Confirmar apuesta" }).click();
    await expect(page.getByRole("button", { name: "Apuesta confirmada" })).toBeDisabled();
    await expect(page.getByText("Editar quiniela grupal")).toHaveCount(0);

    // Who was in it: a native <details>.
    await page.getByText("Usuarios con predicción realizada (3)").click();
    await expect(page.locator(".predictor")).toHaveCount(3);
    await expect(page.locator(".predictor").filter({ hasText: "In." })).toHaveCount(2);
    await expect(page.locator(".predictor").filter({ hasText: "Top 3" })).not.toContainText("In.");

    await page.getByRole("link", { name: "Boleto para imprimir" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `La Quiniela · Jornada ${g.current.numberQuiniela}` })).toBeVisible();
    await expect(page.locator(".ticket header")).toContainText(g.groupName);
    const slip = page.getByRole("table", { name: "Signos marcados de los 14 partidos" });
    await expect(slip.getByRole("row")).toHaveCount(15);
    await expect(slip.getByRole("row").nth(1)).toContainText("✕");
    // The pleno as the slip marks it: 3-1 is M for the home side and 1 for the away side.
    const pleno = page.getByRole("table", { name: /Pleno al 15/ });
    await expect(pleno.getByRole("row").nth(1).getByLabel("M marcado")).toHaveCount(1);
    await expect(pleno.getByRole("row").nth(2).getByLabel("1 marcado")).toHaveCount(1);
    await expect(page.locator(".ticket-facts")).toContainText("3,00 €");
    await expectAccessible(page, testInfo);
    if (testInfo.project.name === "js") {
      // The ticket fits on one printed page.
      const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
      expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    }
  });

  test("the printed ticket's address without a round opens the latest confirmed bet, or the group bet page while none is confirmed", async ({ page }) => {
    const g = await groupWaitingForOne();
    const generated = await allSentAndGenerated(g);
    await signIn(page, g.players[0].username);

    await page.goto(`/grupo/${g.groupId}/quiniela-grupal/imprimir`);
    await expect(page).toHaveURL(new RegExp(`/grupo/${g.groupId}/quiniela-grupal$`));
    await expect(page.getByText("Todavía no hay ninguna quiniela grupal confirmada que imprimir: elige una jornada.")).toBeVisible();
    await expect(page.getByLabel("Jornada", { exact: true })).toBeVisible();

    expect((await apiCall("PUT", `/Bet/${generated.body.id}/ConfirmBet`, {}, g.manager.token)).status).toBeLessThan(300);
    await page.goto(`/grupo/${g.groupId}/quiniela-grupal/imprimir`);
    await expect(page).toHaveURL(new RegExp(`/grupo/${g.groupId}/quiniela-grupal/imprimir\\?quiniela=${g.current.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `La Quiniela · Jornada ${g.current.numberQuiniela}` })).toBeVisible();
    await expect(page.getByRole("table").first().getByRole("row")).toHaveCount(15);
    await expect(page.getByText("Identificador no válido")).toHaveCount(0);
  });

  test("a player of the group sees the bet and who was in it, without the manager's buttons", async ({ page }) => {
    const g = await groupWaitingForOne();
    await allSentAndGenerated(g);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, g.players[2].username);
    await page.goto(`/grupo/${g.groupId}/quiniela-grupal?quiniela=${g.current.id}`);
    await expect(page.getByText(/^Incluidos \(top 3\): /)).toBeVisible();
    // Phones first: nothing wider than a 390 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByText("El gestor aún no ha confirmado la apuesta.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirmar apuesta" })).toHaveCount(0);
    await expect(page.getByText("Editar quiniela grupal")).toHaveCount(0);
    await page.getByText("Usuarios con predicción realizada (3)").click();
    await expect(page.locator(".predictor").filter({ hasText: "In." })).toHaveCount(3);

    // Once the official results exist, the bet shows each match's result and its hits out of 15.
    const official = Array.from({ length: 14 }, () => "X");
    expect(
      (await apiCall("POST", "/Quiniela/SetResults", { quinielaId: g.current.id, matches: official, plain15: { home: 0, away: 0 } }, g.admin)).status,
    ).toBeLessThan(300);
    const bet = await apiCall<{ hits: number }>("GET", `/Bet/GetBet?groupId=${g.groupId}&quinielaId=${g.current.id}`, undefined, g.players[0].token);
    await page.reload();
    await expect(page.getByText(/^Resultado oficial: X/)).toHaveCount(14);
    await expect(page.locator(".ticket-facts")).toContainText(`${bet.body.hits} de 15`);
    // A played jornada's bet reads to its end on a phone: a match a row, the reasons and the chances' detail folded (decision 074).
    await expect(page.locator(".bet-match").first()).toHaveText(/^Partido 1\b/);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(3_000);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("link", { name: "Boleto para imprimir" }).click();
    await expect(page.getByRole("table", { name: "Signos marcados de los 14 partidos" }).getByRole("row")).toHaveCount(15);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
