import { randomBytes } from "node:crypto";
import pg from "pg";
import { buildBackend } from "../../backend/app";
import { defaultBackendConfig, type BackendConfig } from "../../backend/config";
import type { Deps } from "../../backend/context";
import { openPglite, openPostgres, type Db } from "../../backend/db/db";
import { migrate } from "../../backend/db/migrate";
import { createMailer } from "../../backend/mailer";
import { createUser } from "../../backend/services/auth";
import { startMailSink } from "./mail-sink.mjs";

export const ADMIN = { email: "admin@test.local", username: "admin", password: "Admin#2026pass" };
export const PASSWORD = "Secreta#2026";

/** A database for one test file: in-process PGlite, or a throwaway database on TEST_DATABASE_URL. */
async function freshDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const db = await openPglite();
    return { db, drop: async () => {} };
  }
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    db,
    drop: async () => {
      const again = new pg.Client({ connectionString: base });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
}

/** A real HTTP client for the backend; `as(token)` signs the calls. */
export function client(baseUrl: string, token?: string) {
  const send = async <T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (token) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      (init.headers as Record<string, string>)["content-type"] ??= "application/json";
      init.body = typeof body === "string" ? body : JSON.stringify(body);
    }
    const response = await fetch(baseUrl + path, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, body: parsed as T };
  };
  return {
    get: <T = any>(path: string) => send<T>("GET", path),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => send<T>("POST", path, body ?? {}, headers),
    put: <T = any>(path: string, body?: unknown) => send<T>("PUT", path, body ?? {}),
    delete: <T = any>(path: string) => send<T>("DELETE", path),
    as: (t: string) => client(baseUrl, t),
  };
}

export type Client = ReturnType<typeof client>;

/**
 * The real backend over real HTTP, on a fresh database, mailing a real SMTP server.
 * `now` moves the backend's clock, for rules that depend on dates.
 */
export async function startBackend(options: { config?: Partial<BackendConfig>; now?: Date } = {}) {
  const { db, drop } = await freshDb();
  await migrate(db);
  const mail = await startMailSink();
  let now = options.now ?? null;
  const config: BackendConfig = { ...defaultBackendConfig, publicUrl: "http://app.test", loginRateLimit: 1000, forgotRateLimit: 1000, ...options.config };
  const deps: Deps = {
    db,
    mailer: createMailer({ smtpUrl: mail.url, outboxDir: "" }),
    clock: () => now ?? new Date(),
    config,
    fetch,
  };
  await createUser(deps, { ...ADMIN, isAdmin: true });
  const app = await buildBackend(deps);
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  const api = client(url);

  async function login(identifier: string, password = PASSWORD) {
    const body = identifier.includes("@") ? { email: identifier, password } : { username: identifier, password };
    const res = await api.post("/auth/login", body);
    if (res.status !== 200) throw new Error(`login ${identifier}: ${res.status} ${JSON.stringify(res.body)}`);
    return api.as(res.body.token as string);
  }

  /** Registers a player and returns a client signed in as them. */
  async function player(username = `p${randomBytes(4).toString("hex")}`) {
    const res = await api.post("/auth/register", { email: `${username}@test.local`, username, password: PASSWORD });
    if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${JSON.stringify(res.body)}`);
    const signed = await login(username);
    const me = await signed.get("/auth/me");
    return Object.assign(signed, { id: me.body.id as number, username });
  }

  return {
    url,
    api,
    deps,
    db,
    mail,
    login,
    player,
    admin: () => login(ADMIN.username, ADMIN.password),
    setNow: (date: Date | null) => {
      now = date;
    },
    close: async () => {
      await app.close();
      await db.close();
      await drop();
      await mail.close();
    },
  };
}

export type TestBackend = Awaited<ReturnType<typeof startBackend>>;
