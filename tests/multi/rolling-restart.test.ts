// Two built instances on one PostgreSQL behind a small round-robin balancer, restarted one after the
// other (SIGTERM, start, ready) twice while players read pages and save predictions through the
// balancer: no request fails and every acknowledged prediction is in the database (decision 088).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Db } from "../../backend/db/db";
import { client } from "../support/backend";
import * as build from "../support/builders";
import { startMailSink } from "../support/mail-sink.mjs";
import { freePort, postgresUnavailable, throwawayPostgres } from "../support/postgres";

const ADMIN = { email: "admin@rolling.local", username: "admin", password: "Admin#2026pass" };
const PASSWORD = "Secreta#2026";
const SESSION_SECRET = randomBytes(32).toString("hex");
const PLAYERS = 6;
const HOUR = 3_600_000;

interface Instance {
  name: string;
  port: number;
  backendPort: number;
  dataDir: string;
  child: ChildProcess | null;
  log: string[];
}

const unavailable = postgresUnavailable();
if (unavailable) process.stdout.write(`\n[test:multi] Omitido: ${unavailable}.\n\n`);

describe.runIf(!unavailable)("two instances restarted one after the other under load", () => {
  let pg: Awaited<ReturnType<typeof throwawayPostgres>>;
  let mail: Awaited<ReturnType<typeof startMailSink>>;
  let db: Db;
  let balancer: http.Server;
  let front: string;
  let retried = 0;
  let probe: NodeJS.Timeout | undefined;
  const instances: Instance[] = [];

  /** `node build/server.js` on its two ports; resolves once it serves pages. */
  async function start(instance: Instance) {
    const child = spawn(process.execPath, ["build/server.js"], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PORT: String(instance.port),
        BACKEND_PORT: String(instance.backendPort),
        DATA_DIR: instance.dataDir,
        DATABASE_URL: pg.url,
        SESSION_SECRET,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: mail.url,
        PUBLIC_URL: "http://quiniela.test",
        RATE_LIMIT_LOGIN: "1000",
        SHUTDOWN_GRACE_SECONDS: "15",
        SHUTDOWN_DELAY_SECONDS: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const collect = (chunk: Buffer) => instance.log.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    instance.child = child;
    const began = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${instance.name} terminó al arrancar:\n${instance.log.join("\n")}`);
      if (Date.now() - began > 90_000) throw new Error(`${instance.name} no arrancó:\n${instance.log.join("\n")}`);
      const ready = await fetch(`http://127.0.0.1:${instance.port}/login`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return Date.now() - began;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** SIGTERM, then the exit: its code and how long it took. */
  function stop(instance: Instance): Promise<{ code: number | null; ms: number }> {
    const child = instance.child!;
    const began = Date.now();
    return new Promise((resolve) => {
      if (child.exitCode !== null) return resolve({ code: child.exitCode, ms: 0 });
      child.once("exit", (code) => resolve({ code, ms: Date.now() - began }));
      child.kill("SIGTERM");
    });
  }

  /**
   * A balancer as nginx is by default: round robin, a new connection to the instance per request,
   * and the next instance tried when one refuses the connection (proxy_next_upstream error). The
   * request's body is read first, so it can be sent again. Like any balancer with health checks
   * (HAProxy's httpchk, a Kubernetes readiness probe), it asks each instance's /ready every 100 ms
   * and sends nothing to one that says no while another says yes: the instance told to stop says no
   * for SHUTDOWN_DELAY_SECONDS before its port closes, so no new connection waits in that port's
   * queue when it does (the kernel resets those, and a POST on one is lost: nginx does not send a
   * POST again).
   */
  function startBalancer(): Promise<string> {
    let next = 0;
    const ready = new Set<Instance>();
    probe = setInterval(() => {
      for (const instance of instances) {
        const asked = http.get({ host: "127.0.0.1", port: instance.port, path: "/ready", agent: false, timeout: 1_000 }, (answer) => {
          answer.resume();
          if (answer.statusCode === 200) ready.add(instance);
          else ready.delete(instance);
        });
        asked.on("error", () => ready.delete(instance));
        asked.on("timeout", () => asked.destroy());
      }
    }, 100);
    probe.unref();
    balancer = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        const first = next++ % instances.length;
        const attempt = (tries: number) => {
          const pool = instances.some((i) => ready.has(i)) ? instances.filter((i) => ready.has(i)) : instances;
          const target = pool[(first + tries) % pool.length];
          const upstream = http.request(
            { host: "127.0.0.1", port: target.port, method: req.method, path: req.url, headers: req.headers, agent: false },
            (answer) => {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(res);
            },
          );
          upstream.on("error", (error: NodeJS.ErrnoException) => {
            if (error.code === "ECONNREFUSED" && tries < instances.length * 3) {
              retried++;
              return void setTimeout(() => attempt(tries + 1), tries >= instances.length ? 100 : 0);
            }
            if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
            res.end(`balancer: ${error.code ?? error.message}`);
          });
          upstream.end(body);
        };
        attempt(0);
      });
    });
    return new Promise((resolve) => balancer.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(balancer.address() as { port: number }).port}`)));
  }

  beforeAll(async () => {
    if (!existsSync("build/server.js")) throw new Error("Falta build/server.js: ejecuta npm run build antes de npm run test:multi.");
    pg = await throwawayPostgres();
    mail = await startMailSink();
    for (const name of ["A", "B"]) {
      instances.push({
        name,
        port: await freePort(),
        backendPort: await freePort(),
        dataDir: mkdtempSync(path.join(tmpdir(), `quiniela-rolling-${name}-`)),
        child: null,
        log: [],
      });
    }
    await Promise.all(instances.map(start));
    db = await openPostgres(pg.url);
    front = await startBalancer();
  }, 180_000);

  afterAll(async () => {
    clearInterval(probe);
    await Promise.all(instances.filter((i) => i.child).map(stop));
    await new Promise((r) => balancer?.close(r));
    await db?.close();
    await mail?.close();
    await pg?.stop();
    for (const i of instances) rmSync(i.dataDir, { recursive: true, force: true });
  }, 60_000);

  it("lose no request and no acknowledged prediction over two rolling restarts", async () => {
    const api = client(`http://127.0.0.1:${instances[0].backendPort}`);
    const players: { id: number; username: string; cookie: string }[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const username = `rueda${i}${randomBytes(2).toString("hex")}`;
      expect((await api.post("/auth/register", { email: `${username}@rolling.local`, username, password: PASSWORD })).status).toBe(201);
      const id = (await db.one<{ id: number }>("select id from users where username = $1", [username]))!.id;
      const login = await fetch(`${front}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: front, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ identifier: username, password: PASSWORD, redirectTo: "" }),
      });
      expect(login.status).toBe(302);
      players.push({
        id,
        username,
        cookie: login.headers
          .getSetCookie()
          .find((c) => c.startsWith("__session="))!
          .split(";")[0],
      });
    }
    const seasonId = await build.season(db, { name: `Rueda ${randomBytes(2).toString("hex")}` });
    const quinielaId = await build.pool(db, {
      seasonId,
      number: 1,
      startDate: new Date(Date.now() + 48 * HOUR),
      closingDate: new Date(Date.now() + 72 * HOUR),
    });
    const groupId = await build.group(db, { name: "Peña en rueda", members: players.map((p) => ({ userId: p.id })) });
    await build.round(db, { groupId, quinielaId, openDate: new Date(Date.now() - HOUR), closeDate: new Date(Date.now() + 24 * HOUR) });

    const failures: string[] = [];
    const acknowledged = new Map<number, { home: number; away: number }>();
    let [reads, posts] = [0, 0];
    let running = true;
    /** One player: a prediction saved (its pleno counts the posts), then the page read, until the restarts are done. */
    const playerLoad = async (player: (typeof players)[number]) => {
      for (let n = 1; running; n++) {
        const pleno = { home: n % 11, away: Math.floor(n / 11) % 11 };
        const form = new URLSearchParams({ quinielaId: String(quinielaId), plenoHome: String(pleno.home), plenoAway: String(pleno.away) });
        for (let m = 1; m <= 14; m++) form.append(`m${m}`, ["1", "X", "2"][(m + n) % 3]);
        try {
          const saved = await fetch(`${front}/grupo/${groupId}/predictions`, {
            method: "POST",
            redirect: "manual",
            headers: { origin: front, cookie: player.cookie, "content-type": "application/x-www-form-urlencoded" },
            body: form,
          });
          posts++;
          if (saved.status === 302 && /predictions\?quiniela=/.test(saved.headers.get("location") ?? "")) acknowledged.set(player.id, pleno);
          else failures.push(`POST ${saved.status} ${(await saved.text()).slice(0, 200)}`);
          const page = await fetch(`${front}/grupo/${groupId}/predictions?quiniela=${quinielaId}`, { headers: { cookie: player.cookie } });
          reads++;
          const html = await page.text();
          if (page.status !== 200 || !html.includes("Pronósticos")) failures.push(`GET ${page.status} ${html.slice(0, 200)}`);
        } catch (error) {
          failures.push(`red: ${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? "")}`);
        }
      }
    };
    const load = Promise.all(players.map(playerLoad));

    const figures: string[] = [];
    const began = Date.now();
    for (const round of [1, 2]) {
      for (const instance of instances) {
        const stopped = await stop(instance);
        expect(stopped.code, instance.log.slice(-20).join("\n")).toBe(0);
        const ready = await start(instance);
        figures.push(`vuelta ${round}, ${instance.name}: parada en ${stopped.ms} ms, lista en ${ready} ms`);
      }
    }
    running = false;
    await load;
    const stored = await db.query<{ user_id: number; pleno_home: number; pleno_away: number }>(
      "select user_id, pleno_home, pleno_away from predictions where group_id = $1",
      [groupId],
    );
    process.stdout.write(
      `\n[rolling] ${Math.round((Date.now() - began) / 1000)} s, ${posts} pronósticos enviados y ${reads} páginas leídas, ${failures.length} fallos, ` +
        `${retried} conexiones rechazadas reintentadas en la otra instancia\n[rolling] ${figures.join("; ")}\n`,
    );
    expect(failures).toEqual([]);
    expect(posts).toBeGreaterThan(PLAYERS * 4);
    expect(new Map(stored.map((r) => [r.user_id, { home: r.pleno_home, away: r.pleno_away }]))).toEqual(acknowledged);
    expect(acknowledged.size).toBe(PLAYERS);
  }, 400_000);

  it("a kept-alive connection with a request in flight at SIGTERM gets its answer, with Connection: close", async () => {
    const b = instances[1];
    const agent = new http.Agent({ keepAlive: true });
    const body = new URLSearchParams({ identifier: "nadie", password: "no-es-esta", redirectTo: "" }).toString();
    // A first request leaves the connection open in the agent; the second is half sent when B is told to stop.
    const first = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: "127.0.0.1", port: b.port, path: "/login", agent }, resolve).on("error", reject),
    );
    first.resume();
    expect(first.headers.connection).toBe("keep-alive");
    await new Promise((r) => first.on("end", r));
    const answer = new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port: b.port,
          path: "/login",
          method: "POST",
          agent,
          headers: { origin: `http://127.0.0.1:${b.port}`, "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          let text = "";
          res.on("data", (c: Buffer) => (text += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }));
        },
      );
      request.on("error", reject);
      request.write(body.slice(0, 10));
      setTimeout(() => request.end(body.slice(10)), 1_000);
    });
    await new Promise((r) => setTimeout(r, 300));
    const stopped = stop(b);
    const { status, connection, text } = await answer;
    expect(status, text.slice(0, 300)).toBeLessThan(500);
    expect(connection).toBe("close");
    expect((await stopped).code).toBe(0);
    agent.destroy();
    await start(b);
  }, 120_000);
});
