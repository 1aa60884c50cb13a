import { logLine, lookupResult, SEARCH_FAILED, SEARCH_FINISHED, UNKNOWN_ERROR, type LogLine, type LookupResult } from "#core/contract/lottery";
import { formatDate } from "#core/dates";
import { ApiError, attempt, CONTRACT_MISMATCH, send } from "~/server/shelf/client.server";
import stylesHref from "~/styles/app.css";

/**
 * The lottery calls take longer than the BFF client's 15 s: the backend may wait 10 s for the service
 * and retry throttling for up to 20 s, and the search streams for as long as it walks. So they go
 * through the client's `send` with their own deadline, and read the answer here.
 */
async function backendPost(request: Request, path: string, body: Record<string, unknown>, timeoutMs: number | null, stream = false): Promise<Response> {
  const response = await send(request, "POST", path, body, timeoutMs ? AbortSignal.timeout(timeoutMs) : request.signal, stream);
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiError(response.status, typeof data?.message === "string" ? data.message : `${UNKNOWN_ERROR} (HTTP ${response.status})`);
  }
  return response;
}

/** The single-date lookup: the draw, whether it was stored and where. */
export async function lookupDraw(request: Request, fecha: string): Promise<LookupResult> {
  const response = await backendPost(request, "/Loteria/quiniela/consultar", { fecha }, 45_000);
  const parsed = lookupResult.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiError(CONTRACT_MISMATCH, "Respuesta no válida del servidor.");
  return parsed.data;
}

/** The automatic search's progress lines, one by one, as the backend sends them. */
export async function* searchLines(request: Request): AsyncGenerator<LogLine> {
  const response = await backendPost(request, "/Loteria/quiniela/buscar", {}, null, true);
  if (!response.body) return;
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const text of lines) {
      if (!text.trim()) continue;
      const parsed = logLine.safeParse(JSON.parse(text));
      if (parsed.success) yield parsed.data;
    }
    if (done) return;
  }
}

/** The final line of a search: finished, or the failure's message. */
type Ending = { ok: true } | { ok: false; message: string };

async function* searchWithEnding(request: Request): AsyncGenerator<LogLine | Ending> {
  const lines = searchLines(request);
  for (;;) {
    const next = await attempt(() => lines.next());
    if (!next.ok) return yield { ok: false, message: next.message("") || SEARCH_FAILED };
    if (next.value.done) return yield { ok: true };
    yield next.value.value;
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** How a progress line reads: its day, whether it went well, its message. */
const lineParts = (line: LogLine) => ({
  fecha: line.fecha ? formatDate(line.fecha) : "",
  ok: line.status === "ok",
  mensaje: line.mensaje,
});

function lineHtml(line: LogLine) {
  const p = lineParts(line);
  return `<li class="lottery-line ${p.ok ? "ok" : "not-ok"}"><span class="lottery-date">${escapeHtml(p.fecha)}</span> <span class="lottery-status">${
    p.ok ? "✓ ok" : `✗ ${escapeHtml(line.status)}`
  }</span> <span>${escapeHtml(p.mensaje)}</span></li>\n`;
}

const streamHeaders = (type: string) => ({
  "content-type": type,
  // no-transform keeps the compression middleware from holding lines back until the end.
  "cache-control": "no-store, no-transform",
  "x-accel-buffering": "no",
});

/**
 * The search as a page that grows line by line: without JavaScript the browser shows each checked
 * date as it arrives, and the last line says the search is over (or why it failed).
 */
export async function searchHtmlResponse(request: Request): Promise<Response> {
  const lines = searchWithEnding(request);
  // The first line is awaited before answering, so a revoked session can still redirect to sign-in.
  const first = await lines.next();
  const encoder = new TextEncoder();
  const head = `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Búsqueda automática · Quiniela de peñas</title><link rel="stylesheet" href="${stylesHref}"></head><body><main class="page" id="main"><h1>Búsqueda automática</h1><ol class="lottery-log" aria-live="polite">\n`;
  const render = (item: LogLine | Ending) =>
    "ok" in item
      ? `</ol><p class="${item.ok ? "notice" : "form-error"}" role="status">${escapeHtml(
          item.ok ? SEARCH_FINISHED : `✗ ${item.message}`,
        )}</p><p><a href="/call-quiniela">Volver a Consultar Resultados Loterías</a></p></main></body></html>`
      : lineHtml(item);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
      if (!first.done) controller.enqueue(encoder.encode(render(first.value)));
    },
    async pull(controller) {
      const next = await lines.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(render(next.value)));
    },
  });
  return new Response(body, { headers: streamHeaders("text/html; charset=utf-8") });
}

/** The same lines as JSON, one per line, for the screen's JavaScript to add to the page. */
export async function searchNdjsonResponse(request: Request): Promise<Response> {
  const lines = searchWithEnding(request);
  const first = await lines.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!first.done) controller.enqueue(encoder.encode(`${JSON.stringify(first.value)}\n`));
    },
    async pull(controller) {
      const next = await lines.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
    },
  });
  return new Response(body, { headers: streamHeaders("application/x-ndjson; charset=utf-8") });
}
