import { expect, test, type Locator, type Page } from "./fixtures";
import { E2E, apiCall, expectAccessible, mailsTo, newPlayer, PASSWORD, sessionToken, signIn, unique, signOut } from "./helpers";

/** Fills the registration form (its e-mail made from the username), with an avatar if given, and sends it. */
async function fillRegistration(page: Page, username: string, password: string, confirm: string, avatar?: Parameters<Locator["setInputFiles"]>[0]) {
  await page.getByLabel("Email").fill(`${username}@e2e.local`);
  await page.getByLabel("Nombre de usuario").fill(username);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByLabel("Repite la contraseña").fill(confirm);
  if (avatar) await page.getByLabel("Avatar (opcional)").setInputFiles(avatar);
  await page.getByRole("button", { name: "Registrarse" }).click();
}

test.describe("registering", () => {
  test("a player registers, fixing each mistake without retyping the rest", async ({ page }, testInfo) => {
    const taken = await newPlayer("ocupado");
    const username = unique("nuevo");
    await page.goto("/register");
    await expectAccessible(page, testInfo);
    const fill = (password: string, confirm: string, name = username) => fillRegistration(page, name, password, confirm);

    await fill("debil", "debil");
    await expect(page.getByText("La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula, un número y un símbolo.")).toBeVisible();
    await expect(page.getByLabel("Nombre de usuario")).toHaveValue(username);
    await expect(page.getByLabel("Email")).toHaveValue(`${username}@e2e.local`);

    await fill(PASSWORD, "Otra#2026cosa");
    await expect(page.getByText("Las contraseñas no coinciden.")).toBeVisible();

    // A taken e-mail answers as a free one would (decisions 078 and 092): the spec's message on the
    // sign-in page, and an account to sign in to by name; the mail, in the owner's inbox, says the rest.
    const asker = unique("otro");
    await page.getByLabel("Email").fill(taken.email);
    await page.getByLabel("Nombre de usuario").fill(asker);
    await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Repite la contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Registrarse" }).click();
    const answered = async () => {
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("status")).toHaveText("Registro exitoso. Ya puedes iniciar sesión.");
      return page.locator("main").innerText();
    };
    const forTaken = await answered();
    await expect.poll(async () => (await mailsTo(taken.email)).some((m) => m.text.includes("ya es el de tu cuenta"))).toBe(true);
    await signIn(page, asker);
    await page.goto("/perfil");
    await expect(page.getByRole("status").filter({ hasText: "Confirma tu dirección de correo" })).toContainText(taken.email);
    await signOut(page);
    await page.goto("/register");

    await fill(PASSWORD, PASSWORD);
    expect(await answered()).toBe(forTaken);
    await signIn(page, username);
    await expect(page).toHaveURL(/\/inicio$/);
    await expect(page.getByRole("link", { name: username })).toBeVisible();
  });

  test("/registro is the same registration screen", async ({ page }) => {
    await page.goto("/registro");
    await expect(page.getByRole("heading", { name: "Registro" })).toBeVisible();
    await expect(page.getByLabel("Avatar (opcional)")).toBeVisible();
    await expect(page.getByRole("link", { name: "Inicia sesión" })).toHaveAttribute("href", "/login");
  });

  for (const refused of [
    {
      title: "an avatar that is not an image is refused and the account is not created",
      file: { name: "virus.png", mimeType: "image/png", buffer: Buffer.from("no soy una imagen") },
      message: /Error al registrar: La imagen del avatar no es válida/,
      kept: (username: string) => ["Nombre de usuario", username],
    },
    {
      title: "a 20 MB avatar is refused with a message and the typed fields stay",
      file: { name: "enorme.png", mimeType: "image/png", buffer: Buffer.alloc(20 * 1024 * 1024, 1) },
      message: "La imagen es demasiado grande (máximo 5 MB).",
      kept: (username: string) => ["Email", `${username}@e2e.local`],
    },
  ]) {
    test(refused.title, async ({ page }) => {
      const username = unique("foto");
      await page.goto("/register");
      await fillRegistration(page, username, PASSWORD, PASSWORD, refused.file);
      await expect(page.getByText(refused.message)).toBeVisible();
      const [label, value] = refused.kept(username);
      await expect(page.getByLabel(label)).toHaveValue(value);
      expect((await apiCall("POST", "/auth/login", { username, password: PASSWORD })).status).toBe(401);
    });
  }
});

test.describe("signing in", () => {
  test("by username or by e-mail; a wrong password says so; sign-out revokes the token", async ({ page }, testInfo) => {
    const player = await newPlayer();
    await page.goto("/login");
    await expectAccessible(page, testInfo);
    await page.getByLabel("Usuario o email").fill(player.username);
    await page.getByLabel("Contraseña").fill("Mal#clave2026");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("Login incorrecto. Revisa usuario y contraseña.")).toBeVisible();
    await expect(page.getByLabel("Usuario o email")).toHaveValue(player.username);

    await signIn(page, player.email);
    await expect(page).toHaveURL(/\/inicio$/);
    const token = await sessionToken(page);
    expect(token).toBeTruthy();
    expect(await page.content()).not.toContain(token!);
    const cookie = (await page.context().cookies()).find((c) => c.name === "__session")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");

    await signOut(page);
    await expect(page.getByText("Invitado")).toBeVisible();
    expect((await apiCall("GET", "/auth/me", undefined, token!)).status).toBe(401);

    await signIn(page, player.username);
    await expect(page.getByRole("link", { name: player.username })).toHaveAttribute("href", "/perfil");
    await expect(page.getByRole("link", { name: player.username }).locator("img")).toHaveAttribute("src", "/default-avatar.png");
  });

  test("after signing in, the visitor returns to the page they asked for", async ({ page }) => {
    const player = await newPlayer();
    await page.goto("/perfil");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fperfil$/);
    await page.getByLabel("Usuario o email").fill(player.username);
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/perfil$/);
  });

  test("a redirect to another site after sign-in is ignored", async ({ page }) => {
    const player = await newPlayer();
    await page.goto("/login?redirectTo=//evil.example/");
    await page.getByLabel("Usuario o email").fill(player.username);
    await page.getByLabel("Contraseña").fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/inicio`);
  });

  test("the wait screen's quotes come from /phrases.json", async ({ page }) => {
    const phrases = (await (await page.request.get("/phrases.json")).json()) as { text: string }[];
    await page.goto("/login");
    await expect(page.locator(".quote p").first()).toHaveAttribute("data-text", `«${phrases[0].text}»`);
  });
});

test.describe("recovering a password", () => {
  test("the e-mailed link sets a new password once", async ({ page }, testInfo) => {
    const player = await newPlayer("olvido");
    await page.goto("/login");
    await page.getByRole("link", { name: "¿Has olvidado tu contraseña?" }).click();
    await expect(page.getByRole("heading", { name: "Recuperar contraseña" })).toBeVisible();
    await expectAccessible(page, testInfo);
    await page.getByLabel("Email").fill(player.email);
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByText("Si el correo existe, hemos enviado la contraseña a tu bandeja de entrada.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver" })).toHaveAttribute("href", "/");

    // The link goes out just after the answer (decision 078).
    const resets = async () => (await mailsTo(player.email)).filter((m) => m.subject === "Quiniela de peñas: cambia tu contraseña");
    await expect.poll(async () => (await resets()).length).toBe(1);
    const mail = (await resets()).at(-1)!;
    const link = /http:\/\/localhost:\d+\/ChangePassword\?token=[\w-]+/.exec(mail.text)![0];
    await page.goto(link);
    await page.getByLabel("Nueva contraseña").fill("debil");
    await page.getByLabel("Repite la contraseña").fill("debil");
    await page.getByRole("button", { name: "Cambiar contraseña" }).click();
    await expect(page.getByText("La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula, un número y un símbolo.")).toBeVisible();
    await page.getByLabel("Nueva contraseña").fill("Nueva#Clave2026");
    await page.getByLabel("Repite la contraseña").fill("Nueva#Clave2026");
    await page.getByRole("button", { name: "Cambiar contraseña" }).click();
    await expect(page.getByText("Contraseña actualizada. Ya puedes iniciar sesión.")).toBeVisible();

    expect((await apiCall("POST", "/auth/login", { username: player.username, password: PASSWORD })).status).toBe(401);
    await signIn(page, player.username, "Nueva#Clave2026");
    await signOut(page);

    await page.goto(link);
    await page.getByLabel("Nueva contraseña").fill("Otra#Clave2026");
    await page.getByLabel("Repite la contraseña").fill("Otra#Clave2026");
    await page.getByRole("button", { name: "Cambiar contraseña" }).click();
    await expect(page.getByText(/no es válido, ya se usó o ha caducado/)).toBeVisible();
  });

  test("an unknown address gets the same answer", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(`${unique("nadie")}@e2e.local`);
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByText("Si el correo existe, hemos enviado la contraseña a tu bandeja de entrada.")).toBeVisible();
  });
});

test.describe("safety", () => {
  test("a forged cross-site POST is refused and changes nothing", async ({ request }) => {
    const res = await request.post("/register", {
      headers: { origin: "https://evil.example" },
      form: { email: "x@evil.example", username: unique("evil"), password: PASSWORD, confirm: PASSWORD },
    });
    expect(res.status()).toBe(403);
  });

  test("a JSON body or huge values where a form is expected get a message, not a 500", async ({ request }) => {
    const json = await request.post("/login", {
      headers: { origin: E2E.baseUrl, "content-type": "application/json" },
      data: { identifier: "a", password: "b" },
    });
    expect(json.status()).toBeLessThan(500);
    const huge = await request.post("/register", {
      headers: { origin: E2E.baseUrl },
      form: { email: "a".repeat(10_000), username: "\u202e\u0000ñ".repeat(3000), password: "x".repeat(10_000), confirm: "y" },
    });
    expect(huge.status()).toBe(400);
    expect(await huge.text()).toContain("Las contraseñas no coinciden.");
  });
});
