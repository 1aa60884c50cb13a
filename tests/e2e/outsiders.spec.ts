import { expect, test } from "./fixtures";
import { E2E } from "../support/e2e-env.mjs";
import { apiCall, mailsTo, newGroup, newPlayer, signIn } from "./helpers";

/**
 * Decision 079: every page of a group answers a signed-in visitor outside it the
 * same way, the 403 the results and bets page and the caja gave, with nothing to keep (no validator,
 * no-store); and the claim page, which holds an address and a live token, is never stored.
 */
test.describe("a group's pages to someone outside it", () => {
  test("every group page is a 403 that says so, with no ETag and no-store", async ({ page }) => {
    test.setTimeout(120_000);
    const manager = await newPlayer("gestor");
    const group = await newGroup(manager);
    const season = await apiCall<{ id: number } | null>("GET", "/season/GetCurrentSeason", undefined, manager.token);
    const seasonId = season.body?.id ?? 1;
    const outsider = await newPlayer("ajeno");
    await signIn(page, outsider.username);
    const g = `/grupo/${group.id}`;
    const pages = [
      g,
      `${g}/dashboard`,
      `${g}/predictions`,
      `${g}/temporada/${seasonId}/clasificacion`,
      `${g}/temporada/${seasonId}/clasificacion.csv`,
      `${g}/resultados-y-apuestas`,
      `${g}/resultados-y-apuestas.csv?jornada=1`,
      `${g}/season/${seasonId}/bet-evolucion`,
      `${g}/quiniela-grupal`,
      `${g}/quiniela-grupal/imprimir`,
      `${g}/directo`,
      `${g}/directo/marcadores`,
      `${g}/caja`,
      `${g}/caja.csv`,
      `${g}/caja/liquidacion`,
      `${g}/caja/premio/1`,
      `${g}/caja/premio/1.csv`,
      `${g}/ajustes`,
      `${g}/gestionar-quinielas`,
      `${g}/importar`,
      `${g}/importar/jornadas`,
      `${g}/sin-cuenta`,
      `${g}/exportar.zip`,
      `${g}/plantillas/miembros.csv`,
      `${g}/plantillas/jornadas.csv`,
    ];
    const answers: string[] = [];
    for (const path of pages) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      answers.push(`${path} ${res.status()} ${res.headers()["etag"] ?? "-"} ${res.headers()["cache-control"] ?? "-"}`);
    }
    expect(answers).toEqual(pages.map((path) => `${path} 403 - private, no-store`));
    await page.goto(`${g}/temporada/${seasonId}/clasificacion`);
    await expect(page.getByText("No perteneces a este grupo.")).toBeVisible();
  });
});

test("the claim page is never stored: Cache-Control no-store to an anonymous visitor", async ({ page }) => {
  const res = await page.request.get("/unirse?token=1.2.3");
  expect(res.headers()["cache-control"]).toBe("no-store");
});

test("a claim link whose placeholder the manager removed says so on the claim page and offers no form (the claim itself is refused: claim.test.ts)", async ({
  page,
}) => {
  const manager = await newPlayer("gestora");
  const group = await newGroup(manager);
  const name = `Quitado${Math.floor(Math.random() * 1e8)}`;
  const email = `${name.toLowerCase()}@e2e.local`;
  const form = new FormData();
  form.set("kind", "members");
  form.set("archivo", new Blob([`Nombre;E-mail\r\n${name};${email}\r\n`]), "miembros.csv");
  const preview = await fetch(`${E2E.apiUrl}/group/${group.id}/import/preview`, {
    method: "POST",
    headers: { authorization: `Bearer ${manager.token}` },
    body: form,
  });
  const { draft } = (await preview.json()) as { draft: string };
  expect((await apiCall("POST", `/group/${group.id}/import/confirm`, { draft }, manager.token)).status).toBe(200);
  const listed = await apiCall<{ userId: number }[]>("GET", `/group/${group.id}/placeholders`, undefined, manager.token);
  const placeholderId = listed.body[0].userId;
  expect((await apiCall("POST", `/group/${group.id}/placeholders/${placeholderId}/invite`, {}, manager.token)).status).toBe(200);
  await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
  const link = /https?:\/\/\S+\/unirse\?token=[0-9a-f.]+/.exec((await mailsTo(email))[0].text)![0];
  expect((await apiCall("DELETE", `/group/${group.id}/members/${placeholderId}`, undefined, manager.token)).status).toBe(204);

  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText("Este enlace ya no sirve: la peña ya no te tiene como miembro sin cuenta")).toBeVisible();
  await expect(page.getByRole("button", { name: "Crear mi cuenta" })).toHaveCount(0);
});
