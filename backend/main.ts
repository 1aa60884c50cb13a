// The backend alone: `node build/backend.js`, for a deployment where BFF and API scale apart.
import { DEFAULT_LOGGER } from "./app";
import { backendOptionsFromEnv } from "./env";
import { createBackend } from "./start";

const log = (message: string) => process.stdout.write(`[backend] ${message}\n`);
const options = backendOptionsFromEnv(process.env, log);
const { app } = await createBackend({ ...options, logger: { ...DEFAULT_LOGGER, level: "warn" } });
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
