// The BFF's repair of broken percent-escapes in a path (used by server.ts), before the router reads it.
import type express from "express";

/**
 * A path with a broken percent-escape ("/crest/%", "/crest/%E0%A4%A") would make the router fail:
 * its stray "%" are escaped so the page answers for the literal text instead.
 */
export function repairPercentEscapes(req: express.Request, _res: express.Response, next: express.NextFunction) {
  const q = req.url.indexOf("?");
  const path = q === -1 ? req.url : req.url.slice(0, q);
  try {
    decodeURIComponent(path);
  } catch {
    let fixed = path.replace(/%(?![0-9A-Fa-f]{2})/g, "%25");
    try {
      decodeURIComponent(fixed);
    } catch {
      fixed = path.replace(/%/g, "%25");
    }
    req.url = fixed + (q === -1 ? "" : req.url.slice(q));
    req.originalUrl = req.url;
  }
  next();
}
