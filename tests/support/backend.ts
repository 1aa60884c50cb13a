import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildBackend } from "../../backend/app";
import { defaultBackendConfig, type BackendConfig } from "../../backend/config";
import type { Deps } from "../../backend/context";
import { openPglite, openPostgres, type Db } from "../../backend/db/db";
import { migrate } from "../../backend/db/migrate";
import { createMailer } from "../../backend/mailer";
import { createUser } from "../../backend/services/account/auth";
import { outboxSettled } from "../../backend/services/mail/outbox";
import { createBackend } from "../../backend/start";
import * as build from "./builders";
import { startMailSink } from "./mail-sink.mjs";
import { databaseOn } from "./postgres";
import { migratedDatabaseOn, migratedPglite } from "./template";

export const ADMIN = { email: "admin@test.local", username: "admin", password: "Admin#2026pass" };
export const PASSWORD = "Secreta#2026";

/** An empty database, no migration run: in-process PGlite, or a throwaway database on TEST_DATABASE_URL (the upgrade test). */
export async function emptyDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { db: await openPglite(), drop: async () => {} };
  const database = await databaseOn(base);
  return { db: await openPostgres(database.url), drop: database.stop };
}

/**
 * A migrated database for one test file: in-process PGlite, or a throwaway database on
 * TEST_DATABASE_URL, each copied from a migrated template (tests/support/template.ts).
 */
async function freshDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const db = await migratedPglite();
    return { db, drop: async () => {} };
  }
  const database = await migratedDatabaseOn(base);
  return { db: await openPostgres(database.url), drop: database.stop };
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
    // The answer is in; the mails it queued for after it (decision 078) go out before the test reads the sink.
    await outboxSettled();
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
    /** The bearer header the calls are signed with (none when unsigned). */
    authorization: token ? `Bearer ${token}` : "",
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
  // Every call of a test comes from 127.0.0.1: the sign-in limits, and the mails one client address
  // may ask for in a day, are generous here; the tests of those limits set them (decision 078).
  const config: BackendConfig = {
    ...defaultBackendConfig,
    publicUrl: "http://app.test",
    loginRateLimit: 1000,
    forgotRateLimit: 1000,
    mailPerClientDay: 100_000,
    ...options.config,
  };
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

  /**
   * Registers a player and returns a client signed in as them. The player proves its address as a
   * person does (decision 078), with the link the sign-up mailed there, unless `prove` is false.
   */
  async function player(username = `p${randomBytes(4).toString("hex")}`, { prove = true }: { prove?: boolean } = {}) {
    const email = `${username}@test.local`;
    const res = await api.post("/auth/register", { email, username, password: PASSWORD });
    if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${JSON.stringify(res.body)}`);
    if (prove) {
      const token = /\/confirmar-correo\?token=([0-9a-f.]+)/.exec(mail.to(email).at(-1)?.text ?? "")?.[1];
      if (!token || (await api.post("/auth/confirm-email", { token })).status !== 200) throw new Error(`confirm ${username}: no proof link`);
      // The link is opened and the mail read: the tests of the mails a player gets start from an empty inbox.
      mail.messages.splice(mail.messages.indexOf(mail.to(email).at(-1)!), 1);
    }
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

/**
 * The whole backend as `npm start` runs it (createBackend: migrations, the first admin, the
 * background jobs) on a data directory of its own, mailing a sink: `boot` starts it, and again on
 * the same data to test a restart; `close` stops the sink and removes the directory.
 */
export async function backendOnDisk(prefix: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const mail = await startMailSink();
  const boot = async () => {
    const { app, deps } = await createBackend({ dataDir, smtpUrl: mail.url, log: () => {} });
    return { app, deps, api: client(await app.listen({ host: "127.0.0.1", port: 0 })) };
  };
  /** The first admin's password, as the first start wrote it down. */
  const adminPassword = async () => /contraseña: (\S+)/.exec(await readFile(path.join(dataDir, "admin-password.txt"), "utf8"))![1];
  const close = async () => {
    await mail.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { dataDir, mail, boot, adminPassword, close };
}

/**
 * A backend with one season in it, whose pools `newPool` adds numbered in turn (`poolNumber` is the
 * last): how the round, bet and prediction files start.
 */
export async function startWithSeason() {
  const t = await startBackend();
  const season = {
    t,
    seasonId: await build.season(t.db),
    poolNumber: 0,
    newPool: () => build.pool(t.db, { seasonId: season.seasonId, number: ++season.poolNumber }),
  };
  return season;
}
