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

/**
 * The user of each request in flight, by its id, for the one line http/observe.ts writes when it is
 * answered. Only an id it registered is noted, and it forgets each when that request closes: a
 * loader still running after its visitor left notes nothing, so nothing outlives its request.
 */
const usersInFlight = new Map<string, number | null>();

export const requestStarted = (id: string) => void usersInFlight.set(id, null);

/** The signed-in user the request turned out to be (session.server.ts, once the session is read). */
export function noteUser(request: Request, userId: number): void {
  const id = request.headers.get("x-request-id");
  if (id && usersInFlight.has(id)) usersInFlight.set(id, userId);
}

/** The user `noteUser` named for the request `id`, forgotten as it is read; null for a visitor. */
export function requestEnded(id: string): number | null {
  const user = usersInFlight.get(id) ?? null;
  usersInFlight.delete(id);
  return user;
}
