import { randomBytes } from "node:crypto";
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import { jsonSchemaTransform, serializerCompiler } from "fastify-type-provider-zod";
import { requireUser, userFromToken, type Deps } from "./context";
import { ILL_FORMED_TEXT } from "#core/contract/common";
import { REQUEST_ID } from "#core/log-privacy";
import { httpDuration, METRICS_CONTENT_TYPE, metricsAllowed, methodLabel, metricsText } from "./metrics";
import { readiness } from "./readiness";
import { outboxSettled } from "./services/mail/outbox";
import { ApiError, badRequest, TOO_MANY, uniqueConflict } from "./errors";
import { guardInput } from "./guards";
import { contractValidator } from "./schema";
import authRoutes from "./routes/auth";
import seasonRoutes from "./routes/season";
import teamRoutes from "./routes/team";
import quinielaRoutes from "./routes/quiniela";
import classificationRoutes from "./routes/standings";
import kioskRoutes from "./routes/kiosk";
import predictionRoutes from "./routes/prediction";
import groupRoutes from "./routes/group";
import groupQuinielaRoutes from "./routes/rounds";
import auditRoutes from "./routes/audit";
import betRoutes from "./routes/bet";
import lotteryRoutes from "./routes/lottery";
import jornadaRoutes from "./routes/jornadas";
import betStatsRoutes from "./routes/bet-stats";
import phraseRoutes from "./routes/phrases";
import screenRoutes from "./routes/screens";
import cajaRoutes from "./routes/caja";
import calendarRoutes from "./routes/calendar";
import digestRoutes from "./routes/digest";
import shareRoutes from "./routes/share";
import ticketRoutes from "./routes/ticket";
import chancesRoutes from "./routes/chances";
import weekRuleRoutes from "./routes/week-rule";
import liveRoutes from "./routes/live";
import keptVersionRoutes from "./routes/kept-versions";
import importRoutes from "./routes/import";
import placeholderRoutes from "./routes/placeholders";
import privacyRoutes from "./routes/privacy";
import wayOutRoutes from "./routes/way-out";
import receiptRoutes from "./routes/receipt";
import type { RoutePlugin } from "./routes/resource";
import { afterRoundChange } from "./services/close/close-job";
import { answerRoundChanges } from "./services/shelf/round-change";

/** A JSON body that did not parse: its error is answered once the caller is known to be allowed. */
class UnreadableBody {
  constructor(readonly error: Error) {}
}

/** One plugin per resource of the contract (docs/architecture.md#the-contract). */
const resources: RoutePlugin[] = [
  authRoutes,
  seasonRoutes,
  teamRoutes,
  quinielaRoutes,
  groupRoutes,
  groupQuinielaRoutes,
  predictionRoutes,
  classificationRoutes,
  kioskRoutes,
  auditRoutes,
  betRoutes,
  lotteryRoutes,
  jornadaRoutes,
  betStatsRoutes,
  phraseRoutes,
  screenRoutes,
  cajaRoutes,
  calendarRoutes,
  digestRoutes,
  shareRoutes,
  ticketRoutes,
  weekRuleRoutes,
  chancesRoutes,
  liveRoutes,
  keptVersionRoutes,
  importRoutes,
  placeholderRoutes,
  privacyRoutes,
  wayOutRoutes,
  receiptRoutes,
];

/** Paths match case-insensitively: static segments are registered and looked up in lower case. */
const lowerStatic = (url: string) =>
  url
    .split("/")
    .map((segment) => (segment.startsWith(":") ? segment : segment.toLowerCase()))
    .join("/");

/**
 * What a 5xx log line says about the request: method and path, never the query string, a header,
 * the body, or a kiosk link's token (secrets travel in those).
 */
function loggedPath(request: Pick<FastifyRequest, "url">): string {
  return request.url.split("?")[0].replace(/^(\/kiosk\/|\/calendar\/|\/digest\/unsubscribe\/|\/share\/)[^/]+/i, "$1…");
}

/** Errors only, to stderr: every 5xx is a line with its request id, which the answer also gives. */
export const DEFAULT_LOGGER = { level: "error", serializers: { req: () => undefined, res: () => undefined } };

/** A request's id: the one the web app sent (x-request-id), so one visit's lines share it, or a new one. */
function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const sent = req.headers["x-request-id"];
  return typeof sent === "string" && REQUEST_ID.test(sent) ? sent : randomBytes(6).toString("hex");
}

const isLogger = (logger: unknown): logger is FastifyBaseLogger =>
  typeof logger === "object" && logger !== null && typeof (logger as { child?: unknown }).child === "function";

export async function buildBackend(deps: Deps, options: { logger?: boolean | object | FastifyBaseLogger } = {}): Promise<FastifyInstance> {
  // The rooms below the close ask for it through the shelf (backend/services/shelf/round-change.ts).
  answerRoundChanges(afterRoundChange);
  const logger = options.logger ?? DEFAULT_LOGGER;
  const app = Fastify({
    ...(isLogger(logger) ? { loggerInstance: logger } : { logger }),
    genReqId: requestId,
    requestIdHeader: false,
    // One line per request, written when it is answered (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // The router's own refusals (a broken escape, a path segment too long) answer in Spanish too.
    frameworkErrors: (error, _request, reply) => {
      const status = (error as FastifyError).statusCode ?? 400;
      (reply as unknown as FastifyReply)
        .code(status >= 400 && status < 500 ? status : 400)
        .send({ message: status === 414 ? "La dirección es demasiado larga." : "La dirección no es válida." });
    },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Signed tokens travel as one path segment: `<id up to 9 digits>.<32 hex>.<64 hex>` is up to 107
    // characters, past find-my-way's default of 100 (a member whose id has 3 digits got a 414).
    routerOptions: { maxParamLength: 200 },
    rewriteUrl: (req) => {
      const url = req.url ?? "/";
      const q = url.indexOf("?");
      return q === -1 ? lowerStatic(url) : lowerStatic(url.slice(0, q)) + url.slice(q);
    },
  });

  // The contract's zod schemas check what comes in, check and shape what goes out, and write
  // /openapi.json: one description of every operation, not three.
  app.setValidatorCompiler(contractValidator);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook("onRoute", (route) => {
    route.url = lowerStatic(route.url);
    // The document says who may call each guarded operation, and where the request names what it protects.
    const guard = route.config?.guard;
    if (guard) route.schema = { ...route.schema, ["x-guard" as string]: { kind: guard.kind, ...(guard.from && { from: guard.from }) } };
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Quiniela de peñas API",
        description:
          "El contrato de la sección 7 de la especificación. Las rutas no distinguen mayúsculas; los cuerpos aceptan claves camelCase o PascalCase; los errores son { message } en español.",
        version: "1.0.0",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(multipart);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new ApiError(429, TOO_MANY),
  });

  app.decorateRequest("authUser", null);
  // Who may call is decided before what they sent is read (docs/decisions/028): no session is a 401
  // on arrival, before the body is parsed; a route's guard (backend/guards.ts) runs on arrival when
  // the path or query names what it protects, and once the body is parsed, before it is validated,
  // when the body does. A body that is not JSON is refused only after both.
  app.addHook("onRequest", async (request) => {
    request.authUser = await userFromToken(deps.db, request.headers.authorization, deps.clock());
    // Every later line of this request names its caller.
    if (request.authUser) request.log = request.log.child({ userId: request.authUser.id });
    if (!request.routeOptions.url) return;
    const security = (request.routeOptions.schema as { security?: unknown[] } | undefined)?.security;
    const isPublic = Array.isArray(security) && security.length === 0;
    if (isPublic) return;
    const user = requireUser(request);
    const guard = request.routeOptions.config.guard;
    if (guard && guard.from !== "body") await guard.check(user, guardInput(request, guard.from ?? "params"), deps);
    if (guard?.onArrival) await guard.onArrival(user, deps);
  });
  app.addHook("preValidation", async (request) => {
    const guard = request.routeOptions.config?.guard;
    if (guard?.from === "body" && request.authUser) await guard.check(request.authUser, guardInput(request, "body"), deps);
    if (request.body instanceof UnreadableBody) throw request.body.error;
  });

  // A JSON body that does not parse is kept as such until the guards have run (above). Its bytes
  // are read here, the one place bodies are read: bytes that are not UTF-8 (a stray byte, an
  // encoded half character such as ED A0 80) are refused as a JSON escape of one is, not stored as '�'.
  const parseJson = app.getDefaultJsonParser("error", "error");
  const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      return done(null, new UnreadableBody(badRequest(ILL_FORMED_TEXT)));
    }
    parseJson(request, text, (error, value) => done(null, error ? new UnreadableBody(error) : value));
  });

  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // Each answer: one log line and the latency histogram, under the route's pattern (never its URL).
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const seconds = reply.elapsedTime / 1000;
    httpDuration.observe({ server: "api", method: methodLabel(request.method), route, status_code: String(reply.statusCode) }, seconds);
    request.log.info({ method: request.method, route, path: loggedPath(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, "respuesta");
  });
  // The mails queued after their answers (services/mail/outbox.ts) go before the service stops.
  app.addHook("onClose", async () => outboxSettled());

  const serverError = (error: Error, request: FastifyRequest, status: number) =>
    request.log.error(
      { reqId: request.id, method: request.method, path: loggedPath(request), status, err: { type: error.name, message: error.message, stack: error.stack } },
      "respuesta 5xx",
    );

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    // A unique index that decided between two writes at once is the loser's 409 (decision 079).
    error = uniqueConflict(error) ?? error;
    if (error instanceof ApiError) {
      if (error.status >= 500) serverError(error, request, error.status);
      return reply.code(error.status).send({ message: error.message });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ message: "La petición es demasiado grande." });
    if (status === 415) return reply.code(415).send({ message: "Tipo de contenido no admitido." });
    if (status === 429) return reply.code(429).send({ message: TOO_MANY });
    if (status >= 400 && status < 500) return reply.code(status).send({ message: "La petición no es válida." });
    serverError(error, request, 500);
    return reply.code(500).send({ message: `Error interno del servidor (referencia ${request.id}).` });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: "Recurso no encontrado." }));

  for (const resource of resources) await app.register(async (scope) => resource(scope, deps));

  app.get("/openapi.json", { schema: { hide: true, security: [] } }, async () => app.swagger());
  app.get("/health", { schema: { hide: true, security: [] } }, async () => ({ ok: true }));
  // Whether this instance can serve (backend/readiness.ts): a balancer's question, answered to anyone.
  app.get("/ready", { schema: { hide: true, security: [] } }, async (_request, reply) => {
    const answer = await readiness(app, deps);
    return reply.code(answer.ready ? 200 : 503).send(answer);
  });
  // The process's metrics in Prometheus's text format, for the monitor only (decision 087).
  app.get("/metrics", { schema: { hide: true, security: [] } }, async (request, reply) => {
    if (!metricsAllowed(deps.config.metricsToken, { remoteAddress: request.raw.socket?.remoteAddress, headers: request.headers })) {
      return reply.code(403).send({ message: "Las métricas son solo para el monitor: usa METRICS_TOKEN o pídelas desde esta máquina." });
    }
    return reply.type(METRICS_CONTENT_TYPE).send(await metricsText());
  });
  return app;
}
