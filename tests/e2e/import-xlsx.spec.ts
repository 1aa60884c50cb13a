import { writeXlsx } from "../support/xlsx-writer";
import { expect, test } from "./fixtures";
import { expectAccessible, newGroup, newPlayer, newSeason, openRound, signIn } from "./helpers";

/** Issue 38 item 1: the peña's Excel workbook (.xlsx) through the preview and the confirm. */
test.describe("importar un libro de Excel", () => {
  test("uploads an .xlsx of picks, sees the refused row by its number, confirms", async ({ page }, testInfo) => {
    const { pool } = await newSeason();
    const round = await pool();
    const manager = await newPlayer("gestorx");
    const player = await newPlayer("sociax");
    const group = await newGroup(manager, [player], "Peña Excel ");
    await openRound(manager, { groupId: group.id, poolId: round.id, closesInHours: -1, opensInHours: -48 });
    const signs = Array.from({ length: 14 }, (_, i) => [1, "X", 2][i % 3]);
    const book = writeXlsx([
      { name: "Léeme", rows: [["Una hoja por cosa"]] },
      {
        name: "Pronósticos",
        rows: [
          ["Jornada", "Jugador", ...Array.from({ length: 14 }, (_, i) => `P${i + 1}`), "Pleno"],
          [round.numberQuiniela, player.username, ...signs, "2-1"],
          [round.numberQuiniela, "Nadie", ...signs, "1-0"],
        ],
      },
    ]);

    await signIn(page, manager.username);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/grupo/${group.id}/importar`);
    await page.getByLabel("Pronósticos").check();
    await page.getByLabel(/Archivo CSV o Excel/).setInputFiles({
      name: "peña.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(book),
    });
    await page.getByRole("button", { name: "Ver la vista previa" }).click();
    await expect(page.getByRole("heading", { name: "Vista previa" })).toBeVisible();
    await expect(page.getByText("Línea 3: «Nadie» no es un miembro de la peña.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, testInfo);
    await page.getByRole("button", { name: "Confirmar la importación" }).click();
    await expect(page.getByText(/Importación hecha: 1 pronósticos nuevos y 0 reemplazados; 0 ya estaban y 1 líneas rechazadas\./)).toBeVisible();
  });

  test("an old .xls is refused whole with a Spanish message on the field", async ({ page }) => {
    const manager = await newPlayer("gestorxls");
    const group = await newGroup(manager, [], "Peña xls ");
    await signIn(page, manager.username);
    await page.goto(`/grupo/${group.id}/importar`);
    await page.getByLabel("Movimientos de la caja").check();
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    await page.getByLabel(/Archivo CSV o Excel/).setInputFiles({ name: "caja.xls", mimeType: "application/vnd.ms-excel", buffer: ole });
    await page.getByRole("button", { name: "Ver la vista previa" }).click();
    await expect(page.getByRole("alert")).toContainText("Los libros de Excel antiguos (.xls) no se leen");
    await expect(page.getByLabel("Movimientos de la caja")).toBeChecked();
  });
});
