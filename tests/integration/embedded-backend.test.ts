import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { AvatarAnswer, LoginAnswer, SessionUser } from "#core/contract/auth";
import { buildBackend } from "../../backend/app";
import { defaultBackendConfig, type BackendConfig } from "../../backend/config";
import type { Deps } from "../../backend/context";
import { openPglite, type Db } from "../../backend/db/db";
import { migrate } from "../../backend/db/migrate";
import { createMailer } from "../../backend/mailer";
import { createUser } from "../../backend/services/account/auth";
import { PASSWORD } from "../support/backend";
import { startMailSink } from "../support/mail-sink.mjs";
import { backendFetch } from "~/server/shelf/backend-fetch.server";
import { api, ApiError, CONNECTION_ERROR, send } from "~/server/shelf/client.server";
import { embeddedBackend, registerEmbeddedBackend, type EmbeddedBackend } from "~/server/shelf/embedded-backend";
import { getUser, sessionStorage } from "~/server/shelf/session.server";

/**
 * Decision 025: with the backend in the BFF's process, backendFetch goes through Fastify's `inject`
 * and gives the callers the Response a fetch over HTTP would. API_URL points at a closed port, so a
 * call that slipped out to the network fails; fetch is watched as well. The real backend, on PGlite.
 */

const CLOSED = "http://127.0.0.1:9";
process.env.API_URL = CLOSED;
process.env.SESSION_SECRET ||= "embedded-backend-test-secret-long-enough";

const EMBEDDED = Symbol.for("quiniela.embedded-backend");

let app: FastifyInstance;
let db: Db;
let mail: Awaited<ReturnType<typeof startMailSink>>;
/** Where the backend also listens, for the fallback to fetch. */
let listening: string;
/** Every request the in-process dispatch received, as "METHOD url". */
const dispatched: string[] = [];
const real: EmbeddedBackend = (request) => {
  dispatched.push(`${request.method} ${request.url}`);
  return app.inject(request);
};
let fetchSpy: MockInstance<typeof fetch>;

const ANA = { email: "ana@test.local", username: "ana" };
let anaId: number;

beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
  mail = await startMailSink();
  const config: BackendConfig = { ...defaultBackendConfig, publicUrl: "http://app.test", loginRateLimit: 1000, forgotRateLimit: 1000 };
  const deps: Deps = { db, mailer: createMailer({ smtpUrl: mail.url, outboxDir: "" }), clock: () => new Date(), config, fetch };
  anaId = await createUser(deps, { ...ANA, password: PASSWORD });
  app = await buildBackend(deps);
  listening = await app.listen({ host: "127.0.0.1", port: 0 });
  registerEmbeddedBackend(real);
  fetchSpy = vi.spyOn(globalThis, "fetch");
}, 120_000);

afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[EMBEDDED];
  fetchSpy?.mockRestore();
  await app?.close();
  await db?.close();
  await mail?.close();
});

/** A fresh token for ana, asked of the backend directly (not through the code under test). */
async function anaToken() {
  const answer = await app.inject({ method: "POST", url: "/auth/login", payload: { username: ANA.username, password: PASSWORD } });
  expect(answer.statusCode).toBe(200);
  return answer.json().token as string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A visitor's request carrying a sealed session cookie, not yet known valid to the BFF: its first page asks /auth/me. */
async function visitor(token: string, path = "/perfil") {
  const storage = sessionStorage();
  const session = await storage.getSession(null);
  session.set("token", token);
  session.set("user", { id: anaId, ...ANA, avatarPath: null, isAdmin: false, isManagerOfGroup: false, managedGroupId: null });
  const cookie = (await storage.commitSession(session)).split(";")[0];
  return new Request(`http://app.test${path}`, { headers: { cookie } });
}

/** A small PNG of one colour, as a browser would upload it. */
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .png()
    .toBuffer();

describe("backendFetch with the backend in this process", () => {
  afterEach(() => {
    // Nothing went out to the network: the closed API_URL was never asked.
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(embeddedBackend()).toBe(real);
  });

  it("answers a GET with the backend's status, content type and JSON", async () => {
    const health = await backendFetch("/health");
    expect(health.status).toBe(200);
    expect(health.ok).toBe(true);
    expect(health.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await health.json()).toEqual({ ok: true });
    expect(dispatched).toContain("GET /health");

    const me = await backendFetch("/auth/me", { headers: { ...bearer(await anaToken()), accept: "application/json" } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: anaId, username: "ana", email: "ana@test.local", avatarPath: null });

    const stranger = await backendFetch("/auth/me");
    expect(stranger.status).toBe(401);
    expect(await stranger.json()).toEqual({ message: "Inicia sesión para continuar." });

    // The BFF's own client, for a signed-in visitor: the read checked against the contract.
    const request = await visitor(await anaToken());
    expect(await api.read(request, "/auth/me", SessionUser)).toMatchObject({ id: anaId, username: "ana" });
    expect(await getUser(request)).toMatchObject({ id: anaId, username: "ana" });
  });

  it("sends a POST's JSON body and gives back the backend's 4xx message in Spanish", async () => {
    const registered = await backendFetch("/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ email: "carla@test.local", username: "carla", password: PASSWORD }),
    });
    expect(registered.status).toBe(201);
    // No id: the answer is the same whether the address was free or not (decision 078).
    expect(await registered.json()).toEqual({ message: "Registro exitoso. Ya puedes iniciar sesión." });

    const again = await backendFetch("/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "otra@test.local", username: "carla", password: PASSWORD }),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "Ese nombre de usuario ya existe." });

    // Through the BFF's client: a good login, and a wrong password as an ApiError with the backend's words.
    const anonymous = new Request("http://app.test/login", { method: "POST" });
    const login = await api.post(anonymous, "/auth/login", { username: "carla", password: PASSWORD }, LoginAnswer);
    expect(login).toMatchObject({ username: "carla", token: expect.any(String) });
    const refused = await api.post(anonymous, "/auth/login", { username: "carla", password: "No#Es2026la" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, message: "Usuario o contraseña incorrectos." });
    // A body the schema refuses: the backend's 400, not a connection error.
    const invalid = await api.post(anonymous, "/auth/register", { email: "no-es-un-email" }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ApiError);
    expect((invalid as ApiError).status).toBe(400);
    expect((invalid as ApiError).message).not.toBe(CONNECTION_ERROR);
  });

  it("gives a 204 as a Response with no body, and the revoked token is then refused", async () => {
    const token = await anaToken();
    const out = await backendFetch("/auth/logout", { method: "POST", headers: bearer(token) });
    expect(out.status).toBe(204);
    expect(out.body).toBeNull();
    expect(await out.text()).toBe("");
    expect((await backendFetch("/auth/me", { headers: bearer(token) })).status).toBe(401);

    // The client's post of a 204 resolves (to null), and the session check sees the revocation.
    const other = await visitor(await anaToken());
    expect(await api.post(other, "/auth/logout")).toBeNull();
    expect(await getUser(other)).toBeNull();
    // A page's read with the revoked token signs the visitor out: a redirect to /login, not a 503.
    const thrown = await api.read(other, "/auth/me", SessionUser).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe("/login");
  });

  it("sends a multipart FormData intact: the avatar is stored and its bytes come back", async () => {
    const token = await anaToken();
    const form = new FormData();
    form.set("avatar", new Blob([await png(128, 32)], { type: "image/png" }), "cara.png");
    const uploaded = await backendFetch("/auth/UpdateAvatar", { method: "POST", headers: bearer(token), body: form });
    expect(uploaded.status).toBe(200);
    const { avatarPath } = (await uploaded.json()) as { avatarPath: string };
    expect(avatarPath).toBe(`/avatars/${anaId}-1.jpg`);

    const image = await backendFetch(avatarPath);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(image.headers.get("content-length")).toBe(String(bytes.length));
    // The picture that was sent, scaled to 64 px wide: its shape and colour made it through.
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 64, height: 16 });
    const { channels } = await sharp(bytes).stats();
    expect(channels.map((c) => Math.round(c.mean))).toEqual([expect.closeTo(200, -1.5), expect.closeTo(30, -1.5), expect.closeTo(40, -1.5)]);

    // The BFF's avatar route serves those same bytes.
    const { loader } = await import("~/routes/avatars.$file");
    const file = avatarPath.split("/").pop()!;
    const served = (await loader({ request: new Request(`http://app.test${avatarPath}`), params: { file }, context: {} })) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);

    // The profile's upload through the client, and bytes that are no image refused in Spanish.
    const request = await visitor(token);
    const second = new FormData();
    second.set("avatar", new Blob([await png(40, 40)], { type: "image/png" }), "otra.png");
    expect(await api.post(request, "/auth/UpdateAvatar", second, AvatarAnswer)).toEqual({ avatarPath: `/avatars/${anaId}-2.jpg` });
    const square = await sharp(Buffer.from(await (await backendFetch(`/avatars/${anaId}-2.jpg`)).arrayBuffer())).metadata();
    expect(square).toMatchObject({ width: 64, height: 64 });
    const junk = new FormData();
    junk.set("avatar", new Blob(["no soy una imagen"], { type: "image/png" }), "falsa.png");
    const refused = await backendFetch("/auth/UpdateAvatar", { method: "POST", headers: bearer(token), body: junk });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "La imagen del avatar no es válida (usa JPG, PNG, WebP o GIF)." });
  });

  it("registers from a multipart form: the text fields and the file arrive", async () => {
    const form = new FormData();
    form.set("email", "bea@test.local");
    form.set("username", "bea");
    form.set("password", PASSWORD);
    form.set("avatar", new Blob([await png(64, 64)], { type: "image/png" }), "bea.png");
    const registered = await backendFetch("/auth/register", { method: "POST", body: form });
    expect(registered.status).toBe(201);
    const login = await backendFetch("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      // By username: an address names an account once it is proved (decision 092).
      body: JSON.stringify({ username: "bea", password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const me = (await login.json()) as { id: number };
    expect(me).toMatchObject({ username: "bea", avatarPath: `/avatars/${me.id}-1.jpg` });
  });

  it("rejects for a signal aborted before the call, without reaching the backend", async () => {
    const before = dispatched.length;
    await expect(backendFetch("/health", { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
    const reason = new Error("el visitante se fue");
    await expect(backendFetch("/health", { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(dispatched.length).toBe(before);
  });

  it("rejects when the signal aborts while the backend has not answered", async () => {
    const waiting: string[] = [];
    registerEmbeddedBackend((request) => {
      waiting.push(`${request.method} ${request.url}`);
      return new Promise(() => undefined);
    });
    try {
      const controller = new AbortController();
      const pending = backendFetch("/group/GetMyGroups", { signal: controller.signal });
      await vi.waitFor(() => expect(waiting).toEqual(["GET /group/GetMyGroups"]));
      const reason = new Error("el visitante se fue");
      controller.abort(reason);
      await expect(pending).rejects.toBe(reason);

      await expect(backendFetch("/health", { signal: AbortSignal.timeout(50) })).rejects.toMatchObject({ name: "TimeoutError" });
      // The client turns the abandoned call into its connection error.
      const anonymous = new Request("http://app.test/");
      await expect(send(anonymous, "GET", "/health", undefined, AbortSignal.timeout(50))).rejects.toMatchObject({ status: 503, message: CONNECTION_ERROR });
      expect(waiting).toHaveLength(3);
    } finally {
      registerEmbeddedBackend(real);
    }
    expect((await backendFetch("/health")).status).toBe(200);
  });

  it("gives repeated set-cookie, numeric and missing header values as Headers", async () => {
    registerEmbeddedBackend(async (request) => {
      const answer = await real(request);
      return {
        statusCode: answer.statusCode,
        rawPayload: answer.rawPayload,
        headers: {
          ...answer.headers,
          "set-cookie": ["a=1; Path=/; HttpOnly", "b=2; Path=/"],
          "content-length": answer.rawPayload.length,
          "x-retry-after": 3,
          "x-nothing": undefined,
        },
      };
    });
    try {
      const answer = await backendFetch("/health");
      expect(answer.status).toBe(200);
      expect(answer.headers.getSetCookie()).toEqual(["a=1; Path=/; HttpOnly", "b=2; Path=/"]);
      const body = await answer.text();
      expect(answer.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
      expect(answer.headers.get("x-retry-after")).toBe("3");
      expect(answer.headers.has("x-nothing")).toBe(false);
      // The backend's own headers are there too.
      expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f]{12}$/);
      expect(JSON.parse(body)).toEqual({ ok: true });
    } finally {
      registerEmbeddedBackend(real);
    }
  });
});

describe("backendFetch over HTTP", () => {
  beforeEach(() => {
    fetchSpy.mockClear();
  });

  it("reads a stream over HTTP even with the backend in this process", async () => {
    expect(embeddedBackend()).toBe(real);
    const before = dispatched.length;
    // `inject` only gives a whole answer: a `stream` goes to API_URL, here the closed port.
    await expect(backendFetch("/health", { stream: true })).rejects.toThrow(TypeError);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0][0])).toBe(`${CLOSED}/health`);
    expect(dispatched.length).toBe(before);
  });

  it("falls back to fetch on API_URL without a backend in this process", async () => {
    delete (globalThis as Record<symbol, unknown>)[EMBEDDED];
    expect(embeddedBackend()).toBeUndefined();
    const before = dispatched.length;

    // API_URL is the closed port: the call goes out to it, and fails as fetch does.
    await expect(backendFetch("/health")).rejects.toThrow(TypeError);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0][0])).toBe(`${CLOSED}/health`);

    // With API_URL on the backend's real address (read afresh: the settings are read once), it answers over HTTP.
    process.env.API_URL = listening;
    vi.resetModules();
    const fresh = await import("~/server/shelf/backend-fetch.server");
    const health = await fresh.backendFetch("/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(String(fetchSpy.mock.calls[1][0])).toBe(`${listening}/health`);

    // And a stream, with the backend registered again, is read over that same HTTP.
    registerEmbeddedBackend(real);
    const streamed = await fresh.backendFetch("/health", { stream: true });
    expect(streamed.status).toBe(200);
    expect(await streamed.json()).toEqual({ ok: true });
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(dispatched.length).toBe(before);
  });
});
