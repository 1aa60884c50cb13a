import { createHash, type Hash } from "node:crypto";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { cache, CACHES, type Cache } from "~/server/shelf/caches.server";
import { Fragment, fragmentsOf, gzipOf, heldText, splitAtFragments } from "~/server/shelf/fragments.server";
import { inlineStylesheets } from "~/server/shelf/inline-styles.server";
import type { KeptContext } from "~/server/shelf/kept-pages.server";
import { renderDocument } from "~/server/shelf/render-document.server";
import { isKeptPage, shipsNoScripts, wantsEtag } from "~/route-handle";

// Single Fetch: promises still pending in loader data are rejected after this long (Remix reads the
// export), and React gets one more second to flush the rejected boundaries before the render is aborted.
export const streamTimeout = 5_000;

// The HTTP edge (http/kept-edge.ts) asks this before Express and Remix: a kept page's reload is answered
// from its versions (decisions 067, 077). Exported from the entry so that it shares the build's modules.
export { keptAnswer } from "~/server/shelf/kept-pages.server";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { nonce?: string }).nonce ?? "";
  const scriptless = withoutHydrationDataWhenScriptless(remixContext);
  // RemixServer builds a router of every route in the manifest on each render (60 routes here: a
  // tenth of a standings view's CPU under load). A page without scripts ships no manifest and
  // links with plain hrefs: its matched routes are all it needs (decision 038).
  if (scriptless) remixContext.manifest = manifestOf(remixContext.manifest, remixContext.staticHandlerContext.matches);
  const matches = remixContext.staticHandlerContext.matches.map((m) => ({ handle: remixContext.routeModules[m.route.id]?.handle }));
  // A flash toast (Set-Cookie) is read once: such an answer is never validated against a cache.
  // One validator per page, as its route declares it (app/route-handle.ts): a kept page's is the edge's,
  // made of its version, and a kept page the edge found no version for (a failed read, decision 070) is
  // not kept at all; a page validated by its bytes (`etag`) gets a hash of them.
  const kept = (loadContext as KeptContext).kept;
  const etag =
    request.method === "GET" &&
    responseStatusCode === 200 &&
    (isKeptPage(matches) ? kept !== undefined : wantsEtag(matches)) &&
    !responseHeaders.has("Set-Cookie");
  const app = (
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  );
  if (scriptless) {
    // Nothing on such a page streams (no script, no deferred data): one string, built at once, costs
    // less than React's byte stream, and it is what the ETag hashes.
    // Its stylesheets go inline, cut to the rules it uses: no round trip before the first paint (decision 026).
    // The held fragments (a 200-row table) come in as bytes, scanned and hashed once per version (decision 038).
    const fragments = fragmentsOf(loadContext);
    const html = inlineStylesheets(`<!DOCTYPE html>${renderToString(app)}`, {
      extraTokens: fragments.map((f) => f.tokens),
      // The cut is the same for every view with the same classes: it too is encoded and compressed once.
      hold: (css) => heldText(fragments, css),
    });
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    // A kept page (decision 067) is stored under the validator its versions gave, encoded once for this visitor.
    if (etag && kept) return kept.answer(pageOf(splitAtFragments(html, fragments)).body, responseHeaders);
    const page = pageOf(splitAtFragments(html, fragments), acceptsGzip(request));
    if (page.encoding) {
      // compression (server.ts) leaves an encoded body alone.
      responseHeaders.set("Content-Encoding", page.encoding);
      responseHeaders.append("Vary", "Accept-Encoding");
    }
    return etag ? conditionalResponse(request, page, responseHeaders) : new Response(page.body, { headers: responseHeaders, status: responseStatusCode });
  }
  // A page with the Remix client is rendered whole too, so that its used rules can go inline (its
  // whole sheet follows as a link that does not hold the paint, decision 038), by the renderer whose
  // bytes are the text's (app/server/shelf/render-document.server.ts: no NUL at a buffer's edge).
  const text = await renderDocument(app, {
    nonce,
    timeoutMs: streamTimeout + 1_000,
    // An error inside a boundary still renders (its fallback); the answer says it went wrong.
    onError() {
      responseStatusCode = 500;
    },
  });
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const page = pageOf([inlineStylesheets(text, { later: "print-link" })]);
  return etag && responseStatusCode === 200
    ? conditionalResponse(request, page, responseHeaders)
    : new Response(page.body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * A page whose route says `handle = { scripts: false }` (or `bare: true`, see app/route-handle.ts)
 * ships no script. With Single Fetch the loader data no longer travels inside <Scripts>: RemixServer
 * streams it as inline scripts of its own, so the stream is dropped here before rendering.
 */
function withoutHydrationDataWhenScriptless(context: EntryContext): boolean {
  const scriptless = shipsNoScripts(context.staticHandlerContext.matches.map((m) => ({ handle: context.routeModules[m.route.id]?.handle })));
  if (scriptless && context.serverHandoffStream) {
    void context.serverHandoffStream.cancel().catch(() => undefined);
    context.serverHandoffStream = undefined;
  }
  return scriptless;
}

type Manifest = EntryContext["manifest"];
const pruned = new WeakMap<Manifest, Cache<string, Manifest>>();

/** The build's manifest with only the matched routes, made once per set of matched routes. */
function manifestOf(manifest: Manifest, matches: { route: { id: string } }[]): Manifest {
  let byIds = pruned.get(manifest);
  if (!byIds) pruned.set(manifest, (byIds = cache<Manifest>(CACHES.prunedManifests)));
  const key = matches.map((m) => m.route.id).join("\0");
  let small = byIds.get(key);
  if (!small) {
    const routes = Object.fromEntries(matches.map((m) => [m.route.id, manifest.routes[m.route.id]]));
    small = { ...manifest, routes };
    byIds.set(key, small);
  }
  return small;
}

const encoder = new TextEncoder();

interface Page {
  body: Uint8Array<ArrayBuffer>;
  /** "gzip" when the body is the page gzipped here (a page with a held fragment). */
  encoding?: "gzip";
  /** Feeds the page to a hash: its text as bytes, a held fragment as its digest (the same for the same bytes). */
  hashInto: (hash: Hash) => void;
}

/**
 * The page's bytes from its text and its held fragments, each fragment encoded (and, for a
 * visitor that takes gzip, compressed) once per version, not once per view (decision 038).
 */
function pageOf(parts: (string | Fragment)[], gzip = false): Page {
  const chunks = parts.map((p) => (typeof p === "string" ? encoder.encode(p) : p));
  const hashInto = (hash: Hash) => chunks.forEach((c) => hash.update(c instanceof Fragment ? c.digest : c));
  if (gzip && chunks.some((c) => c instanceof Fragment)) return { body: new Uint8Array(gzipOf(chunks)), encoding: "gzip", hashInto };
  const bytes = chunks.map((c) => (c instanceof Fragment ? c.bytes : c));
  // Bytes, not a string: a Response scans a string body character by character (toUSVString).
  const body = bytes.length === 1 ? (bytes[0] as Uint8Array<ArrayBuffer>) : new Uint8Array(Buffer.concat(bytes));
  return { body, hashInto };
}

/** Whether the visitor takes gzip (`Accept-Encoding: gzip`, not with q=0). */
function acceptsGzip(request: Request): boolean {
  const accepted = request.headers.get("accept-encoding") ?? "";
  return /(^|,)\s*(gzip|\*)\s*(,|;(?!\s*q=0(\.0*)?\s*(,|$))|$)/i.test(accepted);
}

/**
 * The whole page, with an ETag that hashes the visitor's cookies (so one user's tag never matches
 * another user's page: the session is in the cookie), the URL (the kiosk's token is in it) and the
 * HTML; `Vary: Cookie` tells caches the same. A matching If-None-Match gets 304 and no body.
 */
function conditionalResponse(request: Request, page: Page, headers: Headers): Response {
  const hash = createHash("sha256")
    .update(request.headers.get("cookie") ?? "")
    .update("\0")
    .update(request.url)
    .update("\0");
  page.hashInto(hash);
  const tag = `"${hash.digest("base64url")}"`;
  headers.set("ETag", tag);
  headers.append("Vary", "Cookie");
  const sent = (request.headers.get("if-none-match") ?? "").split(",").map((t) => t.trim().replace(/^W\//, ""));
  if (sent.includes(tag) || sent.includes("*")) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(page.body.byteLength));
  return new Response(page.body, { status: 200, headers });
}
