// The web server's stop on SIGTERM and SIGINT (used by server.ts; decision 088).
import type http from "node:http";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * Wraps the server's handler so a stop can drain it: once stopping, every answer says
 * `Connection: close` (a balancer's kept-alive connection ends after its request, and the next one
 * goes to another instance), and a connection left idle by an answer is closed at once.
 */
export function gracefulStop(handler: Handler) {
  const inFlight = new Set<http.ServerResponse>();
  let stopping: http.Server | null = null;
  const wrapped: Handler = (req, res) => {
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    if (stopping) {
      res.setHeader("connection", "close");
      // The answer is in: its connection, idle now, goes rather than wait for another request.
      const server = stopping;
      res.once("finish", () => setImmediate(() => server.closeIdleConnections()));
    }
    handler(req, res);
  };

  /**
   * The stop's first half, which may come a while before the rest (server.ts's SHUTDOWN_DELAY_SECONDS):
   * every answer from now on, and every one in flight, says `Connection: close`, and the idle
   * connections go, while the port still takes new ones.
   */
  const leave = (server: http.Server) => {
    if (stopping) return;
    stopping = server;
    for (const res of inFlight) {
      if (!res.headersSent) res.setHeader("connection", "close");
      res.once("finish", () => setImmediate(() => server.closeIdleConnections()));
    }
    server.closeIdleConnections();
  };

  /**
   * Stops taking connections, lets the requests in flight end within `graceMs` (then cuts what is
   * left), runs `close` (the backend: its jobs end or leave their claims, then the database) and
   * resolves whether everything ended within the grace. A second call waits for the first.
   */
  let done: Promise<boolean> | null = null;
  const stop = (server: http.Server, graceMs: number, close: () => Promise<void>): Promise<boolean> => {
    done ??= new Promise<boolean>((resolve) => {
      leave(server);
      let inTime = true;
      const deadline = setTimeout(() => {
        inTime = false;
        server.closeAllConnections();
      }, graceMs);
      server.close(() => {
        clearTimeout(deadline);
        close().then(
          () => resolve(inTime),
          () => resolve(false),
        );
      });
      server.closeIdleConnections();
    });
    return done;
  };
  return { handler: wrapped, leave, stop, inFlight: () => inFlight.size };
}
