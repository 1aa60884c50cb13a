import { expect, test } from "./fixtures";
import { apiCall, E2E, expectAccessible, mailsTo, newGroup, newPlayer, signIn, unique } from "./helpers";

/**
 * Decision 086: the link at the end of every mail, opened in a browser (JavaScript off and on), asks
 * on a plain form and does on its press; the mail client's one-click (RFC 8058) does without a page.
 * For an account, one kind of mail off, as /perfil then shows; for an imported member's address,
 * «no soy yo» removes it from the member and tells the peña's manager.
 */

/** The way-out link of the last mail to `address`, from its List-Unsubscribe header, as a path of this app. */
async function wayOutOf(address: string, count = 1) {
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 15_000 }).toBe(count);
  const mail = (await mailsTo(address)).at(-1)!;
  expect(mail.raw).toMatch(/^List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click/im);
  const url = new URL(/^List-Unsubscribe:\s*<([^>]+)>/im.exec(mail.raw)![1]);
  expect(mail.text.replace(/\s+/g, "")).toContain(url.href);
  return url.pathname + url.search;
}

test.describe("dejar de recibir correos", () => {
  test("an account turns the access notices off from the reset mail's link, and its profile shows them off", async ({ page }, testInfo) => {
    const me = await newPlayer("baja");
    expect((await apiCall("POST", "/api/auth/forgot-password", { email: me.email })).status).toBe(200);
    const link = await wayOutOf(me.email, 2);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Dejar de recibir correos" })).toBeVisible();
    await expect(page.getByText("¿Quieres dejar de recibir los avisos sobre el acceso a tu cuenta")).toBeVisible();
    await expectAccessible(page, testInfo);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: "Dejar de recibirlos" }).click();
    await expect(page.getByRole("status")).toHaveText(/^Listo: ya no te enviaremos los avisos sobre el acceso a tu cuenta/);
    await expectAccessible(page, testInfo);

    await signIn(page, me.username);
    await page.goto("/perfil");
    await expect(page.getByLabel(/Enviarme los avisos sobre el acceso a mi cuenta/)).not.toBeChecked();
    await expect(page.getByLabel(/Avisarme por email antes del cierre/)).toBeChecked();
  });

  test("the mail client's one-click POST stops that kind with no page in between", async ({ request }) => {
    const me = await newPlayer("unclic");
    await apiCall("POST", "/api/auth/forgot-password", { email: me.email });
    const link = await wayOutOf(me.email, 2);
    const res = await request.post(link, { form: { "List-Unsubscribe": "One-Click" } });
    expect(res.status()).toBe(200);
    expect((await apiCall("GET", "/User/MailPreferences", undefined, me.token)).body).toEqual({ sendManagerMail: true, sendAccountMail: false });
  });

  test("«no soy yo»: the imported member's address is removed, its peña keeps the member, and the manager is told", async ({ page }, testInfo) => {
    const manager = await newPlayer("gestor");
    const group = await newGroup(manager, [], "Peña baja ");
    const name = unique("Pepe");
    const email = `${name.toLowerCase()}@e2e.local`;
    const form = new FormData();
    form.set("kind", "members");
    form.set("archivo", new Blob([`Nombre;E-mail\r\n${name};${email}\r\n`]), "miembros.csv");
    const preview = await fetch(`${E2E.apiUrl}/group/${group.id}/import/preview`, {
      method: "POST",
      headers: { authorization: `Bearer ${manager.token}` },
      body: form,
    });
    const draft = ((await preview.json()) as { draft: string }).draft;
    expect((await apiCall("POST", `/group/${group.id}/import/confirm`, { draft }, manager.token)).status).toBe(200);
    const placeholders = await apiCall<{ userId: number }[]>("GET", `/group/${group.id}/placeholders`, undefined, manager.token);
    const [{ userId }] = placeholders.body;
    expect((await apiCall("POST", `/group/${group.id}/placeholders/${userId}/invite`, {}, manager.token)).status).toBe(200);
    const invitation = (await mailsTo(email))[0];
    expect(invitation.text).toContain(`La peña «${group.name}» nos dio esta dirección al apuntarte como miembro.`);
    const link = await wayOutOf(email);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link);
    await expect(page.getByText(`Esta dirección figura en la peña «${group.name}» como la de un miembro que aún no tiene cuenta`)).toBeVisible();
    await expect(page.getByRole("button", { name: "No me escribáis más" })).toBeVisible();
    await expectAccessible(page, testInfo);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: "No soy miembro de esta peña: borrad mi dirección" }).click();
    await expect(page.getByRole("status")).toHaveText(new RegExp(`^Hecho: hemos borrado tu dirección de la peña «${group.name}», y su gestor lo sabrá`));
    await expectAccessible(page, testInfo);

    await expect
      .poll(async () => (await mailsTo(manager.email)).map((m) => m.subject))
      .toContain(`Quiniela de peñas: hemos borrado el e-mail de ${name} en ${group.name}`);
    await signIn(page, manager.username);
    await page.goto(`/grupo/${group.id}/sin-cuenta`);
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Sin e-mail: quien lo recibía pidió borrarlo");
  });

  test("a forged or cut link says so in Spanish and offers nothing", async ({ page }) => {
    await page.goto(`/baja?token=c.1.alerts.${"0".repeat(32)}`);
    await expect(page.getByRole("alert")).toHaveText(/^Este enlace para dejar de recibir correos no es válido/);
    await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
  });
});
