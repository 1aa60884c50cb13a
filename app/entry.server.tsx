import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";

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
  withoutHydrationDataWhenBare(remixContext);
  // Bots and no-JS visitors get the whole document at once; browsers start on the shell.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
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
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/**
 * A page whose route says `handle = { bare: true }` (the office kiosk, see root.tsx) ships no script.
 * With Single Fetch the loader data no longer travels inside <Scripts>: RemixServer streams it as
 * inline scripts of its own, so the stream is dropped here before rendering.
 */
function withoutHydrationDataWhenBare(context: EntryContext) {
  const bare = context.staticHandlerContext.matches.some(
    (m) => (context.routeModules[m.route.id]?.handle as { bare?: boolean } | undefined)?.bare,
  );
  if (!bare || !context.serverHandoffStream) return;
  void context.serverHandoffStream.cancel().catch(() => undefined);
  context.serverHandoffStream = undefined;
}
