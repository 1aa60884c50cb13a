import { writeFile } from "node:fs/promises";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { apiCall, expectAccessible, roundWithBet, signIn, signOut } from "./helpers";

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
});
