// Two app instances (`node build/server.js` twice, each with its embedded backend) on one
// PostgreSQL, driven through real HTTP: they must behave as one app.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCK_KEYS, onceAcrossInstances } from "../../backend/db/advisory";
import { openPostgres, type Db } from "../../backend/db/db";
import { runScheduledImport } from "../../backend/services/official/schedule";
import type { Deps } from "../../backend/context";
import { sendDueRemindersOnce } from "../../backend/services/mail/reminders";
import { runRoundCloses } from "../../backend/services/close/close-job";
import { createBackend } from "../../backend/start";
import { client, type Client } from "../support/backend";
import * as build from "../support/builders";
import { startFakeSelae, type FakeSelae } from "../support/fake-selae.mjs";
import { startMailSink } from "../support/mail-sink.mjs";
import { freePort, postgresUnavailable, throwawayPostgres } from "../support/postgres";

const ADMIN = { email: "admin@multi.local", username: "admin", password: "Admin#2026pass" };
const PASSWORD = "Secreta#2026";
const SESSION_SECRET = randomBytes(32).toString("hex");
const HOUR = 3_600_000;

/** A log line's message (`msg`), or the line itself when it is not JSON (Node's own warnings). */
function message(line: string): string {
  try {
    return String((JSON.parse(line) as { msg?: unknown }).msg ?? line);
  } catch {
    return line;
  }
}

/** The BFF believes a token the backend accepted for this long (docs/decisions/014). */
const VALIDATED_MS = 10_000;

interface Instance {
  name: string;
  web: string;
  api: Client;
  log: string[];
  stop: () => Promise<void>;
}

const unavailable = postgresUnavailable();
if (unavailable) process.stdout.write(`\n[test:multi] Omitido: ${unavailable}. Defínelo o instala PostgreSQL para comprobar dos instancias.\n\n`);

describe.runIf(!unavailable)("two instances on one PostgreSQL", () => {
  let pg: Awaited<ReturnType<typeof throwawayPostgres>>;
  let mail: Awaited<ReturnType<typeof startMailSink>>;
  let selae: FakeSelae;
  let db: Db;
  let a: Instance;
  let b: Instance;
  const dirs: string[] = [];

  /** `node build/server.js` on two free ports (web and backend), sharing the database, the secret and the mail server. */
  async function startInstance(name: string): Promise<Instance> {
    const [port, backendPort] = [await freePort(), await freePort()];
    const dataDir = mkdtempSync(path.join(tmpdir(), `quiniela-multi-${name}-`));
    dirs.push(dataDir);
    const child: ChildProcess = spawn(process.execPath, ["build/server.js"], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PORT: String(port),
        BACKEND_PORT: String(backendPort),
        DATA_DIR: dataDir,
        DATABASE_URL: pg.url,
        SESSION_SECRET,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: mail.url,
        PUBLIC_URL: "http://quiniela.test",
        LOTTERY_BASE_URL: selae.url,
        RATE_LIMIT_LOGIN: "1000",
        // Both run the peñas' standing rules every second: each step must still happen once.
        WEEK_JOB_INTERVAL_MS: "1000",
        ROUND_CLOSE_INTERVAL_MS: "1000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const log: string[] = [];
    // Every line is one JSON object (decision 087): the log keeps the message a person reads.
    const collect = (chunk: Buffer) => log.push(...chunk.toString("utf8").split("\n").filter(Boolean).map(message));
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} no arrancó:\n${log.join("\n")}`)), 60_000);
      const onData = () => {
        if (log.some((l) => l.startsWith("Quiniela de peñas en"))) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on("data", onData);
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`${name} terminó (${code}) al arrancar:\n${log.join("\n")}`));
      });
    });
    child.removeAllListeners("exit");
    return {
      name,
      web: `http://127.0.0.1:${port}`,
      api: client(`http://127.0.0.1:${backendPort}`),
      log,
      stop: () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    };
  }

  /** The round-close job's run, as an instance's timer makes it, on a connection pool of its own. */
  async function runRoundClosesOn(url: string): Promise<number> {
    const own = await openPostgres(url);
    try {
      return await runRoundCloses({ db: own, clock: () => new Date() } as unknown as Deps);
    } finally {
      await own.close();
    }
  }

  const startBoth = async () => ([a, b] = await Promise.all([startInstance("A"), startInstance("B")]));

  /** Signs in through an instance's sign-in form; returns the session cookie. */
  async function signIn(on: Instance, identifier: string, password = PASSWORD): Promise<string> {
    const response = await fetch(`${on.web}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: on.web, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ identifier, password, redirectTo: "" }),
    });
    expect(response.status).toBe(302);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(cookie).toBeTruthy();
    return cookie!.split(";")[0];
  }

  const page = (on: Instance, pathname: string, cookie?: string) => fetch(`${on.web}${pathname}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const signedIn = async (on: Instance, cookie: string) => (await page(on, "/inicio", cookie)).status === 200;

  async function apiToken(on: Instance, username: string, password = PASSWORD): Promise<Client> {
    const res = await on.api.post("/auth/login", { username, password });
    expect(res.status).toBe(200);
    return on.api.as(res.body.token as string);
  }

  async function register(on: Instance, prefix: string) {
    const username = `${prefix}${randomBytes(3).toString("hex")}`;
    expect((await on.api.post("/auth/register", { email: `${username}@multi.local`, username, password: PASSWORD })).status).toBe(201);
    const me = await (await apiToken(on, username)).get("/auth/me");
    return { username, id: me.body.id as number };
  }

  /** The standings as instance `on`'s BFF exports them (CSV), by player name. */
  async function standingsCsv(on: Instance, cookie: string, groupId: number, seasonId: number) {
    const response = await page(on, `/grupo/${groupId}/temporada/${seasonId}/clasificacion.csv`, cookie);
    expect(response.status).toBe(200);
    const [header, ...rows] = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/)
      .map((l) => l.split(";").map((c) => c.replace(/^"|"$/g, "")));
    return new Map(rows.map((r) => [r[1], Object.fromEntries(header.map((h, i) => [h, r[i]]))]));
  }

  beforeAll(async () => {
    if (!existsSync("build/server.js")) throw new Error("Falta build/server.js: ejecuta npm run build antes de npm run test:multi.");
    pg = await throwawayPostgres();
    mail = await startMailSink();
    selae = await startFakeSelae();
    // Both start at the same moment on an empty database: one migrates, one makes the admin.
    await startBoth();
    db = await openPostgres(pg.url);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await mail?.close();
    await selae?.close();
    await pg?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("start together on an empty database with one set of tables and one admin", async () => {
    expect(await db.query("select name from schema_migrations")).not.toHaveLength(0);
    expect(await db.query("select username from users where is_admin")).toEqual([{ username: ADMIN.username }]);
    for (const on of [a, b]) expect(on.log.join("\n")).not.toMatch(/No se pudo arrancar/);
  });

  it("a session made on one instance works on the other", async () => {
    const player = await register(a, "ana");
    const cookie = await signIn(a, player.username);
    const onB = await page(b, "/inicio", cookie);
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain(player.username);
    expect((await page(b, "/inicio")).status).toBe(302);
  });

  it("a change made on one instance is seen at once on the other", async () => {
    const [manager, player] = [await register(a, "marta"), await register(a, "pablo")];
    const seasonId = await build.season(db, { name: `Multi ${randomBytes(2).toString("hex")}` });
    const past = new Date(Date.now() - 10 * 24 * HOUR);
    const closed = await build.pool(db, { seasonId, number: 1, startDate: past, closingDate: new Date(past.getTime() + 3 * 24 * HOUR) });
    const open = await build.pool(db, { seasonId, number: 2, startDate: new Date(Date.now() - HOUR), closingDate: new Date(Date.now() + 5 * 24 * HOUR) });
    const groupId = await build.group(db, { name: "Peña Multi", members: [{ userId: manager.id, role: 2 }, { userId: player.id }] });
    await build.round(db, { groupId, quinielaId: closed, openDate: past, closeDate: new Date(past.getTime() + 2 * 24 * HOUR) });
    await build.round(db, { groupId, quinielaId: open, openDate: new Date(Date.now() - HOUR), closeDate: new Date(Date.now() + 4 * 24 * HOUR) });
    const allOnes = Array.from({ length: 14 }, () => ["1" as const]);
    await build.prediction(db, { groupId, quinielaId: closed, userId: player.id, matches: allOnes, pleno: { home: 1, away: 0 } });
    const cookie = await signIn(a, player.username);
    const adminOnA = await apiToken(a, ADMIN.username, ADMIN.password);

    // A result set on A: B's standings (read once before, so B's caches are warm) change at once,
    // in the export and on the page, whose table B keeps while the standings do not change (decision 027).
    const simpleHitsOnPage = async (on: Instance) => {
      // The player's figures in words, beside the table (decision 075).
      const html = await (await page(on, `/grupo/${groupId}/temporada/${seasonId}/clasificacion?jugador=${player.id}`, cookie)).text();
      return /<dt>Aciertos simples<\/dt><dd>(\d+)\/\d+<\/dd>/.exec(html)?.[1] ?? "sin tabla";
    };
    // The same for the round's tickets on results and bets, also kept between changes.
    const hitsOnResults = async (on: Instance) => {
      const html = await (await page(on, `/grupo/${groupId}/resultados-y-apuestas`, cookie)).text();
      return /<p class="player-hits"><strong>(\d+)<\/strong>/.exec(html)?.[1] ?? "sin pronósticos";
    };
    expect(["sin tabla", "0"]).toContain(await simpleHitsOnPage(b));
    expect((await adminOnA.post("/Quiniela/SetResults", { quinielaId: closed, matches: Array(14).fill("1"), plain15: { home: 1, away: 0 } })).status).toBe(200);
    expect((await standingsCsv(b, cookie, groupId, seasonId)).get(player.username)?.["Aciertos simples"]).toBe("14");
    expect(await simpleHitsOnPage(b)).toBe("14");
    expect(await simpleHitsOnPage(b)).toBe("14");
    expect(await hitsOnResults(b)).toBe("15");
    expect(await hitsOnResults(b)).toBe("15");
    expect((await adminOnA.post("/Quiniela/SetResults", { quinielaId: closed, matches: Array(14).fill("2"), plain15: { home: 0, away: 0 } })).status).toBe(200);
    expect(await simpleHitsOnPage(b)).toBe("0");
    expect(await hitsOnResults(b)).toBe("0");
    expect((await standingsCsv(b, cookie, groupId, seasonId)).get(player.username)?.["Aciertos simples"]).toBe("0");
    expect((await standingsCsv(a, cookie, groupId, seasonId)).get(player.username)?.["Aciertos simples"]).toBe("0");

    // A prediction sent on A is the player's on B.
    const playerOnA = await apiToken(a, player.username);
    expect((await playerOnA.post(`/Quiniela/${open}/MakePrediction`, { groupId, matches: allOnes, plain15: { home: 2, away: 1 } })).status).toBe(201);
    const mine = await (await apiToken(b, player.username)).get(`/Quiniela/${open}/MyPrediction?groupId=${groupId}`);
    expect(JSON.stringify(mine.body)).toContain('"home":2');

    // A group setting changed by its manager on A shows on B's pages.
    const managerOnA = await apiToken(a, manager.username);
    expect((await managerOnA.put(`/group/${groupId}`, { name: "Peña Renombrada" })).status).toBe(200);
    const dashboard = await page(b, `/grupo/${groupId}/dashboard`, await signIn(b, manager.username));
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("<h1>Peña Renombrada</h1>");

    // A kiosk link made on A opens on B (one SESSION_SECRET signs both).
    const link = await managerOnA.post(`/group/${groupId}/kiosk`);
    expect(link.status).toBe(201);
    expect((await page(b, `/kiosk/${link.body.token}`)).status).toBe(200);
  });

  it("a live page kept on one instance is a new page there once a score is typed on the other (decision 077)", async () => {
    const [manager, player] = [await register(a, "kira"), await register(a, "leo")];
    const seasonId = await build.season(db, { name: `Directo ${randomBytes(2).toString("hex")}` });
    const start = new Date(Date.now() - 2 * HOUR);
    const pool = await build.pool(db, { seasonId, number: 1, startDate: start, closingDate: new Date(Date.now() + HOUR) });
    const groupId = await build.group(db, { name: "Peña en directo", members: [{ userId: manager.id, role: 2 }, { userId: player.id }] });
    // Closed a moment ago: its scores may be typed (decision 061).
    await build.round(db, { groupId, quinielaId: pool, openDate: start, closeDate: new Date(Date.now() - 60_000) });
    await build.prediction(db, {
      groupId,
      quinielaId: pool,
      userId: player.id,
      matches: Array.from({ length: 14 }, () => ["1" as const]),
      pleno: { home: 1, away: 0 },
    });
    const cookie = await signIn(b, player.username);
    const url = `/grupo/${groupId}/directo?pausa=1`;
    const first = await page(b, url, cookie);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const reload = () => fetch(`${b.web}${url}`, { redirect: "manual", headers: { cookie, "if-none-match": etag } });
    // B holds the version now: its reloads read nothing and are 304s.
    for (let i = 0; i < 3; i++) expect((await reload()).status).toBe(304);

    const managerOnA = await apiToken(a, manager.username);
    expect((await managerOnA.post(`/Group/${groupId}/ProvisionalResult`, { quinielaId: pool, position: 1, home: "2", away: "1" })).status).toBe(200);
    const after = await reload();
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(await after.text()).toContain("2-1");
  });

  // In practice at once: the page's own backend calls get a 401; the 10 s are for a page that makes none.
  it("a sign-out on one instance ends the session on the other within 10 seconds", async () => {
    const player = await register(a, "luis");
    const cookie = await signIn(a, player.username);
    // B has just checked this token: it may believe it for VALIDATED_MS more.
    expect(await signedIn(b, cookie)).toBe(true);
    const logout = await fetch(`${a.web}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: a.web, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(logout.status).toBe(302);
    const signedOutAt = Date.now();
    expect(await signedIn(a, cookie)).toBe(false);
    while (await signedIn(b, cookie)) {
      expect(Date.now() - signedOutAt).toBeLessThan(VALIDATED_MS + 1_000);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(Date.now() - signedOutAt).toBeLessThan(VALIDATED_MS + 1_000);
    // An instance that has not checked a token lately refuses it at once.
    const other = await signIn(a, player.username);
    expect(
      (
        await fetch(`${a.web}/logout`, {
          method: "POST",
          redirect: "manual",
          headers: { cookie: other, origin: a.web, "content-type": "application/x-www-form-urlencoded" },
          body: "",
        })
      ).status,
    ).toBe(302);
    expect(await signedIn(b, other)).toBe(false);
  }, 30_000);

  it("a due reminder is mailed once when both instances' schedulers run", async () => {
    const players = [await register(a, "rosa"), await register(a, "raul"), await register(a, "rita")];
    const seasonId = await build.season(db, { name: `Recordatorios ${randomBytes(2).toString("hex")}` });
    const quinielaId = await build.pool(db, {
      seasonId,
      number: 9,
      startDate: new Date(Date.now() - 24 * HOUR),
      closingDate: new Date(Date.now() + 24 * HOUR),
    });
    const groupId = await build.group(db, { name: "Peña Recordatorio", members: players.map((p) => ({ userId: p.id })) });
    await build.round(db, { groupId, quinielaId, openDate: new Date(Date.now() - 24 * HOUR), closeDate: new Date(Date.now() + 3 * HOUR) });
    const mailsTo = (username: string) => mail.to(`${username}@multi.local`).filter((m) => m.subject.includes("la jornada 9 cierra pronto"));

    // Restarted together, both schedulers make their first run at the same moment.
    await Promise.all([a.stop(), b.stop()]);
    await startBoth();
    const deadline = Date.now() + 30_000;
    while (players.some((p) => mailsTo(p.username).length === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 3_000));
    for (const p of players) expect(mailsTo(p.username)).toHaveLength(1);
    const sentLines = [...a.log, ...b.log].filter((l) => l.includes("Recordatorios enviados:"));
    expect(sentLines.reduce((sum, l) => sum + Number(l.split("Recordatorios enviados:")[1]), 0)).toBe(3);
    expect(Number((await db.one<{ n: number }>("select count(*)::int as n from reminders_sent"))?.n)).toBe(3);
  }, 90_000);

  it("a round's caja charges are written once when both instances' close jobs run, spending no id on a skipped row", async () => {
    const [manager, ...players] = [await register(a, "gema"), await register(a, "hugo"), await register(a, "ines")];
    const seasonId = await build.season(db, { name: `Caja ${randomBytes(2).toString("hex")}` });
    const quinielaId = await build.pool(db, { seasonId, number: 12, startDate: new Date(Date.now() - 24 * HOUR) });
    const groupId = await build.group(db, {
      name: "Peña Caja",
      members: [{ userId: manager.id, role: 2 }, ...players.map((p) => ({ userId: p.id }))],
    });
    const rules = {
      quotaCents: 200,
      quotaBasis: "round",
      payTicket: false,
      lastPlaceFineCents: 0,
      hideBalances: false,
      bestPrizeCents: 0,
      pinaPenaltyCents: 0,
    };
    expect((await (await apiToken(a, manager.username)).put(`/group/${groupId}/caja/rules`, rules)).status).toBe(200);
    // The round closes by its date while both instances are down: no write says so, only the jobs' timers.
    await build.round(db, { groupId, quinielaId, openDate: new Date(Date.now() - 24 * HOUR), closeDate: new Date(Date.now() + 1_000) });
    for (const p of players)
      await build.prediction(db, { groupId, quinielaId, userId: p.id, matches: Array.from({ length: 14 }, () => ["1"]), pleno: { home: 1, away: 0 } });
    const quotas = async () =>
      Number((await db.one<{ n: number }>("select count(*)::int as n from caja_movements where group_id = $1 and kind = 'quota'", [groupId]))?.n);
    const sequence = async () => Number((await db.one<{ v: number }>("select last_value::bigint as v from caja_movements_id_seq"))?.v);
    expect(await quotas()).toBe(0);

    await Promise.all([a.stop(), b.stop()]);
    await startBoth();
    const deadline = Date.now() + 30_000;
    while ((await quotas()) < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await quotas()).toBe(2);
    expect(
      await db.query("select reason from round_closes c join group_quinielas gq on gq.id = c.group_quiniela_id where gq.group_id = $1", [groupId]),
    ).toEqual([{ reason: "date" }]);
    // Every id handed out is a row written: reads through both instances, and both jobs again, spend none.
    const maxId = Number((await db.one<{ m: number }>("select max(id)::bigint as m from caja_movements"))?.m);
    expect(await sequence()).toBe(maxId);
    for (const on of [a, b]) {
      const member = await apiToken(on, players[0].username);
      for (let i = 0; i < 20; i++) expect((await member.get(`/group/${groupId}/caja`)).status).toBe(200);
    }
    const [first, second] = await Promise.all([a, b].map(() => runRoundClosesOn(pg.url)));
    expect(first + second).toBe(0);
    expect(await quotas()).toBe(2);
    expect(await sequence()).toBe(maxId);
  }, 90_000);

  it("the scheduled lottery import and the reminders' run go to one instance at a time", async () => {
    // Two backends of their own (two connection pools) on the same database, as two machines would have.
    const backends = await Promise.all(
      ["L1", "L2"].map((name) => {
        const dataDir = mkdtempSync(path.join(tmpdir(), `quiniela-multi-${name}-`));
        dirs.push(dataDir);
        return createBackend({ dataDir, databaseUrl: pg.url, admin: ADMIN, config: { lotteryBaseUrl: selae.url, linkSecret: SESSION_SECRET }, log: () => {} });
      }),
    );
    try {
      const monday = new Date("2026-08-31T07:30:00Z");
      const runs = await Promise.all(backends.map(({ deps }) => runScheduledImport({ ...deps, clock: () => monday })));
      expect(runs.filter(Boolean)).toHaveLength(1);
      expect(await runScheduledImport({ ...backends[1].deps, clock: () => monday })).toBe(false);
      expect(await db.query("select run_day::text from lottery_import_runs")).toEqual([{ run_day: "2026-08-31" }]);

      // The reminders' run takes its own lock the same way: while one instance runs, the other skips.
      let release = () => {};
      const holding = onceAcrossInstances(backends[0].deps.db, LOCK_KEYS.reminders, () => new Promise<void>((resolve) => (release = resolve)));
      await new Promise((r) => setTimeout(r, 200));
      expect(await onceAcrossInstances(backends[1].deps.db, LOCK_KEYS.reminders, async () => "ran")).toEqual({ ran: false });
      expect(await sendDueRemindersOnce(backends[1].deps)).toBe(0);
      release();
      await holding;
      expect(await onceAcrossInstances(backends[1].deps.db, LOCK_KEYS.reminders, async () => "ran")).toEqual({ ran: true, value: "ran" });
    } finally {
      await Promise.all(backends.map(({ app }) => app.close()));
    }
  }, 60_000);

  // Last: its round's reminders would count in the reminders' test above.
  it("the week's job of both instances opens a peña's round once, and at its close makes one bet and one mail", async () => {
    const manager = await register(a, "gestora");
    const player = await register(a, "jugador");
    const groupId = await build.group(db, { name: "Peña Semana", members: [{ userId: manager.id, role: 2 }, { userId: player.id }] });
    const rule = { autoOpen: true, typeRota: [1], openAt: "publication", closeBeforeMinutes: 60, betAtClose: true, betRule: "wilson" };
    const saved = await (
      await apiToken(b, manager.username)
    ).put(`/group/${groupId}/Automation`, { ...rule, autoConfirm: false, absentFill: "off", absentMax: 3 });
    expect(saved.status).toBe(200);
    const seasonId = await build.season(db, { name: `Semana ${randomBytes(2).toString("hex")}` });
    const pool = await build.pool(db, { seasonId, number: 1, startDate: new Date(Date.now() - 2 * HOUR), closingDate: new Date(Date.now() + 3 * HOUR) });
    const rounds = () => db.query<{ id: number }>("select id from group_quinielas where group_id = $1 and quiniela_id = $2", [groupId, pool]);
    await expect.poll(async () => (await rounds()).length, { timeout: 15_000 }).toBe(1);
    const allOnes = Array.from({ length: 14 }, () => ["1" as const]);
    await build.prediction(db, { groupId, quinielaId: pool, userId: player.id, matches: allOnes, pleno: { home: 1, away: 0 } });
    // The official close comes to half an hour from now: the peña's round (an hour before it) is closed.
    await db.query("update quinielas set closing_date = $2 where id = $1", [pool, new Date(Date.now() + HOUR / 2)]);
    const subject = "Quiniela de peñas: apuesta de la jornada 1 de Peña Semana";
    await expect.poll(() => mail.to(`${manager.username}@multi.local`).filter((m) => m.subject === subject).length, { timeout: 15_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await rounds()).toHaveLength(1);
    expect(await db.query("select 1 from bets where group_id = $1", [groupId])).toHaveLength(1);
    // One bet mail; the rest of her inbox is her sign-up's proof link (decision 078) and, when the
    // resguardo's ask job runs meanwhile, its ask: the bet exists and the pool starts within two hours (decision 093).
    const others = new Set(["Quiniela de peñas: confirma tu dirección de correo", "Quiniela de peñas: falta el resguardo de la jornada 1 de Peña Semana"]);
    expect(mail.to(`${manager.username}@multi.local`).filter((m) => !others.has(m.subject))).toHaveLength(1);
    expect(mail.to(`${manager.username}@multi.local`).filter((m) => m.subject === subject)).toHaveLength(1);
    // (The other tests' pools still to close open in the peña too: one entry each.)
    const [round] = await rounds();
    expect(await db.query("select 1 from audit_log where entity_id = $1 and action = 'round.auto-open'", [round.id])).toHaveLength(1);
  });
});
