import { expect, test } from "./fixtures";
import { expectAccessible, mailsTo, newGroup, newPlayer, signIn, unique } from "./helpers";

/** Decision 058: a member imported without an account is invited by e-mail, once, on the manager's word. */
test.describe("miembros sin cuenta", () => {
  test("the manager imports a member without an account, sends the invitation once (pressed again it only says when it went), then links it to a member with an account", async ({
    page,
  }, testInfo) => {
    const manager = await newPlayer("gestora");
    const player = await newPlayer("socio");
    const group = await newGroup(manager, [player], "Peña abuela ");
    const name = unique("Abuela");
    const email = `${name.toLowerCase()}@e2e.local`;
    const csv = `Nombre;E-mail\r\n${name};${email}\r\n`;

    await signIn(page, manager.username);
    await page.setViewportSize({ width: 390, height: 844 });
    const importCsv = async (kind: string, file: string, text: string, done: RegExp) => {
      await page.goto(`/grupo/${group.id}/importar`);
      await page.getByLabel(kind, { exact: true }).check();
      await page.getByLabel(/Archivo CSV/).setInputFiles({ name: file, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });
      await page.getByRole("button", { name: "Ver la vista previa" }).click();
      await page.getByRole("button", { name: "Confirmar la importación" }).click();
      await expect(page.getByText(done)).toBeVisible();
    };
    await importCsv("Miembros", "miembros.csv", csv, /Importación hecha: 1 miembros sin cuenta añadidos/);
    await importCsv(
      "Movimientos de la caja",
      "movimientos.csv",
      `Fecha;Miembro;Importe;Tipo;Referencia\r\n01/02/2026;${name};20,00;Pago;Bizum\r\n`,
      /1 movimientos anotados/,
    );
    await page.goto(`/grupo/${group.id}`);

    await page.getByRole("link", { name: "Miembros sin cuenta e invitaciones" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Miembros sin cuenta" })).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("Sin enviar");
    await row.getByRole("button", { name: `Enviar invitación a ${name}` }).click();
    await expect(page.getByText(`Invitación enviada a ${name}.`)).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(/Enviada el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
    const [mail] = await mailsTo(email);
    expect(mail.text).toContain(group.inviteCode);
    expect(mail.text).toMatch(/https?:\/\/\S+\/unirse\?token=[0-9a-f.]+/);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, testInfo);
    await page.screenshot({ path: testInfo.outputPath("placeholders-390.png"), fullPage: true });

    // Pressed again: nothing is sent, and the page says when it went.
    await page
      .getByRole("row", { name: new RegExp(name) })
      .getByRole("button", { name: `Enviar invitación a ${name}` })
      .click();
    await expect(page.getByText(new RegExp(`La invitación a ${name} ya se envió el .*; no se ha vuelto a enviar\\.`))).toBeVisible();
    expect(await mailsTo(email)).toHaveLength(1);

    // She already plays as "socio": the manager links the placeholder to that account, money included.
    await page.getByLabel(`Unir a ${name} con`).selectOption({ label: player.username });
    await page.getByRole("button", { name: "Unir", exact: true }).click();
    await expect(page.getByText(`${name} es ahora ${player.username}: 0 pronósticos y 1 movimientos de la caja pasan a su cuenta.`)).toBeVisible();
    await expect(page.getByText("No hay miembros sin cuenta en este grupo.")).toBeVisible();
    await page.goto(`/grupo/${group.id}`);
    await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  });
});
