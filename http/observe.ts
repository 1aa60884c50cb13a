// The web app's outermost handler (used by server.ts; decision 087): every request gets an id that
// travels to the backend (x-request-id) and into every line about it, is timed under its route's
// pattern and logged as one JSON line when answered (with the user, where a page read the session);
// /health, /ready and /metrics are answered here.
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { randomBytes } from "node:crypto";
import type http from "node:http";
import type { Logger } from "pino";
import { REQUEST_ID } from "#core/log-privacy";
import { requestEnded, requestStarted } from "../app/server/shelf/log.server";
import { httpDuration, METRICS_CONTENT_TYPE, metricsAllowed, methodLabel, metricsText, readyGauge } from "../backend/metrics";

/** What /ready answers: the backend's checks, and the web app's own. */
export interface WebReadiness {
  ready: boolean;
  checks: Record<string, string>;
}

/**
 * The pattern of the page an address asks for (`/grupo/:groupId/caja`), from the build's routes:
 * a bounded label, never the URL. A data request (`/x.data`) is its page's; the static files are
 * `/build/*` and `static`; what no page matches (the 404 splat) is `unmatched`.
 */
export function routePatterns(build: Pick<ServerBuild, "routes">): (pathname: string) => string {
  type Node = AgnosticRouteObject & { children?: Node[]; path?: string };
  const nodes = new Map<string, Node & { parentId?: string }>();
  for (const route of Object.values(build.routes)) {
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      caseSensitive: route.caseSensitive,
      ...(route.index ? { index: true } : { children: [] }),
      parentId: route.parentId,
    } as Node & { parentId?: string });
  }
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent?.children) parent.children.push(node);
    else roots.push(node);
  }
  return (pathname) => {
    if (pathname.startsWith("/build/")) return "/build/*";
    if (/\.\w+$/.test(pathname) && !pathname.endsWith(".data")) {
      // A file in public/ (favicon.ico, robots.txt) or a page with an extension (.csv, .ics, .zip).
      const page = matched(roots, pathname);
      return page === "unmatched" ? "static" : page;
    }
    const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    return matched(roots, path);
  };
}

function matched(roots: AgnosticRouteObject[], pathname: string): string {
  const matches = matchRoutes(roots, pathname);
  if (!matches?.length) return "unmatched";
  const paths = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p));
  if (paths.at(-1) === "*") return "unmatched";
  return `/${paths.join("/")}`.replace(/\/+/g, "/");
}

export interface ObserveOptions {
  routeOf: (pathname: string) => string;
  log: Logger;
  metricsToken: string | null;
  /** Whether an id the request brings is believed (a trusted proxy's, TRUST_PROXY); otherwise a new one is made. */
  trustRequestId: boolean;
  ready: () => Promise<WebReadiness>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.end(JSON.stringify(body));
};

/** Wraps the server's handler (keptEdge's): ids, timing and lines for every request, and the three answers for machines. */
export function observe(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void, options: ObserveOptions) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const started = process.hrtime.bigint();
    const sent = req.headers["x-request-id"];
    const id = options.trustRequestId && typeof sent === "string" && REQUEST_ID.test(sent) ? sent : randomBytes(6).toString("hex");
    // Remix's Request carries it to the BFF's calls (app/server/shelf/client.server.ts), which send it on.
    req.headers["x-request-id"] = id;
    res.setHeader("x-request-id", id);
    requestStarted(id);
    const pathname = (req.url ?? "/").split("?")[0];
    const machine = req.method === "GET" || req.method === "HEAD" ? pathname : null;
    const route = machine === "/health" || machine === "/ready" || machine === "/metrics" ? machine : options.routeOf(pathname);
    // "close" comes after the answer and also when the visitor went away before it: both are a line.
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpDuration.observe({ server: "web", method: methodLabel(req.method), route, status_code: String(res.statusCode) }, seconds);
      // The path without its query string: tokens travel there (a reset link, a kiosk's).
      const userId = requestEnded(id);
      const line = {
        reqId: id,
        ...(userId !== null ? { userId } : {}),
        method: req.method,
        route,
        path: loggedPath(pathname),
        status: res.statusCode,
        ms: Math.round(seconds * 1000),
      };
      options.log.info(res.writableFinished ? line : { ...line, aborted: true }, "respuesta");
    });
    if (machine === "/health") return json(res, 200, { ok: true });
    if (machine === "/ready") {
      void options.ready().then(
        (answer) => {
          readyGauge.labels("web").set(answer.ready ? 1 : 0);
          json(res, answer.ready ? 200 : 503, answer);
        },
        (error: Error) => {
          readyGauge.labels("web").set(0);
          json(res, 503, { ready: false, checks: { backend: `no responde (${error.message})` } });
        },
      );
      return;
    }
    if (machine === "/metrics") {
      if (!metricsAllowed(options.metricsToken, { remoteAddress: req.socket.remoteAddress, headers: req.headers })) {
        res.statusCode = 403;
        res.setHeader("content-type", "text/plain; charset=utf-8");
        return void res.end("Las métricas son solo para el monitor: usa METRICS_TOKEN o pídelas desde esta máquina.\n");
      }
      void metricsText().then((text) => {
        res.setHeader("content-type", METRICS_CONTENT_TYPE);
        res.setHeader("cache-control", "no-store");
        res.end(text);
      });
      return;
    }
    handler(req, res);
  };
}

/** A kiosk's, a calendar's, a share's or an unsubscribe link's token is a path segment: it is not logged. */
const loggedPath = (pathname: string) => pathname.replace(/^(\/kiosk\/|\/calendario\/|\/compartir\/|\/baja\/resumen\/)[^/]+/i, "$1…");
