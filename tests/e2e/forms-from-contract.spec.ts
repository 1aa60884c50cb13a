import { expect, test, type Page } from "./fixtures";
import { apiCall, E2E, HOUR, newPlayer, newSeason, signIn, unique } from "./helpers";

/**
 * Each form refuses, on its field and in the contract's words, a value only the contract's rule
 * catches, as a browser posts it without JavaScript (and with it). A browser without date inputs
 * (w3m, an old phone) sends whatever was typed; such a value is put into the post on its way out
 * (to the page itself without JavaScript, to its `.data` URL with it: Single Fetch).
 */
async function sendTyped(page: Page, path: string, field: string, typed: string) {
  await page.route(
    (url) => url.pathname === path || url.pathname === `${path}.data`,
    async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      const body = new URLSearchParams(request.postData() ?? "");
      body.set(field, typed);
      await route.continue({ postData: body.toString() });
    },
  );
}

/** The message is said on the field (its accessible description), not for the whole form. */
async function expectOnField(page: Page, field: ReturnType<Page["getByLabel"]>, message: string) {
  await expect(field).toHaveAccessibleDescription(message);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(message, { exact: true })).toHaveCount(1);
}

test.describe("forms built from the contract", () => {
  test("a season starting on 30 February is refused on its start date", async ({ page }) => {
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto("/crear-temporada");
    await page.getByLabel("Nombre").fill(unique("Temporada "));
    await page.getByLabel("Fecha de inicio").fill("2025-02-28");
    await sendTyped(page, "/crear-temporada", "startDate", "2025-02-30");
    await page.getByRole("button", { name: "Crear temporada" }).click();
    await expectOnField(page, page.getByLabel("Fecha de inicio"), "La fecha de inicio no es válida (AAAA-MM-DD).");
  });

  test("points and a price per bet above 100 are refused on their fields", async ({ page }) => {
    const { seasonName } = await newSeason();
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto("/crear-temporada");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: seasonName }) });
    await card.getByLabel("Pleno al 15").fill("150");
    await card.getByLabel("Precio por apuesta (€)").fill("100.5");
    await card.getByRole("button", { name: "Guardar puntos" }).click();
    await expectOnField(page, card.getByLabel("Pleno al 15"), "Cada valor de puntos debe ser un número entre 0 y 100.");
    await expectOnField(page, card.getByLabel("Precio por apuesta (€)"), "El precio por apuesta debe ser un número entre 0 y 100 €.");
  });

  test("a team's logo path that does not decode is refused on the logo", async ({ page }) => {
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto("/team");
    await page.getByLabel("Nombre").fill(unique("Club "));
    await page.getByLabel("URL del logo (opcional)").fill("/logos/%E0%A4%A");
    await page.getByRole("button", { name: "Guardar equipo" }).click();
    await expectOnField(page, page.getByLabel("URL del logo (opcional)"), "El logo debe ser una URL https:// o una ruta del sitio (/logos/…).");
  });

  test("a round opening in 1800 is refused on its open date", async ({ page }) => {
    const manager = await newPlayer("gestor");
    const { pool } = await newSeason();
    const { id: poolId } = await pool();
    const group = await apiCall<{ id: number }>("POST", "/group/CreateGroup", { name: unique("Peña "), description: "" }, manager.token);
    expect(group.status).toBeLessThan(300);
    const dates = {
      groupId: group.body.id,
      quinielaId: poolId,
      openDate: new Date(Date.now() - HOUR).toISOString(),
      closeDate: new Date(Date.now() + 10 * HOUR).toISOString(),
    };
    const configured = await apiCall("POST", "/GroupQuiniela/ConfigureGroupQuiniela", { ...dates, forceClosed: false, typeQuinielaId: 1 }, manager.token);
    expect(configured.status).toBeLessThan(300);

    await signIn(page, manager.username);
    const path = `/grupo/${group.body.id}/gestionar-quinielas`;
    await page.goto(`${path}?quiniela=${poolId}`);
    await sendTyped(page, path, "openDate", "1800-01-01T10:00");
    await page.getByRole("button", { name: "Guardar fechas" }).click();
    await expectOnField(page, page.getByLabel("Fecha de apertura"), "Fecha no válida.");
  });
});
