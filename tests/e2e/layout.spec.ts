import { expect, test, type Page } from "./fixtures";
import { apiCall, E2E, newPlayer, newSeason, signIn, unique, HOUR } from "./helpers";

/**
 * Every page of the app at 390 px (a small phone) and 1920 px (the office TV), as each role, on a
 * group with several rounds played: no page may be wider than the screen, and on a player's
 * screens no element may scroll sideways either.
 *
 * To cover a new screen, add its path to its role's list. Placeholders: {group}, {season},
 * {round} (a counted round, with a confirmed group bet), {jornada} (its number), {open} (the round
 * still open), {kiosk} (an office screen link).
 * `player: true` marks a player's screen, where no element may scroll sideways.
 */
interface Route {
  path: string;
  player?: boolean;
}

const ROUTES: Record<"guest" | "player" | "manager" | "admin", Route[]> = {
  guest: [
    { path: "/login" },
    { path: "/register" },
    { path: "/registro" },
    { path: "/forgot-password" },
    { path: "/ChangePassword?token=x" },
    { path: "/kiosk/{kiosk}" },
  ],
  player: [
    { path: "/inicio" },
    { path: "/grupos" },
    { path: "/grupo/{group}", player: true },
    { path: "/grupo/{group}/dashboard", player: true },
    { path: "/grupo/{group}/predictions", player: true },
    { path: "/grupo/{group}/predictions?quiniela={round}", player: true },
    { path: "/grupo/{group}/temporada/{season}/clasificacion", player: true },
    { path: "/grupo/{group}/temporada/{season}/clasificacion?quiniela={round}", player: true },
    { path: "/grupo/{group}/temporada/{season}/clasificacion?quiniela={open}", player: true },
    { path: "/grupo/{group}/resultados-y-apuestas", player: true },
    { path: "/grupo/{group}/resultados-y-apuestas?jornada={jornada}", player: true },
    { path: "/grupo/{group}/quiniela-grupal?quiniela={round}", player: true },
    { path: "/grupo/{group}/quiniela-grupal/imprimir?quiniela={round}", player: true },
    { path: "/grupo/{group}/season/{season}/bet-evolucion", player: true },
    { path: "/perfil" },
    { path: "/informacion" },
    { path: "/quinielas" },
    { path: "/crear-grupo" },
    { path: "/grupo/nuevo" },
    { path: "/ChangePassword" },
  ],
  manager: [
    { path: "/grupo/{group}/dashboard", player: true },
    { path: "/grupo/{group}", player: true },
    { path: "/grupo/{group}/ajustes", player: true },
    { path: "/grupo/{group}/ajustes?quiniela={open}", player: true },
    { path: "/grupo/{group}/gestionar-quinielas?quiniela={round}", player: true },
    { path: "/grupo/{group}/quiniela-grupal", player: true },
    { path: "/grupo/{group}/quiniela-grupal?quiniela={round}", player: true },
    { path: "/grupo/{group}/quiniela-grupal/imprimir?quiniela={round}", player: true },
    { path: "/grupo/{group}/resultados-y-apuestas?jornada={jornada}", player: true },
    { path: "/grupo/{group}/temporada/{season}/clasificacion", player: true },
    { path: "/admin/roles" },
  ],
  admin: [
    { path: "/inicio" },
    { path: "/crear-quiniela" },
    { path: "/crear-quiniela?modo=editar&quiniela={round}" },
    { path: "/crear-temporada" },
    { path: "/crear-grupo" },
    { path: "/admin/roles" },
    { path: "/admin/crear-usuario" },
    { path: "/establecer-resultados/{round}" },
    { path: "/admin/resultados" },
    { path: "/admin/auditoria" },
    { path: "/team" },
    { path: "/call-quiniela" },
    { path: "/grupo/{group}/temporada/{season}/clasificacion", player: true },
  ],
};

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1920, height: 1080 },
];

const OFFICIAL = Array.from({ length: 14 }, (_, i) => ["1", "X", "2"][i % 3]);

/**
 * A group of a manager and six players with long names, three rounds played (singles, doubles and
 * a triple, plenos) and closed with results, and one still open; the second round played has a
 * group bet, generated and confirmed by the manager; the office icons on; plus an office screen link.
 */
async function playedGroup() {
  const { admin, seasonId, pool } = await newSeason();
  const manager = await newPlayer("gestoraconnombrelargo");
  const players = [manager];
  for (let i = 0; i < 6; i++) players.push(await newPlayer(`jugadorconnombrelargo${i}`));
  const group = await apiCall<{ id: number; inviteCode: string }>(
    "POST",
    "/group/CreateGroup",
    { name: unique("Peña de los nombres muy largos "), description: "Una peña para probar pantallas pequeñas" },
    manager.token,
  );
  for (const p of players.slice(1)) await apiCall("POST", `/group/JoinByInviteCode/${group.body.inviteCode}`, undefined, p.token);
  // The office icons are the group's choice: on, so the standings show them too.
  expect((await apiCall("PUT", `/group/${group.body.id}/settings`, { officeIcons: true }, manager.token)).status).toBe(200);
  const roundIds: number[] = [];
  const numbers: number[] = [];
  for (let r = 0; r < 4; r++) {
    const q = await pool();
    roundIds.push(q.id);
    numbers.push(q.numberQuiniela);
    const dates = {
      groupId: group.body.id,
      quinielaId: q.id,
      openDate: new Date(Date.now() - HOUR).toISOString(),
      closeDate: new Date(Date.now() + (24 + r) * HOUR).toISOString(),
    };
    expect((await apiCall("POST", "/GroupQuiniela/ConfigureGroupQuiniela", { ...dates, forceClosed: false, typeQuinielaId: 1 }, manager.token)).status).toBe(
      201,
    );
    for (const [i, p] of players.entries()) {
      const matches = OFFICIAL.map((s, m) => ((m + i + r) % 4 === 0 ? ["1", "X", "2"].filter((x) => x !== s).slice(0, 1) : [s]));
      const res = await apiCall(
        "POST",
        `/Quiniela/${q.id}/MakePrediction`,
        { groupId: group.body.id, matches, plain15: { home: (i + r) % 3, away: 1 } },
        p.token,
      );
      expect(res.status).toBe(201);
    }
    if (r === 3) break;
    expect((await apiCall("POST", "/GroupQuiniela/UpdateStatus", { ...dates, forceClosed: true }, manager.token)).status).toBeLessThan(300);
    expect((await apiCall("POST", "/Quiniela/SetResults", { quinielaId: q.id, matches: OFFICIAL, plain15: { home: 1, away: 1 } }, admin)).status).toBeLessThan(
      300,
    );
  }
  const bet = await apiCall<{ id: number }>("POST", "/Bet/GenerateBet", { groupId: group.body.id, quinielaId: roundIds[1], topNUsers: 4 }, manager.token);
  expect(bet.status).toBe(201);
  expect((await apiCall("PUT", `/Bet/${bet.body.id}/ConfirmBet`, undefined, manager.token)).status).toBeLessThan(300);
  const kiosk = await apiCall<{ token: string }>("POST", `/group/${group.body.id}/kiosk`, undefined, manager.token);
  expect(kiosk.status).toBe(201);
  return {
    manager,
    player: players[1],
    values: {
      group: String(group.body.id),
      season: String(seasonId),
      round: String(roundIds[1]),
      jornada: String(numbers[1]),
      open: String(roundIds[3]),
      kiosk: kiosk.body.token,
    },
  };
}

const fill = (path: string, values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, k: string) => values[k]);

/** What is wider than the window: the document, and (on a player's screen) any element that scrolls sideways. */
async function overflows(page: Page, playerScreen: boolean) {
  return page.evaluate((strict) => {
    const found: string[] = [];
    const doc = document.documentElement;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${typeof el.className === "string" && el.className ? `.${el.className.split(" ").join(".")}` : ""}`;
    if (doc.scrollWidth > doc.clientWidth) {
      // The outermost elements that stick out, to say where to look.
      const out = Array.from(document.querySelectorAll("body *")).filter(
        (el) => el.getBoundingClientRect().right > doc.clientWidth + 1 && (el.parentElement?.getBoundingClientRect().right ?? 0) <= doc.clientWidth + 1,
      );
      found.push(`la página mide ${doc.scrollWidth} px en ${doc.clientWidth} px (${out.slice(0, 3).map(name).join(", ")})`);
    }
    if (strict) {
      for (const el of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
        const style = getComputedStyle(el);
        if (!["auto", "scroll"].includes(style.overflowX)) continue;
        if (el.scrollWidth > el.clientWidth + 1) {
          found.push(`${name(el)} se desplaza de lado: ${el.scrollWidth} px en ${el.clientWidth} px`);
        }
      }
    }
    return found;
  }, playerScreen);
}

async function checkAll(page: Page, routes: Route[], values: Record<string, string>) {
  const problems: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const route of routes) {
      const path = fill(route.path, values);
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(500);
      for (const p of await overflows(page, route.player === true)) problems.push(`${size.width} px ${path} → ${new URL(page.url()).pathname}: ${p}`);
    }
  }
  expect(problems).toEqual([]);
}

test.describe("every page fits the screen", () => {
  test.describe.configure({ timeout: 240_000 });
  let data: Awaited<ReturnType<typeof playedGroup>>;
  test.beforeAll(async () => {
    data = await playedGroup();
  });

  test("as a guest", async ({ page }) => {
    await checkAll(page, ROUTES.guest, data.values);
    // The information page is for signed-in users: a guest's header offers no link to it (it would only lead to the sign-in page).
    await page.goto("/login");
    await expect(page.getByRole("banner").getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Información" })).toHaveCount(0);
  });

  test("as a player", async ({ page }) => {
    await signIn(page, data.player.username);
    await checkAll(page, ROUTES.player, data.values);
    await expect(page.getByRole("banner").getByRole("link", { name: "Información" })).toHaveAttribute("href", "/informacion");
  });

  test("as a manager", async ({ page }) => {
    await signIn(page, data.manager.username);
    await checkAll(page, ROUTES.manager, data.values);
  });

  test("as an admin", async ({ page }) => {
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await checkAll(page, ROUTES.admin, data.values);
  });

  test("on a phone the standings show position, player, points and icons, and the other figures one tap away", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, data.player.username);
    await page.goto(fill("/grupo/{group}/temporada/{season}/clasificacion", data.values));
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Pos.", "Jugador", "Puntos"]);
    const box = await table.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    for (const icon of ["Burro", "Piña", "Bola", "Rinoceronte"]) {
      const b = await table.getByRole("img", { name: new RegExp(`^${icon}`) }).boundingBox();
      expect(b!.x, icon).toBeGreaterThanOrEqual(0);
      expect(b!.x + b!.width, icon).toBeLessThanOrEqual(390);
    }
    // The table is its rows and nothing else (decision 075): the figures in words are a view of their own.
    await expect(table.locator("details, dl")).toHaveCount(0);
    // A player of the top 5, whose row wears the badge.
    const first = page.getByRole("rowheader").filter({ hasText: "Top 5 Wilson" }).first();
    const name = first.getByRole("link");
    const player = (await name.textContent())!.trim();
    // A name is the way to that player's figures; on a phone CSS writes «Más datos» under it.
    const hint = () => name.evaluate((a) => getComputedStyle(a, "::after").content);
    expect(await hint()).toBe('"Más datos"');
    await expect(first).toHaveText(new RegExp(`^\\s*${player} Top 5 Wilson`));
    await name.click();
    await expect(page).toHaveURL(/[?&]jugador=\d+#cifras$/);
    const figures = page.getByRole("region", { name: `Cifras de ${player}` });
    await expect(figures.getByText("Wilson", { exact: true })).toBeVisible();
    await expect(figures.getByText("Precisión")).toBeVisible();
    await expect(figures.getByText(/^Top 5 Wilson: /)).toBeVisible();
    await figures.getByRole("link", { name: "Volver a la clasificación" }).click();
    await expect(page.getByRole("region", { name: /^Cifras de / })).toHaveCount(0);

    // On the office TV every figure is a column.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect(table.getByRole("columnheader")).toHaveText([
      "Pos.",
      "Jugador",
      "Puntos",
      "Aciertos",
      "Simples",
      "Dobles",
      "Plenos",
      "Sin triples",
      "Precisión",
      "Wilson",
    ]);
    expect(await hint()).toBe("none");
  });

  test("every link on the dashboard leads to a real page", async ({ page }) => {
    await signIn(page, data.manager.username);
    await page.goto(fill("/grupo/{group}/dashboard", data.values));
    const hrefs = await page
      .getByRole("main")
      .locator("a[href]")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    expect(hrefs.length).toBeGreaterThan(8);
    for (const href of hrefs) {
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
      expect(new URL(page.url()).pathname, href).not.toMatch(/^\/(login|inicio)$/);
    }
  });
});
