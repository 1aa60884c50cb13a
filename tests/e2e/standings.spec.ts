import { expect, test, type Page } from "./fixtures";
import { KIOSK_INVALID } from "../../core/contract/kiosk";
import { apiCall, E2E, expectAccessible, playedRounds, signIn, signOut, ticketWithHits } from "./helpers";

const ticket = ticketWithHits;

/**
 * A group of a manager and two players who played two rounds with official results, with the four
 * icons on: they are the office's custom ('Iconos y premios de oficina'), off for a new group.
 */
async function playedSeason() {
  const season = await playedRounds(
    [
      [ticket(14, true), ticket(10, false), ticket(7, false)],
      [ticket(12, false), ticket(14, true), ticket(5, false)],
    ],
    "Oficina ",
  );
  expect((await apiCall("PUT", `/group/${season.groupId}/settings`, { officeIcons: true }, season.manager.token)).status).toBe(200);
  return season;
}

/** The standings' Wilson (docs/architecture.md#points-accuracy-and-wilson) by hand: Wilson lower bound, z = 1.96, shown with four decimals. */
function wilson(hits: number, n: number) {
  const z = 1.96;
  const p = hits / n;
  const w = (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return w.toFixed(4).replace(".", ",");
}

const row = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${name}`) }) });
const names = (page: Page) => page.getByRole("rowheader").locator(".name").first();

test.describe("standings", () => {
  test("show points, hits, accuracy, Wilson, the top 5 and the four icons, sortable by plain links and round by round", async ({ page }, testInfo) => {
    const s = await playedSeason();
    await signIn(page, s.bea.username);
    await page.goto(`/grupo/${s.groupId}/temporada/${s.seasonId}/clasificacion`);
    await expect(page.getByRole("heading", { level: 1, name: `Clasificación · ${s.groupName}` })).toBeVisible();

    // Manager: 14 + pleno, then 12 → 31 points, 27 hits (no triples, so 27 of 30 for accuracy too). Ana: 10, then 14 + pleno → 29, 25/30. Bea: 7 + 5 → 12, 12/30.
    const expected = [
      [s.manager.username, "1", "31", "27", "26/28", "0/0", "1/2", "27/30", "90,0 %", wilson(27, 30)],
      [s.ana.username, "2", "29", "25", "24/28", "0/0", "1/2", "25/30", "83,3 %", wilson(25, 30)],
      [s.bea.username, "3", "12", "12", "12/28", "0/0", "0/2", "12/30", "40,0 %", wilson(12, 30)],
    ];
    for (const [name, ...cells] of expected) {
      const r = row(page, name);
      await expect(r).toContainText("Top 5");
      expect((await r.getByRole("cell").allTextContents()).map((c) => c.replace(/\s+/g, " ").trim())).toEqual(cells);
    }
    await expect(row(page, s.manager.username).getByRole("img", { name: /^Burro/ })).toBeVisible();
    await expect(row(page, s.bea.username).getByRole("img", { name: /^Piña/ })).toBeVisible();
    await expect(row(page, s.ana.username).getByRole("img", { name: /^Bola/ })).toBeVisible();
    await expect(row(page, s.bea.username).getByRole("img", { name: /^Rinoceronte/ })).toBeVisible();
    await expectAccessible(page, testInfo);

    await page.getByRole("link", { name: "Jugador" }).click();
    await expect(page).toHaveURL(/orden=name/);
    const alphabetical = [s.manager.username, s.ana.username, s.bea.username].sort((a, b) => a.localeCompare(b, "es"));
    await expect(page.getByRole("rowheader")).toHaveText(alphabetical.map((n) => new RegExp(`^${n}`)));
    await page.getByRole("link", { name: "Puntos" }).click();
    await expect(page.getByRole("rowheader")).toHaveText([s.manager.username, s.ana.username, s.bea.username].map((n) => new RegExp(`^${n}`)));

    await page.getByLabel("Ver", { exact: true }).selectOption({ label: `Jornada ${s.rounds[0].numberQuiniela}` });
    await page.getByRole("button", { name: "Mostrar" }).click();
    await expect(page).toHaveURL(new RegExp(`quiniela=${s.rounds[0].id}`));
    await expect(page.getByRole("table")).toContainText(`Clasificación de jornada ${s.rounds[0].numberQuiniela}`);
    await expect(row(page, s.ana.username).getByRole("cell").nth(1)).toHaveText("10");
    await expect(row(page, s.manager.username).getByRole("cell").nth(1)).toHaveText("19");
    await expect(names(page)).toHaveText(s.manager.username);
  });

  test("a bookmark that names the round the old way still reaches that round", async ({ page }) => {
    const s = await playedSeason();
    const [first] = s.rounds;
    await signIn(page, s.ana.username);
    const base = `/grupo/${s.groupId}/temporada/${s.seasonId}/clasificacion`;
    await page.goto(`${base}?orden=hits&jornada=${first.id}`);
    await expect(page).toHaveURL(new RegExp(`${base}\\?orden=hits&quiniela=${first.id}$`));
    await expect(page.getByLabel("Ver", { exact: true })).toHaveValue(String(first.id));
    await expect(page.getByRole("table")).toContainText(`Clasificación de jornada ${first.numberQuiniela}`);

    await signOut(page);
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto(`/admin/resultados?quinielaId=${first.id}`);
    await expect(page).toHaveURL(new RegExp(`/admin/resultados\\?quiniela=${first.id}$`));
    await expect(page.getByRole("combobox", { name: "Jornada", exact: true })).toHaveValue(String(first.id));
    await page.goto(`/crear-quiniela?modo=editar&id=${first.id}`);
    await expect(page).toHaveURL(new RegExp(`/crear-quiniela\\?modo=editar&quiniela=${first.id}$`));
    await expect(page.getByLabel("Quiniela a editar")).toHaveValue(String(first.id));
  });

  test("an office TV shows them from a kiosk link, with no account, refreshing itself, until the manager revokes it", async ({ page, browser }) => {
    const s = await playedSeason();
    await signIn(page, s.manager.username);
    await page.goto(`/grupo/${s.groupId}/ajustes`);
    await expect(page.getByText("No hay enlaces de pantalla activos.")).toBeVisible();
    await page.getByRole("button", { name: "Crear enlace de pantalla" }).click();
    await expect(page.getByText("Enlace de pantalla creado.", { exact: false })).toBeVisible();
    const url = await page.getByLabel(/Enlace creado el/).inputValue();
    expect(url).toMatch(/\/kiosk\/\d+\.[0-9a-f]+\.[0-9a-f]+$/);

    const tv = await browser.newContext();
    const screen = await tv.newPage();
    try {
      await screen.goto(url);
      expect(await tv.cookies()).toEqual([]);
      await expect(screen.getByRole("heading", { level: 1, name: s.groupName })).toBeVisible();
      await expect(screen.getByText(`Clasificación · Temporada ${s.seasonName}`)).toBeVisible();
      await expect(screen.getByRole("heading", { name: `Última jornada: Jornada ${s.rounds[1].numberQuiniela}` })).toBeVisible();
      await expect(screen.getByRole("rowheader")).toHaveText([s.manager.username, s.ana.username, s.bea.username].map((n) => new RegExp(`^${n}`)));
      // It reloads just after the next minute starts, so its clock is never behind.
      await expect(screen.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", /^([2-5]\d|60)$/);
      // Nothing on the screen leads elsewhere: no header, no navigation, no links out.
      await expect(screen.getByRole("banner")).toHaveCount(0);
      for (const href of await screen.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href")))) expect(href).toMatch(/^#/);
      await screen.goto(`/grupo/${s.groupId}/dashboard`);
      await expect(screen).toHaveURL(/\/login/);

      await page.reload();
      await page.getByRole("button", { name: "Revocar" }).click();
      await expect(page.getByText(/Enlace de pantalla revocado/)).toBeVisible();
      const gone = await screen.goto(url);
      expect(gone?.status()).toBe(404);
      await expect(screen.getByText(KIOSK_INVALID)).toBeVisible();
      await expect(screen.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    } finally {
      await tv.close();
    }
  });
});
