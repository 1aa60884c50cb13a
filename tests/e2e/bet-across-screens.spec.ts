import { expect, test } from "./fixtures";
import { apiCall, newGroup, newPlayer, newSeason, playRound, signIn, type Player } from "./helpers";

/** The official results: "1" everywhere, pleno 2-1. */
const OFFICIAL = Array.from({ length: 14 }, () => "1");

/**
 * Every player sends the same signs (12 right, the last two "2") and the exact pleno, so whoever the
 * top N are, the group bet has 12 matches and the pleno right: 13 of 15.
 */
const TICKET = { matches: OFFICIAL.map((s, i) => (i < 12 ? [s] : ["2"])), plain15: { home: 2, away: 1 } };
const BET_HITS = 13;

/**
 * A group of a manager and three players who all predicted one round; the manager closed it, the
 * admin set its results, and the manager generated the group bet with the top 2 and confirmed it.
 */
async function confirmedBet() {
  const { admin, seasonId, pool: newPool } = await newSeason();
  const manager = await newPlayer("gestor");
  const players: Player[] = [manager, await newPlayer("ana"), await newPlayer("bea"), await newPlayer("carla")];
  const group = await newGroup(manager, players.slice(1));
  const round = await newPool();
  await playRound({ admin, manager, groupId: group.id, poolId: round.id, tickets: players.map((p) => [p, TICKET] as const), official: OFFICIAL });

  const bet = await apiCall<{ id: number }>("POST", "/Bet/GenerateBet", { groupId: group.id, quinielaId: round.id, topNUsers: 2 }, manager.token);
  expect(bet.status).toBe(201);
  expect((await apiCall("PUT", `/Bet/${bet.body.id}/ConfirmBet`, undefined, manager.token)).status).toBeLessThan(300);
  return { seasonId, groupId: group.id, groupName: group.name, manager, player: players[2], round };
}

test.describe("a confirmed group bet across the screens", () => {
  test("a player sees it in results and bets, the evolution chart links to that round, the office screen shows it confirmed and the settings record it", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const g = await confirmedBet();
    const n = g.round.numberQuiniela;
    const results = `/grupo/${g.groupId}/resultados-y-apuestas?jornada=${n}`;

    // Results and bets: the group's pick beside each match, its hits, and who was in it.
    await signIn(page, g.player.username);
    await page.goto(results);
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^Jornada ${n}`) })).toBeVisible();
    await expect(page.getByText("No hay quiniela grupal para esta jornada", { exact: false })).toHaveCount(0);
    const matches = page.locator(".matches-table");
    await expect(matches.getByRole("columnheader")).toHaveText(["Partido", "Apuesta", "Votos 1·X·2", "Resultado"]);
    const firstMatch = matches.getByRole("row").nth(1);
    // Everyone said "1": the bet's pick is "1", a hit, and every vote went to it.
    await expect(firstMatch.getByRole("cell").first()).toHaveText(/^1\s*✓$/);
    await expect(firstMatch.getByRole("img", { name: "Acierto" })).toBeVisible();
    await expect(firstMatch.getByRole("cell").nth(1)).toHaveText(/^[1-4]·0·0$/);
    const lastMatch = matches.getByRole("row").nth(14);
    await expect(lastMatch.getByRole("cell").first()).toHaveText(/^2\s*✗$/);
    await expect(page.locator(".stat-card").filter({ hasText: "Aciertos de la quiniela grupal" })).toContainText(`${BET_HITS}/15`);
    const cards = page.locator(".player-card");
    await expect(cards).toHaveCount(4);
    await expect(cards.filter({ hasText: "In." })).toHaveCount(2);
    await expect(cards.getByText("Top 1", { exact: true })).toHaveCount(1);
    await expect(cards.getByText("Top 2", { exact: true })).toHaveCount(1);

    // The evolution of the bets: the round's point on the chart leads back to that round's results.
    await page.goto(`/grupo/${g.groupId}/season/${g.seasonId}/bet-evolucion`);
    // Its ticket: one column of 12 signs right (the 3ª), played as the minimum two bets at 0,75 €; no prizes entered yet.
    const row = page.getByRole("row", { name: new RegExp(`^Jornada ${n}\\b`) });
    await expect(row.getByRole("cell")).toHaveText([String(BET_HITS), /Pleno acertado|✓/, /\d/]);
    const tickets = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Mejor columna" }) });
    const ticketRow = tickets.getByRole("row", { name: new RegExp(`^${n}\\b`) });
    await expect(ticketRow.getByRole("cell")).toHaveText(["3ª (12)", /^1,50\s€$/, "—"]);
    await expect(page.getByText(/^La peña ha puesto 1,50\s€ y ha ganado 0,00\s€ \(faltan los premios de 1 jornada\)\.$/)).toBeVisible();
    const point = page.locator(`svg a[href^="${results}"]`);
    await expect(point).toHaveCount(1);
    expect(await point.getAttribute("href")).toMatch(new RegExp(`^/grupo/${g.groupId}/resultados-y-apuestas\\?jornada=${n}(&|$)`));
    await point.click();
    await expect(page).toHaveURL(new RegExp(`/grupo/${g.groupId}/resultados-y-apuestas\\?jornada=${n}(&|$)`));
    await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^Jornada ${n}`) })).toBeVisible();

    // The office screen shows the bet, confirmed, with its hits.
    const kiosk = await apiCall<{ token: string }>("POST", `/group/${g.groupId}/kiosk`, undefined, g.manager.token);
    expect(kiosk.status).toBe(201);
    await page.goto(`/kiosk/${kiosk.body.token}`);
    const onTv = page.getByRole("region", { name: `Quiniela grupal: Jornada ${n}` });
    await expect(onTv).toContainText("Apuesta confirmada");
    await expect(onTv).toContainText(`${BET_HITS} aciertos de 15`);

    // The manager's settings: the audit trail records the generation and the confirmation.
    await page.context().clearCookies();
    await signIn(page, g.manager.username);
    await page.goto(`/grupo/${g.groupId}/ajustes`);
    const trail = page.getByRole("region", { name: "Registro de cambios" });
    await trail.getByText("Ver los cambios").click();
    await expect(trail.getByRole("listitem").filter({ hasText: `Quiniela grupal generada · Jornada ${n}` })).toContainText(`por ${g.manager.username}`);
    await expect(trail.getByRole("listitem").filter({ hasText: `Apuesta confirmada · Jornada ${n}` })).toContainText(`por ${g.manager.username}`);
  });
});
