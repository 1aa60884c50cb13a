import { WEEK_RULE } from "#core/contract/week-rule";
import { expect, test } from "./fixtures";
import { adminToken, apiCall, expectAccessible, HOUR, mailsTo, newGroup, newPlayer, signIn, signOut, unique, type Player } from "./helpers";

const MINUTE = 60_000;

/** A ticket for the round's type: type 3 ('Un triple') has match 1 as a triple. */
const ticket = (type: number, sign: "1" | "X" | "2", pleno: { home: number; away: number }) => ({
  matches: Array.from({ length: 14 }, (_, i) => (type === 3 && i === 0 ? ["1", "X", "2"] : [sign])),
  plain15: pleno,
});

test.describe("the week runs itself", () => {
  test("a manager sets the standing rule once; over three weeks in which only players act, rounds open, close and the bets appear", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const admin = await adminToken();
    const season = await apiCall<{ id: number }>("POST", "/season/CreateSeason", { name: unique("Temporada "), startDate: "2001-08-01" }, admin);
    expect(season.status).toBe(201);
    const [home, away] = [unique("Local"), unique("Visitante")];
    for (const name of [home, away]) expect((await apiCall("POST", "/team/Create", { name, logo: "", alias: [] }, admin)).status).toBe(201);
    const matches = Array.from({ length: 15 }, () => ({ home, away }));
    const published = new Date(Date.now() - 2 * HOUR).toISOString();

    const manager = await newPlayer("gestor");
    const [ana, bea]: Player[] = [await newPlayer("ana"), await newPlayer("bea")];
    const group = await newGroup(manager, [ana, bea]);

    // The manager, once: the rule, first refused (a weekly opening with no day), then saved.
    await signIn(page, manager.username);
    await page.goto(`/grupo/${group.id}/ajustes`);
    const rule = page.getByRole("region", { name: "Regla automática de la semana" });
    // The form is folded under «Cambiar la regla» (decision 069).
    await rule.getByText("Cambiar la regla").click();
    await rule.getByLabel("Abrir cada nueva jornada oficial automáticamente").check();
    await rule.getByLabel("Semana 2 de la rota (opcional)").selectOption({ label: "Un triple" });
    await rule.getByLabel("Un día y hora de la semana (hora de Madrid)").check();
    await rule.getByRole("button", { name: "Guardar regla automática" }).click();
    await expect(rule.getByText(WEEK_RULE.weekday)).toBeVisible();
    await expect(rule.getByLabel("Abrir cada nueva jornada oficial automáticamente")).toBeChecked();
    await expect(rule.getByLabel("Semana 2 de la rota (opcional)")).toHaveValue("3");

    await rule.getByLabel("Al publicarse la jornada").check();
    await rule.getByLabel("Cerrar el grupo estos minutos antes del cierre oficial").fill("60");
    await rule.getByLabel("Generar la apuesta del grupo y avisar al gestor por email").check();
    await rule.getByLabel("Con los mejores por Wilson").check();
    await rule.getByLabel("Juega sus pronósticos más frecuentes de la temporada").check();
    await rule.getByRole("button", { name: "Guardar regla automática" }).click();
    await expect(page.getByText("Regla guardada: cada nueva jornada oficial se abrirá sola en el grupo.")).toBeVisible();
    await expectAccessible(page, testInfo);
    await signOut(page);

    const numbers: number[] = [];
    const poolIds: number[] = [];
    for (let week = 1; week <= 3; week++) {
      // The official jornada comes in (here through the admin's API): published two hours ago, closing in three.
      const pool = await apiCall<{ id: number; numberQuiniela: number }>(
        "POST",
        "/quiniela/CreateQuiniela",
        { startDate: published, closingDate: new Date(Date.now() + 3 * HOUR).toISOString(), matches, seasonId: season.body.id },
        admin,
      );
      expect(pool.status).toBe(201);
      numbers.push(pool.body.numberQuiniela);
      poolIds.push(pool.body.id);
      const type = pool.body.numberQuiniela % 2 === 1 ? 1 : 3;

      // The round opens in the peña by itself, of the rota's type, an hour before the official close.
      const round = async () => (await apiCall("GET", `/screens/group/${group.id}/predictions?quinielaId=${pool.body.id}`, undefined, ana.token)).body?.round;
      // (The screen falls back to another open round while this one is not there yet: ask for this one's.)
      const state = async () => {
        const r = await round();
        return r?.quinielaId === pool.body.id ? r.state : "sin abrir";
      };
      await expect.poll(state, { timeout: 20_000 }).toBe("open");
      expect((await round()).typeName).toBe(type === 1 ? "Sencilla" : "Un triple");

      // Only players act: Ana every week, Bea forgets the second.
      const predict = (p: Player, sign: "1" | "X" | "2") =>
        apiCall("POST", `/Quiniela/${pool.body.id}/MakePrediction`, { groupId: group.id, ...ticket(type, sign, { home: 1, away: 0 }) }, p.token);
      expect((await predict(ana, "1")).status).toBe(201);
      if (week !== 2) expect((await predict(bea, "2")).status).toBe(201);

      // Time moves on: the official close comes to half an hour from now, so the peña's round (an hour before) is closed.
      const moved = await apiCall(
        "PUT",
        `/quiniela/UpdateQuiniela/${pool.body.id}`,
        { startDate: published, closingDate: new Date(Date.now() + 30 * MINUTE).toISOString(), matches },
        admin,
      );
      expect(moved.status).toBe(200);
      const subject = `Quiniela de peñas: apuesta de la jornada ${pool.body.numberQuiniela} de ${group.name}`;
      await expect.poll(async () => (await mailsTo(manager.email)).filter((m) => m.subject === subject).length, { timeout: 20_000 }).toBe(1);
      const [mail] = (await mailsTo(manager.email)).filter((m) => m.subject === subject);
      expect(mail.text).toMatch(/Coste: \d+,\d\d\s€/);
      expect(mail.text).toContain(`/grupo/${group.id}/quiniela-grupal?quiniela=${pool.body.id}`);
      // The played draw's signs (typed by the admin here: their import is the lottery's own journey).
      const official = { quinielaId: pool.body.id, matches: Array.from({ length: 14 }, () => "1"), plain15: { home: 1, away: 0 } };
      expect((await apiCall("POST", "/Quiniela/SetResults", official, admin)).status).toBeLessThan(300);
    }
    const week2 = poolIds[1];
    // One mail a week, never twice.
    expect((await mailsTo(manager.email)).filter((m) => m.subject.startsWith("Quiniela de peñas: apuesta"))).toHaveLength(3);

    // A player sees the bets and Bea's forgotten week played for her, marked 'automático'.
    await signIn(page, ana.username);
    await page.goto(`/grupo/${group.id}/resultados-y-apuestas?jornada=${numbers[1]}&temporada=${season.body.id}`);
    const beaCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: bea.username }) });
    await expect(beaCard.getByText("automático")).toBeVisible();
    const anaCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: ana.username }) });
    await expect(anaCard.getByText("automático")).toHaveCount(0);
    const csv = await page.request.get(`/grupo/${group.id}/resultados-y-apuestas.csv?jornada=${numbers[1]}&temporada=${season.body.id}`);
    const beaRow = (await csv.text()).split("\r\n").find((l) => l.startsWith(`${bea.username};`));
    expect(beaRow?.endsWith(";automático")).toBe(true);
    for (const n of numbers) {
      await page.goto(`/grupo/${group.id}/resultados-y-apuestas?jornada=${n}&temporada=${season.body.id}`);
      await expect(page.getByRole("heading", { name: "Aciertos de la quiniela grupal" })).toBeVisible();
    }
    await signOut(page);

    // Bea's own view of that week says it was played for her.
    await signIn(page, bea.username);
    await page.goto(
      `/grupo/${group.id}/predictions?quiniela=${(await apiCall("GET", `/quiniela/GetBySeasonId/${season.body.id}`, undefined, admin)).body.find((q: { numberQuiniela: number }) => q.numberQuiniela === numbers[1]).id}`,
    );
    await expect(page.getByText("No pronosticaste a tiempo: la regla del grupo jugó por ti")).toBeVisible();
    await signOut(page);

    // The manager reads what the machine did in the group's audit trail.
    await signIn(page, manager.username);
    await page.goto(`/grupo/${group.id}/ajustes`);
    await page.getByText("Ver los cambios").click();
    await expect(page.getByText("Jornada abierta automáticamente").first()).toBeVisible();
    await expect(page.getByText("Pronóstico automático").first()).toBeVisible();

    // And may still undo it by hand: Bea's automatic picks of the second week go.
    await page.goto(`/grupo/${group.id}/quiniela-grupal?quiniela=${week2}`);
    await page.getByText(/Usuarios con predicción realizada/).click();
    await page.getByRole("button", { name: `Quitar pronóstico automático de ${bea.username}` }).click();
    await expect(page.getByText("Pronóstico automático quitado.")).toBeVisible();
    await expect(page.getByRole("button", { name: `Quitar pronóstico automático de ${bea.username}` })).toHaveCount(0);
  });
});
