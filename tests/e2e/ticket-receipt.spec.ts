import { writeFile } from "node:fs/promises";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { E2E } from "../support/e2e-env.mjs";
import { HOUR, apiCall, expectAccessible, roundWithBet, signIn, signOut } from "./helpers";

/**
 * El resguardo (decision 090): the week's stamper photographs the stamped ticket from the group
 * bet page, with JavaScript or without, and every member reads «Boleto sellado ✓» on the dashboard.
 */
test.describe("the photo of the stamped ticket", () => {
  test("the stamper uploads a phone photo; a text file called .jpg is refused first; a member sees «Boleto sellado ✓» and opens it full size", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const g = await roundWithBet();
    // The rota names ana for this week: she stamps, not the manager who made the peña.
    const rules = { quotaCents: 0, quotaBasis: "round", payTicket: false, lastPlaceFineCents: 0, hideBalances: false, bestPrizeCents: 0, pinaPenaltyCents: 0 };
    expect((await apiCall("PUT", `/group/${g.groupId}/caja/rules`, { ...rules, stampRota: [g.player.id, g.manager.id] }, g.manager.token)).status).toBe(200);
    const photo = testInfo.outputPath("resguardo.jpg");
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#e8e0c8" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: "Telefono" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 25/1 1/1" } })
      .toFile(photo);
    const notPhoto = testInfo.outputPath("boleto.jpg");
    await writeFile(notPhoto, "Esto no es una foto del boleto.\n");

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, g.player.username);
    await page.goto(`/grupo/${g.groupId}/dashboard`);
    await expect(page.getByRole("region", { name: /Boleto de la jornada/ })).toContainText("Falta el resguardo");
    await page.getByRole("link", { name: "Subir el resguardo" }).click();
    const card = page.getByRole("region", { name: "Resguardo del boleto" });
    await expect(card).toContainText("Falta el resguardo");
    const field = card.getByLabel("Foto del boleto sellado");
    await expect(field).toHaveAttribute("accept", "image/*");
    await expect(field).toHaveAttribute("capture", "environment");

    await field.setInputFiles(notPhoto);
    await card.getByRole("button", { name: "Subir el resguardo" }).click();
    await expect(page.getByRole("alert")).toContainText("Ese archivo no es una foto");
    // The page is back with its form, nothing stored.
    await expect(page.getByRole("region", { name: "Resguardo del boleto" }).getByLabel("Foto del boleto sellado")).toBeVisible();
    await expect(page.getByRole("region", { name: "Resguardo del boleto" })).toContainText("Falta el resguardo");

    await page.getByRole("region", { name: "Resguardo del boleto" }).getByLabel("Foto del boleto sellado").setInputFiles(photo);
    await page.getByRole("region", { name: "Resguardo del boleto" }).getByRole("button", { name: "Subir el resguardo" }).click();
    const after = page.getByRole("region", { name: "Resguardo del boleto" });
    await expect(after).toContainText("Boleto sellado ✓");
    await expect(after).toContainText(/Sellado y subido a las \d\d:\d\d del (lunes|martes|miércoles|jueves|viernes|sábado|domingo), antes del primer partido/);
    await expect(after.getByRole("img", { name: /Resguardo del boleto de la jornada/ })).toBeVisible();
    await expect(after.getByRole("button", { name: "Quitar la foto" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, testInfo);
    await signOut(page);

    // Another member: the dashboard says it, and the photo opens full size, upright, with nothing of the phone in it.
    await signIn(page, g.manager.username);
    await page.goto(`/grupo/${g.groupId}/dashboard`);
    const board = page.getByRole("region", { name: /Boleto de la jornada/ });
    await expect(board).toContainText("Boleto sellado ✓");
    await expect(board).toContainText("antes del primer partido");
    await expectAccessible(page, testInfo);
    const href = await board.getByRole("link", { name: /Resguardo del boleto/ }).getAttribute("href");
    const full = await page.request.get(href!);
    expect(full.status()).toBe(200);
    expect(full.headers()["content-type"]).toBe("image/jpeg");
    expect(full.headers()["cache-control"]).toMatch(/^private/);
    const meta = await sharp(await full.body()).metadata();
    expect(meta).toMatchObject({ width: 800, height: 1200 });
    expect(meta.exif).toBeUndefined();

    // The print view and, once the results are in, the results page show it too.
    await page.goto(`/grupo/${g.groupId}/quiniela-grupal/imprimir?quiniela=${g.round.id}`);
    await expect(page.getByRole("region", { name: /Resguardo/ })).toContainText("Boleto sellado ✓");
    const official = { quinielaId: g.round.id, matches: Array.from({ length: 14 }, () => "1"), plain15: { home: 3, away: 1 } };
    expect((await apiCall("POST", "/Quiniela/SetResults", official, g.admin)).status).toBeLessThan(300);
    await page.goto(`/grupo/${g.groupId}/resultados-y-apuestas`);
    await expect(page.getByText("Resguardo: Boleto sellado ✓")).toBeVisible();
    await expect(page.getByRole("img", { name: /Resguardo del boleto de la jornada/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await signOut(page);

    // Signed out, the same address gives the image to nobody.
    const stranger = await page.request.get(href!, { maxRedirects: 0 });
    expect(stranger.headers()["content-type"] ?? "").not.toContain("image/");
  });

  test("the office screen shows the resguardo's thumbnail, the share page and its preview never do, and a prize of a jornada without one says so in the caja", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const rules = { quotaCents: 0, quotaBasis: "round", payTicket: true, lastPlaceFineCents: 0, hideBalances: false, bestPrizeCents: 0, pinaPenaltyCents: 0 };
    // Two peñas: the first's stamper sends the photo (through the API, as the form above does); the second's never does.
    const [sealed, unsealed] = [await roundWithBet(), await roundWithBet()];
    for (const g of [sealed, unsealed])
      expect((await apiCall("PUT", `/group/${g.groupId}/caja/rules`, { ...rules, stampRota: [g.player.id, g.manager.id] }, g.manager.token)).status).toBe(200);
    const form = new FormData();
    form.set("quinielaId", String(sealed.round.id));
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#e8e0c8" } })
      .jpeg()
      .toBuffer();
    form.set("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "resguardo.jpg");
    const sent = await fetch(`${E2E.apiUrl}/group/${sealed.groupId}/receipts`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${sealed.player.token}` },
    });
    expect(sent.status).toBe(201);
    const photoPath = `/grupo/${sealed.groupId}/resguardo/${((await sent.json()) as { receipts: { file: string }[] }).receipts[0].file}`;

    // The office screen has no session: the thumbnail travels inside its page.
    const link = await apiCall<{ token: string }>("POST", `/group/${sealed.groupId}/kiosk`, undefined, sealed.manager.token);
    await page.goto(`/kiosk/${link.body.token}`);
    const thumb = page.getByRole("img", { name: /Resguardo del boleto de la jornada/ });
    await expect(thumb).toBeVisible();
    expect(await thumb.getAttribute("src")).toMatch(/^data:image\/jpeg;base64,/);
    await expect(page.locator(".kiosk-receipt")).toContainText(/Boleto sellado ✓ · Sellado y subido a las \d\d:\d\d del \S+, antes del primer partido/);

    // The share page of the same bet, and what a link preview reads of it, carry no photo and no address of one.
    const share = await apiCall<{ token: string }>(
      "POST",
      `/group/${sealed.groupId}/share`,
      { kind: "bet", quinielaId: sealed.round.id },
      sealed.manager.token,
    );
    expect(share.status).toBe(201);
    const shared = await page.goto(`/compartir/${share.body.token}`);
    expect(shared?.status()).toBe(200);
    await expect(page.getByRole("img", { name: /Resguardo/ })).toHaveCount(0);
    const html = await page.content();
    expect(html).not.toMatch(/resguardo\/|data:image\/jpeg/i);
    const preview = await page.request.get(`/compartir/${share.body.token}`, { headers: { "user-agent": "WhatsApp/2.23.20.0 A" } });
    expect(await preview.text()).not.toMatch(/resguardo\/|data:image\/jpeg/i);
    for (const meta of await page.locator('meta[property="og:image"], meta[name="twitter:image"]').all())
      expect(await meta.getAttribute("content")).not.toContain("resguardo");
    // Nor does the photo's own address answer without a member's session.
    expect((await page.request.get(photoPath, { maxRedirects: 0 })).headers()["content-type"] ?? "").not.toContain("image/");

    // The second peña's bet is confirmed, closed, played and paid without a photo: its caja says so by the prize.
    expect((await apiCall("PUT", `/Bet/${unsealed.bet.id}/ConfirmBet`, undefined, unsealed.manager.token)).status).toBeLessThan(300);
    const dates = {
      groupId: unsealed.groupId,
      quinielaId: unsealed.round.id,
      openDate: new Date(Date.now() - 2 * HOUR).toISOString(),
      closeDate: new Date(Date.now() + 10 * HOUR).toISOString(),
    };
    expect((await apiCall("POST", "/GroupQuiniela/UpdateStatus", { ...dates, forceClosed: true }, unsealed.manager.token)).status).toBeLessThan(300);
    const official = { quinielaId: unsealed.round.id, matches: Array.from({ length: 14 }, () => "1"), plain15: { home: 3, away: 1 } };
    expect((await apiCall("POST", "/Quiniela/SetResults", official, unsealed.admin)).status).toBeLessThan(300);
    const prizes = { especial: 12_345_600, primera: 50_000, segunda: 1_000, tercera: 500, cuarta: 200, quinta: 100 };
    expect((await apiCall("PUT", `/Quiniela/${unsealed.round.id}/Prizes`, { prizes }, unsealed.admin)).status).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, unsealed.player.username);
    await page.goto(`/grupo/${unsealed.groupId}/caja`);
    const prize = page.getByRole("listitem").filter({ hasText: "Premio de la jornada" });
    // Said on its line, folded or not; opened, the details say why and link to the bet's resguardo card.
    await expect(prize.locator("summary")).toContainText("Premio · Bote · sin resguardo");
    await prize.locator("summary").click();
    await expect(prize).toContainText("Premio de una jornada sin resguardo: nadie subió la foto del boleto sellado");
    await expect(prize.getByRole("link", { name: "ver el boleto" })).toHaveAttribute(
      "href",
      `/grupo/${unsealed.groupId}/quiniela-grupal?quiniela=${unsealed.round.id}#resguardo`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, testInfo);
  });
});
