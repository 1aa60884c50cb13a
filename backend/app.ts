import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import { userFromToken, type Deps } from "./context";
import { ApiError } from "./errors";
import { TOO_MANY } from "./rate-window";
import authRoutes from "./routes/auth";
import seasonRoutes from "./routes/season";
import teamRoutes from "./routes/team";
import quinielaRoutes from "./routes/quiniela";
import classificationRoutes from "./routes/classification";
import kioskRoutes from "./routes/kiosk";
import predictionRoutes from "./routes/prediction";
import groupRoutes from "./routes/group";
import groupQuinielaRoutes from "./routes/group-quiniela";
import auditRoutes from "./routes/audit";
import betRoutes from "./routes/bet";
import lotteryRoutes from "./routes/lottery";
import betStatsRoutes from "./routes/bet-stats";
import phraseRoutes from "./routes/phrases";

export type RoutePlugin = (app: FastifyInstance, deps: Deps) => Promise<void>;

/** One plugin per resource of the contract (spec section 7). */
const resources: RoutePlugin[] = [authRoutes, seasonRoutes, teamRoutes, quinielaRoutes, groupRoutes, groupQuinielaRoutes, predictionRoutes, classificationRoutes, kioskRoutes, auditRoutes, betRoutes, lotteryRoutes, betStatsRoutes, phraseRoutes];

/** Paths match case-insensitively: static segments are registered and looked up in lower case. */
const lowerStatic = (url: string) =>
  url
    .split("/")
    .map((segment) => (segment.startsWith(":") ? segment : segment.toLowerCase()))
    .join("/");

export async function buildBackend(deps: Deps, options: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    rewriteUrl: (req) => {
      const url = req.url ?? "/";
      const q = url.indexOf("?");
      return q === -1 ? lowerStatic(url) : lowerStatic(url.slice(0, q)) + url.slice(q);
    },
  });

  app.addHook("onRoute", (route) => {
    route.url = lowerStatic(route.url);
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
  });
  await app.register(multipart);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new ApiError(429, TOO_MANY),
  });

  app.decorateRequest("authUser", null);
  app.addHook("onRequest", async (request) => {
    request.authUser = await userFromToken(deps.db, request.headers.authorization, deps.clock());
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send({ message: error.message });
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ message: "La petición es demasiado grande." });
    if (status === 415) return reply.code(415).send({ message: "Tipo de contenido no admitido." });
    if (status === 429) return reply.code(429).send({ message: TOO_MANY });
    if (status >= 400 && status < 500) return reply.code(status).send({ message: "La petición no es válida." });
    request.log.error(error);
    return reply.code(500).send({ message: "Error interno del servidor." });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: "Recurso no encontrado." }));

  for (const resource of resources) await app.register(async (scope) => resource(scope, deps));

  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  app.get("/health", { schema: { hide: true } }, async () => ({ ok: true }));
  return app;
}
