import { execFileSync } from "node:child_process";
import { expect, test, type APIRequestContext } from "./fixtures";
import { HOUR, apiCall, newPlayer, newSeason, signIn, unique } from "./helpers";

/**
 * What a browser without CSS shows (w3m, as installed by .ci/run): the server's HTML dumped as text.
 * Whitespace is collapsed, so a sentence w3m wraps is still found.
 */
async function asText(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  const text = execFileSync("w3m", ["-dump", "-T", "text/html", "-cols", "100", "-O", "UTF-8"], { input: await res.text(), encoding: "utf8" });
  return text.replace(/\s+/g, " ");
}

test.describe("in a text browser", () => {
  test("the sign-in page is the form alone: the wait screen's text is not in it", async ({ request }) => {
    const phrases = (await (await request.get("/phrases.json")).json()) as { text: string; author: string }[];
    const text = await asText(request, "/login");
    for (const label of ["Iniciar sesión", "Usuario o email", "Contraseña", "Entrar", "¿Has olvidado tu contraseña?", "Crear una cuenta"]) {
      expect(text).toContain(label);
    }
    // Items a flex container lays out apart are apart in text too.
    expect(text).toContain("Quiniela de peñas Invitado Iniciar sesión");
    expect(text).toContain("¿Has olvidado tu contraseña? Crear una cuenta");
    expect(text).not.toContain("Entrando");
    expect(text).not.toContain("despertando");
    for (const phrase of phrases) expect(text).not.toContain(phrase.text.slice(0, 30));
  });

  test("the predictions page reads as a form: each match, its signs and the pleno's goals", async ({ page }) => {
    const { home, away, pool } = await newSeason();
    const round = await pool();
    const player = await newPlayer();
    const group = await apiCall<{ id: number }>("POST", "/group/CreateGroup", { name: unique("Peña "), description: "" }, player.token);
    const dates = { openDate: new Date(Date.now() - HOUR).toISOString(), closeDate: new Date(Date.now() + 48 * HOUR).toISOString() };
    const configured = await apiCall(
      "POST",
      "/GroupQuiniela/ConfigureGroupQuiniela",
      { groupId: group.body.id, quinielaId: round.id, ...dates, forceClosed: false, typeQuinielaId: 1 },
      player.token,
    );
    expect(configured.status).toBeLessThan(300);
    await signIn(page, player.username);
    const text = await asText(page.request, `/grupo/${group.body.id}/predictions`);
    expect(text).toContain("Quiniela de peñas Información");
    expect(text).toContain(`Jornada ${round.numberQuiniela}`);
    expect(text).toContain(`Partido 1 ${home}`);
    expect(text).toContain(away);
    expect(text).toContain("[ ]1[ ]X[ ]2");
    expect(text).toContain(`Goles de ${home}`);
    expect(text).toContain(`Goles de ${away}`);
    expect(text).toContain("Enviar");
    expect(text).not.toContain("Entrando");
  });
});
