import { mkdtemp, readdir, readFile, rm, stat, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBackend, DEFAULT_LOGGER } from "../../backend/app";
import { backupDatabase, restoreDatabase } from "../../backend/backup";
import { defaultBackendConfig } from "../../backend/config";
import { openPglite } from "../../backend/db/db";
import { migrate } from "../../backend/db/migrate";
import { createMailer } from "../../backend/mailer";
import { createBackend } from "../../backend/start";
import { client, PASSWORD, startBackend, type TestBackend } from "../support/backend";
import * as build from "../support/builders";

let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ config: { loginRateLimit: 3 } });
}, 300_000);
afterAll(() => t.close());

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("no 5xx for bad input (issue 13, item 4)", () => {
  it("answers ids past 2147483647, hex, exponents and booleans with a Spanish 400", async () => {
    const admin = await t.admin();
    for (const bad of ["2147483648", "99999999999999999999", "0x10", "1e3", "true", "0"]) {
      expect(await admin.get(`/group/${bad}`)).toEqual({ status: 400, body: { message: "Identificador no válido." } });
      expect(await admin.get(`/quiniela/GetById/${bad}`)).toEqual({ status: 400, body: { message: "Identificador no válido." } });
    }
    expect((await admin.get("/GroupQuiniela/GetByGroupAndQuiniela?groupId=1&quinielaId=4294967296")).status).toBe(400);
  });

  it("refuses a NUL byte in the login name and JSON nested 8,000 levels", async () => {
    expect(await t.api.post("/auth/login", { username: "ad\u0000min", password: "x" })).toEqual({
      status: 400,
      body: { message: "El usuario o email contiene caracteres no válidos." },
    });
    const deep = `{"username":${"[".repeat(8000)}${"]".repeat(8000)},"password":"x"}`;
    const res = await t.api.post("/auth/login", deep);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Usuario o email y contraseña son obligatorios.");
  });

  it("logs a 5xx with its request id, which the answer gives, and no token", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const db = await openPglite();
    await migrate(db);
    const app = await buildBackend(
      { db, mailer: createMailer({ outboxDir: "" }), clock: () => new Date(), config: defaultBackendConfig, fetch },
      { logger: { ...DEFAULT_LOGGER, stream } },
    );
    await db.close();
    const res = await app.inject({ method: "GET", url: "/season/List?secret=abc", headers: { authorization: `Bearer ${"s".repeat(40)}` } });
    await app.close();
    expect(res.statusCode).toBe(500);
    const id = res.headers["x-request-id"] as string;
    expect(res.json().message).toBe(`Error interno del servidor (referencia ${id}).`);
    const logged = lines.join("");
    expect(logged).toContain(`"reqId":"${id}"`);
    expect(logged).toContain('"path":"/season/list"');
    expect(logged).not.toContain("s".repeat(40));
    expect(logged).not.toContain("secret=abc");
  });
});

describe("strict types (issue 13, item 5)", () => {
  it('refuses {"sendAlert":"false"} and stores a JSON false', async () => {
    const player = await t.player();
    const refused = await player.post("/User/SetAlertPreference", { sendAlert: "false" });
    expect(refused).toEqual({ status: 400, body: { message: "El aviso por email debe ser verdadero o falso." } });
    expect((await player.post("/User/SetAlertPreference", { sendAlert: false })).body).toEqual({ sendAlert: false });
  });

  it("refuses QuinielaId: true, a hex id and a null open date, storing nothing", async () => {
    const gestor = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: gestor.id, role: 2 }] });
    const seasonId = await build.season(t.db, { name: "2031-32", startDate: "2031-08-01" });
    const quinielaId = await build.pool(t.db, { seasonId, number: 1, closingDate: new Date("2031-08-03T10:00:00Z") });
    const ok = { GroupId: groupId, QuinielaId: quinielaId, OpenDate: "2031-08-01T10:00:00Z", CloseDate: "2031-08-03T10:00:00Z" };
    for (const patch of [{ QuinielaId: true }, { QuinielaId: "0x10" }, { OpenDate: null }, { OpenDate: true }, { ForceClosed: "false" }]) {
      const res = await gestor.post("/GroupQuiniela/ConfigureGroupQuiniela", { ...ok, ...patch });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/no válid|verdadero o falso/);
    }
    expect(await t.db.query("select 1 from group_quinielas where group_id = $1", [groupId])).toEqual([]);
    expect((await gestor.post("/GroupQuiniela/ConfigureGroupQuiniela", ok)).status).toBe(201);
  });

  it('refuses season points sent as "", null or []', async () => {
    const admin = await t.admin();
    const seasonId = await build.season(t.db, { name: "2032-33", startDate: "2032-08-01" });
    for (const bad of ["", null, [], "2"]) {
      expect((await admin.put(`/season/${seasonId}/Points`, { single: bad, double: 0.75, triple: 0, pleno: 5 })).body).toEqual({
        message: "Cada valor de puntos debe ser un número entre 0 y 100.",
      });
    }
  });
});

describe("sign-in limits (issue 13, item 6)", () => {
  const from = (ip: string) => ({ "x-forwarded-for": ip });
  const attempt = (password: string, ip: string, who: object = { username: "limitada" }) =>
    t.api.post("/auth/login", { ...who, password }, from(ip)).then((r) => r.status);

  it("counts failures per account and address: a stranger elsewhere cannot lock the owner out", async () => {
    await t.api.post("/auth/register", { email: "limitada@test.local", username: "limitada", password: PASSWORD });
    const stranger = [];
    for (let i = 0; i < 4; i++) stranger.push(await attempt("Mal#12345", "203.0.113.7"));
    expect(stranger).toEqual([401, 401, 401, 429]);
    // The e-mail is the same account: it does not get three more tries.
    expect(await attempt("Mal#12345", "203.0.113.7", { email: "limitada@test.local" })).toBe(429);
    expect(await attempt(PASSWORD, "198.51.100.20")).toBe(200);
  });

  it("does not count successful sign-ins, and a success starts the count again", async () => {
    await t.api.post("/auth/register", { email: "frecuente@test.local", username: "frecuente", password: PASSWORD });
    const who = { username: "frecuente" };
    for (let i = 0; i < 6; i++) expect(await attempt(PASSWORD, "192.0.2.50", who)).toBe(200);
    expect(await attempt("Mal#12345", "192.0.2.50", who)).toBe(401);
    expect(await attempt("Mal#12345", "192.0.2.50", who)).toBe(401);
    expect(await attempt(PASSWORD, "192.0.2.50", who)).toBe(200);
    expect(await attempt("Mal#12345", "192.0.2.50", who)).toBe(401);
    expect(await attempt("Mal#12345", "192.0.2.50", who)).toBe(401);
    expect(await attempt(PASSWORD, "192.0.2.50", who)).toBe(200);
  });
});

describe("private files (issue 13, item 8)", () => {
  it("keeps DATA_DIR 0700, nothing in it open to others, and .eml files for the owner only", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "quiniela-perm-"));
    dirs.push(dataDir);
    // What an older version left behind: world-writable.
    await mkdir(path.join(dataDir, "outbox"), { mode: 0o777 });
    await writeFile(path.join(dataDir, "outbox", "old.eml"), "x", { mode: 0o666 });
    const previous = process.umask(0o000);
    const { app } = await createBackend({ dataDir, log: () => {} });
    try {
      const url = await app.listen({ host: "127.0.0.1", port: 0 });
      const api = client(url);
      await api.post("/auth/register", { email: "privada@test.local", username: "privada", password: PASSWORD });
      await api.post("/api/auth/forgot-password", { email: "privada@test.local" });
    } finally {
      await app.close();
      process.umask(previous);
    }
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    const open: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if ((await stat(full)).mode & 0o077) open.push(full);
        if (entry.isDirectory()) await walk(full);
      }
    };
    await walk(dataDir);
    expect(open).toEqual([]);
    const eml = (await readdir(path.join(dataDir, "outbox"))).filter((f) => f !== "old.eml");
    // The sign-up's proof link and the reset link (decision 078): both for the owner only.
    expect(eml).toHaveLength(2);
    for (const file of eml) expect((await stat(path.join(dataDir, "outbox", file))).mode & 0o777).toBe(0o600);
  }, 120_000);
});

describe("backups (issue 13, item 9)", () => {
  it("restores a backup of the embedded database into a fresh DATA_DIR with the same standings", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "quiniela-backup-"));
    const freshDir = await mkdtemp(path.join(tmpdir(), "quiniela-restore-"));
    const outDir = await mkdtemp(path.join(tmpdir(), "quiniela-backups-"));
    dirs.push(dataDir, freshDir, outDir);
    const admin = { email: "jefa@test.local", username: "jefa", password: PASSWORD };

    const standings = async (dir: string) => {
      const { app, deps } = await createBackend({ dataDir: dir, admin, log: () => {} });
      try {
        const url = await app.listen({ host: "127.0.0.1", port: 0 });
        const token = (await client(url).post("/auth/login", { username: "jefa", password: PASSWORD })).body.token;
        const group = await deps.db.one<{ id: number }>("select id from groups order by id limit 1");
        const season = await deps.db.one<{ id: number }>("select id from seasons order by id limit 1");
        return (await client(url, token).get(`/group/${group!.id}/season/${season!.id}/GetClassification`)).body;
      } finally {
        await app.close();
      }
    };

    const { app, deps } = await createBackend({ dataDir, admin, log: () => {} });
    try {
      const users = await deps.db.query<{ id: number }>("select id from users");
      const seasonId = await build.season(deps.db, { name: "2024-25", startDate: "2024-08-01" });
      const quinielaId = await build.pool(deps.db, { seasonId, number: 1 });
      const groupId = await build.group(deps.db, { members: [{ userId: users[0].id, role: 2 }] });
      await build.round(deps.db, { groupId, quinielaId, openDate: new Date("2024-08-10T10:00:00Z"), closeDate: new Date("2024-08-12T10:00:00Z") });
      await build.prediction(deps.db, { groupId, quinielaId, userId: users[0].id, matches: Array(14).fill(["1"]), pleno: { home: 1, away: 0 } });
      await build.results(deps.db, quinielaId, Array(14).fill("1"), { home: 1, away: 0 });
    } finally {
      await app.close();
    }
    const before = await standings(dataDir);
    expect(before.rows?.[0]?.totalPoints ?? before[0]?.totalPoints).toBeGreaterThan(0);

    const file = await backupDatabase({ dataDir, outDir, now: new Date("2026-11-22T03:00:00Z") });
    expect(path.basename(file)).toBe("quiniela-2026-11-22T03-00-00Z.tar.gz");
    expect((await stat(file)).mode & 0o077).toBe(0);
    await restoreDatabase({ dataDir: freshDir, file });
    await expect(restoreDatabase({ dataDir: freshDir, file })).rejects.toThrow(/Ya hay una base de datos/);
    expect(await standings(freshDir)).toEqual(before);
    expect((await readFile(file)).length).toBeGreaterThan(1000);
  }, 180_000);
});
