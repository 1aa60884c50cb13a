import { writeXlsx } from "../support/xlsx-writer";
import { expect, test } from "./fixtures";
import { expectAccessible, newGroup, newPlayer, newSeason, openRound, signIn } from "./helpers";

/** The peña's Excel workbook (.xlsx) through the preview and the confirm. */
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

  test("creates a past jornada the catalogue lacks from a jornadas file, naming the unknown team it refuses", async ({ page }, testInfo) => {
    const { pool, home, away } = await newSeason();
    const round = await pool();
    const manager = await newPlayer("gestorj");
    const group = await newGroup(manager, [], "Peña jornadas ");
    await openRound(manager, { groupId: group.id, poolId: round.id });
    const past = new Date(Date.now() - 20 * 86_400_000);
    const rows = (number: number, visitor: string) =>
      Array.from({ length: 15 }, (_, i) => [number, past, i + 1, home, i === 3 ? visitor : away, i < 14 ? ["1", "X", "2"][i % 3] : "2-1"]);
    const book = writeXlsx([
      {
        name: "Jornadas",
        rows: [
          ["Jornada", "Fecha", "Partido", "Local", "Visitante", "Resultado"],
          ...rows(round.numberQuiniela + 1, away),
          ...rows(round.numberQuiniela + 2, "Equipo Fantasma"),
        ],
      },
    ]);

    await signIn(page, manager.username);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/grupo/${group.id}/importar`);
    await page.getByRole("link", { name: "Súbelas desde un archivo de jornadas" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Jornadas pasadas" })).toBeVisible();
    const template = await page.request.get(`/grupo/${group.id}/plantillas/jornadas.csv`);
    expect((await template.text()).startsWith("\uFEFFJornada;Fecha;Partido;Local;Visitante;Resultado")).toBe(true);
    await page.getByLabel(/Archivo CSV o Excel/).setInputFiles({ name: "jornadas.xlsx", mimeType: "application/octet-stream", buffer: Buffer.from(book) });
    await page.getByRole("button", { name: "Ver la vista previa" }).click();
    await expect(page.getByRole("row", { name: new RegExp(`Jornada ${round.numberQuiniela + 1}`) })).toContainText("Se crea");
    await expect(page.getByText("«Equipo Fantasma»")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, testInfo);
    await page.screenshot({ path: testInfo.outputPath("import-jornadas-390.png"), fullPage: true });
    await page.getByRole("button", { name: "Crear las jornadas" }).click();
    await expect(page.getByText(/Jornadas hechas: 1 creadas y 0 añadidas al grupo; 0 ya estaban y 1 rechazadas\./)).toBeVisible();
  });
});
