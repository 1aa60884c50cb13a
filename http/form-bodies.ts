// The BFF's form bodies (used by server.ts): what reaches Remix is a request whose body is bounded and
// readable text, or an upload that streams to its route.
import type express from "express";

/** Every form post of the site fits in this; a bigger body is refused before it is read. */
const FORM_MAX_BYTES = 1024 * 1024;

/**
 * Pages whose form carries a file (an avatar, a peña's spreadsheet, the photo of a stamped ticket on
 * the group bet's page): their bodies stream to the route as before, which reads at most its own
 * limit (5 MB of an avatar, 2 MB of a spreadsheet, 12 MB of a resguardo: decision 090) and
 * reports a bigger file next to the field, the rest of the form kept (decision 062). Add a path here
 * when a new screen uploads a file. With JavaScript the same form posts to the page's Single Fetch
 * address (`/perfil.data`, `/grupo/7/importar.data`), which streams too.
 */
export const UPLOAD_PATHS = /^\/(register|registro|perfil|grupo\/[^/]+\/(?:importar(?:\/jornadas)?|quiniela-grupal))(?:\/|\.data)?$/i;

const page = (title: string, text: string) =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Quiniela de peñas</title></head>` +
  `<body><main><h1>${title}</h1><p>${text}</p><p><a href="javascript:history.back()">Volver</a> · <a href="/inicio">Ir al inicio</a></p></main></body></html>`;

const TOO_LARGE_PAGE = page("Formulario demasiado grande", "El formulario enviado ocupa más de 1 MB. Revisa lo que has escrito y vuelve a enviarlo.");
const MALFORMED_PAGE = page("Formulario no válido", "El formulario enviado no se ha podido leer. Vuelve a la página y envíalo otra vez.");

/** The backend's own words for it (core/contract/common, ILL_FORMED_TEXT), on a page. */
const ILL_FORMED_PAGE = page("Texto no válido", "El texto contiene un carácter no válido. Vuelve a la página, escríbelo otra vez y envíalo.");

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Whether the bytes are UTF-8 text (no stray byte, no half character, no encoded surrogate such as ED A0 80). */
export function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The bytes a form body's text stands for: a urlencoded body's `%XX` escapes are bytes of UTF-8
 * that a plain decode would turn into '�' without a word; a multipart body carries them as they are.
 */
export function formTextBytes(body: Buffer, type: string): Uint8Array {
  if (!/^application\/x-www-form-urlencoded/i.test(type)) return body;
  const text = body.toString("latin1");
  const out = new Uint8Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const hex = text.charCodeAt(i) === 37 ? text.slice(i + 1, i + 3) : "";
    if (/^[0-9a-f]{2}$/i.test(hex)) {
      out[n++] = Number.parseInt(hex, 16);
      i += 2;
    } else out[n++] = text.charCodeAt(i);
  }
  return out.subarray(0, n);
}

function refuse(res: express.Response, status: number, html: string) {
  res.status(status).type("text/html; charset=utf-8").send(html);
}

/**
 * A form post without a body (a bare `curl -X POST /logout`) is an empty form, not an unknown
 * content type: every action then reads an empty FormData and answers its own validation.
 */
export function emptyBodyIsAnEmptyForm(req: express.Request, _res: express.Response, next: express.NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD" && !req.get("content-type")) {
    const length = req.get("content-length");
    if (!req.get("transfer-encoding") && (length === undefined || length === "0")) req.headers["content-type"] = "application/x-www-form-urlencoded";
  }
  next();
}

/**
 * Reads a form post into memory, at most FORM_MAX_BYTES: a bigger declared length is a 413 before
 * a byte is read, a body that grows past it is cut off with a 413, and a multipart body that cannot
 * be parsed, or text that is not UTF-8, is a 400, instead of an error inside the route's action.
 */
export async function boundedFormBody(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  if (UPLOAD_PATHS.test(req.path)) {
    // Uploads stream to their route. One answered before its body was read (a redirect to sign in,
    // say) must not leave the rest on a kept-alive connection, where it would be read as the next
    // request and the connection reset: what is left is discarded as it arrives.
    res.on("finish", () => {
      if (req.complete) return;
      req.removeAllListeners("data");
      req.resume();
    });
    return next();
  }
  const declared = Number(req.get("content-length") ?? "0");
  if (declared > FORM_MAX_BYTES) {
    // Answered at once; what the client still sends is discarded as it arrives, never kept.
    req.resume();
    return refuse(res, 413, TOO_LARGE_PAGE);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  try {
    await new Promise<void>((resolve, reject) => {
      req.on("data", (chunk: Buffer) => {
        if (tooLarge) return;
        size += chunk.length;
        if (size > FORM_MAX_BYTES) {
          tooLarge = true;
          chunks.length = 0;
          resolve();
        } else chunks.push(chunk);
      });
      req.on("end", resolve);
      req.on("error", reject);
    });
  } catch {
    return refuse(res, 400, MALFORMED_PAGE);
  }
  if (tooLarge) return refuse(res, 413, TOO_LARGE_PAGE);
  const body = Buffer.concat(chunks);
  const type = req.get("content-type") ?? "";
  // Bytes that are not text are refused here, the one place a form's body is read, as the backend
  // refuses them in JSON: never stored as '�'.
  if (/^multipart\/form-data/i.test(type)) {
    const form = await new Request("http://localhost/", { method: "POST", headers: { "content-type": type }, body }).formData().catch(() => null);
    if (!form) return refuse(res, 400, MALFORMED_PAGE);
    // A file part is bytes (a spreadsheet may be Windows-1252, or not text at all: its route says so);
    // the fields are text, read as UTF-8, where a byte that is not becomes U+FFFD.
    for (const [, value] of form) if (typeof value === "string" && value.includes("\uFFFD")) return refuse(res, 400, ILL_FORMED_PAGE);
  } else if (!isUtf8(formTextBytes(body, type))) return refuse(res, 400, ILL_FORMED_PAGE);
  res.locals.body = body;
  next();
}
