import { embeddedBackend } from "~/server/shelf/embedded-backend";
import { env } from "~/server/shelf/env.server";

/**
 * `fetch` to the backend at `path`. With the backend in this process the request goes through its
 * routes, hooks and schemas as it would over HTTP, without the loopback socket and the two HTTP
 * parsers around it (docs/decisions/025). Otherwise, or for a `stream`, it is a plain fetch to API_URL. Either way the
 * caller gets a Response; an abort or an unreachable backend rejects, as fetch does.
 */
/** Statuses whose answer has no body: a Response refuses one. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

export async function backendFetch(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit; signal?: AbortSignal; stream?: boolean } = {},
) {
  const dispatch = embeddedBackend();
  // `inject` hands over a whole answer: one read as it arrives (the lottery search) goes over HTTP.
  if (!dispatch || init.stream) return fetch(new URL(path, env().API_URL), init);
  const { signal } = init;
  signal?.throwIfAborted();
  // Header names in any casing, as fetch takes them; the backend gets them in lower case.
  const headers = new Headers(init.headers);
  let payload: Buffer | undefined;
  if (init.body !== undefined) {
    // A FormData body becomes its multipart bytes, with the boundary in its content type.
    const encoded = new Response(init.body);
    const type = encoded.headers.get("content-type");
    if (type && !headers.has("content-type")) headers.set("content-type", type);
    payload = Buffer.from(await encoded.arrayBuffer());
    // Aborted while the body was read: no "abort" event comes any more.
    signal?.throwIfAborted();
  }
  const answer = dispatch({ method: init.method ?? "GET", url: path, headers: Object.fromEntries(headers), payload });
  let onAbort: (() => void) | undefined;
  const aborted = signal
    ? new Promise<never>((_, reject) => {
        onAbort = () => reject(signal.reason);
        signal.addEventListener("abort", onAbort, { once: true });
      })
    : null;
  let result: Awaited<typeof answer>;
  try {
    result = await (aborted ? Promise.race([answer, aborted]) : answer);
  } finally {
    // A signal shared by many calls (the visitor's request) must not gather one listener per call.
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
  const { statusCode, headers: answerHeaders, rawPayload } = result;
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answerHeaders)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(v));
  }
  return new Response(NULL_BODY.has(statusCode) ? null : new Uint8Array(rawPayload), { status: statusCode, headers: responseHeaders });
}
