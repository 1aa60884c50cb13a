import { expect, test } from "./fixtures";
import { apiCall, expectAccessible, newGroup, newPlayer, newSeason, openRound, signIn } from "./helpers";

/** A group playing an open round with two tickets, its bet generated, and a kiosk link. */
async function roundInPlay() {
  const { pool, home, away } = await newSeason();
  const round = await pool();
  const manager = await newPlayer("gestor");
  const players = [await newPlayer("ana"), await newPlayer("bea")];
  const group = await newGroup(manager, players);
  const { dates } = await openRound(manager, { groupId: group.id, poolId: round.id });
  for (const [k, p] of players.entries()) {
    const matches = Array.from({ length: 14 }, (_, i) => [i < 4 + k ? "1" : "X"]);
    const sent = await apiCall("POST", `/Quiniela/${round.id}/MakePrediction`, { groupId: group.id, matches, plain15: { home: 1, away: 0 } }, p.token);
    expect(sent.status).toBe(201);
  }
  expect((await apiCall("POST", "/Bet/GenerateBet", { groupId: group.id, quinielaId: round.id }, manager.token)).status).toBe(201);
  // Scores are typed once the round takes no more picks (decision 061): the manager closes it.
  const closed = await apiCall("POST", "/GroupQuiniela/UpdateStatus", { ...dates, forceClosed: true }, manager.token);
  expect(closed.status, JSON.stringify(closed.body)).toBeLessThan(300);
  const kiosk = await apiCall<{ token: string }>("POST", `/group/${group.id}/kiosk`, {}, manager.token);
  expect(kiosk.status).toBe(201);
  return { manager, groupId: group.id, round, home, away, kioskToken: kiosk.body.token };
}

test.describe("the jornada in play", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a manager types scores on a phone, follows the live page (304 when unchanged) and opens the kiosk's live mode", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const g = await roundInPlay();
    await signIn(page, g.manager.username);
    const opened = await page.goto(`/grupo/${g.groupId}/directo`);
    expect(opened?.headers()["refresh"]).toBe("60");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Jornada ${g.round.numberQuiniela}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Provisional");
    await expect(page.getByText("por jugar").first()).toBeVisible();

    // 'Marcador provisional': a bad score keeps what was typed and says why, in Spanish.
    await page.getByRole("link", { name: "Marcador provisional" }).click();
    const first = page.getByRole("form", { name: /^Partido 1:/ });
    await first.getByLabel(g.home).fill("x");
    await first.getByLabel(g.away).fill("1");
    await first.getByRole("button", { name: "Guardar" }).click();
    const again = page.getByRole("form", { name: /^Partido 1:/ });
    await expect(again.getByText("Introduce los goles de cada equipo (0-10).")).toBeVisible();
    await expect(again.getByLabel(g.home)).toHaveValue("x");
    await again.getByLabel(g.home).fill("2");
    await again.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Marcador del partido 1 guardado.")).toBeVisible();
    const second = page.getByRole("form", { name: /^Partido 2:/ });
    await second.getByLabel(g.home).fill("0");
    await second.getByLabel(g.away).fill("0");
    await second.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Marcador del partido 2 guardado.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, testInfo);

    // The live page: the scores with their signs, the bet's hits and the share line.
    await page.getByRole("link", { name: "Ver el directo" }).click();
    const matches = page.getByRole("region", { name: "Partidos" });
    await expect(matches.locator("#directo-1")).toContainText("2-1 1");
    await expect(matches.locator("#directo-2")).toContainText("0-0 X");
    const bet = page.getByRole("region", { name: "Quiniela grupal" });
    await expect(bet).toContainText("1 acierto de 2");
    await expect(bet).toContainText(/Probabilidad de 10 o más aciertos: /);
    // The season's first jornada: the page says the model has learnt nothing yet (decision 072).
    await expect(bet).toContainText("El modelo aún aprende: 0 jornadas de la peña; aún no pesa: la valoración previa sola.");
    await expect(page.getByRole("region", { name: "Clasificación provisional de la jornada" }).getByRole("row")).toHaveCount(3);
    const share = page.getByRole("link", { name: "Compartir por WhatsApp" });
    expect(decodeURIComponent((await share.getAttribute("href")) ?? "")).toContain("Llevamos 1 de 2, vivos para 13");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, testInfo);
    await page.screenshot({ path: testInfo.outputPath("directo-390.png"), fullPage: true });

    // A refresh with nothing changed is a 304 with no body.
    const url = `/grupo/${g.groupId}/directo`;
    const full = await page.request.get(url);
    const etag = full.headers()["etag"];
    expect(etag).toBeTruthy();
    const unchanged = await page.request.get(url, { headers: { "if-none-match": etag } });
    expect(unchanged.status()).toBe(304);

    // The office TV's live mode: the same numbers, every 30 s.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`/kiosk/${g.kioskToken}?modo=directo`);
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "30");
    await expect(page.locator("#directo-1")).toContainText("2-1 1");
    await expect(page.getByRole("region", { name: "Quiniela grupal" })).toContainText("1 acierto de 2");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1920);
    await page.screenshot({ path: testInfo.outputPath("directo-tv.png") });
  });
});
