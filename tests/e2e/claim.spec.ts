import { expect, test } from "./fixtures";
import { expectAccessible, mailsTo, newGroup, newPlayer, PASSWORD, signIn, signOut, unique } from "./helpers";

/**
 * Decision 061: typing a placeholder's e-mail at sign-up claims nothing; the link sent to that
 * address (read here from the test's SMTP sink) is what turns the member imported without an
 * account into an account, with its money.
 */
test.describe("unirse con el enlace del correo", () => {
  test("signing up with a placeholder's e-mail sends a link there; only that link makes the member an account, money kept", async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const manager = await newPlayer("gestora");
    const group = await newGroup(manager, [], "Peña enlace ");
    const name = unique("Pepe");
    const email = `${name.toLowerCase()}@e2e.local`;

    await signIn(page, manager.username);
    const importCsv = async (kind: string, file: string, text: string, done: RegExp) => {
      await page.goto(`/grupo/${group.id}/importar`);
      await page.getByLabel(kind, { exact: true }).check();
      await page.getByLabel(/Archivo CSV/).setInputFiles({ name: file, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });
      await page.getByRole("button", { name: "Ver la vista previa" }).click();
      await page.getByRole("button", { name: "Confirmar la importación" }).click();
      await expect(page.getByText(done)).toBeVisible();
    };
    await importCsv("Miembros", "miembros.csv", `Nombre;E-mail\r\n${name};${email}\r\n`, /1 miembros sin cuenta añadidos/);
    await importCsv(
      "Movimientos de la caja",
      "movimientos.csv",
      `Fecha;Miembro;Importe;Tipo;Referencia\r\n01/02/2026;${name};25,00;Pago;Bizum\r\n`,
      /1 movimientos anotados/,
    );
    await signOut(page);

    // Someone types the address at sign-up: answered as for any address (decision 092), with an
    // account of their own that only asked for the address; the member stays the holder's, by the link.
    await page.setViewportSize({ width: 390, height: 844 });
    const stranger = unique("extrano");
    await page.goto("/register");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Nombre de usuario").fill(stranger);
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Repite la contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Registrarse" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toHaveText("Registro exitoso. Ya puedes iniciar sesión.");
    await expectAccessible(page, testInfo);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await signIn(page, stranger);
    await page.goto(`/grupo/${group.id}/caja`);
    await expect(page.getByRole("heading", { level: 1 })).not.toContainText("Caja");
    await page.goto("/inicio");
    await signOut(page);

    // The holder of the address opens the link from the mail and chooses a name and a password.
    await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
    const [mail] = await mailsTo(email);
    const link = /https?:\/\/\S+\/unirse\?token=[0-9a-f.]+/.exec(mail.text)![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole("heading", { level: 1, name: "Termina tu registro" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectAccessible(page, testInfo);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const username = unique("pepe");
    await page.getByLabel("Nombre de usuario").fill(username);
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Repite la contraseña").fill("Otra#2026cosa");
    await page.getByRole("button", { name: "Crear mi cuenta" }).click();
    await expect(page.getByText("Las contraseñas no coinciden.")).toBeVisible();
    await expect(page.getByLabel("Nombre de usuario")).toHaveValue(username);
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Repite la contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Crear mi cuenta" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Ya tienes cuenta: tus pronósticos y tus pagos son tuyos. Ya puedes iniciar sesión.")).toBeVisible();

    await signIn(page, username);
    await page.goto(`/grupo/${group.id}/caja`);
    await expect(page.getByText("25,00 €").first()).toBeVisible();

    // The link works once.
    await signOut(page);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByText(/El enlace para unirte no es válido, ya se usó o ha caducado/)).toBeVisible();
  });
});
