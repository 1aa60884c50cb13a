import { expect, test } from "./fixtures";
import { apiCall, expectAccessible, HOUR, newPlayer, newSeason, signIn, unique } from "./helpers";

const D = ["1", "X"];

/** A group whose round (type 'Dos dobles') has three tickets and its bet generated, not confirmed. */
async function betWithVotes() {
  const { pool } = await newSeason();
  const round = await pool();
  const manager = await newPlayer("gestor");
  const players = [await newPlayer("ana"), await newPlayer("bea"), await newPlayer("cris")];
  const group = await apiCall<{ id: number; inviteCode: string }>("POST", "/group/CreateGroup", { name: unique("Peña "), description: "" }, manager.token);
  expect(group.status).toBe(201);
  for (const p of players) expect((await apiCall("POST", `/group/JoinByInviteCode/${group.body.inviteCode}`, undefined, p.token)).status).toBe(200);
  const dates = {
    groupId: group.body.id,
    quinielaId: round.id,
    openDate: new Date(Date.now() - HOUR).toISOString(),
    closeDate: new Date(Date.now() + 10 * HOUR).toISOString(),
  };
  expect(
    (await apiCall("POST", "/GroupQuiniela/ConfigureGroupQuiniela", { ...dates, forceClosed: false, typeQuinielaId: 2 }, manager.token)).status,
  ).toBeLessThan(300);
  for (const [k, p] of players.entries()) {
    const matches = Array.from({ length: 14 }, (_, i) => (i === k || i === k + 5 ? D : i > 10 && k === 2 ? ["2"] : ["1"]));
    const sent = await apiCall("POST", `/Quiniela/${round.id}/MakePrediction`, { groupId: group.body.id, matches, plain15: { home: 1, away: 0 } }, p.token);
    expect(sent.status).toBe(201);
  }
  const bet = await apiCall<{ id: number }>("POST", "/Bet/GenerateBet", { groupId: group.body.id, quinielaId: round.id }, manager.token);
  expect(bet.status).toBe(201);
  return { manager, groupId: group.body.id, round };
}

test.describe("the bet with the best chances", () => {
  test("the manager sees the chances, picks a target and a budget, applies the best placement; a confirmed bet offers no button", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const g = await betWithVotes();
    await signIn(page, g.manager.username);
    await page.goto(`/grupo/${g.groupId}/quiniela-grupal?quiniela=${g.round.id}`);

    const chances = page.getByRole("region", { name: "Probabilidades" });
    await expect(chances).toContainText(/Probabilidad de 10 o más aciertos: (\d+|\d+,\d|menos de 0,1|más del 99)\s%/);
    // The headline in view, the figures and the placement folded under it (decision 074).
    const cobrarTable = chances.getByRole("table", { name: "Probabilidad de cobrar cada categoría" });
    await expect(cobrarTable).toBeHidden();
    await chances.getByText("Detalle y mejor colocación de dobles y triples").click();
    await expect(cobrarTable).toBeVisible();
    await expect(chances.getByRole("table").first().getByRole("row")).toHaveCount(7);
    // Beside the best column's odds, the chance of cobrar each category (some column with exactly its hits; decision 066).
    const cobrar = chances.getByRole("table", { name: "Probabilidad de cobrar cada categoría" });
    await expect(cobrar.getByRole("row")).toHaveCount(7);
    await expect(cobrar.getByRole("columnheader", { name: "Cobrar (alguna columna)" })).toBeVisible();
    await expect(chances).toContainText(
      /Probabilidades según (el modelo de la peña|la valoración previa de los partidos|los porcentajes de apuestas del público)/,
    );
    await expect(chances).not.toContainText("mercado");
    // A new season: how sure the model is while it learns (decision 072).
    await expect(chances).toContainText("El modelo aún aprende: 0 jornadas de la peña; aún no pesa: la valoración previa sola.");
    await expect(chances.getByRole("rowheader", { name: "14 aciertos y el pleno al 15" })).toBeVisible();
    // Beside the expected prize, the pool's payback and the expected loss, and how much to trust the figures (decision 097).
    await expect(chances.locator(".chances-expectation")).toContainText(
      /^Premio esperado de la apuesta: \d+,\d\d\s€ por un boleto de \d+,\d\d\s€; de media se pierden \d+,\d\d\s€ \(el juego devuelve el 55\s% de lo apostado\)\.$/,
    );
    await expect(chances).toContainText("Cuánto fiarse: sin jornadas jugadas aún no se ha medido cuánto aciertan estas probabilidades");
    await expect(chances).toContainText("la proporción agrupada de 220 escrutinios reales");
    await expect(chances.getByText(/^Con (los dobles|el doble)/)).toBeVisible();
    await expectAccessible(page, testInfo);

    // A budget that is not an amount: the Spanish message on the field, what was typed still there.
    const budget = chances.getByLabel("Presupuesto en euros (opcional)");
    await budget.fill("seis");
    await chances.getByRole("button", { name: "Calcular la mejor colocación" }).click();
    await expect(chances.getByText("La cantidad no es válida")).toBeVisible();
    await expect(page.getByLabel("Presupuesto en euros (opcional)")).toHaveValue("seis");
    await expect(page.getByLabel("Presupuesto en euros (opcional)")).toHaveAttribute("aria-invalid", "true");

    // Six euros buy eight columns: the suggestion changes the shape, for 12 or more hits.
    await page.getByLabel("Objetivo").selectOption("p12");
    await page.getByLabel("Presupuesto en euros (opcional)").fill("6");
    await page.getByRole("button", { name: "Calcular la mejor colocación" }).click();
    await expect(page).toHaveURL(/objetivo=p12/);
    await expect(page).toHaveURL(/presupuesto=6/);
    const suggestion = page.locator(".chances-suggestion");
    await expect(suggestion).toContainText(/de 12 o más \(ahora .+\)\.$/);
    await page.getByRole("button", { name: "Aplicar esta colocación" }).click();

    // The bet changed, says so per match, and the same target and budget now find nothing to change.
    await expect(page.getByText("Colocación de dobles y triples aplicada.")).toBeVisible();
    await page.getByText("Por qué estos jugadores y estos signos").click();
    await expect(page.getByText(/Colocación de dobles y triples aplicada por /).first()).toBeVisible();
    await expect(page.getByText("La apuesta ya tiene esta colocación.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Aplicar esta colocación" })).toHaveCount(0);

    // Another target suggests another placement; once the bet is confirmed it is never applied.
    await page.getByRole("button", { name: "Confirmar apuesta" }).click();
    await expect(page.getByRole("button", { name: "Apuesta confirmada" })).toBeDisabled();
    await page.goto(`/grupo/${g.groupId}/quiniela-grupal?quiniela=${g.round.id}&objetivo=prize&presupuesto=30`);
    await expect(page.getByRole("region", { name: "Probabilidades" })).toContainText("de premio esperado");
    await expect(page.getByRole("button", { name: "Aplicar esta colocación" })).toHaveCount(0);

    await page.goto(`/grupo/${g.groupId}/quiniela-grupal/imprimir?quiniela=${g.round.id}`);
    await expect(page.locator(".slip-chances")).toContainText("Probabilidad de 10 o más aciertos:");
  });

  test("every suggestion lists the signs it changes before it is applied; the manager lets it change the majority's signs in the settings", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const g = await betWithVotes();
    await signIn(page, g.manager.username);
    await page.goto(`/grupo/${g.groupId}/quiniela-grupal?quiniela=${g.round.id}&objetivo=p12&presupuesto=6`);
    const chances = page.getByRole("region", { name: "Probabilidades" });
    // Off by default (decision 097): each line a changed match, and a single's sign is still in its new pick.
    await expect(chances).toContainText("La sugerencia mantiene el signo de la mayoría en cada partido: solo coloca los dobles y triples.");
    await expect(chances.getByText("Signos que cambia:")).toBeVisible();
    const changes = chances.locator(".suggestion-changes li");
    expect(await changes.count()).toBeGreaterThan(0);
    for (const line of await changes.allTextContents()) {
      const m = /^El (\d+): de ([1X2]+|sin signo) a ([1X2]+)$/.exec(line);
      expect(m, line).not.toBeNull();
      if (m![2].length === 1) expect(m![3]).toContain(m![2]);
    }
    await expectAccessible(page, testInfo);

    // The manager's setting, with its audit row; then the bet page says the suggestion may change signs.
    await page.goto(`/grupo/${g.groupId}/ajustes`);
    const settings = page.getByRole("region", { name: "Sugerencias de colocación" });
    // What holds is said in a line; the form is folded (the settings page fits a phone: long-pages.spec.ts).
    await expect(settings).toContainText("Mantienen el signo que eligió la mayoría en cada partido");
    await settings.getByText("Cambiar la opción").click();
    const box = settings.getByLabel("Las sugerencias pueden cambiar los signos de la mayoría");
    await expect(box).not.toBeChecked();
    await box.check();
    await settings.getByRole("button", { name: "Guardar sugerencias" }).click();
    await expect(page.getByText("Las sugerencias de colocación ya pueden cambiar los signos de la mayoría.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Sugerencias de colocación" })).toContainText("Pueden cambiar los signos de la mayoría");
    await expect(
      page.getByRole("region", { name: "Sugerencias de colocación" }).getByLabel("Las sugerencias pueden cambiar los signos de la mayoría"),
    ).toBeChecked();
    await expect(page.getByText("Sugerencias de colocación", { exact: true }).last()).toBeAttached();
    await page.goto(`/grupo/${g.groupId}/quiniela-grupal?quiniela=${g.round.id}&objetivo=p12&presupuesto=6`);
    await expect(page.getByRole("region", { name: "Probabilidades" })).toContainText(
      "Los gestores permiten que la sugerencia cambie los signos de la mayoría.",
    );
  });
});
