import { expect, test } from "./fixtures";
import { E2E, expectAccessible, mailsTo, newPlayer } from "./helpers";

const LINK = "Qué datos guardamos y tus derechos";

// The privacy notice (decision 085): the e2e server sets PRIVACY_* and RETENTION_OUTBOX_DAYS=5 (tests/support/e2e-server.mjs).
test.describe("the privacy notice", () => {
  test("is reached from the sign-up page and says who holds the data, for how long, and how to complain", async ({ page }, testInfo) => {
    await page.goto("/register");
    await page.getByRole("link", { name: LINK }).click();
    await expect(page).toHaveURL(/\/privacidad$/);
    await expect(page.getByRole("heading", { name: "Privacidad", level: 1 })).toBeVisible();
    const controller = page.getByRole("region", { name: "Quién es el responsable" });
    await expect(controller).toContainText("Peña La Esperanza de Prueba");
    await expect(controller).toContainText("Calle del Ensayo 7, 44001 Teruel");
    await expect(controller.getByRole("link", { name: "privacidad@e2e.local" })).toHaveAttribute("href", "mailto:privacidad@e2e.local");
    const kept = page.getByRole("region", { name: "Cuánto tiempo se guardan" });
    await expect(kept).toContainText("Las copias de los correos enviados que se guardan en el servidor: 5 días.");
    await expect(kept).toContainText("Las direcciones IP que se guarden junto a una petición: 30 días.");
    await expect(kept).toContainText("Las sesiones abiertas: 30 días");
    // The resguardo photos (decision 093): what they hold and how long they stay.
    await expect(page.getByRole("region", { name: "Qué datos se guardan y para qué" })).toContainText("Solo las ven los miembros de la peña.");
    await expect(kept).toContainText("Las fotos de los resguardos: con su jornada, mientras la peña guarde sus datos");
    // SMTP_URL is set: the relay is named as a recipient.
    await expect(page.getByRole("region", { name: "Quién más los recibe" })).toContainText("127.0.0.1");
    await expect(page.getByRole("link", { name: "www.aepd.es" })).toHaveAttribute("href", "https://www.aepd.es");
    await expect(page.getByText("«Descargar mis datos»")).toBeVisible();
    await expect(page.getByText("«Eliminar mi cuenta»")).toBeVisible();
    await expectAccessible(page, testInfo);
  });

  test("is reached from the claim page and from every page's footer", async ({ page }) => {
    await page.goto("/unirse?token=no-vale");
    await page.getByRole("link", { name: LINK }).click();
    await expect(page).toHaveURL(/\/privacidad$/);
    await page.goto("/login");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacidad" }).click();
    await expect(page.getByRole("heading", { name: "Privacidad", level: 1 })).toBeVisible();
  });

  test("every mail ends with a line pointing at it", async ({ page }) => {
    const player = await newPlayer("priv");
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(player.email);
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByText("Si el correo existe, hemos enviado la contraseña a tu bandeja de entrada.")).toBeVisible();
    await expect.poll(async () => (await mailsTo(player.email)).length).toBeGreaterThan(0);
    const mail = (await mailsTo(player.email)).at(-1)!;
    expect(mail.text).toContain(`Cómo tratamos tus datos y tus derechos: ${E2E.baseUrl}/privacidad`);
  });
});
