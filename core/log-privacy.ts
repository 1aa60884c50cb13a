// What no log line of either program holds (decision 087): both loggers (backend/log.ts and
// app/server/shelf/log.server.ts) redact these fields and shorten every address in their messages.
import type { LoggerOptions } from "pino";

/** Fields pino replaces with "[oculto]", at the top of a line or one level down (`req.headers`…). */
export const REDACTED_FIELDS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "authorization",
  "cookie",
  "email",
  "*.password",
  "*.newPassword",
  "*.currentPassword",
  "*.token",
  "*.authorization",
  "*.cookie",
  '*["set-cookie"]',
  "*.email",
  "req.headers.authorization",
  "req.headers.cookie",
];

export const REDACTED = "[oculto]";

const ADDRESS = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

/** An address in a message keeps its first letter and its domain: «a…@example.com». */
export const maskEmails = (text: string) => text.replace(ADDRESS, "$1…@$2");

/** The levels LOG_LEVEL takes, pino's. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A request id another program sent (x-request-id): kept when it is a plain token, else a new one is made. */
export const REQUEST_ID = /^[A-Za-z0-9._-]{6,64}$/;

/** A message's strings, and an error's message, with their addresses shortened. */
function masked(object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (typeof value === "string") out[key] = maskEmails(value);
    else if (value instanceof Error) out[key] = { type: value.name, message: maskEmails(value.message), stack: value.stack };
    else if (value && typeof value === "object" && typeof (value as { message?: unknown }).message === "string") {
      out[key] = { ...(value as object), message: maskEmails((value as { message: string }).message) };
    } else out[key] = value;
  }
  return out;
}

/**
 * The options of both programs' pino loggers: one JSON object a line, `program` (web or api), the
 * level as a word, an ISO time, the redacted fields and every address shortened, in a field or in
 * the message (`msg`, the Spanish a person reads).
 */
export function logOptions(program: "web" | "api", level: LogLevel): LoggerOptions {
  return {
    level,
    base: { program, pid: process.pid },
    messageKey: "msg",
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    formatters: { level: (label) => ({ level: label }), log: masked },
    redact: { paths: REDACTED_FIELDS, censor: REDACTED },
    hooks: {
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        const text = (v: unknown) => (typeof v === "string" ? maskEmails(v) : v);
        method.apply(this, [text(first), ...rest.map(text)] as Parameters<typeof method>);
      },
    },
  };
}
