// `npm run lighthouse [-- --runs N] [-- --pages login,predicciones]`: Lighthouse 12 (its default mobile
// preset: simulated slow 4G, CPU × 4, a 412 px phone), cold (cache and storage cleared before each
// run), on the built app with the demo's data, signed in as the demo's manager for the pages that
// need a session. Prints page, FCP, LCP, bytes transferred and the performance score, the median
// of N runs (1 by default), and each page's target (decision 038): FCP ≤ 1.0 s, LCP ≤ 1.2 s, and
// ≤ 30 KiB for a page without the Remix client or ≤ 90 KiB with it.
//
// Needs Chromium (CHROME_PATH, /usr/bin/chromium by default) and `npm run build` (run first when
// the build is missing). The demo is loaded into a throwaway DATA_DIR, removed at the end.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { freePort, startProcess, stopProcesses } from "./bench-support";

const RUNS = process.argv.includes("--runs") ? Number(process.argv[process.argv.indexOf("--runs") + 1]) : 1;
const ONLY = process.argv.includes("--pages") ? process.argv[process.argv.indexOf("--pages") + 1].split(",") : null;
const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const DEMO_PASSWORD = "Demo#2025";
const MANAGER = "marta";
const KIB = 1024;

const log = (line: string) => process.stdout.write(`${line}\n`);

interface Page {
  key: string;
  label: string;
  path: string;
  signedIn: boolean;
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

/** Signs the demo's manager in through the login form; the `__session=…` pair of its cookie. */
async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ identifier: MANAGER, password: DEMO_PASSWORD }),
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
    { key: "login", label: "Iniciar sesión", path: "/login", signedIn: false },
    { key: "registro", label: "Registro", path: "/register", signedIn: false },
    { key: "predicciones", label: "Pronósticos", path: `${g}/predictions`, signedIn: true },
    { key: "perfil", label: "Perfil", path: "/perfil", signedIn: true },
    { key: "grupal", label: "Quiniela grupal", path: `${g}/quiniela-grupal`, signedIn: true },
    { key: "ajustes", label: "Ajustes del grupo", path: `${g}/ajustes`, signedIn: true },
    { key: "clasificacion", label: "Clasificación", path: standings, signedIn: true },
    { key: "resultados", label: "Resultados y apuestas", path: `${g}/resultados-y-apuestas`, signedIn: true },
    { key: "panel", label: "Panel del grupo", path: `${g}/dashboard`, signedIn: true },
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
    const cookie = await signIn(origin);
    const pages = await pagesOf(origin, cookie);
    const { chrome, port, dir } = await startChrome();
    children.push(chrome);
    chromeDir = dir;
    log(`\nLighthouse 12, preset móvil (4G lento simulado, CPU × 4), en frío; mediana de ${RUNS} ${RUNS === 1 ? "pasada" : "pasadas"}.\n`);
    const header = `${"Página".padEnd(24)}${"FCP s".padStart(7)}${"LCP s".padStart(7)}${"KiB".padStart(7)}${"nota".padStart(6)}  cliente  objetivo`;
    log(header);
    log("─".repeat(header.length + 12));
    for (const page of pages) {
      const runs: Figures[] = [];
      // A run Chrome could not load (a busy machine's interstitial) is tried again, up to twice.
      let failed = 0;
      while (runs.length < RUNS && failed < 3) {
        const figures = await measure(origin + page.path, port, page.signedIn ? cookie : null);
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
      const met = f.fcp <= 1000 && f.lcp <= 1200 && f.bytes <= limit * KIB;
      log(
        `${page.label.padEnd(24)}${(f.fcp / 1000).toFixed(2).padStart(7)}${(f.lcp / 1000).toFixed(2).padStart(7)}${(f.bytes / KIB).toFixed(0).padStart(7)}${String(f.score).padStart(6)}  ${(f.client ? "sí" : "no").padEnd(7)}  ${met ? "cumple" : "NO cumple"} (FCP ≤ 1,0 s, LCP ≤ 1,2 s, ≤ ${limit} KiB)`,
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
