import { execFileSync } from "node:child_process";
import { expect, test } from "./fixtures";
import { expectAccessible, newGroup, newPlayer, signIn } from "./helpers";

/** 'Exportar la peña' from the group's settings, and a corrected movements file (decision 060). */
test.describe("exportar la peña", () => {
  test("the settings' link downloads one valid zip with every CSV", async ({ page }, testInfo) => {
    const manager = await newPlayer("gestora");
    const player = await newPlayer("socio");
    const group = await newGroup(manager, [player], "Peña exporta ");
    await signIn(page, manager.username);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/grupo/${group.id}/ajustes`);
    await expect(page.getByRole("heading", { name: "Exportar la peña" })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar la peña" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^pena-.*\.zip$/);
    const saved = testInfo.outputPath("pena.zip");
    await download.saveAs(saved);
    expect(execFileSync("unzip", ["-t", saved]).toString()).toMatch(/No errors detected/);
    const names = execFileSync("unzip", ["-Z1", saved]).toString().trim().split("\n").sort();
    expect(names).toEqual(["caja.csv", "miembros.csv", "movimientos.csv", "pronosticos.csv"]);
    const members = execFileSync("unzip", ["-p", saved, "miembros.csv"]).toString("utf8");
    expect(members.startsWith("\uFEFFNombre;E-mail\r\n")).toBe(true);
    expect(members).toContain(player.username);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, testInfo);
  });

  test("a corrected movements file is previewed as corregido and replaces the earlier amount", async ({ page }, testInfo) => {
    const manager = await newPlayer("gestor");
    const player = await newPlayer("socia");
    const group = await newGroup(manager, [player], "Peña corrige ");
    const file = (amount: string) => ({
      name: "movimientos.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`Fecha;Miembro;Importe;Tipo;Referencia\r\n03/10/2025;${player.username};${amount};Pago;Bizum octubre\r\n`, "utf8"),
    });
    await signIn(page, manager.username);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/grupo/${group.id}/importar`);
    await page.getByLabel("Movimientos de la caja").check();
    await page.getByLabel(/Archivo CSV/).setInputFiles(file("10,00"));
    await page.getByRole("button", { name: "Ver la vista previa" }).click();
    await page.getByRole("button", { name: "Confirmar la importación" }).click();
    await expect(page.getByText(/Importación hecha: 1 movimientos anotados y 0 corregidos/)).toBeVisible();

    await page.getByLabel("Movimientos de la caja").check();
    await page.getByLabel(/Archivo CSV/).setInputFiles(file("12,50"));
    await page.getByRole("button", { name: "Ver la vista previa" }).click();
    await expect(page.getByRole("heading", { name: "Corregidos (1)" })).toBeVisible();
    await expect(page.getByText(/corregido: 12,50/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, testInfo);
    await page.screenshot({ path: testInfo.outputPath("import-corrected-390.png"), fullPage: true });
    await page.getByRole("button", { name: "Confirmar la importación" }).click();
    await expect(page.getByText(/Importación hecha: 0 movimientos anotados y 1 corregidos; 0 ya estaban/)).toBeVisible();

    // The ledger keeps both: the old payment, its reversal and the new one.
    const caja = await (await page.request.get(`/grupo/${group.id}/caja.csv`)).text();
    expect(caja).toContain("Corregido por importación: línea 2");
    expect(caja).toContain("12,50");
  });
});
