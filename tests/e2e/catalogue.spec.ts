import { expect, test, type Page } from "./fixtures";
import { utcToMadridLocal } from "../../core/dates";
import { teamIndex, teamKey } from "../../core/domain/official/team-names";
import { season2024, type Jornada } from "../../scripts/football";
import { adminToken, apiCall, E2E, expectAccessible, mailsTo, newPlayer, newSeason, PASSWORD, signIn, unique, signOut } from "./helpers";

interface Team {
  id: number;
  name: string;
  alias: string[];
}

const ROUND_BY_PROJECT: Record<string, number> = { "no-js": 8, js: 10 };

/** The real 2024-25 jornada (fixtures/football, openfootball, CC0) this project's run plays with. */
function jornadaFor(project: string): { mine: Jornada; other: Jornada } {
  const all = season2024();
  const [other] = Object.entries(ROUND_BY_PROJECT).filter(([p]) => p !== project);
  return { mine: all.find((j) => j.number === ROUND_BY_PROJECT[project])!, other: all.find((j) => j.number === other[1])! };
}

const names = (j: Jornada) => j.matches.flatMap((m) => [m.home, m.away]);

async function teamList(token: string): Promise<Team[]> {
  return (await apiCall<Team[]>("GET", "/team/List", undefined, token)).body;
}

/** Creates a team unless it exists already: both projects may make the same club at the same time. */
async function ensureTeam(token: string, name: string, alias: string[] = []) {
  const res = await apiCall("POST", "/team/Create", { name, logo: "", alias }, token);
  expect([201, 409], JSON.stringify(res.body)).toContain(res.status);
}

/** A season that has started, so pools can be created; an old one, so it never hides another journey's. */
async function ensureCurrentSeason(token: string) {
  if ((await apiCall("GET", "/season/GetCurrentSeason", undefined, token)).status === 200) return;
  expect((await apiCall("POST", "/season/CreateSeason", { name: "2024-25", startDate: "2024-08-01" }, token)).status).toBe(201);
}

const toast = (page: Page, text: string | RegExp) => page.locator(".toast").filter({ hasText: text });

test.describe("the admin catalogue", () => {
  test("a real jornada with three unknown names is created, resolved and given its official results", async ({ page }, testInfo) => {
    const token = await adminToken();
    await ensureCurrentSeason(token);
    const { mine, other } = jornadaFor(testInfo.project.name);
    const tag = unique("").slice(0, 6);

    // The catalogue knows Atlético by its short name, with the data's long name as an alias.
    await ensureTeam(token, "Atlético de Madrid", ["Club Atlético de Madrid"]);
    const known = teamIndex(await teamList(token));
    const otherNames = new Set(names(other).map(teamKey));
    const unknown = [...new Set(names(mine))].filter((n) => !known.has(teamKey(n)) && !otherNames.has(teamKey(n))).slice(0, 3);
    expect(unknown, "three names of the jornada unknown to the catalogue").toHaveLength(3);
    for (const name of names(mine)) if (!unknown.includes(name) && !known.has(teamKey(name))) await ensureTeam(token, name);
    // The first unknown name is a club the catalogue has under another name.
    const existing = `${unknown[0].replace(/^(CD|CF|SD|UD|RC|Real|Club)\s+/, "")} ${tag}`;
    await ensureTeam(token, existing);
    const renamed = `${unknown[2]} ${tag}`;

    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.getByRole("link", { name: "Crear quiniela" }).click();
    await expect(page.getByRole("heading", { name: "Crear quiniela", level: 1 })).toBeVisible();
    await expectAccessible(page, testInfo);
    await expect(page.getByLabel("Jornada")).toHaveAttribute("readonly", "");
    await page.getByLabel("Fecha de inicio").fill(utcToMadridLocal(mine.startDate));
    await page.getByLabel("Fecha de cierre").fill(utcToMadridLocal(mine.closingDate));
    await page.getByLabel("Partidos (JSON)").fill(
      JSON.stringify(
        mine.matches.map(({ home, away }) => ({ home, away })),
        null,
        1,
      ),
    );
    await page.getByRole("button", { name: "Guardar quiniela" }).click();

    // 1 of 3: linked to the club the catalogue already has.
    await expect(page.getByRole("heading", { name: "Resolver equipos (1 de 3)" })).toBeVisible();
    await expect(page.getByText(`«${unknown[0]}»`)).toBeVisible();
    await expectAccessible(page, testInfo);
    await page.getByRole("button", { name: "Vincular" }).click();
    await expect(page.locator("p.error", { hasText: "Selecciona un equipo" })).toBeVisible();
    await page.getByLabel("Equipo existente").selectOption({ label: existing });
    await page.getByRole("button", { name: "Vincular" }).click();

    // 2 of 3: a new team, named as in the data.
    await expect(page.getByRole("heading", { name: "Resolver equipos (2 de 3)" })).toBeVisible();
    await expect(page.getByText(`«${unknown[0]}» es ahora un alias de ${existing}.`)).toBeVisible();
    await expect(page.getByLabel("Nombre del equipo")).toHaveValue(unknown[1]);
    await page.getByLabel("Alias (array JSON, opcional)").fill("{no es json");
    await page.getByRole("button", { name: "Crear equipo" }).click();
    await expect(page.getByText("alias debe ser un JSON array")).toBeVisible();
    await page.getByLabel("Alias (array JSON, opcional)").fill("[]");
    await page.getByRole("button", { name: "Crear equipo" }).click();

    // 3 of 3: a new team under another name; the pasted spelling becomes its alias.
    await expect(page.getByRole("heading", { name: "Resolver equipos (3 de 3)" })).toBeVisible();
    await page.getByLabel("Nombre del equipo").fill(renamed);
    await page.getByRole("button", { name: "Crear equipo" }).click();

    await expect(toast(page, /Quiniela guardada: Jornada \d+\. Normalicé [3-9] nombre\(s\) por alias\./)).toBeVisible();
    await expect(page).toHaveURL(/\/crear-quiniela\?modo=editar&quiniela=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get("quiniela"));

    const saved = await apiCall("GET", `/quiniela/GetById/${id}`, undefined, token);
    const teams = await teamList(token);
    const idOf = (name: string) => teams.find((t) => t.name === name)?.id;
    const expectedName = (name: string) =>
      name === unknown[0]
        ? existing
        : name === unknown[2]
          ? renamed
          : name === "Club Atlético de Madrid"
            ? "Atlético de Madrid"
            : (teams.find((t) => t.alias.includes(name))?.name ?? name);
    expect(saved.body.matches).toEqual(
      mine.matches.map((m, i) => ({
        position: i + 1,
        home: expectedName(m.home),
        away: expectedName(m.away),
        homeTeamId: idOf(expectedName(m.home)),
        awayTeamId: idOf(expectedName(m.away)),
      })),
    );
    expect(saved.body.matches.every((m: { homeTeamId: number | null; awayTeamId: number | null }) => m.homeTeamId && m.awayTeamId)).toBe(true);
    expect(teams.find((t) => t.name === existing)?.alias).toContain(unknown[0]);
    expect(teams.find((t) => t.name === renamed)?.alias).toContain(unknown[2]);
    expect(new Date(saved.body.closingDate).getTime()).toBe(mine.closingDate.getTime());

    // The edit mode shows the saved pool, names as the catalogue writes them, and saves changes in place.
    await expect(page.getByRole("heading", { name: "Editar quiniela" })).toBeVisible();
    await expect(page.getByLabel("Partidos (JSON)")).toHaveValue(/Atlético de Madrid/);
    await expect(page.getByLabel("Fecha de cierre")).toHaveValue(utcToMadridLocal(mine.closingDate));
    const earlier = new Date(mine.startDate.getTime() - 86_400_000);
    await page.getByLabel("Fecha de inicio").fill(utcToMadridLocal(earlier));
    await page.getByRole("button", { name: "Guardar quiniela" }).click();
    // The creation's toast may still be showing (8 s), so wait for the change itself.
    const read = async () => (await apiCall("GET", `/quiniela/GetById/${id}`, undefined, token)).body;
    await expect.poll(async () => (await read()).startDate).toBe(earlier.toISOString());
    await expect(toast(page, `Quiniela guardada: ${saved.body.name}.`)).toBeVisible();
    expect(await read()).toEqual({ ...saved.body, startDate: earlier.toISOString(), version: saved.body.version + 1 });

    // Its real scores, on the results screen.
    await page.goto(`/establecer-resultados/${id}`);
    await expect(page.getByRole("heading", { name: "Establecer resultados" })).toBeVisible();
    await expectAccessible(page, testInfo);
    const results = mine.results!;
    for (const [i, sign] of results.matches.entries()) {
      const m = saved.body.matches[i];
      await page.getByLabel(`${i + 1}. ${m.home} – ${m.away}`).selectOption(sign);
    }
    await page.getByLabel(`Goles de ${saved.body.matches[14].home}`).fill("11");
    await page.getByLabel(`Goles de ${saved.body.matches[14].away}`).fill(String(results.pleno.away));
    await page.getByRole("button", { name: "Guardar resultados" }).click();
    await expect(page.getByText("Introduce los goles del pleno al quince (0-10).")).toBeVisible();
    await expect(page.getByLabel(`1. ${saved.body.matches[0].home} – ${saved.body.matches[0].away}`)).toHaveValue(results.matches[0]);
    await page.getByLabel(`Goles de ${saved.body.matches[14].home}`).fill(String(results.pleno.home));
    await page.getByRole("button", { name: "Guardar resultados" }).click();
    await expect(toast(page, "Resultados guardados.")).toBeVisible();

    const official = await apiCall("GET", `/Quiniela/GetResults/${id}`, undefined, token);
    expect(official.body).toEqual({ quinielaId: id, matches: results.matches, plain15: results.pleno, pl15: results.pleno, version: 1 });
    await expect(page.getByLabel(`14. ${saved.body.matches[13].home} – ${saved.body.matches[13].away}`)).toHaveValue(results.matches[13]);
  });

  test("the pool editor shows each validation message and keeps what was typed", async ({ page }) => {
    await ensureCurrentSeason(await adminToken());
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto("/crear-quiniela");
    const json = page.getByLabel("Partidos (JSON)");
    const save = page.getByRole("button", { name: "Guardar quiniela" });
    const fifteen = Array.from({ length: 15 }, (_, i) => ({ home: `Local ${i}`, away: `Visitante ${i}` }));

    await json.fill(JSON.stringify(fifteen));
    await save.click();
    await expect(page.getByText("Todos los campos de fecha y jornada son obligatorios.")).toBeVisible();
    await expect(json).toHaveValue(JSON.stringify(fifteen));

    await page.getByLabel("Fecha de inicio").fill("2024-10-04T12:00");
    await page.getByLabel("Fecha de cierre").fill("2024-10-05T16:00");
    await json.fill(JSON.stringify(fifteen.slice(0, 14)));
    await save.click();
    await expect(page.getByText("El JSON debe contener un array de 15 partidos.")).toBeVisible();
    await expect(page.getByLabel("Fecha de inicio")).toHaveValue("2024-10-04T12:00");

    await json.fill("[{home: 1}");
    await save.click();
    await expect(page.getByText("El JSON debe contener un array de 15 partidos.")).toBeVisible();
    await expect(json).toHaveValue("[{home: 1}");

    await json.fill(JSON.stringify(fifteen.map((m, i) => (i === 6 ? { home: m.home } : m))));
    await save.click();
    await expect(page.getByText('Cada partido debe tener "home" y "away".')).toBeVisible();
    await expect(page.getByLabel("Fecha de cierre")).toHaveValue("2024-10-05T16:00");

    // Unknown names open the resolution step, and going back keeps everything.
    const strangers = fifteen.map((m) => ({ home: unique(m.home), away: unique(m.away) }));
    await json.fill(JSON.stringify(strangers));
    await save.click();
    await expect(page.getByRole("heading", { name: "Resolver equipos (1 de 30)" })).toBeVisible();
    await page.getByRole("button", { name: "Volver al formulario" }).click();
    await expect(page.getByLabel("Fecha de inicio")).toHaveValue("2024-10-04T12:00");
    // Polled: without JavaScript the form comes back as a new page, and the field may be read mid-load.
    await expect
      .poll(async () => {
        try {
          return JSON.parse(await json.inputValue()) as unknown;
        } catch {
          return null;
        }
      })
      .toEqual(strangers);

    await page.goto("/crear-quiniela?modo=editar&quiniela=999999");
    await expect(page.getByText("No se pudo cargar la quiniela seleccionada.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Editar quiniela" })).toBeVisible();
  });

  test("the results screen keeps a round with a match left without its sign, says so at that match, and saves nothing", async ({ page }, testInfo) => {
    const { admin, pool, home, away } = await newSeason();
    const q = await pool();
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto(`/admin/resultados?quiniela=${q.id}`);
    const save = page.getByRole("button", { name: "Guardar resultados" });
    const match = (n: number) => page.getByLabel(`${n}. ${home} – ${away}`, { exact: true });
    const missing = page.getByText("Elige el resultado de este partido: 1, X o 2.");

    // Nothing chosen at all: each of the 14 matches says it needs its sign.
    await save.click();
    await expect(missing).toHaveCount(14);
    await expect(toast(page, "Resultados guardados.")).toHaveCount(0);

    // Thirteen of fourteen, with the pleno: the fifth is told, everything typed stays.
    const signs = ["1", "X", "2", "1", "", "2", "1", "X", "2", "1", "X", "2", "1", "X"];
    for (const [i, sign] of signs.entries()) if (sign) await match(i + 1).selectOption(sign);
    await page.getByLabel(`Goles de ${home}`).fill("2");
    await page.getByLabel(`Goles de ${away}`).fill("1");
    await save.click();
    await expect(missing).toHaveCount(1);
    await expect(match(5)).toHaveAttribute("aria-invalid", "true");
    await expect(match(5)).toHaveAttribute("aria-describedby", await missing.getAttribute("id").then((id) => id!));
    await expect(page).toHaveURL(new RegExp(`/admin/resultados\\?quiniela=${q.id}$`));
    for (const [i, sign] of signs.entries()) await expect(match(i + 1)).toHaveValue(sign);
    await expect(page.getByLabel(`Goles de ${home}`)).toHaveValue("2");
    await expectAccessible(page, testInfo);
    expect((await apiCall("GET", `/Quiniela/GetResults/${q.id}`, undefined, admin)).status).toBe(404);

    // With the fifth chosen, they are saved.
    await match(5).selectOption("X");
    await save.click();
    await expect(toast(page, "Resultados guardados.")).toBeVisible();
    const saved = await apiCall("GET", `/Quiniela/GetResults/${q.id}`, undefined, admin);
    expect(saved.body).toMatchObject({ matches: signs.map((s) => s || "X"), plain15: { home: 2, away: 1 } });
  });

  test("an admin creates a season and changes its point values", async ({ page }, testInfo) => {
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await expect(page.getByRole("heading", { name: "Panel de administración" })).toBeVisible();
    for (const [name, href] of [
      ["Crear quiniela", "/crear-quiniela"],
      ["Crear grupo", "/crear-grupo"],
      ["Gestionar roles", "/admin/roles"],
      ["Establecer resultados", "/establecer-resultados/1"],
      ["Crear usuario", "/admin/crear-usuario"],
      ["Equipos", "/team"],
      ["Consultar resultados Loterías", "/call-quiniela"],
    ]) {
      await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await page.getByRole("link", { name: "Crear temporada" }).click();
    await expectAccessible(page, testInfo);
    const name = unique("Temporada ");
    await page.getByLabel("Nombre").fill(name);
    await page.getByRole("button", { name: "Crear temporada" }).click();
    await expect(page.getByText("El nombre y la fecha de inicio son obligatorios.")).toBeVisible();
    await expect(page.getByLabel("Nombre")).toHaveValue(name);
    await page.getByLabel("Fecha de inicio").fill("2002-08-01");
    await page.getByRole("button", { name: "Crear temporada" }).click();
    await expect(toast(page, `Temporada ${name} creada.`)).toBeVisible();

    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(card.getByLabel("Acierto doble")).toHaveValue("0.75");
    await expect(card.getByLabel("Precio por apuesta (€)")).toHaveValue("0.75");
    await card.getByLabel("Pleno al 15").fill("4");
    await card.getByLabel("Precio por apuesta (€)").fill("0.5");
    await card.getByRole("button", { name: "Guardar puntos" }).click();
    await expect(toast(page, "Puntos de la temporada guardados.")).toBeVisible();
    const seasons = (await apiCall<{ name: string; points: object; betPrice: number }[]>("GET", "/season/List", undefined, await adminToken())).body;
    expect(seasons.find((s) => s.name === name)?.points).toEqual({ single: 1, double: 0.75, triple: 0, pleno: 4 });
    expect(seasons.find((s) => s.name === name)?.betPrice).toBe(0.5);
  });

  test("an admin keeps the teams: aliases as a JSON array, messages, and logos that never break", async ({ page }, testInfo) => {
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto("/team");
    await expect(page.getByRole("heading", { name: "Equipos", level: 1 })).toBeVisible();
    await expectAccessible(page, testInfo);
    const save = page.getByRole("button", { name: "Guardar equipo" });
    await page.getByLabel("Alias (array JSON)").fill('["sin nombre"]');
    await save.click();
    await expect(page.getByText("El nombre es obligatorio", { exact: true })).toBeVisible();

    const name = unique("Club Deportivo ");
    await page.getByLabel("Nombre").fill(name);
    await page.getByLabel("Alias (array JSON)").fill("Atleti, Colchoneros");
    await save.click();
    await expect(page.getByText("Formato inválido")).toBeVisible();
    await expect(page.getByText("Alias debe ser un array JSON")).toBeVisible();
    await expect(page.getByLabel("Nombre")).toHaveValue(name);

    const short = unique("CD");
    const founded = 1_000_000 + Math.floor(Math.random() * 8_999_999);
    await page.getByLabel("Alias (array JSON)").fill(`["${short}", "", ${founded}, "  "]`);
    await save.click();
    await expect(toast(page, "Equipo guardado")).toBeVisible();
    const item = page.getByRole("heading", { name: "Listado" }).locator("xpath=following-sibling::ul[1]").getByRole("listitem").filter({ hasText: name });
    await expect(item).toContainText(`${founded}, ${short}`);

    // No logo file and no URL: a crest drawn from the name, never a broken image.
    const logo = item.locator("img");
    await logo.scrollIntoViewIfNeeded();
    await expect(logo).toHaveAttribute("src", `/crest/${encodeURIComponent(name)}`);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const crest = await page.request.get(`/crest/${encodeURIComponent(name)}`);
    expect(crest.headers()["content-type"]).toContain("image/svg+xml");
    expect(await crest.text()).toContain("<title>");

    await page.getByLabel("Nombre").fill(short.toUpperCase());
    await save.click();
    await expect(page.getByText(`«${short.toUpperCase()}» ya es el nombre o un alias de ${name}.`)).toBeVisible();
  });

  test("an admin creates a user with groups; the user signs in with the mailed password and changes it", async ({ page }, testInfo) => {
    const token = await adminToken();
    const groups = [];
    for (const prefix of ["Oficina ", "Amigos "]) {
      const res = await apiCall<{ id: number; name: string }>("POST", "/group/CreateGroup", { name: unique(prefix), description: "" }, token);
      expect(res.status).toBe(201);
      groups.push(res.body);
    }
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto("/admin/crear-usuario");
    await expect(page.getByRole("heading", { name: "Crear usuario (administración)" })).toBeVisible();
    await expectAccessible(page, testInfo);
    const create = page.getByRole("button", { name: "Crear usuario" });

    await create.click();
    await expect(page.getByText("Email y nombre de usuario son obligatorios.").first()).toBeVisible();

    const username = unique("nuevo");
    const email = `${username}@e2e.local`;
    await page.getByLabel("Email").fill(`  ${email} `);
    await page.getByLabel("Nombre de usuario").fill(username);
    await page.getByLabel("Grupo 1", { exact: true }).selectOption({ label: groups[0].name });
    await page.getByRole("button", { name: "Añadir grupo" }).click();
    await expect(page.getByLabel("Grupo 2", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Nombre de usuario")).toHaveValue(username);
    await page.getByLabel("Grupo 2", { exact: true }).selectOption({ label: groups[0].name });
    await page.getByLabel("Rol en el grupo 2").selectOption({ label: "Usuario" });
    await create.click();
    await expect(page.getByText("No repitas el mismo grupo en varias filas.")).toBeVisible();
    await expect(page.getByText("Selecciona un rol para cada grupo indicado.")).toBeVisible();

    await page.getByLabel("Grupo 2", { exact: true }).selectOption({ label: groups[1].name });
    await page.getByLabel("Rol en el grupo 1").selectOption({ label: "Gestor" });
    await page.getByRole("button", { name: "Añadir grupo" }).click();
    await page.getByRole("button", { name: "Eliminar grupo 3" }).click();
    await expect(page.getByLabel("Grupo 3", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Añadir grupo" }).click();
    await create.click();

    await expect(toast(page, "Usuario creado. Le hemos enviado por email una contraseña temporal.")).toBeVisible();
    const mail = (await mailsTo(email)).filter((m) => m.subject === "Quiniela de peñas: tu cuenta").at(-1)!;
    const temporary = /Contraseña temporal: (\S+)/.exec(mail.text)![1];
    const login = await apiCall<{ token: string; id: number }>("POST", "/auth/login", { username, password: temporary });
    expect(login.status).toBe(200);
    for (const [group, role] of [
      [groups[0], "Gestor"],
      [groups[1], "Usuario"],
    ] as const) {
      const members = await apiCall<{ userId: number; role: string }[]>("GET", `/Group/${group.id}/GetGroupMembers`, undefined, token);
      expect(members.body.find((m) => m.userId === login.body.id)?.role).toBe(role);
    }

    await signOut(page);
    await signIn(page, username, temporary);
    expect((await apiCall("POST", "/auth/UpdatePassword", { newPassword: PASSWORD }, login.body.token)).status).toBe(200);
    expect((await apiCall("POST", "/auth/login", { username, password: temporary })).status).toBe(401);
    expect((await apiCall("POST", "/auth/login", { username, password: PASSWORD })).status).toBe(200);
  });

  test("a player gets no admin screen and a 403 from every admin call", async ({ page }) => {
    const player = await newPlayer();
    await signIn(page, player.username);
    await expect(page.getByRole("link", { name: "Crear quiniela" })).toHaveCount(0);
    for (const path of ["/crear-quiniela", "/crear-temporada", "/team", "/admin/crear-usuario", "/establecer-resultados/1", "/admin/resultados"]) {
      await page.goto(path);
      expect(new URL(page.url()).pathname, path).toBe("/inicio");
    }
    const fifteen = Array.from({ length: 15 }, () => ({ home: "A", away: "B" }));
    const calls: [string, string, object][] = [
      ["POST", "/season/CreateSeason", { name: "X", startDate: "2024-08-01" }],
      ["PUT", "/season/1/Points", { single: 9, double: 9, triple: 9, pleno: 9 }],
      ["POST", "/team/Create", { name: unique("X"), alias: [] }],
      ["POST", "/team/1/add-alias", { alias: unique("X") }],
      ["POST", "/quiniela/CreateQuiniela", { startDate: "2024-08-01T10:00:00Z", closingDate: "2024-08-02T10:00:00Z", matches: fifteen }],
      ["PUT", "/quiniela/UpdateQuiniela/1", { startDate: "2024-08-01T10:00:00Z", closingDate: "2024-08-02T10:00:00Z", matches: fifteen }],
      ["POST", "/Quiniela/SetResults", { quinielaId: 1, matches: Array(14).fill("1") }],
      ["POST", "/auth/register-by-admin", { email: `${unique("x")}@e2e.local`, username: unique("x") }],
    ];
    for (const [method, path, body] of calls) expect((await apiCall(method, path, body, player.token)).status, path).toBe(403);
  });
});
