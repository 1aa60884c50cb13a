import { expect, test } from "./fixtures";
import { apiCall, expectAccessible, newPlayer, signIn } from "./helpers";

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
});
