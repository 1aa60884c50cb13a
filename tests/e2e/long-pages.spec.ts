import { expect, test, type Page } from "./fixtures";
import { ALL_ONES, apiCall, E2E, newGroup, newPlayer, newSeason, openRound, playRound, signIn, ticketWithHits } from "./helpers";

// Lists that grow every week read like a bank statement (decision 042): the latest first, a page of
// them, the rest behind a link that works without JavaScript, so the first screen stays short at
// 390 px whatever the season's length.
test.use({ viewport: { width: 390, height: 844 } });

const height = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test.describe("long lists read as statements", () => {
  /** A group of a season of its own with `n` jornadas, each opened and then moved once by its manager: 2n - 1 audit entries. */
  async function seasonOfRounds(n: number) {
    const s = await newSeason();
    const manager = await newPlayer("gestor");
    const group = await newGroup(manager);
    const pools: { id: number; numberQuiniela: number }[] = [];
    for (let k = 0; k < n; k++) pools.push(await s.pool());
    for (const p of pools) await openRound(manager, { groupId: group.id, poolId: p.id });
    for (const p of pools.slice(0, n - 1)) await openRound(manager, { groupId: group.id, poolId: p.id, closesInHours: 20 });
    return { s, manager, group, pools };
  }

  test("a season's jornadas and a long audit trail come a page at a time, newest first", async ({ page }) => {
    test.slow();
    const { s, manager, group, pools } = await seasonOfRounds(14);
    const total = (await apiCall<unknown[]>("GET", `/Audit/ByGroup/${group.id}?limit=500`, undefined, manager.token)).body.length;
    expect(total).toBeGreaterThan(25);

    await signIn(page, manager.username);
    await page.goto(`/grupo/${group.id}/gestionar-quinielas?temporada=${s.seasonId}`);
    const rows = page.getByRole("table").getByRole("row");
    // The newest ten, the newest first; the four oldest behind "Jornadas anteriores".
    await expect(rows.filter({ has: page.getByRole("rowheader") })).toHaveCount(10);
    await expect(rows.nth(1).getByRole("rowheader")).toHaveText(new RegExp(`^Jornada ${pools[13].numberQuiniela} `));
    await expect(page.getByText("Página 1 de 2 · 14 jornadas")).toBeVisible();
    expect(await height(page)).toBeLessThanOrEqual(3_000);
    await page.getByRole("link", { name: "Jornadas anteriores" }).click();
    await expect(rows.filter({ has: page.getByRole("rowheader") })).toHaveCount(4);
    await expect(page.getByRole("link", { name: `Gestionar jornada ${pools[0].numberQuiniela}` })).toBeVisible();
    await page.getByRole("link", { name: "Jornadas más recientes" }).click();
    await expect(page.getByText("Página 1 de 2 · 14 jornadas")).toBeVisible();

    await page.goto(`/grupo/${group.id}/ajustes`);
    const trail = page.getByRole("region", { name: "Registro de cambios" });
    const entries = trail.getByRole("listitem");
    // Folded under «Ver los cambios» on the settings (decision 069); open while paging back.
    await trail.getByText("Ver los cambios").click();
    await expect(entries).toHaveCount(25);
    // One line each; who and what changed are folded under it.
    await expect(entries.first()).toContainText(`Jornada ${pools[12].numberQuiniela}`);
    await expect(entries.first().getByText(`por ${manager.username}`)).toBeHidden();
    await entries.first().locator("summary").click();
    await expect(entries.first().getByText(`por ${manager.username}`)).toBeVisible();
    await trail.getByRole("link", { name: "Cambios anteriores" }).click();
    await expect(page).toHaveURL(/antes=\d+/);
    await expect(entries).toHaveCount(total - 25);
    await expect(entries.last()).toContainText(`Jornada ${pools[0].numberQuiniela}`);
    await expect(trail.getByRole("link", { name: "Cambios anteriores" })).toHaveCount(0);
    await trail.getByRole("link", { name: "Lo más reciente" }).click();
    await expect(page).not.toHaveURL(/antes=/);
    await trail.getByText("Ver los cambios").click();
    await expect(entries).toHaveCount(25);
  });

  test("the admin's audit of every group pages the same way", async ({ page }) => {
    test.slow();
    await seasonOfRounds(14);
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto("/admin/auditoria");
    const entries = page.getByRole("region", { name: "Cambios" }).getByRole("listitem");
    await expect(entries).toHaveCount(25);
    expect(await height(page)).toBeLessThanOrEqual(3_000);
    await page.getByRole("link", { name: "Cambios anteriores" }).click();
    await expect(page).toHaveURL(/\/admin\/auditoria\?antes=\d+/);
    await expect(entries.first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Lo más reciente" })).toBeVisible();
  });

  test("the group's settings and the admin's results fit a phone: no taller than 3,000 px, nothing sideways, the long forms folded", async ({ page }) => {
    test.slow();
    const { manager, group, pools } = await seasonOfRounds(14);
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth);

    // The settings: the week rule's form and the audit trail under their folds, the jornadas on 'Gestionar quinielas' (decision 069).
    await signIn(page, manager.username);
    await page.goto(`/grupo/${group.id}/ajustes`);
    expect(await height(page)).toBeLessThanOrEqual(3_000);
    expect(await wide()).toBeLessThanOrEqual(390);
    const rule = page.getByRole("region", { name: "Regla automática de la semana" });
    await expect(rule.getByRole("button", { name: "Guardar regla automática" })).toBeHidden();
    await rule.getByText("Cambiar la regla").click();
    await expect(rule.getByRole("button", { name: "Guardar regla automática" })).toBeVisible();
    await page.getByRole("link", { name: "Gestionar quinielas" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Gestionar quinielas" })).toBeVisible();

    // The admin's results of a jornada: the results first, the prizes and the public's shares folded under their titles.
    await page.context().clearCookies();
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto(`/admin/resultados?quiniela=${pools[13].id}`);
    await expect(page.getByRole("heading", { name: "Premios del escrutinio" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Guardar premios" })).toBeHidden();
    expect(await height(page)).toBeLessThanOrEqual(3_000);
    expect(await wide()).toBeLessThanOrEqual(390);
  });
  test("results and bets of a peña of 26 fit a phone: eight players' cards in view, the rest folded, every ticket one tap away", async ({ page }) => {
    test.slow();
    const s = await newSeason();
    const manager = await newPlayer("gestor");
    const players = [manager];
    for (let i = 0; i < 25; i++) players.push(await newPlayer("jugador"));
    const group = await newGroup(manager, players.slice(1));
    const pool = await s.pool();
    // Each player a different count of hits (0 to 14), a third with the exact pleno.
    const tickets = players.map((p, i) => [p, ticketWithHits(i % 15, i % 3 === 0)] as const);
    await playRound({ admin: s.admin, manager, groupId: group.id, poolId: pool.id, tickets, official: ALL_ONES });
    // A confirmed group bet, as a peña's week ends: its ticket and the bet's columns make the page tallest.
    const bet = await apiCall<{ id: number }>("POST", "/Bet/GenerateBet", { groupId: group.id, quinielaId: pool.id, topNUsers: 5 }, manager.token);
    expect(bet.status).toBe(201);
    expect((await apiCall("PUT", `/Bet/${bet.body.id}/ConfirmBet`, undefined, manager.token)).status).toBeLessThan(300);

    await signIn(page, players[1].username);
    await page.goto(`/grupo/${group.id}/resultados-y-apuestas?jornada=${pool.numberQuiniela}`);
    const section = page.getByRole("region", { name: "Pronósticos de los jugadores" });
    const inView = section.locator(".player-cards > .player-grid").getByRole("heading", { level: 3 });
    const fold = section.locator("details");
    // A closed fold hides its cards from the accessibility tree: they are counted by their markup.
    const folded = fold.locator(".player-card h3");
    await expect(inView).toHaveCount(8);
    await expect(folded).toHaveCount(18);
    await expect(fold).not.toHaveAttribute("open");
    await expect(folded.first()).toBeHidden();
    // Its folds closed (decision 069): under 3,000 px, nothing sideways.
    expect(await height(page)).toBeLessThan(3_000);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Sorted by hits, the best eight are the ones in view; the fold opens on every other ticket.
    await section.getByRole("link", { name: "Aciertos", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`jornada=${pool.numberQuiniela}.*orden=hits`));
    await expect(section.getByRole("listitem").first()).toContainText("14/15 aciertos");
    await fold.getByText("Los demás jugadores (18)").click();
    await expect(folded.last()).toBeVisible();
    expect([...(await inView.allTextContents()), ...(await folded.allTextContents())].sort()).toEqual(players.map((p) => p.username).sort());
    // The 16th player: no match right, the exact pleno.
    const sixteenth = folded.filter({ hasText: players[15].username }).locator("xpath=..");
    await expect(sixteenth).toBeVisible();
    await expect(sixteenth).toContainText("1/15 aciertos");

    // The download keeps every player.
    const csv = await page.request.get(
      await section
        .getByRole("link", { name: "Descargar los pronósticos (CSV)" })
        .getAttribute("href")
        .then((h) => h!),
    );
    const text = await csv.text();
    for (const p of players) expect(text, p.username).toContain(p.username);
  });
});
