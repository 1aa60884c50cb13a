import { expect, test } from "./fixtures";
import { apiCall, expectAccessible, jsEnabled as jsOn, mailsTo, newGroup, newPlayer, newSeason, openRound, playRound, signIn, type Player } from "./helpers";

const OFFICIAL = Array.from({ length: 14 }, () => "1");

/** A season of the test's own, a manager and one player per name in a new group, and a pool of that season. */
async function peña(...names: string[]) {
  const season = await newSeason();
  const manager = await newPlayer("gestor");
  const players: Player[] = [];
  for (const name of names) players.push(await newPlayer(name));
  const group = await newGroup(manager, players);
  return { ...season, manager, players, group, round: await season.pool() };
}

/** The peña's pool played as its round: the manager opens it, the tickets go in, it closes with the results OFFICIAL. */
const playPool = (p: Awaited<ReturnType<typeof peña>>, tickets: Parameters<typeof playRound>[0]["tickets"]) =>
  playRound({ admin: p.admin, manager: p.manager, groupId: p.group.id, poolId: p.round.id, tickets, official: OFFICIAL });

test.describe("the phone's calendar", () => {
  test("a player finds their private calendar in the profile, it lists the group's round, and 'Revocar' turns the old address off", async ({
    page,
  }, testInfo) => {
    const { manager, group, round, players } = await peña("cal");
    const [player] = players;
    await openRound(manager, { groupId: group.id, poolId: round.id, closesInHours: 30 });

    await signIn(page, player.username);
    await page.goto("/perfil");
    const section = page.getByRole("region", { name: "Calendario del móvil" });
    await expect(section).toBeVisible();
    await expectAccessible(page, testInfo);
    const subscribe = section.getByRole("link", { name: "Suscribirme en el calendario del móvil" });
    const webcal = (await subscribe.getAttribute("href"))!;
    expect(webcal).toMatch(/^webcal:\/\/localhost:\d+\/calendario\/[^/]+\/jornadas\.ics$/);
    const https = webcal.replace(/^webcal:/, "http:");
    await expect(section.getByRole("link", { name: https })).toBeVisible();

    const feed = await page.request.get(https);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const text = await feed.text();
    expect(text).toContain(`SUMMARY:Cierre jornada ${round.numberQuiniela} · ${group.name}`);
    expect(text).toContain("BEGIN:VALARM");

    await section.getByRole("button", { name: "Revocar" }).click();
    await expect(page.getByText("Enlace del calendario revocado")).toBeVisible();
    const renewed = (await page
      .getByRole("region", { name: "Calendario del móvil" })
      .getByRole("link", { name: "Suscribirme en el calendario del móvil" })
      .getAttribute("href"))!;
    expect(renewed).not.toBe(webcal);
    const dead = await page.request.get(https);
    expect(dead.status()).toBe(404);
    expect(await dead.text()).not.toContain(group.name);
    expect((await page.request.get(renewed.replace(/^webcal:/, "http:"))).status()).toBe(200);
  });
});

test.describe("the round's digest", () => {
  test("once the results are in, a player gets the jornada's summary by e-mail and turns it off from its link", async ({ page }, testInfo) => {
    // The digest job runs every minute: the mail may take that long.
    test.setTimeout(150_000);
    const p = await peña("resumen");
    const { manager, group, round } = p;
    const [player] = p.players;
    await playPool(p, [
      [player, { matches: OFFICIAL.map((s) => [s]), plain15: { home: 2, away: 1 } }],
      [manager, { matches: OFFICIAL.map(() => ["2"]), plain15: { home: 0, away: 0 } }],
    ]);

    await signIn(page, player.username);
    await page.goto("/perfil");
    const box = page.getByLabel(/Enviarme un resumen cuando haya resultados oficiales/);
    await expect(box).toBeChecked();
    await expectAccessible(page, testInfo);

    const subject = `Quiniela de peñas: resumen de la jornada ${round.numberQuiniela} de ${group.name}`;
    await expect.poll(async () => (await mailsTo(player.email)).filter((m) => m.subject === subject).length, { timeout: 120_000, intervals: [1000] }).toBe(1);
    const [mail] = (await mailsTo(player.email)).filter((m) => m.subject === subject);
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s*<http:\/\/localhost:\d+\/baja\/resumen\//im);
    const link = /\/baja\/resumen\/[0-9a-f.]+/i.exec(mail.raw)![0];

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Resumen de la jornada por email" })).toBeVisible();
    await page.getByRole("button", { name: "Dejar de recibir el resumen" }).click();
    await expect(page.getByText("Listo: ya no recibirás el resumen de la jornada.")).toBeVisible();
    expect((await apiCall("GET", "/User/GetDigestPreference", undefined, player.token)).body).toEqual({ sendDigest: false });

    await page.goto("/perfil");
    await expect(box).not.toBeChecked();
    await box.check();
    await page.getByRole("button", { name: "Guardar opción del resumen" }).click();
    await expect(page.getByText("Recibirás el resumen de cada jornada por email.")).toBeVisible();
    expect((await apiCall("GET", "/User/GetDigestPreference", undefined, player.token)).body).toEqual({ sendDigest: true });
  });

  test("a forged unsubscribe link changes nothing", async ({ page }) => {
    await page.goto(`/baja/resumen/1.${"0".repeat(32)}.${"0".repeat(64)}`);
    await page.getByRole("button", { name: "Dejar de recibir el resumen" }).click();
    await expect(page.getByText("Este enlace para darse de baja no es válido.")).toBeVisible();
  });
});

test.describe("sharing to WhatsApp", () => {
  test("the standings, the group bet and the jornada's summary each have a plain WhatsApp link with their text", async ({ page }, testInfo) => {
    const p = await peña("ana", "bea");
    const { seasonId, home, away, manager, group, round } = p;
    const [ana, bea] = p.players;
    const ticket = (right: number) => ({ matches: OFFICIAL.map((s, i) => [i < right ? s : "2"]), plain15: { home: 2, away: 1 } });
    await playPool(p, [
      [ana, ticket(14)],
      [bea, ticket(10)],
      [manager, ticket(3)],
    ]);
    expect((await apiCall("POST", "/Bet/GenerateBet", { groupId: group.id, quinielaId: round.id, topNUsers: 2 }, manager.token)).status).toBeLessThan(300);

    await signIn(page, ana.username);
    const shared = async (name: string) => {
      const link = page.getByRole("link", { name });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      const href = (await link.getAttribute("href"))!;
      expect(href.startsWith("https://wa.me/?text=")).toBe(true);
      return decodeURIComponent(href.slice("https://wa.me/?text=".length));
    };

    await page.goto(`/grupo/${group.id}/temporada/${seasonId}/clasificacion`);
    const standings = await shared("Compartir la clasificación por WhatsApp (se abre en otra pestaña)");
    expect(standings).toContain(`Clasificación de ${group.name}`);
    expect(standings).toMatch(new RegExp(`^1\\. ${ana.username}: \\d+(,\\d+)? pts$`, "m"));
    expect(standings).toMatch(new RegExp(`^2\\. ${bea.username}: `, "m"));
    await expectAccessible(page, testInfo);

    await page.goto(`/grupo/${group.id}/quiniela-grupal?quiniela=${round.id}`);
    const bet = await shared("Compartir el boleto por WhatsApp (se abre en otra pestaña)");
    expect(bet).toContain(`Quiniela grupal de ${group.name} · jornada ${round.numberQuiniela}`);
    expect(bet).toContain(`1. ${home} - ${away}: 1`);
    expect(bet).toMatch(/^11\. .+: 12?$/m);
    expect(bet).toContain(`P15. ${home} - ${away}: 2-1`);
    expect(bet).toMatch(/^\d+ apuestas? · \d+,\d\d\u00a0€$/m);
    expect(bet).toMatch(/^Aciertos: \d+ de 15$/m);

    await page.goto(`/grupo/${group.id}/resultados-y-apuestas?quiniela=${round.id}`);
    const summary = await shared("Compartir el resumen de la jornada por WhatsApp (se abre en otra pestaña)");
    expect(summary).toContain(`${group.name} · jornada ${round.numberQuiniela}`);
    expect(summary).toMatch(/^Quiniela grupal: \d+ de 15$/m);
    expect(summary).toContain("Media del grupo: 10 aciertos"); // (15 + 11 + 4) / 3
    expect(summary).toContain(`MVP: ${ana.username} (15 aciertos)`);
  });
});

test.describe("public links with a preview", () => {
  test("a manager shares a jornada's group bet and the standings with Open Graph previews, and 'Revocar' leaves nothing behind", async ({
    page,
    browser,
  }, testInfo) => {
    const p = await peña("ana");
    const { manager, group, round } = p;
    const [ana] = p.players;
    await playPool(p, [[ana, { matches: OFFICIAL.map((s) => [s]), plain15: { home: 2, away: 1 } }]]);
    expect((await apiCall("POST", "/Bet/GenerateBet", { groupId: group.id, quinielaId: round.id, topNUsers: 1 }, manager.token)).status).toBeLessThan(300);

    await signIn(page, manager.username);
    await page.goto(`/grupo/${group.id}/ajustes`);
    const section = page.getByRole("region", { name: "Enlaces públicos" });
    await section.getByLabel("Compartir").selectOption({ label: `Quiniela grupal · jornada ${round.numberQuiniela}` });
    await section.getByRole("button", { name: "Crear enlace público" }).click();
    await expect(page.getByText("Enlace público creado")).toBeVisible();
    await section.getByLabel("Compartir").selectOption({ label: "Clasificación" });
    await section.getByRole("button", { name: "Crear enlace público" }).click();
    await expect(page.getByText("Enlace público creado")).toBeVisible();
    await expectAccessible(page, testInfo);
    const betUrl = await section.getByLabel(/^Quiniela grupal · jornada \d+, creado el/).inputValue();
    const standingsUrl = await section.getByLabel(/^Clasificación, creado el/).inputValue();
    expect(betUrl).toMatch(/\/compartir\/\d+\.[0-9a-f]{32}\.[0-9a-f]{64}$/);

    // Opened by someone without an account.
    const stranger = await browser.newContext({ javaScriptEnabled: jsOn(testInfo) });
    const visitor = await stranger.newPage();
    await visitor.goto(betUrl);
    const title = `Quiniela grupal de ${group.name} · jornada ${round.numberQuiniela}`;
    await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
    await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(visitor.locator('meta[property="og:url"]')).toHaveAttribute("content", betUrl);
    await expect(visitor.locator('meta[property="og:description"]')).toHaveAttribute("content", /aciertos de 15/);
    const image = (await visitor.locator('meta[property="og:image"]').getAttribute("content"))!;
    expect(image).toMatch(new RegExp(`^${betUrl.replace(/[.]/g, "\\.")}/imagen/[0-9a-f]{16}\\.png$`));
    const png = await visitor.request.get(image);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    expect(png.headers()["cache-control"]).toContain("immutable");
    expect((await png.body()).length).toBeLessThan(150 * 1024);
    // No way into the app from the public page (the skip link only moves within it).
    await expect(visitor.getByRole("link").filter({ hasNotText: "Saltar al contenido" })).toHaveCount(0);

    await visitor.goto(standingsUrl);
    await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(`^Clasificación de ${group.name}`));
    await expect(visitor.getByText(`1. ${ana.username}:`)).toBeVisible();

    await section.getByRole("button", { name: /^Revocar el enlace de Quiniela grupal/ }).click();
    await expect(page.getByText("Enlace público revocado")).toBeVisible();
    const dead = await visitor.goto(betUrl);
    expect(dead?.status()).toBe(404);
    await expect(visitor.getByText("Este enlace no existe o ha sido revocado.")).toBeVisible();
    expect(await visitor.content()).not.toContain(group.name);
    expect((await visitor.request.get(image)).status()).toBe(404);
    await stranger.close();
  });
});
