import { expect, test } from "./fixtures";
import { apiCall, E2E, expectAccessible, newGroup, newPlayer, signIn } from "./helpers";

test.describe("leave and be forgotten (decision 083)", () => {
  test("a player deletes their account from /perfil with the password, sees the confirmation and cannot sign in again", async ({ page }, testInfo) => {
    const player = await newPlayer("olvido");
    await signIn(page, player.username);
    await page.goto("/perfil");
    const section = page.getByRole("region", { name: "Eliminar mi cuenta" });
    await expect(section.getByText(/Se borran tu e-mail, tu nombre de usuario/)).toBeVisible();
    await expect(section.getByText(/«Antiguo miembro» y un número/)).toBeVisible();
    await expectAccessible(page, testInfo);

    // A wrong password deletes nothing and says so.
    await page.getByLabel("Tu contraseña").fill("Otra#Clave2026");
    await page.getByRole("button", { name: "Eliminar mi cuenta" }).click();
    await expect(page.getByText("No se ha eliminado tu cuenta: La contraseña no es correcta: tu cuenta no se ha eliminado.")).toBeVisible();
    expect((await apiCall("GET", "/auth/me", undefined, player.token)).status).toBe(200);

    await page.getByLabel("Tu contraseña").fill(player.password);
    await page.getByRole("button", { name: "Eliminar mi cuenta" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Tu cuenta se ha eliminado. Tus datos personales se han borrado.")).toBeVisible();
    // Every session is gone, the one opened through the API too.
    expect((await apiCall("GET", "/auth/me", undefined, player.token)).status).toBe(401);

    await page.getByLabel("Usuario o email").fill(player.username);
    await page.getByLabel("Contraseña").fill(player.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("Login incorrecto. Revisa usuario y contraseña.")).toBeVisible();
  });

  test("an admin erases the account of a member who cannot sign in, from the Roles screen; the only manager must hand over first", async ({
    page,
  }, testInfo) => {
    const gestor = await newPlayer("gestorolvido");
    const member = await newPlayer("sinacceso");
    const group = await newGroup(gestor, [member], "Peña olvido ");
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto(`/admin/roles?grupo=${group.id}`);
    const section = page.getByRole("region", { name: "Eliminar la cuenta de un miembro" });
    await expect(section).toBeVisible();
    await expectAccessible(page, testInfo);

    await section.getByLabel("Miembro").selectOption({ label: gestor.username });
    await section.getByLabel("Esta persona me ha pedido que elimine su cuenta").check();
    await section.getByRole("button", { name: "Eliminar su cuenta" }).click();
    await expect(page.getByText(/No se ha eliminado la cuenta: Es el único gestor de la peña/)).toBeVisible();
    expect((await apiCall("GET", "/auth/me", undefined, gestor.token)).status).toBe(200);

    await page.goto(`/admin/roles?grupo=${group.id}`);
    await section.getByLabel("Miembro").selectOption({ label: member.username });
    await section.getByLabel("Esta persona me ha pedido que elimine su cuenta").check();
    await section.getByRole("button", { name: "Eliminar su cuenta" }).click();
    await expect(page.getByText("Cuenta eliminada. Sus datos personales se han borrado.")).toBeVisible();
    expect((await apiCall("GET", "/auth/me", undefined, member.token)).status).toBe(401);
    expect((await apiCall("POST", "/auth/login", { username: member.username, password: member.password })).status).toBe(401);
    await expect(page.getByRole("main")).not.toContainText(member.username);
  });
});
