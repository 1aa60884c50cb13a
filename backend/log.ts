// The backend's one logger (decision 087): pino, as Fastify's, one JSON object a line on stdout.
import pino, { type Logger } from "pino";
import { logOptions, type LogLevel } from "#core/log-privacy";

/** The backend's logger at `level` (LOG_LEVEL, info by default); `write` takes each line (stdout unless a test listens). */
export function backendLog(level: LogLevel = "info", write: (line: string) => void = (line) => void process.stdout.write(line)): Logger {
  return pino(logOptions("api", level), { write });
}

/** The start-up and job lines (`options.log` of backend/start.ts): their Spanish text is the line's message. */
export const lineLog = (logger: Logger) => (message: string) => logger.info(message);

let shared: Logger | null = null;

/** The lines no request owns (a mail that could not go after its answer): the program's logger once server.ts or main.ts made it. */
export function processLog(): Logger {
  shared ??= backendLog();
  return shared;
}

export function shareProcessLog(logger: Logger) {
  shared = logger;
}
