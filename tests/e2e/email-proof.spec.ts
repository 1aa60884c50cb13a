import { expect, test } from "./fixtures";
import { expectAccessible, mailsTo, PASSWORD, signIn, unique } from "./helpers";

/** Decision 078: a new account proves its own address with the link mailed to it, a plain form, with or without scripts. */
test.describe("proving one's own address", () => {
  test("the profile says what waits for the proof, another link can be asked, and the link's button proves it", async ({ page }, testInfo) => {
    const username = unique("prueba");
    const email = `${username}@e2e.local`;
    await page.goto("/register");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Nombre de usuario").fill(username);
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Repite la contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Registrarse" }).click();
    // Until the address is proved the account signs in by its username (decision 092).
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Registro exitoso. Ya puedes iniciar sesión.")).toBeVisible();
    await signIn(page, username);

    await page.goto("/perfil");
    const notice = page.getByRole("status").filter({ hasText: "Confirma tu dirección de correo para poder invitar" });
    await expect(notice).toContainText(email);
    await expectAccessible(page, testInfo);
    await page.getByRole("button", { name: "Enviar otro enlace" }).click();
    await expect(page.getByText(`Te hemos enviado un enlace a ${email}. Ábrelo para confirmar que la dirección es tuya.`)).toBeVisible();
    await expect.poll(async () => (await mailsTo(email)).length).toBe(2);

    const link = /https?:\/\/\S+\/confirmar-correo\?token=[0-9a-f.]+/.exec((await mailsTo(email)).at(-1)!.text)![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole("heading", { level: 1, name: "Confirma tu dirección de correo" })).toBeVisible();
    await expectAccessible(page, testInfo);
    await page.getByRole("button", { name: "Confirmar mi dirección" }).click();
    await expect(page).toHaveURL(/\/perfil$/);
    await expect(page.getByText("Dirección de correo confirmada: ya puedes invitar a los miembros de tus peñas.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar otro enlace" })).toHaveCount(0);

    // A link someone altered proves nothing, and says so.
    await page.goto(`/confirmar-correo?token=1.${"0".repeat(32)}.${"0".repeat(64)}`);
    await page.getByRole("button", { name: "Confirmar mi dirección" }).click();
    await expect(page.getByRole("alert")).toHaveText("El enlace para confirmar tu dirección de correo no es válido o ha caducado. Pide otro desde tu perfil.");
  });
});
