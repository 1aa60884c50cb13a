import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server.browser";

/**
 * A whole document rendered by React's streaming renderer (Suspense boundaries and the data Remix
 * streams resolved), as text.
 *
 * Not `renderToPipeableStream`: React 18's Node renderer encodes its output into 2,048-byte views
 * and, when a multibyte character (º, €, ñ) does not fit at the end of a view, sends the whole view,
 * unused bytes included: a U+0000 or two in the page wherever such a character meets a view's
 * edge (fixed only in React 19). The web-streams renderer encodes each chunk whole before copying it
 * into its views, so its bytes are exactly the text's (render-document.server.test.ts beside this proves
 * it at every offset around the edges). Decision 054.
 */
export async function renderDocument(element: ReactNode, options: { nonce?: string; timeoutMs: number; onError: (error: unknown) => void }): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const stream = await renderToReadableStream(element, {
      nonce: options.nonce,
      signal: controller.signal,
      onError: options.onError,
    });
    await stream.allReady;
    return await new Response(stream).text();
  } finally {
    clearTimeout(timer);
  }
}
