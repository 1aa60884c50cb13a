// `npm run paint -- --data DIR [--runs N] [--no-warm] [--trace]`: first paint of the app's pages on a
// slow-3G phone with JavaScript off, A/B against a bare page ("within 10% of the bare page").
//
// DIR is a data dir seeded by `npm run bench -- --data DIR` (its bench-seed.json names the group,
// the season and the kiosk link). It is copied to a temporary dir first, since PGlite writes into it.
// The script starts the production build (`node build/server.js`; run `npm run build` first if it is
// missing) on that copy, the ceiling (bench/ceiling, built by `npm run bench`; skipped when not built) and a tiny
// HTTP server with the bare page: a heading and a paragraph, no stylesheet. That page is sent as
// compression() would send it: gzip when the browser accepts it and the body reaches 1 KB, which
// this one does not, so it goes plain (a few hundred bytes either way).
//
// Chromium (/usr/bin/chromium or CHROMIUM_PATH) through Playwright, one fresh browser context per
// measurement: a 390×844 phone (DPR 3, touch, an Android Chrome user agent so the app does not take it
// for a bot), JavaScript disabled, and through a CDP session on the page: Network.emulateNetworkConditions
// (400 ms latency, 400 kbit/s both ways), Emulation.setCPUThrottlingRate 4 and Network.setCacheDisabled.
// A new context has no cache, no cookies but the session's and no open connection; note that DevTools'
// throttling adds the latency to every request, not to the TCP handshake (loopback here).
// First paint and first contentful paint come from the page's own Paint Timing entries
// (performance.getEntriesByType("paint"), from the navigation's start): Playwright's page.evaluate goes
// through CDP's Runtime domain, which still runs with the page's scripts disabled (checked at start).
// Bytes and the waterfall come from the Network domain's events (encodedDataLength: on the wire,
// headers included, in the encoding the server chose: compression() answers Chromium with br). A
// subresource's times are when the renderer handled its events: a busy main thread delays them.
// The "warm" visit is a second visit in the same context with the cache on: the page is loaded once
// unthrottled to fill the cache, then again throttled and measured.
//
// Each run measures every page next to the bare page, in alternating order (bare first on even runs),
// and each page's ratio is over the bare-page samples taken alongside it. Prints medians, p90 (nearest
// rank: with few runs, the maximum), the ratio and the median run's waterfall. `--trace` then records one
// more cold visit of each page under a performance trace and sums the renderer's main-thread time up to
// the FCP by kind (HTML parsing, style, layout, paint). The servers are warmed up first (three plain
// requests per page): a cold server is `npm run bench`'s business. Exits 1 if a page fails.
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import { freePort, signInToApp, startApp, startCeiling, stopProcesses, type Seeded } from "./bench-support";

const log = (line: string) => process.stdout.write(`${line}\n`);
const argOf = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);

const RUNS = Number(argOf("--runs") ?? 7);
const WARM = !process.argv.includes("--no-warm");
const TRACE = process.argv.includes("--trace");
const TARGET = 1.1;
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 };
const UNTHROTTLED = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
const CPU_SLOWDOWN = 4;
const TIMEOUT_MS = 120_000;

const BARE_HTML =
  '<!doctype html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  "<title>Clasificación</title><h1>Clasificación</h1><p>La tabla de la peña, jornada a jornada: puntos, aciertos simples, dobles y plenos al 15.</p>";

interface Target {
  label: string;
  url: string;
  /** The `name=value` of the session cookie, for a signed-in member's page. */
  cookie?: string;
}

interface Transfer {
  url: string;
  type: string;
  status: number;
  encoding: string;
  fromCache: boolean;
  /** ms from the document's request: sent, first response bytes, last byte. */
  start: number;
  response: number;
  end: number;
  /** Bytes on the wire (headers included) and decoded body bytes. */
  wire: number;
  decoded: number;
  /** Why it never finished (a script with JavaScript off, say), or "". */
  failed: string;
}

interface Visit {
  fp: number;
  fcp: number;
  requests: Transfer[];
}

interface Sample {
  cold: Visit;
  warm: Visit | null;
}

/** The bare page, as compression() would send it (gzip from 1 KB on), on a loopback port. */
async function startBarePage(): Promise<{ url: string; close: () => void }> {
  const body = Buffer.from(BARE_HTML);
  const server = http.createServer((req, res) => {
    const gzip = body.length >= 1024 && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const sent = gzip ? gzipSync(body) : body;
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-length": String(sent.length),
      ...(gzip ? { "content-encoding": "gzip", vary: "Accept-Encoding" } : {}),
    });
    res.end(sent);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}/clasificacion`, close: () => server.close() };
}

/** Network events of one page, as requests timed from the document's request. */
function recordNetwork(cdp: CDPSession) {
  const byId = new Map<string, Transfer>();
  let origin = 0;
  const ms = (t: number) => (t - origin) * 1000;
  cdp.on("Network.requestWillBeSent", (e) => {
    if (byId.size === 0) origin = e.timestamp;
    byId.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? "Other",
      status: 0,
      encoding: "",
      fromCache: false,
      start: ms(e.timestamp),
      response: NaN,
      end: NaN,
      wire: 0,
      decoded: 0,
      failed: "",
    });
  });
  cdp.on("Network.responseReceived", (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    r.type = e.type;
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    r.encoding = headers["content-encoding"] ?? "";
    r.fromCache = Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache);
    r.response = ms(e.timestamp);
  });
  cdp.on("Network.requestServedFromCache", (e) => {
    const r = byId.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on("Network.dataReceived", (e) => {
    const r = byId.get(e.requestId);
    if (r) r.decoded += e.dataLength;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    r.wire = e.encodedDataLength;
    r.end = Math.max(ms(e.timestamp), r.response);
  });
  cdp.on("Network.loadingFailed", (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    r.failed = e.blockedReason ? `${e.errorText} (${e.blockedReason})` : e.canceled ? "cancelada" : e.errorText;
    r.end = ms(e.timestamp);
  });
  return {
    reset() {
      byId.clear();
    },
    requests: (): Transfer[] => [...byId.values()],
  };
}

/** Paint Timing of the page now shown, waiting a little for first-contentful-paint to be reported. */
async function paints(page: Page): Promise<{ fp: number; fcp: number }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const entries = await page.evaluate(() => performance.getEntriesByType("paint").map((e) => ({ name: e.name, startTime: e.startTime })));
    const at = (name: string) => entries.find((e) => e.name === name)?.startTime ?? NaN;
    if (!Number.isNaN(at("first-contentful-paint")) || Date.now() > deadline) return { fp: at("first-paint"), fcp: at("first-contentful-paint") };
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function newPhone(browser: Browser, target: Target): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: false,
    locale: "es-ES",
    userAgent: `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version().split(".")[0]}.0.0.0 Mobile Safari/537.36`,
  });
  if (target.cookie) {
    const [name, ...value] = target.cookie.split("=");
    await context.addCookies([{ name, value: value.join("="), url: target.url }]);
  }
  return context;
}

/** A page in a fresh phone context, throttled, its network events recorded. */
async function openPhone(browser: Browser, target: Target) {
  const context = await newPhone(browser, target);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const network = recordNetwork(cdp);
  await cdp.send("Network.enable");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { context, page, cdp, network };
}

/** One cold visit (and the warm second visit) of `target` in a fresh context. */
async function measure(browser: Browser, target: Target): Promise<Sample> {
  const { context, page, cdp, network } = await openPhone(browser, target);
  try {
    const visit = async (): Promise<Visit> => {
      network.reset();
      const res = await page.goto(target.url, { waitUntil: "load", timeout: TIMEOUT_MS });
      const status = res?.status() ?? 0;
      if (status !== 200 && status !== 304) throw new Error(`${target.label} respondió ${status}`);
      return { ...(await paints(page)), requests: network.requests() };
    };
    await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const cold = await visit();
    if (!WARM) return { cold, warm: null };
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
    await cdp.send("Network.emulateNetworkConditions", UNTHROTTLED);
    await page.goto(target.url, { waitUntil: "load", timeout: TIMEOUT_MS });
    await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
    return { cold, warm: await visit() };
  } finally {
    await context.close();
  }
}

/** Where the renderer's main thread spent the time from the navigation's start to the FCP. */
interface MainThread {
  fcp: number;
  busy: number;
  kinds: Map<string, number>;
}

const KIND_OF: Record<string, string> = {
  ParseHTML: "HTML",
  ParseAuthorStyleSheet: "CSS",
  UpdateLayoutTree: "estilos",
  RecalculateStyles: "estilos",
  Layout: "layout",
  PrePaint: "pintado",
  Paint: "pintado",
  Layerize: "pintado",
  Commit: "pintado",
  "Decode Image": "imágenes",
};

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** One cold visit of `target` under a Chromium performance trace (`--trace`). */
async function traceCold(browser: Browser, target: Target): Promise<MainThread> {
  const { context, page, cdp } = await openPhone(browser, target);
  try {
    await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await browser.startTracing(page, {
      categories: ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "loading", "blink.user_timing"],
    });
    await page.goto(target.url, { waitUntil: "load", timeout: TIMEOUT_MS });
    const { fcp } = await paints(page);
    const events = (JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
    const mark = events.filter((e) => e.name === "firstContentfulPaint").at(-1);
    if (!mark || !Number.isFinite(fcp)) throw new Error(`${target.label}: la traza no tiene FCP`);
    const main = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.pid === mark.pid && e.args?.name === "CrRendererMain");
    const from = mark.ts - fcp * 1000;
    const kinds = new Map<string, number>();
    let busy = 0;
    for (const e of events) {
      if (e.ph !== "X" || e.pid !== mark.pid || e.tid !== (main?.tid ?? mark.tid) || e.ts > mark.ts || e.ts + (e.dur ?? 0) < from) continue;
      const within = (Math.min(e.ts + (e.dur ?? 0), mark.ts) - Math.max(e.ts, from)) / 1000;
      if (e.name === "RunTask") busy += within;
      const kind = KIND_OF[e.name];
      if (kind) kinds.set(kind, (kinds.get(kind) ?? 0) + within);
    }
    return { fcp, busy, kinds };
  } finally {
    await context.close();
  }
}

/** Page scripts must not run while page.evaluate still reads the page (see the header). */
async function checkScriptsOff(browser: Browser, bare: Target) {
  const context = await newPhone(browser, bare);
  try {
    const page = await context.newPage();
    await page.setContent('<title>sin JS</title><script>document.title = "con JS"</script>');
    const title = await page.evaluate(() => document.title);
    if (title !== "sin JS") throw new Error(`El JavaScript de la página no está desactivado (título: ${title}).`);
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.9 * xs.length) - 1)] ?? NaN;
const es = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits).replace(".", ",") : "—");
const kb = (n: number) => es(n / 1024, 1);

const isDocument = (r: Transfer) => r.type === "Document";
const isCss = (r: Transfer) => r.type === "Stylesheet";

function waterfall(label: string, visit: Visit) {
  log(`  ${label}: primer pintado ${es(visit.fp)} ms, FCP ${es(visit.fcp)} ms`);
  for (const r of [...visit.requests].sort((a, b) => a.start - b.start)) {
    const name = new URL(r.url).pathname.replace(/^(\/kiosk\/)[^/]+/, "$1…");
    const size =
      r.status === 0 ? r.failed || "sin terminar" : r.fromCache ? "caché" : `${kb(r.wire)} KB${r.encoding ? ` ${r.encoding}` : ""} (${kb(r.decoded)} KB)`;
    log(
      `    ${r.type.padEnd(11)}${es(r.start).padStart(6)} →${es(r.response).padStart(6)} →${es(r.end).padStart(6)} ms  ${String(r.status).padEnd(4)}${size.padEnd(28)} ${name}`,
    );
  }
}

async function main() {
  const started = performance.now();
  const source = argOf("--data");
  if (!source || !existsSync(path.join(source, "bench-seed.json"))) {
    log("Uso: npm run paint -- --data DIR [--runs N] [--no-warm] [--trace]   (DIR sembrado por `npm run bench -- --data DIR`)");
    process.exitCode = 2;
    return;
  }
  if (!Number.isInteger(RUNS) || RUNS < 1) {
    log("--runs N: un número entero de vueltas, 1 o más.");
    process.exitCode = 2;
    return;
  }
  if (!existsSync("build/server.js") || !existsSync("build/index.js")) {
    throw new Error("Falta la compilación de la app: ejecuta `npm run build` primero.");
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "quiniela-paint-"));
  const children: ChildProcess[] = [];
  let browser: Browser | null = null;
  let bareServer: { url: string; close: () => void } | null = null;
  try {
    await cp(path.resolve(source), dataDir, { recursive: true });
    const seeded = JSON.parse(await readFile(path.join(dataDir, "bench-seed.json"), "utf8")) as Seeded;
    const rowsFile = path.join(dataDir, "ceiling-rows.json");
    await writeFile(rowsFile, JSON.stringify({ groupId: seeded.groupId, seasonId: seeded.seasonId, rows: seeded.standings }));

    const appPort = await freePort();
    const origin = `http://localhost:${appPort}`;
    children.push(await startApp(appPort, dataDir));
    const cookie = await signInToApp(origin);
    bareServer = await startBarePage();
    const bare: Target = { label: "Página mínima", url: bareServer.url };
    const g = `${origin}/grupo/${seeded.groupId}`;
    const pages: Target[] = [
      { label: "Clasificación", url: `${g}/temporada/${seeded.seasonId}/clasificacion`, cookie },
      { label: "Pantalla de oficina", url: `${origin}${seeded.kioskPath}` },
      { label: "Resultados y apuestas", url: `${g}/resultados-y-apuestas`, cookie },
      { label: "Entrar", url: `${origin}/login` },
    ];
    if (existsSync("bench/ceiling/build/index.js")) {
      const ceilingPort = await freePort();
      children.push(await startCeiling(ceilingPort, rowsFile));
      pages.push({ label: "Techo (clasificación)", url: `http://127.0.0.1:${ceilingPort}/grupo/${seeded.groupId}/temporada/${seeded.seasonId}/clasificacion` });
    } else {
      log("Nota: sin bench/ceiling/build (lo compila `npm run bench`); el techo no se mide.");
    }

    // The servers' first answers (code loaded, caches filled, the ceiling's rows read) are not what is measured here.
    for (const target of [bare, ...pages]) {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(target.url, { headers: target.cookie ? { cookie: target.cookie } : {} });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${target.label} respondió ${res.status}`);
      }
    }

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    await checkScriptsOff(browser, bare);
    log(
      `Chromium ${browser.version()}, móvil 390×844 sin JavaScript, 3G lento (400 ms de latencia, 400 kbit/s), CPU ×${CPU_SLOWDOWN} más lenta; ` +
        `${RUNS} vueltas, A/B intercalado, contexto nuevo y caché desactivada en cada visita en frío${WARM ? " (y una segunda visita con caché)" : ""}.`,
    );

    const samples = new Map<Target, Sample[]>(pages.map((p) => [p, []]));
    const bareBeside = new Map<Target, Sample[]>(pages.map((p) => [p, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const page of pages) {
        const order = run % 2 === 0 ? [bare, page] : [page, bare];
        for (const target of order) {
          const sample = await measure(browser, target);
          (target === bare ? bareBeside.get(page)! : samples.get(page)!).push(sample);
        }
      }
      if (process.stdout.isTTY) process.stdout.write(`\r  vuelta ${run + 1}/${RUNS}`);
    }
    if (process.stdout.isTTY) process.stdout.write("\r\x1b[K");

    const bareAll = [...bareBeside.values()].flat();
    const fcps = (xs: Sample[], warm = false) => xs.map((s) => (warm ? (s.warm?.fcp ?? NaN) : s.cold.fcp)).filter(Number.isFinite);
    const bytes = (xs: Sample[], which: (r: Transfer) => boolean) => median(xs.map((s) => s.cold.requests.filter(which).reduce((t, r) => t + r.wire, 0)));
    const header =
      `${"Página".padEnd(24)}${"FCP ms".padStart(8)}${"p90".padStart(7)}${"× mín.".padStart(8)}` +
      `${WARM ? `${"con caché".padStart(11)}${"× mín.".padStart(8)}` : ""}${"doc KB".padStart(9)}${"CSS KB".padStart(8)}${"otras".padStart(7)}  ≤ 1,10`;
    log(`\n${header}`);
    log("─".repeat(header.length));
    const row = (label: string, xs: Sample[], beside: Sample[]) => {
      const cold = median(fcps(xs)) / median(fcps(beside));
      const warm = median(fcps(xs, true)) / median(fcps(beside, true));
      const others = median(xs.map((s) => s.cold.requests.filter((r) => r.status > 0 && !isDocument(r) && !isCss(r)).length));
      log(
        `${label.padEnd(24)}${es(median(fcps(xs))).padStart(8)}${es(p90(fcps(xs))).padStart(7)}${es(cold, 2).padStart(8)}` +
          `${WARM ? `${es(median(fcps(xs, true))).padStart(11)}${es(warm, 2).padStart(8)}` : ""}` +
          `${kb(bytes(xs, isDocument)).padStart(9)}${kb(bytes(xs, isCss)).padStart(8)}${String(others).padStart(7)}  ${xs === beside ? "" : cold <= TARGET ? "sí" : "no"}`,
      );
    };
    row(bare.label, bareAll, bareAll);
    for (const page of pages) row(page.label, samples.get(page)!, bareBeside.get(page)!);
    log(
      `\nobjetivo: ≤ 1,10 × la página mínima (FCP en frío, mediana; × mín. = sobre las visitas a la página mínima de las mismas vueltas).\n` +
        `KB: bytes en la red en la visita en frío (cabeceras incluidas; br o gzip, lo que negocie el servidor); otras: peticiones terminadas que no son el documento ni CSS.`,
    );

    log("\nCascada de la visita en frío mediana (ms desde la petición del documento: enviada → respuesta → último byte; entre paréntesis, descomprimido):");
    for (const [label, xs] of [[bare.label, bareAll] as const, ...pages.map((p) => [p.label, samples.get(p)!] as const)]) {
      const byFcp = [...xs].sort((a, b) => a.cold.fcp - b.cold.fcp);
      waterfall(label, byFcp[Math.floor((byFcp.length - 1) / 2)].cold);
    }
    if (TRACE) {
      log("\nHilo principal del renderizador desde el inicio de la navegación hasta el FCP (una visita en frío con traza; ms con la CPU ×4):");
      for (const target of [bare, ...pages]) {
        const main = await traceCold(browser, target);
        const kinds = [...main.kinds].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${es(v)}`);
        log(`  ${target.label.padEnd(24)}FCP ${es(main.fcp).padStart(6)}, ocupado ${es(main.busy).padStart(6)}: ${kinds.join(", ")}`);
      }
    }
    log(
      `\nCarga de la máquina (1 min): ${os.loadavg()[0].toFixed(1)} en ${os.cpus().length} núcleos. Total: ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    );
  } finally {
    await browser?.close();
    bareServer?.close();
    await stopProcesses(children);
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

await main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
});
