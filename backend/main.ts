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

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
