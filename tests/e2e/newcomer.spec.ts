import { expect, test, type Page } from "./fixtures";
import { apiCall, expectAccessible, newGroup, newPlayer, newSeason, openRound, PASSWORD, sessionToken, signIn, unique } from "./helpers";

const match = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Partido ${n} `) });

/** The newcomer's first week (decisions 065 and 092): registered, signed in by name, told what is left to predict. */
test.describe("a newcomer's first week", () => {
  test("registers, signs in by name, sees «Te falta pronosticar», the count of unmarked matches by the button, then «Pronóstico enviado»", async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const manager = await newPlayer("gestor");
    const group = await newGroup(manager);
    const { pool, home, away } = await newSeason();
    const { numberQuiniela, id: poolId } = await pool();
    await openRound(manager, { groupId: group.id, poolId });

    const username = unique("recien");
    await page.goto("/register");
    await page.getByLabel("Email").fill(`${username}@e2e.local`);
    await page.getByLabel("Nombre de usuario").fill(username);
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Repite la contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Registrarse" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Registro exitoso. Ya puedes iniciar sesión.")).toBeVisible();
    await signIn(page, username);
    await expect(page).toHaveURL(/\/inicio$/);
    const token = await sessionToken(page);
    expect(token).not.toBeNull();
    expect((await apiCall("POST", `/group/JoinByInviteCode/${group.inviteCode}`, undefined, token!)).status).toBe(200);

    await page.goto(`/grupo/${group.id}/dashboard`);
    const row = page.getByRole("row", { name: new RegExp(`^Jornada ${numberQuiniela} `) });
    await expect(row).toContainText("Te falta pronosticar");
    await expectAccessible(page, testInfo);
    await row.getByRole("link", { name: "Te falta pronosticar" }).click();
    await expect(page).toHaveURL(new RegExp(`/predictions\\?quiniela=${poolId}$`));
    const left = page.locator("#sin-marcar");
    await expect(left).toHaveText("Te falta marcar: 14 partidos de 14 y el pleno al 15.");

    // Thirteen matches and the pleno: the form says one match is left, as it comes back or as it is filled.
    for (let n = 1; n <= 13; n++) await match(page, n).getByRole("checkbox", { name: "1", exact: true }).check();
    await page.getByLabel(`Goles de ${home}`).fill("2");
    await page.getByLabel(`Goles de ${away}`).fill("1");
    await page.getByRole("button", { name: "Enviar pronóstico" }).click();
    await expect(left).toHaveText("Te falta marcar: 1 partido de 14.");
    await match(page, 14).getByRole("checkbox", { name: "X", exact: true }).check();
    await page.getByRole("button", { name: "Enviar pronóstico" }).click();
    await expect(page.getByText(/Ya enviaste tu pronóstico/)).toBeVisible();
    await expect(left).toHaveText("Todo marcado: los 14 partidos y el pleno al 15.");

    await page.goto(`/grupo/${group.id}/dashboard`);
    await expect(row).toContainText("Pronóstico enviado");
    await expect(row).not.toContainText("Te falta pronosticar");
  });
});
