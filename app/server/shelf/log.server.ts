// The web app's logger (decision 087): one JSON object a line on stdout, as the backend's. The lines
// about a visitor's request carry its id (http/observe.ts gave it), which its backend calls carry too.
import pino, { type Logger } from "pino";
import { logOptions } from "#core/log-privacy";
import { logLevel } from "./env.server";

let logger: Logger | null = null;

export function webLog(): Logger {
  logger ??= pino(logOptions("web", logLevel()), { write: (line: string) => void process.stdout.write(line) });
  return logger;
}

/** The logger for lines about `request`: its id on every line. */
export function requestLog(request: Request): Logger {
  const id = request.headers.get("x-request-id");
  return id ? webLog().child({ reqId: id }) : webLog();
}
