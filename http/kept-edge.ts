// The server's first handler (used by server.ts): a kept page's reload answered before Express
// (decisions 067, 077).
import type { ServerBuild } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import type http from "node:http";
import type { keptAnswer } from "../app/server/shelf/kept-pages.server";
import { keptEdgeAnswer } from "../backend/metrics";

/** The build entry's answer for a kept page (decision 077). */
type KeptAnswer = typeof keptAnswer;

/**
 * The server's first handler: a kept page's reload (decisions 067, 077) is answered here, from the
 * session and the page's version, before Express, helmet and compression, and without the Fetch API's
 * Request and Response around Remix. A 304 carries only the validator's headers (a browser keeps
 * those it stored with the page); the stored bytes of a page already rendered go out with the
 * security headers every page has (`secure`, helmet). Everything else goes on to `app`, a page to
 * render with its validator in `res.locals.kept` for the entry to store it under.
 */
export function keptEdge(
  build: ServerBuild,
  app: (req: http.IncomingMessage, res: http.ServerResponse) => void,
  secure: (req: http.IncomingMessage, res: http.ServerResponse, next: (error?: unknown) => void) => void,
): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  const kept = (build.entry.module as { keptAnswer?: KeptAnswer }).keptAnswer;
  return (req, res) => {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    };
    let pending: ReturnType<KeptAnswer> = null;
    try {
      pending = kept && req.method === "GET" ? kept({ url: req.url ?? "/", header }, build) : null;
    } catch {
      // An address no URL can be made of: Express and Remix answer it as any other.
    }
    if (!pending) return app(req, res);
    pending.then(
      (outcome) => {
        if (!outcome || !("answer" in outcome)) {
          keptEdgeAnswer("render");
          (res as { locals?: object }).locals = { kept: outcome?.render };
          return app(req, res);
        }
        const { status, headers, body } = outcome.answer;
        const send = () => {
          res.statusCode = status;
          for (const [key, value] of headers) res.appendHeader(key, value);
          res.end(body);
        };
        keptEdgeAnswer(status === 304 ? "not_modified" : "stored");
        if (status === 304) return send();
        (res as { locals?: object }).locals = { nonce: randomBytes(16).toString("base64") };
        secure(req, res, (error) => (error ? app(req, res) : send()));
      },
      () => app(req, res),
    );
  };
}
