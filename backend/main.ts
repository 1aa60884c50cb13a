// The backend alone: `node build/backend.js`, for a deployment where BFF and API scale apart.
import { backendOptionsFromEnv, logLevelOf } from "./env";
import { backendLog, lineLog, shareProcessLog } from "./log";
import { createBackend } from "./start";

// One JSON line per event (decision 087); LOG_LEVEL sets how many.
const logger = backendLog(logLevelOf(process.env));
const log = lineLog(logger);
shareProcessLog(logger);
const options = backendOptionsFromEnv(process.env, log);
const { app } = await createBackend({ ...options, logger });
const port = Number(process.env.BACKEND_PORT ?? 4000);
await app.listen({ host: process.env.BACKEND_HOST ?? "127.0.0.1", port });
log(`API en http://${process.env.BACKEND_HOST ?? "127.0.0.1"}:${port} (OpenAPI en /openapi.json)`);

// SIGTERM or SIGINT: Fastify stops listening, answers the requests in flight and closes the idle
// connections; then the jobs end and the database closes (decision 088), within SHUTDOWN_GRACE_SECONDS.
const graceMs = options.shutdownGraceMs ?? 15_000;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: terminando las peticiones en curso (${graceMs / 1000} s como mucho)…`);
    setTimeout(() => process.exit(1), graceMs).unref();
    void app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
