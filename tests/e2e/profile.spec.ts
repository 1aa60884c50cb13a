import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { apiCall, expectAccessible, newPlayer, signIn, signOut, unique } from "./helpers";

const PASSWORD_RULE_MESSAGE = "La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula, un número y un símbolo.";

test.describe("the profile", () => {
  test("a player uploads an avatar: stored 64 px wide and shown at once in the header", async ({ page }, testInfo) => {
    const player = await newPlayer("avatar");
    await signIn(page, player.username);
    await page.goto("/perfil");
    await expect(page.getByRole("heading", { name: "Perfil" })).toBeVisible();
    await expectAccessible(page, testInfo);
    const header = page.getByRole("link", { name: player.username }).locator("img");
    await expect(header).toHaveAttribute("src", "/default-avatar.png");

    await page.getByLabel("Nueva imagen").setInputFiles({ name: "no.png", mimeType: "image/png", buffer: Buffer.from("no soy una imagen") });
    await page.getByRole("button", { name: "Subir avatar" }).click();
    await expect(page.getByText(/^Error al subir el avatar\./)).toBeVisible();

    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c00" } })
      .png()
      .toBuffer();
    await page.getByLabel("Nueva imagen").setInputFiles({ name: "yo.png", mimeType: "image/png", buffer: photo });
    await page.getByRole("button", { name: "Subir avatar" }).click();
    await expect(page.getByText("Avatar actualizado.")).toBeVisible();
    await expect(header).toHaveAttribute("src", /^\/avatars\/\d+-\d+\.jpg$/);
    const served = await page.request.get((await header.getAttribute("src"))!);
    expect(served.headers()["content-type"]).toBe("image/jpeg");
    expect((await sharp(await served.body()).metadata()).width).toBe(64);
    await expect(page.getByRole("img", { name: "Tu avatar actual" })).toHaveAttribute("src", (await header.getAttribute("src"))!);
  });

  test("a missing avatar falls back to the default picture", async ({ page }) => {
    const response = await page.request.get("/avatars/999999-1.jpg", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/default-avatar.png");
  });

  test("a player changes the password: weak ones are refused, other sessions end, this one stays", async ({ page }) => {
    const player = await newPlayer("clave");
    await signIn(page, player.username);
    await page.goto("/perfil");
    const change = async (password: string, confirm = password) => {
      await page.getByLabel("Nueva contraseña", { exact: true }).fill(password);
      await page.getByLabel("Repite la nueva contraseña").fill(confirm);
      await page.getByRole("button", { name: "Cambiar contraseña" }).click();
    };
    await change("debil123");
    await expect(page.getByText(PASSWORD_RULE_MESSAGE)).toBeVisible();
    await change("Nueva#Clave2026", "Otra#Clave2026");
    await expect(page.getByText("Las contraseñas no coinciden.")).toBeVisible();
    await change("Nueva#Clave2026");
    await expect(page.getByText("Contraseña actualizada. Tus otras sesiones se han cerrado.")).toBeVisible();

    // The session opened through the API (another device) has ended; this one goes on.
    expect((await apiCall("GET", "/auth/me", undefined, player.token)).status).toBe(401);
    await page.goto("/perfil");
    await expect(page.getByRole("heading", { name: "Perfil" })).toBeVisible();

    await signOut(page);
    await page.getByLabel("Usuario o email").fill(player.username);
    await page.getByLabel("Contraseña").fill(player.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("Login incorrecto. Revisa usuario y contraseña.")).toBeVisible();
    await signIn(page, player.username, "Nueva#Clave2026");
  });

  test("a player turns the e-mail reminders off and on again", async ({ page }) => {
    const player = await newPlayer("aviso");
    await signIn(page, player.username);
    await page.goto("/perfil");
    await expect(page.getByRole("link", { name: "Mis grupos" })).toHaveCount(0);
    // With more than one group, the profile leads to them (/grupos, docs/architecture.md#screens-and-who-reaches-them).
    for (const name of [unique("Peña "), unique("Oficina ")]) {
      expect((await apiCall("POST", "/group/CreateGroup", { name, description: "" }, player.token)).status).toBe(201);
    }
    await page.reload();
    await expect(page.getByRole("link", { name: "Mis grupos" })).toHaveAttribute("href", "/grupos");
    const box = page.getByLabel("Avisarme por email antes del cierre de cada jornada que aún no haya pronosticado");
    await expect(box).toBeChecked();
    await box.uncheck();
    await page.getByRole("button", { name: "Guardar preferencia" }).click();
    await expect(page.getByText("Ya no recibirás recordatorios por email.")).toBeVisible();
    await expect(box).not.toBeChecked();
    expect((await apiCall("GET", "/User/GetAlertPreference", undefined, player.token)).body).toEqual({ sendAlert: false });
    await page.reload();
    await expect(box).not.toBeChecked();
    await box.check();
    await page.getByRole("button", { name: "Guardar preferencia" }).click();
    await expect(page.getByText("Recibirás un recordatorio antes del cierre de cada jornada.")).toBeVisible();
    await expect(box).toBeChecked();
    expect((await apiCall("GET", "/User/GetAlertPreference", undefined, player.token)).body).toEqual({ sendAlert: true });
  });

  test("a player keeps favourite quotes: refused when empty, added, edited and deleted", async ({ page }, testInfo) => {
    const player = await newPlayer("frases");
    await signIn(page, player.username);
    await page.goto("/perfil");
    await expect(page.getByText("Todavía no has guardado ninguna frase.")).toBeVisible();
    const add = page.getByRole("form", { name: "Añadir una frase" });

    await add.getByLabel("Autor").fill("Johan Cruyff");
    await add.getByRole("button", { name: "Añadir frase" }).click();
    await expect(add.getByText("La frase no puede estar vacía")).toBeVisible();
    await expect(add.getByLabel("Autor")).toHaveValue("Johan Cruyff");

    await add.getByLabel("Frase").fill("Jugar sencillo es lo más difícil.");
    await add.getByLabel("Autor").fill("");
    await add.getByRole("button", { name: "Añadir frase" }).click();
    await expect(add.getByText("El autor es obligatorio")).toBeVisible();
    await expect(add.getByLabel("Frase")).toHaveValue("Jugar sencillo es lo más difícil.");

    await add.getByLabel("Autor").fill("Johan Cruyff");
    await add.getByRole("button", { name: "Añadir frase" }).click();
    await expect(page.getByText("Frase añadida.")).toBeVisible();
    const list = page.getByRole("list").filter({ hasText: "Jugar sencillo" });
    await expect(list.getByText("«Jugar sencillo es lo más difícil.»")).toBeVisible();
    await expect(list.getByText("Johan Cruyff", { exact: true })).toBeVisible();
    await expectAccessible(page, testInfo);

    await list.getByText("Editar").click();
    const edit = list.locator("form").filter({ has: page.getByRole("button", { name: "Guardar frase" }) });
    await edit.getByLabel("Frase", { exact: true }).fill("");
    await edit.getByRole("button", { name: "Guardar frase" }).click();
    await expect(page.getByText("La frase no puede estar vacía")).toBeVisible();
    await page.getByRole("list").getByLabel("Frase", { exact: true }).fill("Si tienes la pelota, el rival no puede marcar.");
    await page.getByRole("list").getByRole("button", { name: "Guardar frase" }).click();
    await expect(page.getByText("Frase actualizada.")).toBeVisible();
    await expect(page.getByText("«Si tienes la pelota, el rival no puede marcar.»")).toBeVisible();
    expect((await apiCall("GET", "/phrases/List", undefined, player.token)).body).toHaveLength(1);

    await page.getByRole("button", { name: "Eliminar la frase de Johan Cruyff" }).click();
    await expect(page.getByText("Frase eliminada.")).toBeVisible();
    await expect(page.getByText("Todavía no has guardado ninguna frase.")).toBeVisible();
    expect((await apiCall("GET", "/phrases/List", undefined, player.token)).body).toEqual([]);
  });
});
