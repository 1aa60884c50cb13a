// One process for a fresh clone: the embedded backend on a loopback port (unless API_URL is set)
// and the Remix BFF on PORT.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { backendOptionsFromEnv, logLevelOf, trustProxySetting } from "./backend/env";
import { privateDataDir } from "./backend/files";
import { createBackend } from "./backend/start";
import { registerEmbeddedBackend, registerEmbeddedVersions } from "./app/server/shelf/embedded-backend";
import { heldVersions } from "./backend/kept-versions";
import { backendLog, lineLog, shareProcessLog } from "./backend/log";
import { noticesCheck, readiness } from "./backend/readiness";
import { webLog } from "./app/server/shelf/log.server";
import { observe, routePatterns, type WebReadiness } from "./http/observe";
import { boundedFormBody, emptyBodyIsAnEmptyForm } from "./http/form-bodies";
import { gracefulStop } from "./http/graceful-stop";
import { keptEdge } from "./http/kept-edge";
import { repairPercentEscapes } from "./http/percent-escapes";
import { remixHandler } from "./http/remix-adapter";

// One JSON line per event, the web app's and the embedded backend's (decision 087).
const log = (message: string) => webLog().info(message);
const apiLog = backendLog(logLevelOf(process.env));
shareProcessLog(apiLog);

async function main() {
  const options = backendOptionsFromEnv(process.env, lineLog(apiLog));
  const port = Number(process.env.PORT || 3000);
  // DATA_DIR and everything the process writes are private to the app's user (umask 077).
  await privateDataDir(options.dataDir);

  let backend: Awaited<ReturnType<typeof createBackend>> | null = null;
  if (!process.env.API_URL) {
    backend = await createBackend({ ...options, logger: apiLog });
    // A kept page's version, read by a call and held until a write it depends on (decision 077).
    const versions = await heldVersions(backend.deps, lineLog(apiLog));
    backend.app.addHook("onClose", () => versions.stop());
    // On PostgreSQL another instance's writes are heard on one connection: without it, no page is held (readiness).
    noticesCheck(backend.app, backend.deps, versions);
    const backendPort = Number(process.env.BACKEND_PORT || 0);
    const address = await backend.app.listen({ host: "127.0.0.1", port: backendPort });
    process.env.API_URL = address;
    // The BFF in this process calls its backend in-process (decision 025); the port stays for other clients.
    const app = backend.app;
    registerEmbeddedBackend((request) => app.inject(request));
    registerEmbeddedVersions(versions.read);
    apiLog.info(`API embebida en ${address}`);
  }
  if (!process.env.SESSION_SECRET) process.env.SESSION_SECRET = await sessionSecret(options.dataDir);
  process.env.PUBLIC_URL ||= `http://localhost:${port}`;

  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-* are believed only from the proxy named in TRUST_PROXY (decision 014); unset, from nobody.
  app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));
  // Brotli at quality 5, not compression's 4: the standings page goes from 10.7 to 8.7 KB (40 ms less
  // on a slow-3G phone) for 0.4 ms more of CPU per view (decision 027).
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } }));
  app.use((req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    // The visitor's address, for the backend's rate limits; never taken from the visitor's own headers.
    req.headers["x-quiniela-client-ip"] = req.ip ?? "";
    next();
  });
  const secure = helmet({
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.nonce}'`],
        "img-src": ["'self'", "data:", "https:"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "upgrade-insecure-requests": process.env.PUBLIC_URL.startsWith("https:") ? [] : null,
      },
    },
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: process.env.PUBLIC_URL.startsWith("https:"),
    crossOriginEmbedderPolicy: false,
  });
  app.use(secure);
  app.use(repairPercentEscapes);
  app.use(emptyBodyIsAnEmptyForm);
  app.use(onlyOwnForms);
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  // Only a name with an extension can be a file in public/: the pages' addresses skip the disk look-up.
  const publicFiles = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (/\.\w+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  app.all(
    "*",
    boundedFormBody,
    remixHandler(build, process.env.NODE_ENV ?? "production", (req, res) => ({
      nonce: res.locals.nonce as string,
      // The validator keptEdge found for a kept page's miss: the entry stores the render under it.
      kept: res.locals.kept as unknown,
      // A document's loaders hand their held HTML to the entry beside the data (app/server/shelf/fragments.server.ts).
      ...((req.method === "GET" || req.method === "HEAD") && !req.path.endsWith(".data") ? { fragments: [] } : {}),
    })),
  );

  // A kept page's reload is answered before Express (decision 077).
  // Around it all, each request's id, time and line, and /health, /ready and /metrics (decision 087);
  // outermost, the stop that lets the requests in flight finish (decision 088).
  const embedded = backend;
  let stopping = false;
  const draining = gracefulStop(
    observe(keptEdge(build, app, secure), {
      routeOf: routePatterns(build),
      log: webLog(),
      metricsToken: options.config?.metricsToken ?? null,
      trustRequestId: Boolean(trustProxySetting(process.env.TRUST_PROXY)),
      ready: () =>
        stopping
          ? Promise.resolve({ ready: false, checks: { parada: "esta instancia se está parando" } })
          : embedded
            ? readiness(embedded.app, embedded.deps)
            : remoteReadiness(process.env.API_URL!),
    }),
  );
  const server = http.createServer(draining.handler);
  server.listen(port, () => log(`Quiniela de peñas en http://localhost:${port}`));

  // SIGTERM (a restart, an upgrade) or SIGINT: no new connections, the requests in flight answered
  // within SHUTDOWN_GRACE_SECONDS, then the backend closes (its jobs end, the database closes; decision 088).
  // With SHUTDOWN_DELAY_SECONDS, first that long still serving while /ready answers 503: a balancer
  // that asks /ready takes the instance out before its port closes, so no connection it opened in
  // the meantime waits in the port's queue when it does (the kernel would reset those).
  const graceMs = options.shutdownGraceMs ?? 15_000;
  const delayMs = options.shutdownDelayMs ?? 0;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Whatever hangs (a job past its grace), the process still ends.
    setTimeout(() => process.exit(1), delayMs + graceMs + 5_000).unref();
    if (delayMs > 0) {
      draining.leave(server);
      log(`${signal}: /ready dice que no durante ${delayMs / 1000} s antes de dejar de aceptar conexiones…`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    log(`${signal}: no se aceptan conexiones nuevas; terminando ${draining.inFlight()} peticiones en curso (${graceMs / 1000} s como mucho)…`);
    void draining
      .stop(server, graceMs, async () => {
        await backend?.app.close();
      })
      .then((inTime) => {
        log(inTime ? `${signal}: terminado.` : `${signal}: terminado con peticiones cortadas al pasar ${graceMs / 1000} s.`);
        process.exit(inTime ? 0 : 1);
      });
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
}

/** A state-changing request must be a form posted from our own pages: its Origin (or Referer) names this host. */
function onlyOwnForms(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  // A mail's way out (decision 086): the mail client's one-click POST (RFC 8058) comes from the
  // provider, not from our pages; the signed token in its address is what allows it, and it can
  // only turn mail off (or back on), so no other site gains anything by sending it.
  const wayOut = /^\/baja(\/resumen\/[^/]+)?\/?$/i.test(req.path);
  const source = wayOut ? undefined : (req.get("origin") ?? req.get("referer"));
  // X-Forwarded-Host counts only when a proxy is trusted (TRUST_PROXY); otherwise any client could set it.
  const host = (req.app.get("trust proxy") ? req.get("x-forwarded-host") : undefined) ?? req.get("host");
  let sameSite = source === undefined ? wayOut || req.get("sec-fetch-site") !== "cross-site" : false;
  if (source && source !== "null") {
    try {
      sameSite = new URL(source).host === host;
    } catch {
      sameSite = false;
    }
  }
  if (!sameSite) {
    res.status(403).type("text/plain; charset=utf-8").send("Petición rechazada: el formulario no viene de esta web.");
    return;
  }
  // Every action is an HTML form; anything else (a JSON body, say) is not ours to parse.
  const type = req.get("content-type") ?? "";
  if (/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return next();
  res.status(415).type("text/plain; charset=utf-8").send("Envía el formulario desde la página.");
}

async function sessionSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const secret = randomBytes(32).toString("hex");
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  log(`Aviso: SESSION_SECRET no está definido; se ha generado uno en ${file}. En producción, defínelo.`);
  return secret;
}

/** A backend elsewhere (API_URL): its own /ready, asked with a short timeout; unreachable is not ready. */
async function remoteReadiness(apiUrl: string): Promise<WebReadiness> {
  const answer = await fetch(new URL("/ready", apiUrl), { signal: AbortSignal.timeout(3_000) });
  const body = (await answer.json()) as WebReadiness;
  return { ready: answer.ok && body.ready === true, checks: body.checks ?? { backend: `respondió ${answer.status}` } };
}

main().catch((error: Error) => {
  webLog().fatal(`No se pudo arrancar: ${error.message}`);
  process.exit(1);
});
