import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { inlineStylesheets } from "~/server/inline-styles.server";
import { shipsNoScripts, wantsEtag } from "~/route-handle";

// Single Fetch: promises still pending in loader data are rejected after this long (Remix reads the
// export), and React gets one more second to flush the rejected boundaries before the render is aborted.
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as { nonce?: string }).nonce ?? "";
  const scriptless = withoutHydrationDataWhenScriptless(remixContext);
  const matches = remixContext.staticHandlerContext.matches.map((m) => ({ handle: remixContext.routeModules[m.route.id]?.handle }));
  // A flash toast (Set-Cookie) is read once: such an answer is never validated against a cache.
  const etag = request.method === "GET" && responseStatusCode === 200 && wantsEtag(matches) && !responseHeaders.has("Set-Cookie");
  const app = (
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  );
  if (scriptless) {
    // Nothing on such a page streams (no script, no deferred data): one string, built at once, costs
    // less than React's byte stream, and it is what the ETag hashes.
    // Its stylesheets go inline, cut to the rules it uses: no round trip before the first paint (decision 026).
    // Bytes, not a string: a Response scans a string body character by character (toUSVString).
    const html = encoder.encode(`<!DOCTYPE html>${inlineStylesheets(renderToString(app))}`);
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return etag ? conditionalResponse(request, html, responseHeaders) : new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }
  // Bots and no-JS visitors get the whole document at once; browsers start on the shell.
  // A page with an ETag is hashed whole, so it waits for everything too.
  const readyEvent = etag || isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [readyEvent]() {
        shellRendered = true;
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        if (etag && responseStatusCode === 200) {
          pipe(body);
          resolve(wholeBody(body).then((html) => conditionalResponse(request, html, responseHeaders)));
          return;
        }
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1_000);
  });
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

async function wholeBody(body: PassThrough): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

const encoder = new TextEncoder();

/**
 * The whole page, with an ETag that hashes the visitor's cookies (so one user's tag never matches
 * another user's page: the session is in the cookie), the URL (the kiosk's token is in it) and the
 * HTML; `Vary: Cookie` tells caches the same. A matching If-None-Match gets 304 and no body.
 */
function conditionalResponse(request: Request, html: Uint8Array<ArrayBuffer>, headers: Headers): Response {
  const tag = `"${createHash("sha256")
    .update(request.headers.get("cookie") ?? "")
    .update("\0")
    .update(request.url)
    .update("\0")
    .update(html)
    .digest("base64url")}"`;
  headers.set("ETag", tag);
  headers.append("Vary", "Cookie");
  const sent = (request.headers.get("if-none-match") ?? "").split(",").map((t) => t.trim().replace(/^W\//, ""));
  if (sent.includes(tag) || sent.includes("*")) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(html.byteLength));
  return new Response(html, { status: 200, headers });
}
