import { expect, test } from "./fixtures";
import { utcToMadridLocal } from "../../core/dates";
import { E2E, apiCall, expectAccessible, newPlayer, newSeason, signIn, unique, HOUR } from "./helpers";

type Player = Awaited<ReturnType<typeof newPlayer>>;
const DAY = 24 * HOUR;

/** A group with two managers and a player, and one of its rounds open now (configured through the API). */
async function groupWithRound() {
  const [gestora, gestor2, socio] = [await newPlayer("gestora"), await newPlayer("gestor"), await newPlayer("socio")];
  const group = await apiCall<{ id: number; inviteCode: string; name: string }>("POST", "/group/CreateGroup", { name: unique("Peña ") }, gestora.token);
  for (const p of [gestor2, socio]) expect((await apiCall("POST", `/group/JoinByInviteCode/${group.body.inviteCode}`, undefined, p.token)).status).toBe(200);
  expect((await apiCall("POST", "/group/ChangeUserRole", { groupId: group.body.id, userId: gestor2.id, roleId: 2 }, gestora.token)).status).toBe(200);
  const season = await newSeason();
  const pool = await season.pool();
  const configured = await apiCall<{ id: number; version: number }>(
    "POST",
    "/GroupQuiniela/ConfigureGroupQuiniela",
    {
      groupId: group.body.id,
      quinielaId: pool.id,
      openDate: new Date(Date.now() - HOUR).toISOString(),
      closeDate: new Date(Date.now() + 2 * DAY).toISOString(),
    },
    gestora.token,
  );
  expect(configured.status).toBe(201);
  return { gestora, gestor2, socio, group: group.body, pool, round: configured.body, admin: season.admin };
}

const roundOf = async (groupId: number, quinielaId: number, who: Player) =>
  (await apiCall("GET", `/GroupQuiniela/GetByGroupAndQuiniela?groupId=${groupId}&quinielaId=${quinielaId}`, undefined, who.token)).body;

test.describe("two managers on the same round", () => {
  test("a stale dates form does not undo another manager's forced close: the save is refused with the current values and what was typed", async ({
    page,
  }, testInfo) => {
    const { gestora, gestor2, group, pool, round } = await groupWithRound();
    await signIn(page, gestora.username);
    await page.goto(`/grupo/${group.id}/ajustes?quiniela=${pool.id}`);
    const datesForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Guardar fechas" }) });
    // The dates form has no forced-close control: that is its own button.
    await expect(datesForm.getByRole("checkbox")).toHaveCount(0);

    // Meanwhile the other manager forces the close.
    const current = await roundOf(group.id, pool.id, gestor2);
    const forced = await apiCall(
      "POST",
      "/GroupQuiniela/UpdateStatus",
      { groupId: group.id, quinielaId: pool.id, openDate: current.openDate, closeDate: current.closeDate, forceClosed: true, version: round.version },
      gestor2.token,
    );
    expect(forced.status).toBe(200);

    const typed = utcToMadridLocal(new Date(Date.now() + 3 * DAY));
    await page.getByLabel("Fecha de cierre").fill(typed);
    await page.getByRole("button", { name: "Guardar fechas" }).click();
    await expect(
      page.getByText("La jornada ha cambiado desde que abriste el formulario (otra persona guardó antes). Revisa los valores actuales y vuelve a guardar."),
    ).toBeVisible();
    const currentValues = page.getByLabel("Valores actuales").first();
    await expect(currentValues).toContainText("Cierre forzado: Sí");
    await expect(page.getByLabel("Fecha de cierre")).toHaveValue(typed);
    await expect(page.getByText("Estado: Cerrada (Cerrada por el gestor)")).toBeVisible();
    expect(await roundOf(group.id, pool.id, gestora)).toMatchObject({ forceClosed: true, closeDate: current.closeDate });
    await expectAccessible(page, testInfo);

    // Having seen the current values, saving again changes the dates and still leaves the round forced closed.
    await page.getByRole("button", { name: "Guardar fechas" }).click();
    await expect(page.getByText("Fechas actualizadas.")).toBeVisible();
    await expect(page.getByText("Estado: Cerrada (Cerrada por el gestor)")).toBeVisible();
    const after = await roundOf(group.id, pool.id, gestora);
    expect(after.forceClosed).toBe(true);
    expect(utcToMadridLocal(after.closeDate)).toBe(typed);
  });
});

test.describe("the audit trail", () => {
  test("the manager's settings show a change with who and before and after; the admin sees every group's", async ({ page }, testInfo) => {
    // A long journey (two users, seven changes, axe on two pages) on a machine shared with other suites.
    test.slow();
    const { gestora, gestor2, socio, group, pool } = await groupWithRound();
    await signIn(page, gestor2.username);
    await page.goto(`/grupo/${group.id}/ajustes?quiniela=${pool.id}`);
    await page.getByRole("button", { name: `Bloquear a ${socio.username}` }).click();
    await expect(page.getByRole("button", { name: `Desbloquear a ${socio.username}` })).toBeVisible();
    await page.getByRole("button", { name: "Forzar cierre ahora" }).click();
    await expect(page.getByText("Estado: Cerrada (Cerrada por el gestor)")).toBeVisible();

    const trail = page.getByRole("region", { name: "Registro de cambios" });
    // Folded under «Ver los cambios» on the settings (decision 069).
    await trail.getByText("Ver los cambios").click();
    const entries = trail.getByRole("listitem");
    await expect(entries.first()).toContainText(`Cierre forzado · Jornada ${pool.numberQuiniela}`);
    await expect(entries.first()).toContainText(`por ${gestor2.username}`);
    await expect(entries.first()).toContainText("Cierre forzado: No → Sí");
    const blocked = entries.filter({ hasText: "Usuario bloqueado" });
    await expect(blocked).toContainText(`Usuario: ${socio.username}`);
    await expect(blocked).toContainText("Bloqueado: No → Sí");
    await expect(entries.filter({ hasText: "Jornada activada" })).toContainText(`por ${gestora.username}`);
    await expectAccessible(page, testInfo);

    // Lifting the forced close is a reopening: recorded, and the player's pick after it is flagged late.
    await page.getByRole("button", { name: "Quitar cierre forzado" }).click();
    await expect(page.getByText("Estado: Abierta")).toBeVisible();
    expect(
      (
        await apiCall(
          "POST",
          "/GroupQuiniela/UnblockUser",
          { groupQuinielaId: (await roundOf(group.id, pool.id, gestora)).id, userId: socio.id },
          gestora.token,
        )
      ).status,
    ).toBe(200);
    const pick = { groupId: group.id, matches: Array.from({ length: 14 }, () => ["1"]), plain15: { home: 1, away: 1 } };
    expect((await apiCall("POST", `/Quiniela/${pool.id}/MakePrediction`, pick, socio.token)).status).toBe(201);
    await page.reload();
    await trail.getByText("Ver los cambios").click();
    await expect(entries.filter({ hasText: "Jornada reabierta" })).toContainText(`por ${gestor2.username}`);
    const late = entries.filter({ hasText: "Pronóstico tardío" });
    await expect(late).toContainText("Tardío");
    await expect(late).toContainText(`por ${socio.username}`);

    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto("/inicio");
    await page.getByRole("link", { name: "Registro de cambios" }).click();
    await expect(page).toHaveURL(/\/admin\/auditoria$/);
    await expect(page.getByRole("heading", { level: 1, name: "Registro de cambios" })).toBeVisible();
    const adminEntry = page
      .getByRole("listitem")
      .filter({ hasText: `Usuario bloqueado · Jornada ${pool.numberQuiniela}` })
      .filter({ hasText: group.name });
    await expect(adminEntry).toContainText(`por ${gestor2.username}`);
    await expectAccessible(page, testInfo);
  });

  test("a plain member cannot open the admin trail, and a round with results cannot be reopened from the settings", async ({ page }) => {
    const { gestora, socio, group, pool, admin } = await groupWithRound();
    await signIn(page, socio.username);
    await page.goto("/admin/auditoria");
    await expect(page).not.toHaveURL(/\/admin\/auditoria/);

    const current = await roundOf(group.id, pool.id, gestora);
    expect(
      (
        await apiCall(
          "POST",
          "/GroupQuiniela/UpdateStatus",
          { groupId: group.id, quinielaId: pool.id, openDate: current.openDate, closeDate: current.closeDate, forceClosed: true },
          gestora.token,
        )
      ).status,
    ).toBe(200);
    expect(
      (await apiCall("POST", "/Quiniela/SetResults", { quinielaId: pool.id, matches: Array(14).fill("1"), plain15: { home: 1, away: 0 } }, admin)).status,
    ).toBe(200);
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await signIn(page, gestora.username);
    await page.goto(`/grupo/${group.id}/ajustes?quiniela=${pool.id}`);
    await page.getByRole("button", { name: "Quitar cierre forzado" }).click();
    await expect(page.getByText("Esta quiniela ya tiene resultados oficiales: la jornada no se puede reabrir.")).toBeVisible();
    expect((await roundOf(group.id, pool.id, gestora)).forceClosed).toBe(true);
  });
});

test.describe("two managers on the same group", () => {
  test("a stale group edit is refused: what was typed stays, the current name is shown, and saving again applies it", async ({ page }) => {
    const { gestora, gestor2, group } = await groupWithRound();
    await signIn(page, gestora.username);
    await page.goto(`/grupo/${group.id}`);
    await page.getByText("Editar grupo").click();
    const renamed = unique("Peña de ");
    expect((await apiCall("PUT", `/group/${group.id}`, { name: renamed, description: "Cambiada por el otro gestor" }, gestor2.token)).status).toBe(200);

    const typed = unique("Mi peña ");
    await page.getByLabel("Nombre").fill(typed);
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(
      page.getByText("El grupo ha cambiado desde que abriste el formulario (otra persona guardó antes). Revisa los valores actuales y vuelve a guardar."),
    ).toBeVisible();
    await expect(page.getByLabel("Valores actuales")).toContainText(`Nombre: ${renamed}`);
    await expect(page.getByLabel("Nombre")).toHaveValue(typed);
    expect((await apiCall("GET", `/group/${group.id}`, undefined, gestora.token)).body.name).toBe(renamed);

    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByRole("heading", { level: 1, name: typed })).toBeVisible();
  });
});
