// `npm run lighthouse [-- --runs N] [-- --pages login,predicciones]`: Lighthouse 12 (its default mobile
// preset: simulated slow 4G, CPU × 4, a 412 px phone), cold (cache and storage cleared before each
// run), on the built app with the demo's data, signed in as the demo's manager for the pages that
// need a session. Prints page, FCP, LCP, bytes transferred and the performance score, the median
// of N runs (1 by default), and each page's target (decision 038): FCP ≤ 1.0 s, LCP ≤ 1.2 s, and
// ≤ 30 KiB for a page without the Remix client or ≤ 90 KiB with it; and the page's height at 390 px
// with JavaScript off (decision 042: the first screen of a list at most 3,000 px).
//
// Needs Chromium (CHROME_PATH, /usr/bin/chromium by default) and `npm run build` (run first when
// the build is missing). The demo is loaded into a throwaway DATA_DIR, removed at the end.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { freePort, startProcess, stopProcesses } from "./bench-support";

const RUNS = process.argv.includes("--runs") ? Number(process.argv[process.argv.indexOf("--runs") + 1]) : 1;
const ONLY = process.argv.includes("--pages") ? process.argv[process.argv.indexOf("--pages") + 1].split(",") : null;
const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const DEMO_PASSWORD = "Demo#2025";
const MANAGER = "marta";
const PLAYER = "alberto";
const ADMIN = "admin-demo";
const KIB = 1024;

const log = (line: string) => process.stdout.write(`${line}\n`);

interface Page {
  key: string;
  label: string;
  path: string;
  /** Whose session opens it: null for the pages of a visitor. */
  as: "manager" | "player" | "admin" | null;
}

interface Figures {
  fcp: number;
  lcp: number;
  bytes: number;
  score: number;
  /** Whether the page loaded the Remix client (a script under /build/). */
  client: boolean;
}

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`Falló: ${command} ${args.join(" ")}\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** Signs one of the demo's people in through the login form; the `__session=…` pair of its cookie. */
async function signIn(origin: string, identifier: string): Promise<string> {
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ identifier, password: DEMO_PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (res.status !== 302 || !cookie) throw new Error(`No se pudo iniciar sesión (${res.status}).`);
  return cookie.split(";")[0];
}

/** The pages, with the group and season ids read from the manager's dashboard. */
async function pagesOf(origin: string, cookie: string): Promise<Page[]> {
  const home = await fetch(`${origin}/inicio`, { headers: { cookie } });
  const dashboard = home.url.match(/\/grupo\/(\d+)\/dashboard/) ? home : await fetch(`${origin}/grupo/1/dashboard`, { headers: { cookie } });
  const html = await dashboard.text();
  const group = /\/grupo\/(\d+)\//.exec(dashboard.url + html)?.[1] ?? "1";
  const standings = new RegExp(`/grupo/${group}/temporada/(\\d+)/clasificacion`).exec(html)?.[0] ?? `/grupo/${group}/temporada/1/clasificacion`;
  const g = `/grupo/${group}`;
  const pages: Page[] = [
    { key: "login", label: "Iniciar sesión", path: "/login", as: null },
    { key: "registro", label: "Registro", path: "/register", as: null },
    { key: "predicciones", label: "Pronósticos", path: `${g}/predictions`, as: "manager" },
    { key: "perfil", label: "Perfil", path: "/perfil", as: "manager" },
    { key: "grupal", label: "Quiniela grupal", path: `${g}/quiniela-grupal`, as: "manager" },
    { key: "ajustes", label: "Ajustes del grupo", path: `${g}/ajustes`, as: "manager" },
    { key: "gestionar", label: "Gestionar quinielas", path: `${g}/gestionar-quinielas`, as: "manager" },
    { key: "caja", label: "Caja (gestor)", path: `${g}/caja`, as: "manager" },
    { key: "caja-jugador", label: "Caja (jugador)", path: `${g}/caja`, as: "player" },
    { key: "auditoria", label: "Registro (admin)", path: "/admin/auditoria", as: "admin" },
    { key: "clasificacion", label: "Clasificación", path: standings, as: "manager" },
    { key: "resultados", label: "Resultados y apuestas", path: `${g}/resultados-y-apuestas`, as: "manager" },
    { key: "panel", label: "Panel del grupo", path: `${g}/dashboard`, as: "manager" },
  ];
  return pages.filter((p) => !ONLY || ONLY.includes(p.key));
}

async function startChrome(): Promise<{ chrome: ChildProcess; port: number; dir: string }> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), "quiniela-lh-chrome-"));
  const chrome = spawn(CHROME, [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${dir}`, "about:blank"], { stdio: "ignore" });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`http://127.0.0.1:${port}/json/version`);
      return { chrome, port, dir };
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  chrome.kill();
  throw new Error(`Chromium (${CHROME}) no arrancó`);
}

async function measure(url: string, port: number, cookie: string | null): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse no devolvió nada para ${url}`);
  const { audits, categories, runtimeError } = result.lhr;
  if (runtimeError) log(`  ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const requests = (audits["network-requests"]?.details as { items?: { url: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return {
    fcp: audits["first-contentful-paint"].numericValue ?? NaN,
    lcp: audits["largest-contentful-paint"].numericValue ?? NaN,
    bytes: audits["total-byte-weight"].numericValue ?? NaN,
    score: Math.round((categories.performance.score ?? 0) * 100),
    client: requests.some((r) => /\/build\/.*\.js(\?|$)/.test(r.url)),
  };
}

/** Each page's height at 390 px with JavaScript off, as a player's phone without scripts shows it. */
async function heightsAt390(origin: string, pages: Page[], cookies: Record<NonNullable<Page["as"]>, string>): Promise<Map<string, number>> {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS.filter((f) => !f.startsWith("--headless")) });
  const heights = new Map<string, number>();
  try {
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
      if (page.as) {
        const [name, value] = cookies[page.as].split(/=(.*)/s);
        await context.addCookies([{ name, value, url: origin }]);
      }
      const tab = await context.newPage();
      await tab.goto(origin + page.path);
      heights.set(page.key, await tab.evaluate(() => document.documentElement.scrollHeight));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return heights;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (!existsSync("build/server.js") || !existsSync("build/index.js")) {
    log("Compilando la app (npm run build)…");
    run("npm", ["run", "build"]);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "quiniela-lh-"));
  const children: ChildProcess[] = [];
  let chromeDir: string | null = null;
  try {
    log("Cargando la demo…");
    run(process.execPath, ["scripts/run-ts.mjs", "scripts/demo.ts"], { DATA_DIR: dataDir });
    const appPort = await freePort();
    const origin = `http://localhost:${appPort}`;
    children.push(
      await startProcess(
        "La app",
        ["build/server.js"],
        { NODE_ENV: "production", PORT: String(appPort), DATA_DIR: dataDir, PUBLIC_URL: origin, RATE_LIMIT_LOGIN: "100000" },
        `${origin}/login`,
      ),
    );
    const cookies = { manager: await signIn(origin, MANAGER), player: await signIn(origin, PLAYER), admin: await signIn(origin, ADMIN) };
    const pages = await pagesOf(origin, cookies.manager);
    const heights = await heightsAt390(origin, pages, cookies);
    const { chrome, port, dir } = await startChrome();
    children.push(chrome);
    chromeDir = dir;
    log(`\nLighthouse 12, preset móvil (4G lento simulado, CPU × 4), en frío; mediana de ${RUNS} ${RUNS === 1 ? "pasada" : "pasadas"}.\n`);
    const header = `${"Página".padEnd(24)}${"FCP s".padStart(7)}${"LCP s".padStart(7)}${"KiB".padStart(7)}${"nota".padStart(6)}${"alto px".padStart(9)}  cliente  objetivo`;
    log(header);
    log("─".repeat(header.length + 12));
    for (const page of pages) {
      const runs: Figures[] = [];
      // A run Chrome could not load (a busy machine's interstitial) is tried again, up to twice.
      let failed = 0;
      while (runs.length < RUNS && failed < 3) {
        const figures = await measure(origin + page.path, port, page.as ? cookies[page.as] : null);
        if (Number.isNaN(figures.fcp)) failed++;
        else runs.push(figures);
      }
      if (!runs.length) {
        log(`${page.label.padEnd(24)}  sin medida (Lighthouse no pudo cargar la página)`);
        continue;
      }
      const f: Figures = {
        fcp: median(runs.map((r) => r.fcp)),
        lcp: median(runs.map((r) => r.lcp)),
        bytes: median(runs.map((r) => r.bytes)),
        score: median(runs.map((r) => r.score)),
        client: runs.some((r) => r.client),
      };
      const limit = f.client ? 90 : 30;
      const tall = heights.get(page.key) ?? NaN;
      const met = f.fcp <= 1000 && f.lcp <= 1200 && f.bytes <= limit * KIB && tall <= 3000;
      log(
        `${page.label.padEnd(24)}${(f.fcp / 1000).toFixed(2).padStart(7)}${(f.lcp / 1000).toFixed(2).padStart(7)}${(f.bytes / KIB).toFixed(0).padStart(7)}${String(f.score).padStart(6)}${String(tall).padStart(9)}  ${(f.client ? "sí" : "no").padEnd(7)}  ${met ? "cumple" : "NO cumple"} (FCP ≤ 1,0 s, LCP ≤ 1,2 s, ≤ ${limit} KiB, ≤ 3.000 px)`,
      );
    }
    log(`\nCarga de la máquina (1 min): ${os.loadavg()[0].toFixed(1)}.`);
  } finally {
    await stopProcesses(children);
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    if (chromeDir) await rm(chromeDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

await main();
