import { expect, test } from "./fixtures";
import { apiCall, expectAccessible, newGroup, newPlayer, newSeason, openRound, signIn, unique } from "./helpers";

/** A peña with a manager and a player who predicted the open round of a season of the test's own. */
async function peñaWithCaja() {
  const { pool } = await newSeason();
  const round = await pool();
  const manager = await newPlayer("tesorera");
  const player = await newPlayer("socio");
  const group = await newGroup(manager, [player], "Peña caja ");
  await openRound(manager, { groupId: group.id, poolId: round.id, closesInHours: 48 });
  const picks = { groupId: group.id, matches: Array.from({ length: 14 }, () => ["1"]), plain15: { home: 1, away: 1 } };
  expect((await apiCall("POST", `/Quiniela/${round.id}/MakePrediction`, picks, player.token)).status).toBe(201);
  return { manager, player, group };
}

test.describe("la caja de la peña", () => {
  test("a long caja is a statement: one page of the newest, older ones behind a link with the filter kept, and one correction form", async ({
    page,
  }, testInfo) => {
    // 120 movements through the API and five pages of them: longer than a journey on a loaded machine.
    test.slow();
    const { manager, player, group } = await peñaWithCaja();
    for (let i = 1; i <= 120; i++) {
      const body = { kind: "payment", userId: player.id, amountCents: 100 * i, reference: `Pago ${i}`, idempotencyKey: unique("clave-larga-") };
      expect((await apiCall("POST", `/group/${group.id}/caja/movements`, body, manager.token)).status).toBe(201);
    }
    await signIn(page, manager.username);
    await page.setViewportSize({ width: 390, height: 844 });
    const first = await page.request.get(`/grupo/${group.id}/caja`);
    // Unbounded, 120 movements with a form each were some 100 KB; one page of 25 stays well under.
    expect((await first.text()).length).toBeLessThan(60_000);
    await page.goto(`/grupo/${group.id}/caja?tipo=payment`);
    const list = page.locator("ol.statement");
    await expect(list.getByRole("listitem")).toHaveCount(25);
    expect(await page.locator("form").count()).toBeLessThan(12);
    expect(await page.locator("form[method=post] button[value=reverse]").count()).toBe(0);
    // A movement is one line at 390 px.
    const line = await list.locator("summary").first().boundingBox();
    expect(line!.height).toBeLessThan(40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, testInfo);

    await page.getByRole("link", { name: "Movimientos anteriores" }).click();
    await expect(page).toHaveURL(/tipo=payment/);
    await expect(page).toHaveURL(/antes=\d+/);
    await expect(page.getByRole("form", { name: "Filtrar movimientos" }).getByLabel("Tipo")).toHaveValue("payment");
    // 120 = four pages of 25 and a last one of 20.
    for (let k = 0; k < 3; k++) {
      const before = page.url();
      await page.getByRole("link", { name: "Movimientos anteriores" }).click();
      await expect(page).not.toHaveURL(before);
    }
    await expect(list.getByRole("listitem")).toHaveCount(20);
    await expect(page.getByRole("link", { name: "Movimientos anteriores" })).toHaveCount(0);

    // The oldest, Pago 1, corrected from its own form.
    await list
      .getByText(/Pago · /)
      .last()
      .click();
    const movementLink = list.getByRole("link", { name: /Corregir el movimiento nº/ }).last();
    await movementLink.click();
    const form = page.getByRole("region", { name: /Corregir el movimiento nº/ });
    await expect(form).toContainText(/1,00\s€/);
    await form.getByRole("button", { name: "Corregir" }).click();
    await expect(page.getByText("Movimiento corregido: se ha anotado el movimiento contrario.")).toBeVisible();
    const caja = await apiCall<{ movements: { kind: string }[] }>("GET", `/group/${group.id}/caja`, undefined, manager.token);
    expect(caja.body.movements.filter((m) => m.kind === "correction")).toHaveLength(1);
  });

  test("the manager records a payment, the member sees their balance, and the season is settled once", async ({ page }, testInfo) => {
    const { manager, player, group } = await peñaWithCaja();

    await signIn(page, manager.username);
    await page.goto(`/grupo/${group.id}/caja`);
    await expect(page.getByRole("heading", { level: 1, name: `Caja de ${group.name}` })).toBeVisible();
    // The manager's forms are folded under their titles: the statement comes first.
    await expect(page.getByRole("form", { name: "Anotar un pago" })).toBeHidden();
    await page.locator("summary", { hasText: "Anotar un pago" }).click();
    const payment = page.getByRole("form", { name: "Anotar un pago" });
    await payment.getByLabel("Miembro").selectOption({ label: player.username });
    // A dot is not a Spanish decimal mark: the form comes back with the message on the field.
    await payment.getByLabel("Cantidad (€)").fill("12.50");
    await payment.getByLabel("Referencia").fill("Bizum");
    await payment.getByRole("button", { name: "Anotar pago" }).click();
    await expect(page.getByRole("form", { name: "Anotar un pago" }).getByText(/coma decimal, por ejemplo 12,50/)).toBeVisible();
    await expect(page.getByRole("form", { name: "Anotar un pago" }).getByLabel("Referencia")).toHaveValue("Bizum");
    await page.getByRole("form", { name: "Anotar un pago" }).getByLabel("Cantidad (€)").fill("12,50");
    await page.getByRole("form", { name: "Anotar un pago" }).getByRole("button", { name: "Anotar pago" }).click();
    await expect(page.getByText(new RegExp(`Pago de ${player.username} anotado: 12,50\\s€`))).toBeVisible();
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: player.username, exact: true }) });
    await expect(row.getByText(/A favor 12,50\s€/)).toBeVisible();
    // A movement is one line of the statement; its reference is folded under it.
    const movements = page.locator("ol.statement");
    await movements.getByText(new RegExp(`Pago · ${player.username}`)).click();
    await expect(movements.getByText(/Bizum/)).toBeVisible();
    await expectAccessible(page, testInfo);

    // The member: their balance on the dashboard and on the caja, on a phone.
    await page.context().clearCookies();
    await signIn(page, player.username);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/grupo/${group.id}/dashboard`);
    await expect(page.getByText(/Tu saldo en la caja:/)).toContainText(/A favor 12,50\s€/);
    await page.getByRole("link", { name: "Caja de la peña" }).click();
    await expect(page.getByRole("heading", { name: "Tu saldo" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Anotar pago" })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, testInfo);

    // The manager settles the season: the member is paid their 12,50 €, once.
    await page.context().clearCookies();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await signIn(page, manager.username);
    await page.goto(`/grupo/${group.id}/caja/liquidacion`);
    await expect(page.getByRole("heading", { level: 1, name: /Liquidación de la temporada/ })).toBeVisible();
    const line = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(player.username) }) });
    await expect(line.getByRole("cell").last()).toHaveText(/12,50\s€/);
    await expectAccessible(page, testInfo);
    await page.getByRole("button", { name: "Confirmar la liquidación" }).click();
    await expect(page.getByText("Temporada liquidada: el reparto está anotado en la caja.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirmar la liquidación" })).toHaveCount(0);
    await page.goto(`/grupo/${group.id}/caja`);
    await expect(
      page
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: player.username, exact: true }) })
        .getByText("Al día"),
    ).toBeVisible();
    const caja = await apiCall<{ potCents: number; movements: { kind: string }[] }>("GET", `/group/${group.id}/caja`, undefined, manager.token);
    expect(caja.body.potCents).toBe(0);
    expect(caja.body.movements.filter((m) => m.kind === "payout")).toHaveLength(1);
  });

  test("the CSV has the movements and balances in Spanish, and another group's member cannot open the caja", async ({ page }) => {
    const { manager, player, group } = await peñaWithCaja();
    const key = unique("clave-de-prueba-");
    expect(
      (
        await apiCall(
          "POST",
          `/group/${group.id}/caja/movements`,
          { kind: "payment", userId: player.id, amountCents: 1250, reference: "=HYPERLINK()", idempotencyKey: key },
          manager.token,
        )
      ).status,
    ).toBe(201);
    await signIn(page, manager.username);
    const csv = await page.request.get(`/grupo/${group.id}/caja.csv`);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain(`;${player.username};12,50;;'=HYPERLINK();`);
    expect(text).toContain(`Saldo;;${player.username};12,50;`);

    // Bytes that are not UTF-8 in a form post (ED A0 80, half a character) are refused before the action reads them.
    const raw = await page.request.post(`/grupo/${group.id}/caja`, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: `intent=movement&kind=payment&userId=${player.id}&amount=5&reference=Bizum+%ED%A0%80&idempotencyKey=${unique("clave-rota-")}`,
    });
    expect(raw.status()).toBe(400);
    expect(await raw.text()).toContain("El texto contiene un carácter no válido.");
    const after = await apiCall<{ movements: unknown[] }>("GET", `/group/${group.id}/caja`, undefined, manager.token);
    expect(after.body.movements).toHaveLength(1);

    const outsider = await newPlayer("ajeno");
    await page.context().clearCookies();
    await signIn(page, outsider.username);
    const response = await page.goto(`/grupo/${group.id}/caja`);
    expect(response?.status()).toBe(403);
  });

  test("with the others' balances hidden, a member's settlement page and CSV show their own money only", async ({ page }, testInfo) => {
    const { manager, player, group } = await peñaWithCaja();
    const other = await newPlayer("otra");
    expect(
      (
        await apiCall(
          "POST",
          `/group/JoinByInviteCode/${(await apiCall<{ inviteCode: string }>("GET", `/group/${group.id}`, undefined, manager.token)).body.inviteCode}`,
          undefined,
          other.token,
        )
      ).status,
    ).toBe(200);
    const rules = { quotaCents: 0, quotaBasis: "round", payTicket: false, lastPlaceFineCents: 0, hideBalances: true, bestPrizeCents: 0, pinaPenaltyCents: 0 };
    expect((await apiCall("PUT", `/group/${group.id}/caja/rules`, rules, manager.token)).status).toBe(200);
    for (const [who, cents] of [
      [player, 1250],
      [other, 4321],
    ] as const)
      expect(
        (
          await apiCall(
            "POST",
            `/group/${group.id}/caja/movements`,
            { kind: "payment", userId: who.id, amountCents: cents, idempotencyKey: unique("clave-oculta-") },
            manager.token,
          )
        ).status,
      ).toBe(201);

    await signIn(page, player.username);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/grupo/${group.id}/caja/liquidacion`);
    await expect(page.getByText("La peña no muestra los saldos de los demás: aquí ves solo tu parte.")).toBeVisible();
    await expect(page.getByRole("rowheader", { name: new RegExp(player.username) })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: new RegExp(other.username) })).toHaveCount(0);
    await expect(page.getByText(/43,21/)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, testInfo);
    const csv = await (await page.request.get(`/grupo/${group.id}/caja.csv`)).text();
    expect(csv).toContain(`Saldo;;${player.username};12,50;`);
    expect(csv).not.toContain("43,21");
  });

  test("a big prize has its sharing record on one printed page and in a CSV, and the bet page says who stamps the ticket", async ({ page }, testInfo) => {
    const { manager, player, group } = await peñaWithCaja();
    const prize = await apiCall<{ id: number }>(
      "POST",
      `/group/${group.id}/caja/movements`,
      { kind: "prize", amountCents: 10_000_000, reference: "Pleno al 15", idempotencyKey: unique("premio-grande-") },
      manager.token,
    );
    expect(prize.status).toBe(201);

    await signIn(page, player.username);
    await page.goto(`/grupo/${group.id}/caja`);
    await page
      .locator("ol.statement")
      .getByText(/Premio · Bote/)
      .click();
    await page.getByRole("link", { name: "Reparto del premio" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Reparto del premio de la peña ${group.name}` })).toBeVisible();
    // Nobody was charged quotas: the one member who played owns it all; 20 % of the 60.000 € above the exemption.
    const line = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: player.username, exact: true }) });
    // The net first (decision 065), then contribution, share %, share, exempt part and levy.
    await expect(line.getByRole("cell").first()).toHaveText(/88\.000,00\s€/);
    await expect(line.getByRole("cell").nth(2)).toHaveText(/100,00\s%/);
    await expect(line.getByRole("cell").last()).toHaveText(/12\.000,00\s€/);
    await expectAccessible(page, testInfo);
    // On a phone: a card per member, the net on screen, nothing sideways, no Ctrl+P to a phone.
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    const net = await line.getByRole("cell").first().boundingBox();
    expect(net!.x + net!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByText(/Ctrl\+P/)).toBeHidden();
    await expectAccessible(page, testInfo);
    await page.setViewportSize(wide);
    if (testInfo.project.name === "js") {
      // Printed: one A4 page.
      const pdf = await page.pdf({ format: "A4", printBackground: true });
      expect(pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g) ?? []).toHaveLength(1);
    }
    const csv = await page.request.get(`/grupo/${group.id}/caja/premio/${prize.body.id}.csv`);
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain(`${player.username};;100,00;100000,00;40000,00;12000,00;88000,00`);

    // 'Esta semana sella': the manager first (join order), then whoever the manager puts first in the rota.
    await page.context().clearCookies();
    await signIn(page, manager.username);
    await page.goto(`/grupo/${group.id}/quiniela-grupal`);
    await expect(page.getByRole("note")).toContainText(`Esta semana sella: ${manager.username}`);
    await page.goto(`/grupo/${group.id}/caja`);
    await page.locator("summary", { hasText: "Normas de la caja" }).click();
    const rules = page.getByRole("form", { name: "Normas de la caja" });
    // A member twice: the message on the field, the rota as typed.
    await rules.getByLabel("Turno para sellar el boleto").fill(`${player.username}\n${player.username}`);
    await rules.getByRole("button", { name: "Guardar normas" }).click();
    await expect(rules.getByText("El turno para sellar no puede llevar dos veces al mismo miembro.")).toBeVisible();
    await expect(rules.getByLabel("Turno para sellar el boleto")).toHaveValue(`${player.username}\n${player.username}`);
    await rules.getByLabel("Turno para sellar el boleto").fill(`${player.username}\n${manager.username}`);
    await rules.getByRole("button", { name: "Guardar normas" }).click();
    await expect(page.getByText("Normas de la caja guardadas.")).toBeVisible();
    await page.goto(`/grupo/${group.id}/quiniela-grupal`);
    await expect(page.getByRole("note")).toContainText(`Esta semana sella: ${player.username}`);
    await expect(page.getByRole("note")).toContainText(`la próxima, ${manager.username}`);
  });
});
