import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { apiCall, expectAccessible, HOUR, newGroup, newPlayer, newSeason, openRound, signIn } from "./helpers";

/**
 * Decision 063: the export comes back into an empty group through the import pages alone, with no
 * hand edit: its jornadas file carries each round's type, so the doubles and the triple import.
 */
test.describe("exportar y volver a importar la peña", () => {
  test("a group with doubles, a triple, the pleno and money: exported, imported into an empty group, the same standings and balances", async ({
    page,
  }, testInfo) => {
    // Two rounds played, an export and four uploads through the pages: a long journey.
    test.setTimeout(240_000);
    const season = await newSeason();
    const manager = await newPlayer("gestora");
    const [ana, bea] = [await newPlayer("ana"), await newPlayer("bea")];
    const group = await newGroup(manager, [ana, bea], "Peña de ida ");
    const official = Array.from({ length: 14 }, (_, i) => ["1", "X", "2"][i % 3]!);
    for (const [n, type] of [4, 1].entries()) {
      const pool = await season.pool();
      const { dates } = await openRound(manager, { groupId: group.id, poolId: pool.id, opensInHours: -48, closesInHours: 2, type });
      for (const [i, player] of [manager, ana, bea].entries()) {
        const matches = official.map((s, m) => [m < 3 * (i + n) ? s : s === "1" ? "2" : "1"]);
        if (type === 4)
          [matches[3], matches[4], matches[5]] = [
            ["1", "X"],
            ["X", "2"],
            ["1", "X", "2"],
          ];
        const ticket = { groupId: group.id, matches, plain15: { home: 3 + i, away: n } };
        const sent = await apiCall("POST", `/Quiniela/${pool.id}/MakePrediction`, ticket, player.token);
        expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      }
      // Closed an hour ago, so the jornadas file's day has passed.
      const closed = { ...dates, closeDate: new Date(Date.now() - HOUR).toISOString(), forceClosed: true };
      expect((await apiCall("POST", "/GroupQuiniela/UpdateStatus", closed, manager.token)).status).toBeLessThan(300);
      const results = { quinielaId: pool.id, matches: official, plain15: { home: 4, away: n } };
      expect((await apiCall("POST", "/Quiniela/SetResults", results, season.admin)).status).toBeLessThan(300);
    }
    for (const [i, player] of [ana, bea].entries()) {
      const paid = { kind: "payment", userId: player.id, amountCents: 1050 + i, idempotencyKey: `ida-${group.id}-${i}-aaaaaaaaaaaa` };
      expect((await apiCall("POST", `/group/${group.id}/caja/movements`, paid, manager.token)).status).toBe(201);
    }

    await signIn(page, manager.username);
    await page.setViewportSize({ width: 390, height: 844 });
    const zip = await page.request.get(`/grupo/${group.id}/exportar.zip`);
    const zipPath = testInfo.outputPath("pena.zip");
    writeFileSync(zipPath, await zip.body());
    const entry = (name: string) => ({ name, mimeType: "text/csv", buffer: execFileSync("unzip", ["-p", zipPath, name]) });

    const empty = await newGroup(manager, [ana, bea], "Peña de vuelta ");
    await page.goto(`/grupo/${empty.id}/importar/jornadas`);
    await page.getByLabel(/Archivo CSV/).setInputFiles(entry("jornadas.csv"));
    await page.getByRole("button", { name: "Ver la vista previa" }).click();
    await expect(page.getByRole("cell", { name: "Dos dobles y un triple" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Sencilla" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, testInfo);
    await page.getByRole("button", { name: "Crear las jornadas" }).click();
    await expect(page.getByText(/Jornadas hechas: 0 creadas y 2 añadidas al grupo; 0 ya estaban y 0 rechazadas/)).toBeVisible();

    await page.goto(`/grupo/${empty.id}/importar`);
    for (const [kind, file, done] of [
      ["Pronósticos", "pronosticos.csv", /Importación hecha: 6 pronósticos nuevos y 0 reemplazados; 0 ya estaban y 0 líneas rechazadas/],
      ["Movimientos de la caja", "movimientos.csv", /Importación hecha: 2 movimientos anotados y 0 corregidos; 0 ya estaban y 0 líneas rechazadas/],
    ] as const) {
      await page.getByLabel(kind).check();
      await page.getByLabel(/Archivo CSV/).setInputFiles(entry(file));
      await page.getByRole("button", { name: "Ver la vista previa" }).click();
      await expect(page.getByRole("heading", { name: "Vista previa" })).toBeVisible();
      await page.getByRole("button", { name: "Confirmar la importación" }).click();
      await expect(page.getByText(done)).toBeVisible();
    }

    // The same standings and balances, to the cent, as the backend serves them to both groups.
    const standings = async (groupId: number) =>
      (
        await apiCall<{ userId: number; position: number; totalPoints: number; allHits: number }[]>(
          "GET",
          `/group/${groupId}/season/${season.seasonId}/GetClassification`,
          undefined,
          manager.token,
        )
      ).body
        .map((r) => [r.userId, r.position, r.totalPoints, r.allHits])
        .sort((a, b) => a[0]! - b[0]!);
    const balances = async (groupId: number) =>
      (await apiCall<{ members: { userId: number; balanceCents: number }[] }>("GET", `/group/${groupId}/caja`, undefined, manager.token)).body.members
        .map((m) => [m.userId, m.balanceCents])
        .sort((a, b) => a[0]! - b[0]!);
    const original = await standings(group.id);
    expect(original).toHaveLength(3);
    expect(original.some((r) => r[2]! > 0)).toBe(true);
    expect(await standings(empty.id)).toEqual(original);
    expect(await balances(empty.id)).toEqual(await balances(group.id));
  });
});
