import { expect, test } from "./fixtures";
import { expectAccessible, newGroup, newPlayer, newSeason, openRound, signIn } from "./helpers";

/** A manager moves the peña's spreadsheet in, through the preview and the confirm. */
test.describe("importar la peña", () => {
  test("uploads a picks CSV, sees every refused line with its number, confirms, and the same file again changes nothing", async ({ page }, testInfo) => {
    const { pool } = await newSeason();
    const round = await pool();
    const manager = await newPlayer("gestora");
    const player = await newPlayer("socia");
    const group = await newGroup(manager, [player], "Peña hoja ");
    await openRound(manager, { groupId: group.id, poolId: round.id, closesInHours: -1, opensInHours: -48 });
    const signs = Array.from({ length: 14 }, (_, i) => ["1", "X", "2"][i % 3]);
    const csv = [
      ["Jornada", "Jugador", ...Array.from({ length: 14 }, (_, i) => `P${i + 1}`), "Pleno"],
      [String(round.numberQuiniela), player.username, ...signs, "2-1"],
      [String(round.numberQuiniela), "Nadie", ...signs, "1-0"],
      [String(round.numberQuiniela), manager.username, ...signs.slice(0, 13), "4", "1-0"],
    ]
      .map((r) => r.join(";"))
      .join("\r\n");
    const file = { name: "pronosticos.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "latin1") };

    await signIn(page, manager.username);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/grupo/${group.id}/ajustes`);
    await page.getByRole("link", { name: "Importar la peña" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Importar la peña" })).toBeVisible();
    // The templates come pre-filled, in our exports' CSV conventions (a BOM, `;`).
    const template = await page.request.get(`/grupo/${group.id}/plantillas/pronosticos.csv`);
    const text = await template.text();
    expect(text.startsWith("\uFEFFJornada;Jugador;P1;")).toBe(true);
    expect(text).toContain(`${round.numberQuiniela};${player.username};`);

    await page.getByLabel("Pronósticos").check();
    await page.getByLabel(/Archivo CSV/).setInputFiles(file);
    await page.getByRole("button", { name: "Ver la vista previa" }).click();
    await expect(page.getByRole("heading", { name: "Vista previa" })).toBeVisible();
    await expect(page.getByText("Línea 3: «Nadie» no es un miembro de la peña.")).toBeVisible();
    await expect(page.getByText(/Línea 4: El partido 14 tiene «4»/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, testInfo);
    await page.screenshot({ path: testInfo.outputPath("import-preview-390.png"), fullPage: true });

    await page.getByRole("button", { name: "Confirmar la importación" }).click();
    await expect(page.getByText(/Importación hecha: 1 pronósticos nuevos y 0 reemplazados; 0 ya estaban y 2 líneas rechazadas\./)).toBeVisible();

    // The same file again: nothing new.
    await page.getByLabel(/Archivo CSV/).setInputFiles(file);
    await page.getByRole("button", { name: "Ver la vista previa" }).click();
    await expect(
      page
        .getByRole("row", { name: /Jornada \d+/ })
        .getByRole("cell")
        .last(),
    ).toHaveText("1");
    await page.getByRole("button", { name: "Confirmar la importación" }).click();
    await expect(page.getByText(/0 pronósticos nuevos y 0 reemplazados; 1 ya estaban/)).toBeVisible();

    // 'Exportar la peña': one zip with the importer's own CSVs, the imported pick in it.
    await expect(page.getByRole("link", { name: "Exportar la peña" })).toHaveAttribute("href", `/grupo/${group.id}/exportar.zip`);
    const zip = await page.request.get(`/grupo/${group.id}/exportar.zip`);
    expect(zip.headers()["content-type"]).toBe("application/zip");
    const bytes = await zip.body();
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("PK\u0003\u0004");
    expect(bytes.toString("utf8")).toContain(`${round.numberQuiniela};${player.username};${signs.join(";")};2 - 1`);
  });

  test("a binary named .csv is refused whole with a Spanish message on the field", async ({ page }, testInfo) => {
    const manager = await newPlayer("gestor");
    const group = await newGroup(manager, [], "Peña binaria ");
    await signIn(page, manager.username);
    await page.goto(`/grupo/${group.id}/importar`);
    await page.getByLabel("Movimientos de la caja").check();
    await page.getByLabel(/Archivo CSV/).setInputFiles({ name: "caja.csv", mimeType: "text/csv", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]) });
    await page.getByRole("button", { name: "Ver la vista previa" }).click();
    await expect(page.getByRole("alert")).toContainText("El archivo no es un CSV de texto");
    await expect(page.getByLabel("Movimientos de la caja")).toBeChecked();
    await expectAccessible(page, testInfo);
  });
});
