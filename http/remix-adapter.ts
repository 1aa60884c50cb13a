// Remix's express adapter as the BFF runs it (used by server.ts): the body boundedFormBody read, and
// what leaves for a signed-in visitor is never cached, unless the page may be kept and revalidated
// (decision 067). The bench's ceiling uses @remix-run/express itself.
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable } from "@remix-run/node";
import type express from "express";

/** A page for a visitor with a session: it may hold their data, so no cache keeps it unless it says so. */
const SESSION_COOKIE = /(?:^|;\s*)__session=/;

/**
 * A page that asks the browser to keep it and ask again on every view (`private, no-cache`) and
 * carries the validator to ask with (a strong ETag): the live page, the standings, the kiosk's
 * screens (decision 067). The browser's reload then sends If-None-Match and gets a 304; its copy
 * is for this visitor only (`private`, `Vary: Cookie`) and logging out clears it (Clear-Site-Data).
 * Every other answer to a signed-in visitor, forms above all, is `no-store`.
 */
export function mayBeKept(response: Response): boolean {
  const etag = response.headers.get("etag") ?? "";
  return /^private,\s*no-cache$/i.test(response.headers.get("cache-control") ?? "") && /^"[^"]+"$/.test(etag);
}

/**
 * Remix's express adapter, with the body read by boundedFormBody (when it was) and
 * `Cache-Control: private, no-store` on every page and data answer to a signed-in visitor but the
 * pages that may be kept (mayBeKept).
 */
export function remixHandler(
  build: ServerBuild,
  mode: string,
  loadContext: (req: express.Request, res: express.Response) => AppLoadContext,
): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) for (const v of value) headers.append(key, v);
        else if (value !== undefined) headers.set(key, value);
      }
      // As the adapter does: req.hostname honours "trust proxy"; the port comes from the host headers.
      const port = [req.get("x-forwarded-host"), req.get("host")].map((h) => Number.parseInt(h?.split(":")[1] ?? "", 10)).find(Number.isSafeInteger);
      const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
      const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
      if (req.method !== "GET" && req.method !== "HEAD") {
        init.body = res.locals.body instanceof Buffer ? res.locals.body : createReadableStreamFromReadable(req);
        init.duplex = "half";
      }
      const response = await handle(new Request(url.href, init), loadContext(req, res));
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [key, value] of response.headers.entries()) res.append(key, value);
      const type = response.headers.get("content-type") ?? "";
      if (SESSION_COOKIE.test(req.get("cookie") ?? "") && /^(text\/html|application\/json|text\/x-script)/i.test(type) && !mayBeKept(response)) {
        res.set("Cache-Control", "private, no-store");
      }
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}
