import { expect, test, type Page } from "./fixtures";
import { adminToken, apiCall, E2E, expectAccessible, jsEnabled, newGroup, newPlayer, newSeason, openRound, signIn, unique, HOUR, type Player } from "./helpers";

const OFFICIAL = Array.from({ length: 14 }, () => "1");

/** A ticket of type 4 (two doubles and a triple, all right) with `singles` of the other 11 right. */
const ticket = (singles: number, pleno: boolean) => ({
  matches: OFFICIAL.map((s, i) => (i < 2 ? ["1", "X"] : i === 2 ? ["1", "X", "2"] : i - 3 < singles ? [s] : ["2"])),
  plain15: pleno ? { home: 2, away: 1 } : { home: 0, away: 0 },
});

/**
 * A group of a manager and two players: three rounds of type 4 played, closed and with results,
 * whose close dates run 2, 1, 3 (not in number order), and a fourth round still open.
 */
async function walkGroup() {
  const season = await newSeason();
  const manager = await newPlayer("gestor");
  const [ana, bea] = [await newPlayer("ana"), await newPlayer("bea")];
  const group = await newGroup(manager, [ana, bea], "Peña paseo ");
  const closeIn = [20, 10, 30, 48];
  const plays: [Player, ReturnType<typeof ticket>][][] = [
    [
      [manager, ticket(10, true)],
      [ana, ticket(8, false)],
      [bea, ticket(5, false)],
    ],
    [
      [manager, ticket(6, false)],
      [ana, ticket(11, true)],
      [bea, ticket(4, false)],
    ],
    [
      [manager, ticket(7, false)],
      [ana, ticket(9, true)],
      [bea, ticket(3, false)],
    ],
  ];
  const pools: { id: number; numberQuiniela: number }[] = [];
  for (let r = 0; r < 4; r++) {
    const pool = await season.pool();
    pools.push(pool);
    const { dates, configured } = await openRound(manager, { groupId: group.id, poolId: pool.id, closesInHours: closeIn[r], type: 4 });
    expect(configured.status).toBe(201);
    if (r === 3) break;
    for (const [player, t] of plays[r]) {
      expect((await apiCall("POST", `/Quiniela/${pool.id}/MakePrediction`, { groupId: group.id, ...t }, player.token)).status).toBe(201);
    }
    expect((await apiCall("POST", "/GroupQuiniela/UpdateStatus", { ...dates, forceClosed: true }, manager.token)).status).toBeLessThan(300);
    expect(
      (await apiCall("POST", "/Quiniela/SetResults", { quinielaId: pool.id, matches: OFFICIAL, plain15: { home: 2, away: 1 } }, season.admin)).status,
    ).toBeLessThan(300);
  }
  return { ...season, groupId: group.id, groupName: group.name, manager, ana, bea, pools };
}

const standingsRow = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${name}`) }) });

test.describe("defects found walking through the spec", () => {
  test("a failed send marks each offending match and the pleno in place, with a summary linking to them", async ({ page }, testInfo) => {
    const { pool } = await newSeason();
    const player = await newPlayer();
    const group = await apiCall<{ id: number; inviteCode: string }>("POST", "/group/CreateGroup", { name: unique("Peña "), description: "" }, player.token);
    const q = await pool();
    const dates = {
      groupId: group.body.id,
      quinielaId: q.id,
      openDate: new Date(Date.now() - HOUR).toISOString(),
      closeDate: new Date(Date.now() + 48 * HOUR).toISOString(),
    };
    expect((await apiCall("POST", "/GroupQuiniela/ConfigureGroupQuiniela", { ...dates, forceClosed: false, typeQuinielaId: 1 }, player.token)).status).toBe(
      201,
    );

    await signIn(page, player.username);
    await page.goto(`/grupo/${group.body.id}/predictions`);
    const match = (n: number) => page.getByRole("group", { name: new RegExp(`^Partido ${n} `) });
    for (let n = 1; n <= 14; n++) if (n !== 3 && n !== 11) await match(n).getByRole("checkbox", { name: "1", exact: true }).check();
    await page.getByRole("spinbutton").first().fill("2");
    await page.getByRole("button", { name: "Enviar pronóstico" }).click();

    const summary = page.getByRole("alert").filter({ hasText: "Tu pronóstico no cumple con los requisitos del tipo de quiniela." });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole("link")).toHaveText([
      "Falta elegir signo en el partido 3.",
      "Falta elegir signo en el partido 11.",
      /El pleno al quince necesita/,
    ]);
    for (const n of [3, 11]) {
      await expect(match(n)).toContainText(`Falta elegir signo en el partido ${n}.`);
      for (const sign of ["1", "X", "2"]) await expect(match(n).getByRole("checkbox", { name: sign, exact: true })).toHaveAttribute("aria-invalid", "true");
    }
    await expect(match(4).getByRole("checkbox", { name: "1", exact: true })).not.toHaveAttribute("aria-invalid", "true");
    await expect(match(4)).not.toContainText("Falta elegir");
    const goals = page.getByRole("spinbutton");
    await expect(goals.nth(1)).toHaveAttribute("aria-invalid", "true");
    await expect(goals.nth(0)).not.toHaveAttribute("aria-invalid", "true");
    await expect(goals.nth(0)).toHaveValue("2");
    await expect(match(4).getByRole("checkbox", { name: "1", exact: true })).toBeChecked();
    if (jsEnabled(testInfo)) {
      // The browser's check runs first and puts the focus on the first match to fix.
      await expect(match(3).getByRole("checkbox").first()).toBeFocused();
    }
    await summary.getByRole("link", { name: "Falta elegir signo en el partido 11." }).click();
    await expect(page).toHaveURL(/#partido-11$/);
    await expectAccessible(page, testInfo);
  });

  test("'Aciertos' is the game's count on the standings' round view and the office screen; rounds come in number order; a round not closed says so", async ({
    page,
    browser,
  }, testInfo) => {
    const s = await walkGroup();
    await signIn(page, s.ana.username);
    const base = `/grupo/${s.groupId}/temporada/${s.seasonId}/clasificacion`;
    await page.goto(base);
    await expect(page.getByLabel("Ver", { exact: true }).getByRole("option")).toHaveText([
      "Toda la temporada",
      ...s.pools.slice(0, 3).map((p) => `Jornada ${p.numberQuiniela}`),
    ]);

    // Ana's last round (the third, closed last): 2 doubles + 1 triple + 9 singles + the pleno = 13 of 15;
    // without the triple, 12 of 14 for accuracy and Wilson.
    await page.getByLabel("Ver", { exact: true }).selectOption({ label: `Jornada ${s.pools[2].numberQuiniela}` });
    await page.getByRole("button", { name: "Mostrar" }).click();
    await expect(page.getByRole("table")).toContainText(`Clasificación de jornada ${s.pools[2].numberQuiniela}`);
    const cells = standingsRow(page, s.ana.username).getByRole("cell");
    await expect(cells.nth(2)).toHaveText("13 de 15");
    await expect(cells.nth(6)).toHaveText("12/14");
    await expect(page.getByRole("columnheader", { name: "Sin triples" }).locator("abbr")).toHaveAttribute("title", /base de la precisión y de Wilson/);
    await expectAccessible(page, testInfo);

    // A round still open has no standings of its own yet.
    await page.goto(`${base}?quiniela=${s.pools[3].id}`);
    await expect(
      page.getByText("Esa jornada todavía no cuenta en la clasificación: aparecerá cuando haya cerrado y tenga resultados oficiales."),
    ).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);

    const kiosk = await apiCall<{ token: string }>("POST", `/group/${s.groupId}/kiosk`, undefined, s.manager.token);
    const tv = await browser.newContext();
    try {
      const screen = await tv.newPage();
      await screen.goto(`/kiosk/${kiosk.body.token}`);
      await expect(screen.getByRole("heading", { name: `Última jornada: Jornada ${s.pools[2].numberQuiniela}` })).toBeVisible();
      await expect(screen.getByRole("definition").filter({ hasText: s.ana.username })).toHaveText(`13 · ${s.ana.username}`);
    } finally {
      await tv.close();
    }

    // The results editor lists the season's rounds in number order too.
    await page.context().clearCookies();
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto("/admin/resultados");
    const values = await page
      .getByLabel("Jornada", { exact: true })
      .getByRole("option")
      .evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)));
    const mine = s.pools.map((p) => values.indexOf(p.id));
    expect(mine).toEqual([mine[0], mine[0] + 1, mine[0] + 2, mine[0] + 3]);
  });

  test("a new season without pools leaves the group in the old one; both seasons stay reachable from the standings and the settings", async ({
    page,
  }, testInfo) => {
    const s = await walkGroup();
    const newName = unique("Temporada nueva ");
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto("/crear-temporada");
    const create = async () => {
      await page.getByLabel("Nombre").fill(newName);
      await page.getByLabel("Fecha de inicio").fill("2001-08-02");
      await page.getByRole("button", { name: "Crear temporada" }).click();
    };
    await create();
    await expect(page.getByText(`Temporada ${newName} creada.`)).toBeVisible();
    await create();
    await expect(page.getByText("Error al crear temporada: Ya existe una temporada con ese nombre.")).toBeVisible();
    await expect(page.getByLabel("Nombre")).toHaveValue(newName);
    const seasons = await apiCall<{ id: number; name: string }[]>("GET", "/season/List", undefined, await adminToken());
    const fresh = seasons.body.filter((x) => x.name === newName);
    expect(fresh).toHaveLength(1);
    await page.context().clearCookies();

    // The manager still plays the old season: its open round is in the settings, its standings on the dashboard.
    await signIn(page, s.manager.username);
    await page.goto(`/grupo/${s.groupId}/dashboard`);
    await page.getByRole("link", { name: "Clasificación" }).click();
    await expect(page).toHaveURL(new RegExp(`/temporada/${s.seasonId}/clasificacion`));
    await page.goto(`/grupo/${s.groupId}/gestionar-quinielas`);
    await expect(page.getByText(`Temporada ${s.seasonName}`, { exact: false }).first()).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(`^Jornada ${s.pools[3].numberQuiniela} `) })).toContainText("Abierta");

    // The new season gets a pool, which the group activates: both seasons are in the pickers.
    const newPool = await apiCall<{ id: number; numberQuiniela: number }>(
      "POST",
      "/quiniela/CreateQuiniela",
      {
        startDate: new Date(Date.now() + 72 * HOUR).toISOString(),
        closingDate: new Date(Date.now() + 96 * HOUR).toISOString(),
        matches: Array.from({ length: 15 }, () => ({ home: s.home, away: s.away })),
        seasonId: fresh[0].id,
      },
      s.admin,
    );
    expect(newPool.status).toBe(201);
    const dates = {
      groupId: s.groupId,
      quinielaId: newPool.body.id,
      openDate: new Date(Date.now() + 72 * HOUR).toISOString(),
      // Before the pool's official close: no round closes after it (decision 065).
      closeDate: new Date(Date.now() + 90 * HOUR).toISOString(),
    };
    expect((await apiCall("POST", "/GroupQuiniela/ConfigureGroupQuiniela", { ...dates, forceClosed: false, typeQuinielaId: 1 }, s.manager.token)).status).toBe(
      201,
    );

    await page.reload();
    await page.getByLabel("Temporada", { exact: true }).selectOption({ label: newName });
    await page.getByRole("button", { name: "Ver temporada" }).click();
    await expect(page.getByText(`Temporada ${newName}`, { exact: false }).first()).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(`^Jornada ${newPool.body.numberQuiniela} `) })).toContainText("Activada");
    await expect(page.getByRole("row", { name: new RegExp(`^Jornada ${s.pools[3].numberQuiniela} `) })).toHaveCount(0);
    await page.getByLabel("Temporada", { exact: true }).selectOption({ label: s.seasonName });
    await page.getByRole("button", { name: "Ver temporada" }).click();
    await expect(page.getByRole("row", { name: new RegExp(`^Jornada ${s.pools[3].numberQuiniela} `) })).toContainText("Abierta");
    await expectAccessible(page, testInfo);

    await page.goto(`/grupo/${s.groupId}/temporada/${s.seasonId}/clasificacion?orden=wilson`);
    await page.getByLabel("Temporada", { exact: true }).selectOption({ label: newName });
    await page.getByRole("button", { name: "Ver temporada" }).click();
    await expect(page).toHaveURL(new RegExp(`/temporada/${fresh[0].id}/clasificacion\\?orden=wilson$`));
    await expect(page.getByText(`Temporada ${newName}: 0 jornadas con resultados.`)).toBeVisible();
    await page.getByLabel("Temporada", { exact: true }).selectOption({ label: s.seasonName });
    await page.getByRole("button", { name: "Ver temporada" }).click();
    await expect(page).toHaveURL(new RegExp(`/temporada/${s.seasonId}/clasificacion`));
    await expect(standingsRow(page, s.ana.username)).toBeVisible();
    await expectAccessible(page, testInfo);
  });

  test("the results editor saves the fourteen signs and leaves a half-filled pleno out, saying so", async ({ page }) => {
    const { admin, pool } = await newSeason();
    const q = await pool();
    const matches = (await apiCall<{ position: number; home: string; away: string }[]>("GET", `/Quiniela/${q.id}/GetMatches`, undefined, admin)).body;
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto(`/establecer-resultados/${q.id}`);
    const signs = ["1", "X", "2", "1", "X", "2", "1", "X", "2", "1", "X", "2", "1", "X"];
    const combos = page.getByRole("combobox");
    // The first combobox is the round picker; then one per match.
    for (const [i, sign] of signs.entries()) await combos.nth(i + 1).selectOption(sign);
    await page.getByLabel(`Goles de ${matches[14].home}`).fill("3");
    await page.getByRole("button", { name: "Guardar resultados" }).click();
    await expect(page.getByText("Resultados guardados. El pleno al quince no se ha guardado: faltaban los goles de uno de los dos equipos.")).toBeVisible();
    const saved = await apiCall("GET", `/Quiniela/GetResults/${q.id}`, undefined, admin);
    expect(saved.body).toMatchObject({ matches: signs, plain15: null });
    await expect(combos.nth(14)).toHaveValue("X");
  });
});
