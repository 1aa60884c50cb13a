import { expect, test } from "./fixtures";
import { formatEuros } from "#core/domain/money";
import { apiCall, E2E, expectAccessible, jsEnabled, roundWithBet, signIn, signOut } from "./helpers";

const T = ["1", "X", "2"];
const D = ["1", "X"];
/** 2 triples and 6 doubles (the shape of the reduction 4ª), the rest single 1s. */
const sixDoublesTwoTriples = () => Array.from({ length: 14 }, (_, i) => (i < 2 ? T : i < 8 ? D : ["1"]));

/**
 * A group whose round is closed with one prediction, its bet generated and edited through the API
 * to 6 doubles + 2 triples and a 3-1 pleno: what the ticket's journeys start from.
 */
async function betReadyToPlay() {
  const { bet, ...g } = await roundWithBet();
  const edit = { betId: bet.id, version: bet.version, mergedPrediction: { matches: sixDoublesTwoTriples(), pl15: { home: 3, away: 1 } } };
  expect((await apiCall("PUT", "/Bet/Update", edit, g.manager.token)).status).toBe(200);
  return { ...g, betId: bet.id };
}

test.describe("the group ticket as the lottery shop takes it", () => {
  test("the manager plays the bet as the reduction 4ª with an extra pleno mark, confirms and prints the slip", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const g = await betReadyToPlay();
    const url = `/grupo/${g.groupId}/quiniela-grupal?quiniela=${g.round.id}`;
    await signIn(page, g.manager.username);
    await page.goto(url);

    // Each way of playing with its bets, cost and guarantee, to compare.
    const ways = page.getByRole("group", { name: "Jugada" });
    await expect(ways.getByRole("radio", { name: "Múltiple directo (576 apuestas) · 432,00 €" })).toBeChecked();
    const fourth = ways.getByRole("radio", { name: "Reducida 4ª (64 apuestas) · 48,00 €" });
    await expect(fourth).toBeVisible();
    await expect(ways).toContainText("13 aciertos garantizados si aciertas los fijos y cada resultado cae dentro de tus marcas.");
    await expect(page.locator(".ticket-facts")).toContainText("432,00 €");
    await expectAccessible(page, testInfo);

    // The pleno's own marks (M for a 3, 1) are always played; an extra away mark doubles the bets.
    await expect(page.getByRole("checkbox", { name: "Local: M (pleno de la apuesta)" })).toBeDisabled();
    await expect(page.getByRole("checkbox", { name: "Local: M (pleno de la apuesta)" })).toBeChecked();
    await fourth.check();
    await page.getByRole("checkbox", { name: "Visitante: 2", exact: true }).check();
    await page.getByRole("button", { name: "Guardar boleto" }).click();
    await expect(page.locator(".ticket-facts")).toContainText("Reducida 4ª");
    await expect(page.locator(".ticket-facts")).toContainText("96,00 €");
    await expect(page.locator(".ticket-facts")).toContainText("M – 1 2");
    await expect(page.getByRole("radio", { name: "Reducida 4ª (128 apuestas) · 96,00 €" })).toBeChecked();

    await page.getByRole("button", { name: "Confirmar apuesta" }).click();
    await expect(page.getByRole("button", { name: "Apuesta confirmada" })).toBeDisabled();
    // A confirmed bet's ticket is fixed, as its picks are.
    await expect(page.getByRole("button", { name: "Guardar boleto" })).toHaveCount(0);

    await page.getByRole("link", { name: "Boleto para imprimir" }).click();
    const slip = page.getByRole("table", { name: "Signos marcados de los 14 partidos" });
    await expect(slip.getByRole("row")).toHaveCount(15);
    await expect(slip.getByLabel("en la reducida")).toHaveCount(8);
    const pleno = page.getByRole("table", { name: /Pleno al 15/ });
    await expect(
      pleno
        .getByRole("row")
        .nth(1)
        .getByLabel(/marcado$/),
    ).toHaveCount(1);
    await expect(pleno.getByRole("row").nth(1).getByLabel("M marcado")).toHaveCount(1);
    await expect(pleno.getByRole("row").nth(2).getByLabel("1 marcado")).toHaveCount(1);
    await expect(pleno.getByRole("row").nth(2).getByLabel("2 marcado")).toHaveCount(1);
    await expect(page.locator(".slip-reduction")).toContainText("Reducida 4ª (64 columnas) · tabla no verificada");
    await expect(page.locator(".ticket-facts")).toContainText("128");
    await expect(page.locator(".ticket-facts")).toContainText("96,00 €");
    await expectAccessible(page, testInfo);
    if (jsEnabled(testInfo)) {
      const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
      expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    }
  });

  test("a one-column bet is played as two bets, and a stale ticket form is refused", async ({ page }) => {
    const g = await betReadyToPlay();
    const bet = await apiCall<{ version: number }>("GET", `/Bet/GetBet?groupId=${g.groupId}&quinielaId=${g.round.id}`, undefined, g.manager.token);
    const single = {
      betId: g.betId,
      version: bet.body.version,
      mergedPrediction: { matches: Array.from({ length: 14 }, () => ["1"]), pl15: { home: 0, away: 0 } },
    };
    expect((await apiCall("PUT", "/Bet/Update", single, g.manager.token)).status).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, g.manager.username);
    await page.goto(`/grupo/${g.groupId}/quiniela-grupal?quiniela=${g.round.id}`);
    await expect(page.getByText("Un boleto lleva al menos 2 apuestas: esta columna se juega dos veces.")).toBeVisible();
    await expect(page.locator(".ticket-facts")).toContainText("1,50 €");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Someone else saves the ticket meanwhile: this form's version is old.
    expect((await apiCall("PUT", `/Bet/${g.betId}/Ticket`, { reduction: null, plenoMarks: { home: ["1"], away: [] } }, g.manager.token)).status).toBe(200);
    await page.getByRole("checkbox", { name: "Local: 2", exact: true }).check();
    await page.getByRole("button", { name: "Guardar boleto" }).click();
    await expect(page.getByRole("alert")).toContainText("ha cambiado desde que abriste el formulario");
    await expect(page.locator(".ticket-facts")).toContainText("0 1 – 0");
  });

  test("the admin enters the category prizes and the group sees the escrutinio", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const g = await betReadyToPlay();
    const ticket = await apiCall("PUT", `/Bet/${g.betId}/Ticket`, { reduction: 4 }, g.manager.token);
    expect(ticket.status).toBe(200);
    const official = Array.from({ length: 14 }, () => "1");
    official[9] = "2"; // one single missed
    expect((await apiCall("POST", "/Quiniela/SetResults", { quinielaId: g.round.id, matches: official, plain15: { home: 3, away: 1 } }, g.admin)).status).toBe(
      200,
    );

    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto(`/admin/resultados?quiniela=${g.round.id}`);
    const form = page.locator("form.prizes-form");
    await expect(form.getByRole("heading", { name: "Premios del escrutinio" })).toBeVisible();
    // Folded under its title below the results (decision 069).
    await form.locator("summary").click();
    // A dot before two decimals is not Spanish: refused on the field, in Spanish.
    await form.getByLabel("2ª (13 aciertos)").fill("12.50");
    await form.getByRole("button", { name: "Guardar premios" }).click();
    await expect(form.locator(".error")).toBeVisible();
    await form.getByLabel("2ª (13 aciertos)").fill("1.234,50");
    await form
      .getByLabel("O pega la tabla oficial de premios")
      .fill("3ª (12 Aciertos) 1.815 7,25 €\n4ª (11 Aciertos) 15.210 1,50 €\n5ª (10 Aciertos) 123.456 0,00 €");
    await form.getByRole("button", { name: "Guardar premios" }).click();
    await expect(page.locator(".toast").filter({ hasText: "Premios del escrutinio guardados." })).toBeVisible();
    await expect(form.getByLabel("2ª (13 aciertos)")).toHaveValue("1.234,50");
    await expect(form.getByLabel("3ª (12 aciertos)")).toHaveValue("7,25");
    await expectAccessible(page, testInfo);

    const bet = await apiCall<{ ticket: { scrutiny: { winners: Record<string, number>; totalPrizeCents: number; best: { hits: number } } } }>(
      "GET",
      `/Bet/GetBet?groupId=${g.groupId}&quinielaId=${g.round.id}`,
      undefined,
      g.player.token,
    );
    const s = bet.body.ticket.scrutiny;
    expect(s.best.hits).toBeGreaterThanOrEqual(12);
    expect(s.totalPrizeCents).toBe(s.winners.segunda * 123450 + s.winners.tercera * 725 + s.winners.cuarta * 150);

    await signOut(page);
    await signIn(page, g.player.username);
    await page.goto(`/grupo/${g.groupId}/quiniela-grupal?quiniela=${g.round.id}`);
    const scrutiny = page.getByRole("region", { name: "Escrutinio" });
    await expect(scrutiny).toContainText(`Mejor columna: ${s.best.hits} aciertos`);
    await expect(scrutiny.getByRole("row", { name: /^2ª \(13 aciertos\)/ })).toContainText(String(s.winners.segunda));
    await expect(scrutiny.getByRole("row", { name: /^Total/ })).toContainText(formatEuros(s.totalPrizeCents));
    await page.goto(`/grupo/${g.groupId}/quiniela-grupal/imprimir?quiniela=${g.round.id}`);
    await expect(page.getByRole("region", { name: "Escrutinio" })).toContainText(formatEuros(s.totalPrizeCents));
    if (jsEnabled(testInfo)) {
      // With the escrutinio under it, the slip still prints on one A4 page.
      const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
      expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    }
    // The jornada's results page says what the ticket did: not played until confirmed, then its category and prize.
    const card = () => page.locator(".stat-card").filter({ has: page.getByRole("heading", { name: "El boleto" }) });
    await page.goto(`/grupo/${g.groupId}/resultados-y-apuestas?jornada=${g.round.numberQuiniela}`);
    await expect(card()).toContainText("No jugada");
    expect((await apiCall("PUT", `/Bet/${g.betId}/ConfirmBet`, undefined, g.manager.token)).status).toBeLessThan(300);
    await page.reload();
    await expect(card()).toContainText(`Mejor columna: ${s.best.hits} aciertos`);
    await expect(card()).toContainText(`Premio: ${formatEuros(s.totalPrizeCents)}`);
    await expect(card()).toContainText(`Coste: ${formatEuros(4800)}`);
  });
});
