import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server.browser";

/**
 * A whole document rendered by React's streaming renderer (Suspense boundaries and the data Remix
 * streams resolved), as text, every script inside it.
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
    return scriptsInsideDocument(await new Response(stream).text());
  } finally {
    clearTimeout(timer);
  }
}

/**
 * RemixServer renders the data it streams (Single Fetch) as scripts after the root element, so they
 * came after `</html>`: a browser moves them into the body, but the W3C checker stops reading the page
 * at the first ("Stray start tag script"), and so does any strict reader. They go where the browser
 * would put them, at the end of the body (the payload escapes "<", so no script holds the tag).
 */
function scriptsInsideDocument(html: string): string {
  const close = "</body></html>";
  const at = html.indexOf(close);
  if (at < 0 || at + close.length === html.length) return html;
  return html.slice(0, at) + html.slice(at + close.length) + close;
}
