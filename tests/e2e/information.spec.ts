import { expect, test, type Page } from "./fixtures";
import sharp from "sharp";
import { E2E, adminToken, apiCall, expectAccessible, jsEnabled, newPlayer, signIn, unique } from "./helpers";

const INTRO = "Pulsa en una de las secciones de arriba para ver su contenido.";

test.describe("the information page", () => {
  test("tabs chosen by the address's hash show one section each, without scripts", async ({ page }, testInfo) => {
    const player = await newPlayer("info");
    await signIn(page, player.username);
    await page.goto("/informacion");
    await expect(page.getByRole("heading", { name: "Información para usuarios" })).toBeVisible();
    await expect(page.getByText(INTRO)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Preguntas frecuentes" })).toBeHidden();
    await expectAccessible(page, testInfo);

    const tabs = page.getByRole("navigation", { name: "Secciones de la información" });
    await expect(tabs.getByRole("link")).toHaveText(["Participación", "Clasificación", "Resultados", "Evolución", "Logros", "FAQ", "Contacto"]);
    await tabs.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/informacion#faq$/);
    await expect(page.getByRole("heading", { name: "Preguntas frecuentes" })).toBeVisible();
    await expect(page.getByText("¿Puedo cambiar mi pronóstico?")).toBeVisible();
    await expect(page.getByText(INTRO)).toBeHidden();

    await tabs.getByRole("link", { name: "Logros" }).click();
    await expect(page).toHaveURL(/#logros$/);
    for (const name of ["Premios", "Castigos", "Plus", "Continuidad"]) await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
    await expect(page.getByText(/unos 8 a 10 € por participante/)).toBeVisible();
    await expect(page.getByText(/menos de 4 veces en un mes/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Preguntas frecuentes" })).toBeHidden();

    await page.goto("/informacion#clasificacion");
    await expect(page.getByText(/Pleno al quince exacto: 5 puntos/)).toBeVisible();
    await expect(page.locator("#clasificacion").getByText(/5 primeros por Wilson/)).toBeVisible();
  });

  test("is for signed-in users", async ({ page }) => {
    await page.goto("/informacion");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Finformacion$/);
  });

  test("the loading quotes are served as /phrases.json", async ({ page }) => {
    const response = await page.request.get("/phrases.json");
    expect(response.ok()).toBe(true);
    const phrases = (await response.json()) as { text: string; author: string }[];
    expect(phrases.length).toBeGreaterThanOrEqual(20);
    for (const phrase of phrases) expect(phrase.text && phrase.author).toBeTruthy();
  });
});

test.describe("the pools of the season", () => {
  test("list number, dates, state and results, linking to results and bets and, for admins, to the results screen", async ({ page }, testInfo) => {
    const admin = await adminToken();
    // Starting today, this season is the current one whatever other journeys create (theirs start in 2001).
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
    const season = await apiCall<{ id: number; name: string }>("POST", "/season/CreateSeason", { name: unique("Temporada "), startDate: today }, admin);
    expect(season.status).toBe(201);
    const [home, away] = [unique("Local"), unique("Visitante")];
    for (const name of [home, away]) expect((await apiCall("POST", "/team/Create", { name, logo: "", alias: [] }, admin)).status).toBe(201);
    const DAY = 86_400_000;
    const makePool = async (from: number, to: number) => {
      const res = await apiCall<{ id: number; numberQuiniela: number }>(
        "POST",
        "/quiniela/CreateQuiniela",
        {
          startDate: new Date(Date.now() + from).toISOString(),
          closingDate: new Date(Date.now() + to).toISOString(),
          matches: Array.from({ length: 15 }, () => ({ home, away })),
          seasonId: season.body.id,
        },
        admin,
      );
      expect(res.status).toBe(201);
      return res.body;
    };
    const played = await makePool(-3 * DAY, -DAY);
    const open = await makePool(-DAY, 3 * DAY);
    const results = await apiCall(
      "POST",
      "/Quiniela/SetResults",
      { quinielaId: played.id, matches: Array(14).fill("1"), plain15: { home: 2, away: 1 } },
      admin,
    );
    expect(results.status).toBe(200);

    const player = await newPlayer("quinielas");
    const group = await apiCall<{ id: number; name: string }>("POST", "/group/CreateGroup", { name: unique("Peña "), description: "" }, player.token);
    expect(group.status).toBe(201);

    await signIn(page, player.username);
    await page.goto("/quinielas");
    await expect(page.getByRole("heading", { name: "Quinielas" })).toBeVisible();
    await expect(page.getByText(`Temporada ${season.body.name}`)).toBeVisible();
    await expectAccessible(page, testInfo);
    const cardOf = (n: number) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Jornada ${n}`, exact: true }) });
    await expect(cardOf(played.numberQuiniela)).toContainText("Cerrada");
    await expect(cardOf(played.numberQuiniela)).toContainText("Con resultados");
    await expect(cardOf(open.numberQuiniela)).toContainText("Abierta");
    await expect(cardOf(open.numberQuiniela)).toContainText("Sin resultados todavía");
    const link = cardOf(played.numberQuiniela).getByRole("link", { name: new RegExp(`Resultados y apuestas.*${group.body.name}`) });
    await expect(link).toHaveAttribute("href", `/grupo/${group.body.id}/resultados-y-apuestas?jornada=${played.numberQuiniela}`);
    await expect(cardOf(open.numberQuiniela).getByRole("link")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Establecer resultados/ })).toHaveCount(0);

    await page.context().clearCookies();
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto("/quinielas");
    await expect(cardOf(open.numberQuiniela).getByRole("link", { name: /Establecer resultados/ })).toHaveAttribute("href", `/establecer-resultados/${open.id}`);
  });
});

/** The colour of one point of the page as drawn, read from a screenshot (works without scripts). */
async function pixel(page: Page): Promise<number[]> {
  const png = await page.screenshot({ clip: { x: 4, y: 400, width: 1, height: 1 } });
  const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return [data[0], data[1], data[2]];
}
const isWaitBlue = ([r, g, b]: number[]) => r < 60 && g < 130 && b > 150;

/**
 * Makes the sign-in slow. The login page ships no Remix client (decision 038), so with or without
 * JavaScript the form posts as a document, and Playwright cannot look at a page whose navigation is
 * pending: the POST is answered 204 No Content, so the browser has sent the form and stays on the
 * page, as it does while waiting for a slow answer.
 */
async function slowSignIn(page: Page) {
  await page.route("**/login", async (route) => (route.request().method() === "POST" ? route.fulfill({ status: 204 }) : route.continue()));
}

/**
 * A line of the login wait screen. Its words are in `data-text` and drawn by CSS (so a text browser
 * skips them): the element is empty, so it has a box, and is visible, only when the CSS draws them.
 */
const waitLine = (page: Page, text: string) => page.locator(`.wait [data-text=${JSON.stringify(text)}]`);

test.describe("the login wait screen", () => {
  test("does not cover the form when 'Entrar' only has focus from the keyboard", async ({ page }) => {
    const player = await newPlayer("tab");
    await page.goto("/login");
    await page.getByLabel("Usuario o email").fill(player.username);
    await page.getByLabel("Contraseña").fill(player.password);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Entrar" })).toBeFocused();
    await page.waitForTimeout(2500);
    await expect(waitLine(page, "Entrando… el servidor está despertando.")).toBeHidden();
    await expect(page.locator(".wait")).toBeHidden();
  });

  test("appears 2 s after the form is sent, with a quote, and the sign-in still ends", async ({ page }) => {
    const player = await newPlayer("lento");
    const phrases = (await (await page.request.get("/phrases.json")).json()) as { text: string }[];
    await slowSignIn(page);
    await page.goto("/login");
    await page.getByLabel("Usuario o email").fill(player.username);
    await page.getByLabel("Contraseña").fill(player.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.locator(".wait")).toBeVisible({ timeout: 1500 });
    // Transparent for the first 2 s (the page shows through), then the blue screen covers it.
    expect(isWaitBlue(await pixel(page))).toBe(false);
    // The blue comes at 2 s; a loaded CI box has taken over 4 s to paint it.
    await expect.poll(async () => isWaitBlue(await pixel(page)), { timeout: 10_000 }).toBe(true);
    await expect(waitLine(page, "Entrando… el servidor está despertando.")).toBeVisible();
    await expect(waitLine(page, `«${phrases[0].text}»`)).toBeVisible();
    await page.unrouteAll();
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/inicio$/, { timeout: 15_000 });
  });

  test("'Mostrar contraseñas' on the register screen is offered only when it can work", async ({ page }, testInfo) => {
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "Registro" })).toBeVisible();
    const toggle = page.getByLabel("Mostrar contraseñas");
    if (!jsEnabled(testInfo)) {
      await expect(toggle).toHaveCount(0);
      return;
    }
    await page.getByLabel("Contraseña", { exact: true }).fill("Secreta#2026");
    await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAttribute("type", "password");
    await toggle.check();
    await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAttribute("type", "text");
    await expect(page.getByLabel("Repite la contraseña")).toHaveAttribute("type", "text");
  });
});
