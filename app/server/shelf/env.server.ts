import { z } from "zod";
import { LOG_LEVELS, type LogLevel } from "#core/log-privacy";

const schema = z.object({
  API_URL: z.string().url("API_URL debe ser una URL (la arranca server.ts si no se define)"),
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET debe tener al menos 16 caracteres"),
  PUBLIC_URL: z.string().url().default("http://localhost:3000"),
  NODE_ENV: z.string().default("production"),
});

let cached: z.infer<typeof schema> | null = null;

/** The BFF's settings, read and checked once (server.ts fills API_URL and SESSION_SECRET when unset). */
export function env() {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) throw new Error(`Configuración no válida: ${parsed.error.issues.map((i) => `${i.path[0]}: ${i.message}`).join("; ")}`);
  cached = parsed.data;
  return cached;
}

/** LOG_LEVEL (docs/operations.md), read on its own: server.ts logs before API_URL is known. */
export function logLevel(): LogLevel {
  const level = process.env.LOG_LEVEL as LogLevel | undefined;
  return level && LOG_LEVELS.includes(level) ? level : "info";
}
