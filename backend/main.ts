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

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
