import { expect, test, type Page } from "./fixtures";
import { adminToken, apiCall, E2E, endTurnOn, expectAccessible, HOUR, mailsTo, newGroup, newPlayer, signIn, signOut, takeTurnOn, unique } from "./helpers";

// The week that runs itself, end to end: on the second app (E2E.week), whose automatic
// import asks its own stand-in operator every second. After the first admin's set-up (the season, the
// teams) and the manager's standing rule, three weeks play in which only the players act: the operator
// publishes each jornada, moves its close, plays it and gives its escrutinio; the rest is the app's.

const W = E2E.week;
const DAY = 86_400_000;
const MINUTE = 60_000;
test.use({ baseURL: W.baseUrl });

const operator = async (path: "publish" | "play", body: object) => {
  const res = await fetch(`${W.lotteryUrl}/__fake/${path}`, { method: "POST", body: JSON.stringify(body) });
  expect(res.status).toBe(200);
};
/** The Madrid day `back` days ago, as the operator writes a draw's day ("YYYYMMDD"). */
const madridDay = (back: number) => new Date(Date.now() - back * DAY).toLocaleDateString("sv-SE", { timeZone: "Europe/Madrid" }).replaceAll("-", "");
/** Whole minutes: the app reads the operator's times to the minute. */
const inMinutes = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;

// The recorded escrutinio the operator gives (fixtures/selae/played-draw-2026-08-23-escrutinio.json): its signs and pleno.
const PLAYED = ["2", "X", "2", "1", "2", "X", "X", "2", "2", "X", "1", "X", "1", "1"];
// The players get 13 right: match 14 is missed, so the bet's best column is a 2ª (13 hits), whose official prize is 1.226,80 €.
const PICKS = PLAYED.map((s, i) => (i === 13 ? "2" : s));

const match = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Partido ${n} `) });

test.describe("the week runs itself from the operator's own jornadas", () => {
  test("three weeks in which only players act: jornada, round, bet, results, prizes, caja and digest come by themselves", async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    // Both projects share the second app and its season: one plays at a time, each on draw days of its own.
    await takeTurnOn(W.port, 300_000);
    try {
      const api = W.apiUrl;
      const admin = await adminToken(api);

      // The first admin's set-up, and nothing more: the current season and the teams.
      const today = madridDay(0);
      const year = Number(today.slice(0, 4)) - (today.slice(4) < "0801" ? 1 : 0);
      const seasonName = `Temporada ${year}/${year + 1}`;
      const seasons = await apiCall<{ id: number; name: string }[]>("GET", "/season/List", undefined, admin, api);
      let seasonId = seasons.body.find((s) => s.name === seasonName)?.id;
      if (!seasonId) {
        const created = await apiCall<{ id: number }>("POST", "/season/CreateSeason", { name: seasonName, startDate: `${year}-08-01` }, admin, api);
        expect(created.status).toBe(201);
        seasonId = created.body.id;
      }
      const teams = Array.from({ length: 6 }, (_, i) => unique(`Equipo${i}`));
      // Two clubs' women's teams too, teams of their own (decision 064): the operator writes them "… (F)".
      const women = [`${teams[0]} (F)`, `${teams[1]} (F)`];
      for (const name of [...teams, ...women]) expect((await apiCall("POST", "/team/Create", { name, logo: "", alias: [] }, admin, api)).status).toBe(201);
      // The operator names Spanish men's teams with " (M)" (decision 046): the app resolves them to the admin's teams.
      const menPairs = Array.from({ length: 15 }, (_, i) => [teams[i % 6], teams[(i + 1 + Math.floor(i / 6)) % 6]] as const);
      // The second week's jornada holds four Liga F matches (11–14), as jornada 3 of 2026-27 did.
      const pairsOf = (week: number) => menPairs.map((pair, i) => (week === 1 && i >= 10 && i <= 13 ? ([women[i % 2], women[(i + 1) % 2]] as const) : pair));
      const operatorNames = (pairs: readonly (readonly [string, string])[]) =>
        pairs.map(([home, away]) => ({ local: home.endsWith(" (F)") ? home : `${home} (M)`, visitante: away.endsWith(" (F)") ? away : `${away} (M)` }));

      const manager = await newPlayer("gestor", api);
      const [ana, bea] = [await newPlayer("ana", api), await newPlayer("bea", api)];
      const group = await newGroup(manager, [ana, bea], "Peña ", api);

      // The manager, once: open every jornada at its publication, a triple every other week, close 10 minutes
      // before the official close, the bet by Wilson at the close, confirmed by itself.
      await signIn(page, manager.username);
      await page.goto(`/grupo/${group.id}/ajustes`);
      const rule = page.getByRole("region", { name: "Regla automática de la semana" });
      // The form is folded under «Cambiar la regla» (decision 069).
      await rule.getByText("Cambiar la regla").click();
      await rule.getByLabel("Abrir cada nueva jornada oficial automáticamente").check();
      await rule.getByLabel("Semana 2 de la rota (opcional)").selectOption({ label: "Un triple" });
      await rule.getByLabel("Al publicarse la jornada").check();
      await rule.getByLabel("Cerrar el grupo estos minutos antes del cierre oficial").fill("10");
      await rule.getByLabel("Generar la apuesta del grupo y avisar al gestor por email").check();
      await rule.getByLabel("Con los mejores por Wilson").check();
      await rule.getByLabel("Confirmar la apuesta automáticamente").check();
      // The caja's ticket rule is asked here too, ticked by default (decision 064): left as it is.
      await expect(rule.getByLabel("Pagar el boleto del bote al confirmar la apuesta")).toBeChecked();
      await rule.getByRole("button", { name: "Guardar regla automática" }).click();
      await expect(page.getByText("Regla guardada: cada nueva jornada oficial se abrirá sola en el grupo.")).toBeVisible();
      // And the caja's rules, once: a quota per jornada; the ticket is already paid from the pot, by the standing rule.
      await page.goto(`/grupo/${group.id}/caja`);
      await page.locator("summary", { hasText: "Normas de la caja" }).click();
      const cajaRules = page.getByRole("form", { name: "Normas de la caja" });
      await cajaRules.getByLabel("Cuota (€)").fill("1,50");
      await expect(cajaRules.getByLabel("Pagar el boleto del bote al confirmar la apuesta")).toBeChecked();
      await cajaRules.getByRole("button", { name: "Guardar normas" }).click();
      await expect(page.getByText("Normas de la caja guardadas.")).toBeVisible();
      await signOut(page);

      // Each project (and each retry) plays three draw days of its own, the latest today: their results are due.
      const back = (testInfo.project.name === "js" ? 3 : 0) + testInfo.retry * 6;
      const numbers: number[] = [];
      for (let week = 0; week < 3; week++) {
        const pairs = pairsOf(week);
        const matches = operatorNames(pairs);
        const date = madridDay(back + 2 - week);
        const close = inMinutes(Date.now() + 15 * MINUTE);
        await operator("publish", { date, matches, opens: Date.now() - HOUR, close });

        // The pool comes in by itself: the 15 matches in the operator's order, closing at the official close.
        const byClose = async () =>
          (await apiCall<{ id: number; closingDate: string }[]>("GET", `/quiniela/GetBySeasonId/${seasonId}`, undefined, admin, api)).body.find(
            (q) => Date.parse(q.closingDate) === close,
          );
        await expect.poll(async () => (await byClose())?.id ?? null, { timeout: 20_000 }).not.toBeNull();
        const pool = await apiCall<{ id: number; numberQuiniela: number; matches: { position: number; home: string; away: string }[] }>(
          "GET",
          `/quiniela/GetById/${(await byClose())!.id}`,
          undefined,
          admin,
          api,
        );
        expect(pool.body.matches.map((m) => [m.home, m.away])).toEqual(pairs.map(([h, a]) => [h, a]));
        const number = pool.body.numberQuiniela;
        numbers.push(number);
        const triple = number % 2 === 0;

        // Ana finds the round open in her peña, of the rota's type, and predicts on the page.
        await signIn(page, ana.username);
        await expect(async () => {
          await page.goto(`/grupo/${group.id}/predictions?quiniela=${pool.body.id}`);
          await expect(page.getByRole("heading", { level: 2, name: `Jornada ${number}` })).toBeVisible({ timeout: 1_000 });
          await expect(page.getByRole("button", { name: "Enviar pronóstico" })).toBeVisible({ timeout: 1_000 });
        }).toPass({ timeout: 20_000 });
        await expect(page.getByText(triple ? "Un triple" : "Sencilla").first()).toBeVisible();
        await expect(match(page, 1)).toContainText(pairs[0][0]);
        for (let n = 1; n <= 14; n++) {
          const signs = triple && n === 1 ? ["1", "X", "2"] : [PICKS[n - 1]];
          for (const s of signs) await match(page, n).getByRole("checkbox", { name: s, exact: true }).check();
        }
        await page.getByLabel(`Goles de ${pairs[14][0]}`).fill("1");
        await page.getByLabel(`Goles de ${pairs[14][1]}`).fill("0");
        await page.getByRole("button", { name: "Enviar pronóstico" }).click();
        await expect(page.getByText(`Pronóstico de la jornada ${number} enviado.`)).toBeVisible();
        if (week === 0) await expectAccessible(page, testInfo);
        await signOut(page);
        // Bea plays through the API, the way an app of her own would.
        const beaPick = { groupId: group.id, matches: PICKS.map((s, i) => (triple && i === 0 ? ["1", "X", "2"] : [s])), plain15: { home: 0, away: 0 } };
        expect((await apiCall("POST", `/Quiniela/${pool.body.id}/MakePrediction`, beaPick, bea.token, api)).status).toBe(201);

        // The operator brings the close forward to now: the peña's round (10 minutes before) is over, and the bet is
        // generated, confirmed and mailed to the manager once.
        await operator("publish", { date, matches, opens: Date.now() - HOUR, close: inMinutes(Date.now()) });
        const subject = `Quiniela de peñas: apuesta de la jornada ${number} de ${group.name}`;
        const betMails = async () => (await mailsTo(manager.email, W.mailHttpPort)).filter((m) => m.subject === subject);
        await expect.poll(async () => (await betMails()).length, { timeout: 30_000 }).toBe(1);
        expect((await betMails())[0].text).toMatch(/Coste: \d+,\d\d\s€/);

        // The draw is played and its escrutinio published: results, prizes and the caja's credit follow by themselves.
        // The third week's pleno is suspended and decided by lot: "M-2", no score (fixtures/selae/played-draw-2026-10-18-pleno-por-sorteo.json).
        await operator("play", week === 2 ? { date, file: "played-draw-2026-10-18-pleno-por-sorteo.json" } : { date });
        await signIn(page, ana.username);
        const card = page.locator(".stat-card").filter({ has: page.getByRole("heading", { name: "El boleto" }) });
        await expect(async () => {
          await page.goto(`/grupo/${group.id}/resultados-y-apuestas?jornada=${number}&temporada=${seasonId}`);
          await expect(card).toContainText("Mejor columna: 13 aciertos", { timeout: 1_000 });
          await expect(card).toContainText(/Premio: [\d.]+,\d\d\s€/, { timeout: 1_000 });
        }).toPass({ timeout: 30_000 });
        await expect(card).not.toContainText("pendiente");
        if (week === 2) {
          // The pleno by lot counts as played, marked M-2.
          const results = await apiCall<{ plain15: { home: number; away: number } }>("GET", `/Quiniela/GetResults/${pool.body.id}`, undefined, admin, api);
          expect(results.body.plain15).toEqual({ home: 3, away: 2 });
        }
        await expect(card).toContainText(/Coste: \d+,\d\d\s€/);
        await signOut(page);
      }

      // Nobody typed a thing, yet the season stands: the standings count the three jornadas (13 hits each for both)...
      await signIn(page, ana.username);
      await page.goto(`/grupo/${group.id}/temporada/${seasonId}/clasificacion`);
      await expect(page.getByRole("row").filter({ hasText: ana.username })).toContainText("39");
      await signOut(page);

      // Each member has the digest of each jornada, once (the digests go out every minute).
      const digests = async () => (await mailsTo(bea.email, W.mailHttpPort)).filter((m) => m.subject.startsWith("Quiniela de peñas: resumen de la jornada"));
      await expect.poll(async () => (await digests()).length, { timeout: 90_000 }).toBe(3);
      expect(new Set((await digests()).map((m) => m.subject)).size).toBe(3);
      for (const n of numbers) expect((await digests()).some((m) => m.subject === `Quiniela de peñas: resumen de la jornada ${n} de ${group.name}`)).toBe(true);

      // ...and the caja holds the three tickets and the three prizes, for the manager to read.
      await signIn(page, manager.username);
      await page.goto(`/grupo/${group.id}/caja`);
      // (A movement's reference is in its folded row: counted, not seen.)
      await expect(page.locator(".statement summary").filter({ hasText: "Premio · Bote" })).toHaveCount(3);
      for (const n of numbers) {
        await expect(page.getByText(`Premio de la jornada ${n} (escrutinio)`)).toHaveCount(1);
        await expect(page.getByText(new RegExp(`Boleto de la jornada ${n} \\(`))).toHaveCount(1);
        await expect(page.getByText(`Cuota de la jornada ${n}`)).toHaveCount(2);
      }
      await expectAccessible(page, testInfo);

      // The admin's panel says what the machine did, step by step.
      await signOut(page);
      await signIn(page, E2E.admin.username, E2E.admin.password);
      await page.goto("/call-quiniela");
      await expect(page.getByText(/Resultados del sorteo del .* guardados en Jornada/).first()).toBeVisible();
      await expect(page.getByText(/Importada .*Jornada/).first()).toBeVisible();
    } finally {
      await endTurnOn(W.port);
    }
  });
});
