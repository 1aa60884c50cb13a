// What `npm run bench` (scripts/bench.ts) and `npm run paint` (scripts/first-paint.ts) share: the
// seeded data's shape, the built app's environment, starting a child process and signing in.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** The password of every seeded member (socio1…socio200) and of the admin. */
export const PASSWORD = "Bench#2025pass";
/** The session and link secret the seeded data was made with (the kiosk link is signed with it). */
export const SECRET = "bench-session-secret-0123456789abcdef";

/** What the bench writes to DATA_DIR/bench-seed.json once the group is seeded. */
export interface Seeded {
  groupId: number;
  seasonId: number;
  /** The open round whose group bet is made (the bet page's chances read the whole season). */
  betQuinielaId: number;
  kioskPath: string;
  standings: unknown[];
  apiTickets: number;
  bulkTickets: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `node …args` with `env`, once `url` answers (60 s at most); its stderr is shown if it dies first. */
/**
 * The Node flags `npm start` runs the app with (package.json): a 64 MB young generation, so the
 * garbage collector's scavenges run a quarter as often under load (docs/decisions/025).
 */
export const APP_NODE_FLAGS = ["--max-semi-space-size=64"];

export async function startProcess(label: string, args: string[], env: Record<string, string>, url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} terminó (${child.exitCode}): ${stderr.slice(-500)}`);
    try {
      await fetch(url);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  child.kill();
  throw new Error(`${label} no arrancó en 60 s`);
}

/**
 * Ends the children and waits until each has exited: an app still closing its embedded database
 * writes into DATA_DIR while the caller removes it (ENOTEMPTY). One that ignores SIGTERM for 10 s
 * is killed.
 */
export async function stopProcesses(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }),
  );
}

/** Signs socio2 in through the app's login form; the `__session=…` pair of its cookie. */
export async function signInToApp(origin: string): Promise<string> {
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ identifier: "socio2", password: PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (res.status !== 302 || !cookie) throw new Error(`No se pudo iniciar sesión en la app (${res.status}).`);
  return cookie.split(";")[0];
}

/** The environment `build/server.js` (or build/backend.js) runs with on the seeded DATA_DIR. */
export const appEnv = (port: number, dataDir: string) => ({
  NODE_ENV: "production",
  PORT: String(port),
  DATA_DIR: dataDir,
  SESSION_SECRET: SECRET,
  LINK_SECRET: SECRET,
  PUBLIC_URL: `http://localhost:${port}`,
  RATE_LIMIT_LOGIN: "100000",
  MAIL_PER_CLIENT_DAY: "100000",
});

/** The built app on `port` as `npm start` runs it (Node flags included unless `defaultGc`), the backend embedded. */
export const startApp = (port: number, dataDir: string, defaultGc = false) =>
  startProcess(
    "La app",
    [...(defaultGc ? [] : APP_NODE_FLAGS), "build/server.js"],
    { ...appEnv(port, dataDir), API_URL: "" },
    `http://localhost:${port}/login`,
  );

/** The ceiling (bench/ceiling, built by `npm run bench`) on `port`, serving the rows in `rowsFile`. */
export const startCeiling = (port: number, rowsFile: string) =>
  startProcess("El techo", ["bench/ceiling/server.mjs"], { NODE_ENV: "production", PORT: String(port), CEILING_ROWS: rowsFile }, `http://127.0.0.1:${port}/`);
