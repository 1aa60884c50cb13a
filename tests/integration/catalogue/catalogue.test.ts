import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { madridLocalToUtc, utcToMadridLocal } from "#core/dates";
import { RESULTS_REQUIRED } from "#core/contract/quiniela";
import { PASSWORD, startBackend, type Client, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/** A calendar day `days` after today in Madrid, "YYYY-MM-DD". */
const madridDay = (days: number) => {
  const d = new Date(`${utcToMadridLocal(new Date()).slice(0, 10)}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const SEASON_START = madridDay(1);
// Half past midnight in Madrid on the season's first day: still the day before in UTC.
const SEASON_FIRST_HOUR = madridLocalToUtc(`${SEASON_START}T00:30`)!;

let t: TestBackend;
let admin: Client;
let player: Client & { id: number };
beforeAll(async () => {
  t = await startBackend();
  admin = await t.admin();
  player = await t.player("pepe");
});
afterAll(() => t.close());

const fifteen = (prefix = "Equipo") => Array.from({ length: 15 }, (_, i) => ({ home: `${prefix} L${i + 1}`, away: `${prefix} V${i + 1}` }));
const dates = { startDate: "2024-08-15T10:00:00.000Z", closingDate: "2024-08-17T14:00:00.000Z" };

async function teamsFor(matches: { home: string; away: string }[]) {
  for (const m of matches) {
    for (const name of [m.home, m.away]) await admin.post("/team/Create", { name, logo: "", alias: [] });
  }
}

describe("seasons", () => {
  it("has no current season until one has started (Madrid calendar day)", async () => {
    expect((await admin.get("/season/GetCurrentSeason")).status).toBe(404);
    const created = await admin.post("/season/CreateSeason", { Name: "2024-25", StartDate: SEASON_START });
    expect(created).toEqual({
      status: 201,
      body: { id: expect.any(Number), name: "2024-25", startDate: SEASON_START, points: { single: 1, double: 0.75, triple: 0, pleno: 5 }, betPrice: 0.75 },
    });
    expect((await player.get("/season/GetCurrentSeason")).status).toBe(404);
    expect(SEASON_FIRST_HOUR.toISOString().slice(0, 10)).not.toBe(SEASON_START);
    t.setNow(SEASON_FIRST_HOUR);
    expect((await player.get("/season/GetCurrentSeason")).body).toMatchObject({ id: created.body.id, name: "2024-25" });
  });

  it("is the latest season that has started", async () => {
    const later = await admin.post("/season/CreateSeason", { name: "Futura", startDate: madridDay(366) });
    expect(later.status).toBe(201);
    expect((await player.get("/season/GetCurrentSeason")).body.name).toBe("2024-25");
    const list = await player.get("/season/List");
    expect(list.body.map((s: { name: string }) => s.name)).toEqual(["Futura", "2024-25"]);
  });

  it("requires a name and a start date, and an admin", async () => {
    for (const body of [{ name: "", startDate: "2024-08-01" }, { name: "X" }, {}]) {
      expect(await admin.post("/season/CreateSeason", body)).toEqual({ status: 400, body: { message: "El nombre y la fecha de inicio son obligatorios." } });
    }
    expect((await admin.post("/season/CreateSeason", { name: "X", startDate: "2024-02-30" })).status).toBe(400);
    expect((await player.post("/season/CreateSeason", { name: "X", startDate: "2024-08-01" })).status).toBe(403);
    expect((await t.api.post("/season/CreateSeason", { name: "X", startDate: "2024-08-01" })).status).toBe(401);
    expect((await t.api.get("/season/GetCurrentSeason")).status).toBe(401);
  });

  it("keeps point values per season, editable by an admin", async () => {
    const season = (await admin.get("/season/GetCurrentSeason")).body;
    const points = { single: 1.5, double: 1, triple: 0.25, pleno: 3 };
    expect((await player.put(`/season/${season.id}/Points`, points)).status).toBe(403);
    expect((await admin.put(`/season/${season.id}/points`, points)).body.points).toEqual(points);
    expect((await admin.put(`/season/${season.id}/Points`, { ...points, pleno: -1 })).status).toBe(400);
    expect((await admin.get("/season/GetCurrentSeason")).body.points).toEqual(points);
    // The price per bet of the group bet's ticket goes with the points, and stays when left out.
    expect((await admin.put(`/season/${season.id}/Points`, { ...points, betPrice: 1.2 })).body.betPrice).toBe(1.2);
    expect((await admin.put(`/season/${season.id}/Points`, points)).body.betPrice).toBe(1.2);
    expect((await admin.put(`/season/${season.id}/Points`, { ...points, betPrice: -1 })).status).toBe(400);
    expect((await admin.put("/season/99999/Points", points)).status).toBe(404);
  });
});

describe("teams", () => {
  it("creates a team whose aliases become strings, without empties", async () => {
    const res = await admin.post("/team/Create", {
      name: "Atlético de Madrid",
      logo: "https://example.org/atm.png",
      alias: ["Club Atlético de Madrid", "", 7, "  ", null],
    });
    expect(res).toEqual({
      status: 201,
      body: { id: expect.any(Number), name: "Atlético de Madrid", logo: "https://example.org/atm.png", alias: ["7", "Club Atlético de Madrid"] },
    });
    const fromString = await admin.post("/team/Create", { Name: "Sevilla FC", Logo: null, Alias: '["Sevilla"]' });
    expect(fromString.body).toMatchObject({ name: "Sevilla FC", logo: null, alias: ["Sevilla"] });
  });

  it("refuses bad input and spellings another team answers to, ignoring case and accents", async () => {
    expect(await admin.post("/team/Create", { name: " ", alias: [] })).toEqual({ status: 400, body: { message: "El nombre es obligatorio" } });
    expect(await admin.post("/team/Create", { name: "Betis", alias: "{no" })).toEqual({ status: 400, body: { message: "Alias debe ser un array JSON" } });
    expect(await admin.post("/team/Create", { name: "Betis", alias: { a: 1 } })).toEqual({ status: 400, body: { message: "Alias debe ser un array JSON" } });
    expect((await admin.post("/team/Create", { name: "Betis", logo: "javascript:alert(1)" })).status).toBe(400);
    const clash = await admin.post("/team/Create", { name: "CLUB ATLETICO DE MADRID", alias: [] });
    expect(clash).toEqual({ status: 409, body: { message: "«CLUB ATLETICO DE MADRID» ya es el nombre o un alias de Atlético de Madrid." } });
    expect((await admin.post("/team/Create", { name: "Betis", alias: ["sevilla"] })).status).toBe(409);
    expect((await player.post("/team/Create", { name: "Betis", alias: [] })).status).toBe(403);
  });

  it("adds an alias to a team, once", async () => {
    const sevilla = (await player.get("/team/List")).body.find((x: { name: string }) => x.name === "Sevilla FC");
    expect((await player.post(`/team/${sevilla.id}/add-alias`, { alias: "SFC" })).status).toBe(403);
    expect((await admin.post(`/team/${sevilla.id}/add-alias`, { alias: "SFC" })).body.alias).toEqual(["SFC", "Sevilla"]);
    expect((await admin.post(`/team/${sevilla.id}/add-alias`, { alias: "sfc" })).body.alias).toEqual(["SFC", "Sevilla"]);
    expect((await admin.post(`/team/${sevilla.id}/add-alias`, { alias: "Atlético de Madrid" })).status).toBe(409);
    expect((await admin.post("/team/99999/add-alias", { alias: "Nadie" })).status).toBe(404);
    expect((await admin.post(`/team/${sevilla.id}/add-alias`, { alias: "" })).status).toBe(400);
  });

  it("lists teams by name with their aliases, for signed-in users", async () => {
    expect((await t.api.get("/team/List")).status).toBe(401);
    const list = (await player.get("/team/List")).body as { name: string; alias: string[] }[];
    expect(list.map((x) => x.name)).toEqual(["Atlético de Madrid", "Sevilla FC"]);
  });

  it("finds aliases written by the test builders with the same folding", async () => {
    await build.team(t.db, "Cádiz CF", ["Cádiz"]);
    const dup = await admin.post("/team/Create", { name: "CADIZ", alias: [] });
    expect(dup.status).toBe(409);
  });
});

describe("pools", () => {
  it("refuses unknown names, saving nothing, and lists them", async () => {
    const matches = fifteen("Club");
    await teamsFor(matches.slice(1));
    const res = await admin.post("/quiniela/CreateQuiniela", { ...dates, matches });
    expect(res).toEqual({ status: 400, body: { message: "Hay equipos sin resolver: Club L1, Club V1", unknown: ["Club L1", "Club V1"] } });
    expect((await admin.get("/quiniela/all")).body).toEqual([]);
  });

  it("resolves names by alias, numbers the pool in its season and reads it back", async () => {
    const matches = fifteen("Club");
    matches[0] = { home: "club atletico de madrid", away: "SEVILLA" };
    const res = await admin.post("/quiniela/CreateQuiniela", { NumberQuiniela: 40, ...dates, matches });
    expect(res.body.message).toBeUndefined();
    expect(res.status).toBe(201);
    const season = (await admin.get("/season/GetCurrentSeason")).body;
    expect(res.body).toMatchObject({ numberQuiniela: 1, name: "Jornada 1", seasonId: season.id, ...dates });
    expect(res.body.matches).toHaveLength(15);
    expect(res.body.matches[0]).toEqual({
      position: 1,
      home: "Atlético de Madrid",
      away: "Sevilla FC",
      homeTeamId: expect.any(Number),
      awayTeamId: expect.any(Number),
    });
    expect(res.body.matches[14]).toMatchObject({ position: 15, home: "Club L15", away: "Club V15" });

    const byId = await player.get(`/quiniela/GetById/${res.body.id}`);
    expect(byId.body).toEqual(res.body);
    expect((await player.get(`/Quiniela/${res.body.id}/GetMatches`)).body).toEqual(res.body.matches);

    await teamsFor(fifteen("Club").slice(0, 1));
    const second = await admin.post("/quiniela/CreateQuiniela", { ...dates, matches: fifteen("Club") });
    expect(second.body.numberQuiniela).toBe(2);
    expect((await player.get(`/quiniela/GetBySeasonId/${season.id}`)).body.map((q: { name: string }) => q.name)).toEqual(["Jornada 1", "Jornada 2"]);
    expect((await player.get("/quiniela/all")).body).toHaveLength(2);
    expect((await player.get("/quiniela/GetById/99999")).status).toBe(404);
    expect((await player.get("/quiniela/GetBySeasonId/99999")).status).toBe(404);
  });

  it("validates with the spec's messages", async () => {
    const cases: [object, string][] = [
      [{ closingDate: dates.closingDate, matches: fifteen("Club") }, "Todos los campos de fecha y jornada son obligatorios."],
      [{ ...dates, matches: fifteen("Club").slice(0, 14) }, "El JSON debe contener un array de 15 partidos."],
      [{ ...dates, matches: "no" }, "El JSON debe contener un array de 15 partidos."],
      [{ ...dates, matches: fifteen("Club").map((m, i) => (i === 3 ? { home: m.home } : m)) }, 'Cada partido debe tener "home" y "away".'],
      [{ ...dates, matches: fifteen("Club").map((m, i) => (i === 3 ? "A-B" : m)) }, 'Cada partido debe tener "home" y "away".'],
      [{ startDate: dates.closingDate, closingDate: dates.startDate, matches: fifteen("Club") }, "La fecha de cierre debe ser posterior a la de inicio."],
    ];
    for (const [body, message] of cases) expect(await admin.post("/quiniela/CreateQuiniela", body)).toEqual({ status: 400, body: { message } });
  });

  it("is for admins to create and edit; anyone signed in reads", async () => {
    expect((await player.post("/quiniela/CreateQuiniela", { ...dates, matches: fifteen("Club") })).status).toBe(403);
    expect((await player.put("/quiniela/UpdateQuiniela/1", { ...dates, matches: fifteen("Club") })).status).toBe(403);
    expect((await t.api.get("/quiniela/all")).status).toBe(401);
    expect((await player.get("/quiniela/GetTypesQuiniela")).body[1]).toEqual({
      id: 2,
      name: "Dos dobles",
      description: "Dos partidos con doble signo.",
      numDouble: 2,
      numTriple: 0,
    });
  });

  it("edits dates and matches, keeping the number", async () => {
    const pool = (await admin.get("/quiniela/all")).body[0];
    const matches = fifteen("Club").reverse();
    const res = await admin.put(`/quiniela/UpdateQuiniela/${pool.id}`, {
      NumberQuiniela: 9,
      startDate: "2024-08-20T10:00:00Z",
      closingDate: "2024-08-22T10:00:00Z",
      matches,
    });
    expect(res.body).toMatchObject({ id: pool.id, numberQuiniela: 1, startDate: "2024-08-20T10:00:00.000Z" });
    expect(res.body.matches[0]).toMatchObject({ home: "Club L15", away: "Club V15" });
    const unknown = await admin.put(`/quiniela/UpdateQuiniela/${pool.id}`, { ...dates, matches: fifteen("Nadie") });
    expect(unknown.status).toBe(400);
    expect(unknown.body.unknown).toHaveLength(30);
    expect((await admin.get(`/quiniela/GetById/${pool.id}`)).body.matches[0].home).toBe("Club L15");
    expect((await admin.put("/quiniela/UpdateQuiniela/99999", { ...dates, matches })).status).toBe(404);
  });

  it("refuses to create a pool when no season has started", async () => {
    t.setNow(new Date(Date.now() - 5 * 86_400_000));
    try {
      const res = await admin.post("/quiniela/CreateQuiniela", { ...dates, matches: fifteen("Club") });
      expect(res).toEqual({ status: 400, body: { message: "No hay ninguna temporada en curso. Crea una temporada antes de crear quinielas." } });
    } finally {
      t.setNow(SEASON_FIRST_HOUR);
    }
  });
});

describe("official results", () => {
  it("are set by an admin and read by everyone: the 14 signs in any casing, and an optional pleno", async () => {
    const pool = (await admin.get("/quiniela/all")).body[0];
    expect((await player.get(`/Quiniela/GetResults/${pool.id}`)).status).toBe(404);
    const signs = ["1", "x", "2", 1, 2, "X", " 1 ", "1", "2", "2", "X", "1", "2", "x"];
    expect((await player.post("/Quiniela/SetResults", { quinielaId: pool.id, matches: signs })).status).toBe(403);
    const set = await admin.post("/Quiniela/SetResults", { QuinielaId: pool.id, Matches: signs, Plain15: { Home: 2, Away: "1" } });
    const expected = ["1", "X", "2", "1", "2", "X", "1", "1", "2", "2", "X", "1", "2", "X"];
    expect(set.body).toEqual({ quinielaId: pool.id, matches: expected, plain15: { home: 2, away: 1 }, pl15: { home: 2, away: 1 }, version: 1 });
    expect((await player.get(`/quiniela/getresults/${pool.id}`)).body).toEqual(set.body);

    const noPleno = await admin.post("/Quiniela/SetResults", { quinielaId: pool.id, matches: expected.slice().reverse() });
    expect(noPleno.body.plain15).toBeNull();
    expect(noPleno.body.matches).toEqual(expected.slice().reverse());
  });

  it("are the 14 signs or nothing: an empty list, a short one or an empty sign is a Spanish 400 that stores nothing", async () => {
    const pool = (await admin.get("/quiniela/all")).body[0];
    const before = (await admin.get(`/Quiniela/GetResults/${pool.id}`)).body;
    const fourteen = Array(14).fill("1");
    const missing = { status: 400, body: { message: RESULTS_REQUIRED } };
    for (const matches of [[], [1, 2], fourteen.slice(1), [...fourteen.slice(1), null], ["", ...fourteen.slice(1)], [" ", ...fourteen.slice(1)]]) {
      expect(await admin.post("/Quiniela/SetResults", { quinielaId: pool.id, matches, plain15: { home: 1, away: 0 } })).toEqual(missing);
    }
    expect(await admin.post("/Quiniela/SetResults", { quinielaId: pool.id })).toEqual(missing);
    expect((await admin.get(`/Quiniela/GetResults/${pool.id}`)).body).toEqual(before);
  });

  it("refuses out-of-range goals, unknown signs and missing pools", async () => {
    const pool = (await admin.get("/quiniela/all")).body[0];
    const matches = Array(14).fill("1");
    expect(await admin.post("/Quiniela/SetResults", { quinielaId: pool.id, matches, plain15: { home: 11, away: 0 } })).toEqual({
      status: 400,
      body: { message: "Introduce los goles del pleno al quince (0-10)." },
    });
    expect((await admin.post("/Quiniela/SetResults", { quinielaId: pool.id, matches, plain15: { home: "", away: 1 } })).status).toBe(400);
    expect((await admin.post("/Quiniela/SetResults", { quinielaId: pool.id, matches: ["1X", ...matches.slice(1)] })).status).toBe(400);
    expect((await admin.post("/Quiniela/SetResults", { quinielaId: pool.id, matches: [...matches, "1"] })).status).toBe(400);
    expect((await admin.post("/Quiniela/SetResults", { quinielaId: 99999, matches })).status).toBe(404);
    expect((await admin.get("/Quiniela/GetResults/99999")).status).toBe(404);
  });
});

describe("users created by an admin", () => {
  it("get their groups and an e-mailed temporary password that signs in and can be changed", async () => {
    const g1 = await build.group(t.db, { name: "Oficina" });
    const g2 = await build.group(t.db, { name: "Amigos" });
    const res = await admin.post("/auth/register-by-admin", {
      email: "  nueva@test.local ",
      username: " nueva ",
      groups: [
        { groupId: g1, roleId: 2 },
        { groupId: "", roleId: "" },
        { groupId: g2, roleId: 1 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Usuario creado. Le hemos enviado por email una contraseña temporal.");
    const members = await t.db.query<{ group_id: number; role_id: number }>(
      "select group_id, role_id from group_members where user_id = $1 order by group_id",
      [res.body.id],
    );
    expect(members).toEqual([
      { group_id: g1, role_id: 2 },
      { group_id: g2, role_id: 1 },
    ]);

    const mail = t.mail.to("nueva@test.local").at(-1)!;
    const temp = /Contraseña temporal: (\S+)/.exec(mail.text)![1];
    const nueva = await t.login("nueva", temp);
    expect((await nueva.post("/auth/UpdatePassword", { newPassword: PASSWORD })).status).toBe(200);
    expect((await t.api.post("/auth/login", { username: "nueva", password: temp })).status).toBe(401);
    await t.login("nueva@test.local");
  });

  it("validates with the spec's messages and creates nothing on error", async () => {
    const g = await build.group(t.db);
    const cases: [object, number, string][] = [
      [{ email: " ", username: "alguien" }, 400, "Email y nombre de usuario son obligatorios."],
      [{ email: "alguien@test.local", username: "" }, 400, "Email y nombre de usuario son obligatorios."],
      [
        {
          email: "alguien@test.local",
          username: "alguien",
          groups: [
            { groupId: g, roleId: 1 },
            { groupId: g, roleId: 2 },
          ],
        },
        400,
        "No repitas el mismo grupo en varias filas.",
      ],
      [{ email: "alguien@test.local", username: "alguien", groups: [{ groupId: g, roleId: "" }] }, 400, "Selecciona un rol para cada grupo indicado."],
      // Strict types: a group or a role as text is refused, not read as a number.
      [{ email: "alguien@test.local", username: "alguien", groups: [{ groupId: String(g), roleId: 1 }] }, 400, "Grupo no válido."],
      [{ email: "alguien@test.local", username: "alguien", groups: [{ groupId: g, roleId: "1" }] }, 400, "Selecciona un rol para cada grupo indicado."],
      [{ email: "alguien@test.local", username: "alguien", groups: [{ groupId: 99999, roleId: 1 }] }, 404, "Grupo no encontrado."],
      [{ email: "PEPE@test.local", username: "alguien" }, 409, "Ese email ya está registrado."],
    ];
    for (const [body, status, message] of cases) expect(await admin.post("/auth/register-by-admin", body)).toEqual({ status, body: { message } });
    expect(t.mail.to("alguien@test.local")).toEqual([]);
    expect((await player.post("/auth/register-by-admin", { email: "otro@test.local", username: "otro" })).status).toBe(403);
    expect((await t.api.post("/auth/register-by-admin", { email: "otro@test.local", username: "otro" })).status).toBe(401);
  });
});
