import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { buildBackend } from "../../backend/app";
import { defaultBackendConfig } from "../../backend/config";
import type { Deps } from "../../backend/context";
import { openPglite, openPostgres, type Db } from "../../backend/db/db";
import { migrate } from "../../backend/db/migrate";
import { backendLog } from "../../backend/log";
import { createMailer } from "../../backend/mailer";
import { outboxSettled } from "../../backend/services/mail/outbox";
import { observe } from "../../http/observe";
import { startMailSink } from "../support/mail-sink.mjs";
import { databaseOn } from "../support/postgres";
import { registerEmbeddedBackend } from "~/server/shelf/embedded-backend";
import { webLog } from "~/server/shelf/log.server";

/**
 * Decision 087: every line both programs log is one JSON object; a visit's id (x-request-id, made by
 * http/observe.ts) goes with each of the web app's calls to the backend and into the backend's lines
 * about them, beside the caller's user id; no line holds a password, a token, a cookie or a whole
 * address. A sign-up, a sign-in, a reset by link and a sign-in with the new password go through the
 * BFF's own actions, with the backend in the process (decision 025) on a real database and SMTP sink.
 */

process.env.API_URL = "http://127.0.0.1:9";
process.env.SESSION_SECRET ||= "logs-test-session-secret-long-enough";

const EMBEDDED = Symbol.for("quiniela.embedded-backend");
const EMAIL = "lucia.secreta@correo-de-prueba.test";
const USERNAME = "lucia_logs";
const FIRST = "Primera#Clave2026";
const SECOND = "Segunda#Clave2027";

/** Every line either program wrote: the backend's through its logger, the web app's on stdout. */
const lines: string[] = [];
let app: FastifyInstance;
let db: Db;
let drop: () => Promise<void> = async () => {};
let mail: Awaited<ReturnType<typeof startMailSink>>;
let stdout: MockInstance;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const database = await databaseOn(process.env.TEST_DATABASE_URL);
    db = await openPostgres(database.url);
    drop = database.stop;
  } else db = await openPglite();
  await migrate(db);
  mail = await startMailSink();
  const deps: Deps = {
    db,
    mailer: createMailer({ smtpUrl: mail.url, outboxDir: "" }),
    clock: () => new Date(),
    config: { ...defaultBackendConfig, publicUrl: "http://app.test", loginRateLimit: 1000, forgotRateLimit: 1000, mailPerClientDay: 1000 },
    fetch,
  };
  app = await buildBackend(deps, { logger: backendLog("info", (line) => void lines.push(line)) });
  await app.ready();
  registerEmbeddedBackend((request) => app.inject(request));
  const write = process.stdout.write.bind(process.stdout);
  stdout = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = String(chunk);
    if (text.startsWith('{"level"')) return lines.push(text) > 0;
    return write(chunk, ...(rest as []));
  });
}, 120_000);

afterAll(async () => {
  stdout?.mockRestore();
  delete (globalThis as Record<symbol, unknown>)[EMBEDDED];
  await app?.close();
  await db?.close();
  await drop();
  await mail?.close();
});

/** A form post to one of the BFF's actions, as http/observe.ts hands it on: with the visit's id. */
function post(path: string, id: string, fields: Record<string, string>, cookie?: string): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request(`http://app.test${path}`, { method: "POST", body, headers: { "x-request-id": id, ...(cookie ? { cookie } : {}) } });
}

const args = (request: Request) => ({ request, params: {}, context: {} });
/** The session cookie's value a response sets. */
const cookieOf = (response: Response) => /__session=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1] ?? "";
/** The session cookie of the last sign-in, for the web app's own line of a signed-in visit. */
let signedInCookie = "";
const parsed = () => lines.map((l) => l.trim()).filter(Boolean);

describe("the lines of a sign-up, a sign-in and a reset", () => {
  const secrets: string[] = [FIRST, SECOND, EMAIL];
  const ids = {
    signUp: "visita-registro-0001",
    signIn: "visita-entrada-0002",
    forgot: "visita-olvido-0003",
    reset: "visita-cambio-0004",
    again: "visita-entrada-0005",
  };

  beforeAll(async () => {
    const register = await import("~/routes/register");
    const login = await import("~/routes/login");
    const forgot = await import("~/routes/forgot-password");
    const change = await import("~/routes/change-password");

    const signedUp = (await register.action(
      args(post("/registro", ids.signUp, { email: EMAIL, username: USERNAME, password: FIRST, confirm: FIRST })),
    )) as Response;
    expect(signedUp.status).toBe(302);
    // A sign-up sets only the toast, no session (decision 092).
    expect(cookieOf(signedUp)).toBe("");
    await outboxSettled();

    const signedIn = (await login.action(args(post("/login", ids.signIn, { identifier: USERNAME, password: FIRST })))) as Response;
    expect(signedIn.status).toBe(302);
    secrets.push(cookieOf(signedIn));

    const asked = (await forgot.action(args(post("/forgot-password", ids.forgot, { email: EMAIL })))) as Response;
    expect(asked.status).toBe(302);
    await outboxSettled();
    const token = /ChangePassword\?token=([^\s&]+)/.exec(mail.to(EMAIL).at(-1)?.text ?? "")?.[1];
    expect(token).toBeTruthy();
    secrets.push(token!);

    const changed = (await change.action(args(post("/ChangePassword", ids.reset, { token: token!, password: SECOND, confirm: SECOND })))) as Response;
    expect(changed.status).toBe(302);
    const again = (await login.action(args(post("/login", ids.again, { identifier: EMAIL, password: SECOND })))) as Response;
    expect(again.status).toBe(302);
    secrets.push(cookieOf(again));
    signedInCookie = `__session=${cookieOf(again)}`;
    // The bearer tokens the backend gave: every token row's hash is in the database, the tokens only in the answers.
    const tokens = await app.inject({ method: "POST", url: "/auth/login", payload: { username: USERNAME, password: SECOND } });
    secrets.push(tokens.json().token as string);
  }, 120_000);

  it("writes each line as one JSON object with its program, level, time and message", () => {
    expect(parsed().length).toBeGreaterThan(4);
    for (const line of parsed()) {
      const object = JSON.parse(line) as Record<string, unknown>;
      expect(object).toMatchObject({
        program: expect.stringMatching(/^(web|api)$/),
        level: expect.any(String),
        time: expect.any(String),
        msg: expect.any(String),
      });
    }
  });

  it("gives the backend's lines of each step the visit's id, under the route's pattern", () => {
    const objects = parsed().map((l) => JSON.parse(l) as Record<string, unknown>);
    const of = (id: string) => objects.filter((o) => o.reqId === id);
    // A sign-up signs no one in (decision 092): its one backend call.
    expect(of(ids.signUp).map((o) => o.route)).toEqual(["/auth/register"]);
    expect(of(ids.signIn).map((o) => o.route)).toEqual(["/auth/login"]);
    expect(of(ids.forgot).map((o) => o.route)).toEqual(["/api/auth/forgot-password"]);
    expect(of(ids.reset).map((o) => o.route)).toEqual(["/auth/ResetPassword"]);
    for (const id of Object.values(ids)) {
      expect(of(id).length).toBeGreaterThan(0);
      for (const line of of(id)) expect(line).toMatchObject({ program: "api", msg: "respuesta", status: expect.any(Number) });
    }
  });

  it("holds no password, token, cookie or whole address on any line", () => {
    const all = parsed().join("\n");
    // Two passwords, the address, the reset token, two session cookies and a bearer token (the sign-up sets no session).
    expect(secrets.filter(Boolean)).toHaveLength(7);
    for (const secret of secrets.filter(Boolean)) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/lucia\.secreta@/i);
  });
});

describe("a signed-in caller's lines and the web app's own", () => {
  it("names the user on the backend's line, and the web app's line keeps the path without its query", async () => {
    const login = await app.inject({ method: "POST", url: "/auth/login", payload: { username: USERNAME, password: SECOND } });
    const { token } = login.json() as { token: string };
    const me = await app.inject({ method: "GET", url: "/auth/me", headers: { authorization: `Bearer ${token}`, "x-request-id": "visita-perfil-0006" } });
    const userId = (me.json() as { id: number }).id;
    const line = parsed()
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((o) => o.reqId === "visita-perfil-0006");
    expect(line).toMatchObject({ route: "/auth/me", userId, status: 200, msg: "respuesta" });
    expect(parsed().join("\n")).not.toContain(token);

    // The web app's outermost handler, as server.ts mounts it, in front of a page that answers 200.
    const server = http.createServer(
      observe((_req, res) => res.end("ok"), {
        routeOf: () => "/ChangePassword",
        log: webLog(),
        metricsToken: null,
        trustRequestId: false,
        ready: async () => ({ ready: true, checks: {} }),
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/ChangePassword?token=0123456789abcdef`, { headers: { "x-request-id": "forged-by-visitor-01" } });
    await answer.text();
    server.close();
    const id = answer.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    const web = parsed()
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((o) => o.program === "web" && o.reqId === id);
    expect(web).toMatchObject({ method: "GET", route: "/ChangePassword", path: "/ChangePassword", status: 200, msg: "respuesta" });
    expect(parsed().join("\n")).not.toContain("0123456789abcdef");
  });

  it("names the user on the web app's line of a page that read the session, and no one on a visitor's", async () => {
    const { requireUser } = await import("~/server/shelf/session.server");
    // A page as Remix gets it: the request with the id observe gave it, whose loader reads the session.
    const server = http.createServer(
      observe(
        (req, res) => {
          const request = new Request(`http://app.test${req.url}`, { headers: req.headers as Record<string, string> });
          requireUser(request).then(
            (user) => res.end(`hola ${user.username}`),
            () => res.end("visitante"),
          );
        },
        { routeOf: () => "/perfil", log: webLog(), metricsToken: null, trustRequestId: false, ready: async () => ({ ready: true, checks: {} }) },
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const visit = async (cookie?: string) => {
      const answer = await fetch(`http://127.0.0.1:${port}/perfil`, { headers: cookie ? { cookie } : {} });
      await answer.text();
      return answer.headers.get("x-request-id")!;
    };
    const signedIn = await visit(signedInCookie);
    const visitor = await visit();
    server.close();
    const lineOf = (id: string) =>
      parsed()
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((o) => o.program === "web" && o.reqId === id && o.msg === "respuesta");
    const me = await app.inject({ method: "POST", url: "/auth/login", payload: { username: USERNAME, password: SECOND } });
    expect(lineOf(signedIn)).toMatchObject({ route: "/perfil", userId: (me.json() as { id: number }).id, status: 200 });
    expect(lineOf(visitor)).toMatchObject({ route: "/perfil", status: 200 });
    expect(lineOf(visitor)).not.toHaveProperty("userId");
  });
});
