import { expect, test, type Page } from "./fixtures";
import { ROUND_CLOSED_MESSAGE } from "#core/contract/prediction";
import { apiCall, expectAccessible, newPlayer, signIn, unique, newSeason, HOUR } from "./helpers";

type Player = Awaited<ReturnType<typeof newPlayer>>;

/** A season, two teams and pools of its own, made through the admin API, so journeys never share them. */
async function seasonWithPools(count: number) {
  const { admin, seasonId, home, away, pool } = await newSeason();
  const pools: { id: number; numberQuiniela: number }[] = [];
  for (let i = 0; i < count; i++) pools.push(await pool());
  return { admin, seasonId, pools, home, away };
}

/** A group run by a manager, with the given players, and one round configured per pool. */
async function groupWithRounds(
  players: Player[],
  rounds: { quinielaId: number; openIn: number; closeIn: number; typeQuinielaId: number; forceClosed?: boolean }[],
) {
  const manager = await newPlayer("gestor");
  const group = await apiCall<{ id: number; inviteCode: string }>("POST", "/group/CreateGroup", { name: unique("Peña "), description: "" }, manager.token);
  expect(group.status).toBe(201);
  for (const p of players) expect((await apiCall("POST", `/group/JoinByInviteCode/${group.body.inviteCode}`, undefined, p.token)).status).toBe(200);
  const ids: number[] = [];
  for (const r of rounds) {
    const res = await apiCall<{ id: number }>(
      "POST",
      "/GroupQuiniela/ConfigureGroupQuiniela",
      {
        groupId: group.body.id,
        quinielaId: r.quinielaId,
        openDate: new Date(Date.now() + r.openIn).toISOString(),
        closeDate: new Date(Date.now() + r.closeIn).toISOString(),
        forceClosed: r.forceClosed ?? false,
        typeQuinielaId: r.typeQuinielaId,
      },
      manager.token,
    );
    expect(res.status).toBeLessThan(300);
    ids.push(res.body.id);
  }
  return { manager, groupId: group.body.id, groupQuinielaIds: ids };
}

const match = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Partido ${n} `) });
const sign = (page: Page, n: number, s: string) => match(page, n).getByRole("checkbox", { name: s, exact: true });

test.describe("predicting a round", () => {
  test("a player sends two doubles and a triple, finds them after a reload and changes them; a broken rule keeps what was typed", async ({
    page,
  }, testInfo) => {
    const { pools, home, away } = await seasonWithPools(1);
    const player = await newPlayer();
    const { groupId } = await groupWithRounds([player], [{ quinielaId: pools[0].id, openIn: -HOUR, closeIn: 48 * HOUR, typeQuinielaId: 4 }]);
    await signIn(page, player.username);
    await page.goto(`/grupo/${groupId}/predictions`);
    await expect(page.getByRole("heading", { level: 1, name: "Pronósticos" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: `Jornada ${pools[0].numberQuiniela}` })).toBeVisible();
    await expect(page.getByText("Dos dobles y un triple")).toBeVisible();
    await expect(match(page, 1)).toContainText(home);
    await expect(match(page, 1)).toContainText(away);
    await expectAccessible(page, testInfo);

    // Singles only and an impossible pleno: both rules fail, and everything typed stays.
    for (let n = 1; n <= 14; n++) await sign(page, n, n % 3 === 0 ? "X" : "1").check();
    await page.getByLabel(`Goles de ${home}`).fill("11");
    await page.getByLabel(`Goles de ${away}`).fill("0");
    await page.getByRole("button", { name: "Enviar pronóstico" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Tu pronóstico no cumple con los requisitos del tipo de quiniela.");
    await expect(alert).toContainText("Este tipo pide 2 doble(s) y has marcado 0.");
    await expect(alert).toContainText("Este tipo pide 1 triple(s) y has marcado 0.");
    await expect(alert).toContainText("El pleno al quince necesita goles enteros de 0 a 10");
    await expect(sign(page, 3, "X")).toBeChecked();
    await expect(sign(page, 14, "1")).toBeChecked();
    await expect(page.getByLabel(`Goles de ${home}`)).toHaveValue("11");

    await sign(page, 1, "X").check();
    await sign(page, 5, "2").check();
    for (const s of ["X", "2"]) await sign(page, 10, s).check();
    await page.getByLabel(`Goles de ${home}`).fill("2");
    await page.getByRole("button", { name: "Enviar pronóstico" }).click();
    await expect(page.getByText(`Pronóstico de la jornada ${pools[0].numberQuiniela} enviado.`)).toBeVisible();

    await page.reload();
    for (const [n, s] of [
      [1, "1"],
      [1, "X"],
      [5, "1"],
      [5, "2"],
      [10, "1"],
      [10, "X"],
      [10, "2"],
      [3, "X"],
    ] as const)
      await expect(sign(page, n, s)).toBeChecked();
    await expect(sign(page, 2, "X")).not.toBeChecked();
    await expect(page.getByLabel(`Goles de ${home}`)).toHaveValue("2");
    await expect(page.getByText(/Ya enviaste tu pronóstico/)).toBeVisible();

    await sign(page, 14, "1").uncheck();
    await sign(page, 14, "2").check();
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText(`Pronóstico de la jornada ${pools[0].numberQuiniela} actualizado.`)).toBeVisible();
    const saved = await apiCall(`GET`, `/Quiniela/${pools[0].id}/MyPrediction?groupId=${groupId}`, undefined, player.token);
    expect(saved.body.prediction.matches[13]).toEqual(["2"]);
    expect(saved.body.prediction.matches[9]).toEqual(["1", "X", "2"]);
    expect(saved.body.prediction.plain15).toEqual({ home: 2, away: 0 });
    await expectAccessible(page, testInfo);
  });

  test("a round not open yet and a blocked player show why, with the picks disabled; the backend refuses them anyway", async ({ page }) => {
    const { pools } = await seasonWithPools(2);
    const player = await newPlayer();
    const { manager, groupId, groupQuinielaIds } = await groupWithRounds(
      [player],
      [
        { quinielaId: pools[0].id, openIn: 24 * HOUR, closeIn: 72 * HOUR, typeQuinielaId: 1 },
        { quinielaId: pools[1].id, openIn: -HOUR, closeIn: 72 * HOUR, typeQuinielaId: 1 },
      ],
    );
    expect((await apiCall("POST", "/GroupQuiniela/BlockUser", { groupQuinielaId: groupQuinielaIds[1], userId: player.id }, manager.token)).status).toBeLessThan(
      300,
    );
    await signIn(page, player.username);

    await page.goto(`/grupo/${groupId}/predictions?quiniela=${pools[0].id}`);
    await expect(page.getByText(/Esta jornada todavía no está abierta/)).toBeVisible();
    await expect(sign(page, 1, "1")).toBeDisabled();
    await expect(page.getByRole("button", { name: "Enviar pronóstico" })).toBeDisabled();

    await page.getByRole("link", { name: new RegExp(`Jornada ${pools[1].numberQuiniela}`) }).click();
    await expect(page.getByText("El gestor te ha bloqueado en esta jornada: no puedes enviar ni cambiar tu pronóstico.")).toBeVisible();
    await expect(sign(page, 7, "X")).toBeDisabled();

    const body = { groupId, matches: Array.from({ length: 14 }, () => ["1"]), plain15: { home: 1, away: 0 } };
    for (const pool of pools) expect((await apiCall("POST", `/Quiniela/${pool.id}/MakePrediction`, body, player.token)).status).toBe(403);
  });

  test("only rounds still open are offered; a closed one opened by its link says so", async ({ page }) => {
    const { pools } = await seasonWithPools(3);
    const player = await newPlayer();
    const { groupId } = await groupWithRounds(
      [player],
      [
        { quinielaId: pools[0].id, openIn: -HOUR, closeIn: 96 * HOUR, typeQuinielaId: 1, forceClosed: true },
        { quinielaId: pools[1].id, openIn: -2 * HOUR, closeIn: 48 * HOUR, typeQuinielaId: 1 },
        { quinielaId: pools[2].id, openIn: -3 * HOUR, closeIn: 24 * HOUR, typeQuinielaId: 2 },
      ],
    );
    await signIn(page, player.username);
    await page.goto(`/grupo/${groupId}/predictions`);
    const offered = page.getByRole("navigation", { name: "Jornadas disponibles" }).getByRole("link");
    // Sorted by open date: the round opened three hours ago comes first.
    await expect(offered).toHaveText([new RegExp(`Jornada ${pools[2].numberQuiniela} `), new RegExp(`Jornada ${pools[1].numberQuiniela} `)]);
    await expect(page.getByRole("heading", { level: 2, name: `Jornada ${pools[2].numberQuiniela}` })).toBeVisible();

    await page.goto(`/grupo/${groupId}/predictions?quiniela=${pools[0].id}`);
    await expect(page.getByText("El gestor ha cerrado esta jornada: no admite cambios.")).toBeVisible();
    await expect(sign(page, 1, "1")).toBeDisabled();
  });
  test("picks sent after the manager closed the round meanwhile are refused, and the page says why", async ({ page }) => {
    const { pools, home, away } = await seasonWithPools(1);
    const player = await newPlayer();
    const round = { quinielaId: pools[0].id, openIn: -HOUR, closeIn: 48 * HOUR, typeQuinielaId: 1 };
    const { manager, groupId } = await groupWithRounds([player], [round]);
    await signIn(page, player.username);
    await page.goto(`/grupo/${groupId}/predictions`);
    for (let n = 1; n <= 14; n++) await sign(page, n, "1").check();
    await page.getByLabel(`Goles de ${home}`).fill("2");
    await page.getByLabel(`Goles de ${away}`).fill("1");
    // The manager closes the round while the form is open: the page no longer offers it once sent.
    const dates = {
      groupId,
      quinielaId: round.quinielaId,
      openDate: new Date(Date.now() + round.openIn).toISOString(),
      closeDate: new Date(Date.now() + round.closeIn).toISOString(),
    };
    expect((await apiCall("POST", "/GroupQuiniela/UpdateStatus", { ...dates, forceClosed: true }, manager.token)).status).toBeLessThan(300);
    await page.getByRole("button", { name: "Enviar pronóstico" }).click();
    await expect(page.getByRole("alert")).toHaveText(ROUND_CLOSED_MESSAGE);
    const mine = await apiCall("GET", `/Quiniela/${round.quinielaId}/MyPrediction?groupId=${groupId}`, undefined, player.token);
    expect(mine.body.prediction ?? null).toBeNull();
  });

  test("a round whose official results are complete reads as ended before its close date, on the dashboard and the predictions screen", async ({ page }) => {
    const { admin, pools } = await seasonWithPools(1);
    const player = await newPlayer();
    const { groupId } = await groupWithRounds([player], [{ quinielaId: pools[0].id, openIn: -HOUR, closeIn: 48 * HOUR, typeQuinielaId: 1 }]);
    await signIn(page, player.username);
    await page.goto(`/grupo/${groupId}/dashboard`);
    await expect(page.getByRole("rowheader", { name: `Jornada ${pools[0].numberQuiniela}`, exact: true })).toBeVisible();
    const results = { quinielaId: pools[0].id, matches: Array.from({ length: 14 }, () => "1"), plain15: { home: 2, away: 1 } };
    expect((await apiCall("POST", "/Quiniela/SetResults", results, admin)).status).toBeLessThan(300);
    await page.goto(`/grupo/${groupId}/dashboard`);
    await expect(page.getByText("No hay jornadas abiertas ni por abrir ahora mismo.")).toBeVisible();
    await page.goto(`/grupo/${groupId}/predictions?quiniela=${pools[0].id}`);
    await expect(page.getByText("Esta jornada ya tiene sus resultados oficiales: no admite cambios.")).toBeVisible();
    await expect(sign(page, 1, "1")).toBeDisabled();
  });
});
