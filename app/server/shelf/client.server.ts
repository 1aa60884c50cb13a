import { redirect } from "@remix-run/node";
import { z } from "zod";
import { camelKeys } from "#core/contract/common";
import { backendFetch } from "~/server/shelf/backend-fetch.server";
import { requestLog } from "~/server/shelf/log.server";
import { destroySession, getToken } from "~/server/shelf/session.server";
import { toastCookie } from "~/server/shelf/toast.server";

/** A backend answer that was not 2xx; `message` is the backend's Spanish `{ message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const CONNECTION_ERROR = "Error de conexión con el servidor.";
/**
 * A write the backend took too long to answer may still have been stored (the backend commits after
 * the BFF stops waiting, as the deadline rush showed): the visitor is told to check, not to retype.
 */
export const WRITE_UNCONFIRMED = "El servidor ha tardado demasiado en responder: puede que se haya guardado. Recarga la página para comprobarlo.";

type Body = Record<string, unknown> | unknown[] | FormData | undefined;

/**
 * Sends one request to the backend for this visitor: bearer token from the session, the visitor's
 * address for rate limits. A revoked token signs the visitor out; an unreachable backend is a 503.
 * The answer comes back as it is, for callers that read it themselves (a streamed search, `stream`).
 */
export async function send(
  request: Request,
  method: string,
  path: string,
  body?: Body,
  signal: AbortSignal = AbortSignal.timeout(15_000),
  stream = false,
): Promise<Response> {
  const token = await getToken(request);
  const headers: Record<string, string> = { accept: "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const ip = request.headers.get("x-quiniela-client-ip");
  if (ip) headers["x-forwarded-for"] = ip;
  // The visit's id (http/observe.ts): the backend's lines about this call carry it too.
  const id = request.headers.get("x-request-id");
  if (id) headers["x-request-id"] = id;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await backendFetch(path, { method, headers, body: payload, signal, stream });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new ApiError(503, timedOut && method !== "GET" ? WRITE_UNCONFIRMED : CONNECTION_ERROR);
  }
  if (response.status === 401 && token) {
    const cookies = new Headers();
    cookies.append("Set-Cookie", await destroySession(request));
    cookies.append("Set-Cookie", await toastCookie({ kind: "info", text: "Tu sesión ha terminado. Vuelve a iniciar sesión." }));
    throw redirect("/login", { headers: cookies });
  }
  return response;
}

/** Calls the backend (see `send`) and reads the JSON answer in any key casing; a non-2xx is an ApiError. */
async function call(request: Request, method: string, path: string, body?: Body): Promise<unknown> {
  const response = await send(request, method, path, body);
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) {
    const message = data && typeof data === "object" && "message" in data ? String((data as { message: unknown }).message) : `Error ${response.status}`;
    throw new ApiError(response.status, message);
  }
  return camelKeys(data);
}

/** Status of an answer that does not match the contract: the screen shows its load error. */
export const CONTRACT_MISMATCH = 502;

/**
 * A call whose answer is checked against the contract's schema: an answer of another shape is
 * logged and becomes an ApiError (the screen's load-error message), never a crash or a page built
 * on wrong data. Without a schema the answer is `unknown`: the caller ignores it.
 */
async function checked<S extends z.ZodTypeAny>(request: Request, method: string, path: string, body: Body, schema: S): Promise<z.output<S>> {
  const data = await call(request, method, path, body);
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  requestLog(request).error(`backend answer off contract: ${method} ${path.split("?")[0]}: ${issue?.path.join(".")} ${issue?.message}`);
  throw new ApiError(CONTRACT_MISMATCH, "Respuesta no válida del servidor.");
}

const anything = z.unknown();

export const api = {
  /** A read: the answer as the contract's schema describes it. */
  read: <S extends z.ZodTypeAny>(request: Request, path: string, schema: S) => checked(request, "GET", path, undefined, schema),
  post: <S extends z.ZodTypeAny = typeof anything>(request: Request, path: string, body?: Body, schema?: S) =>
    checked(request, "POST", path, body ?? {}, schema ?? anything) as Promise<z.output<S>>,
  put: <S extends z.ZodTypeAny = typeof anything>(request: Request, path: string, body?: Body, schema?: S) =>
    checked(request, "PUT", path, body ?? {}, schema ?? anything) as Promise<z.output<S>>,
  delete: <S extends z.ZodTypeAny = typeof anything>(request: Request, path: string, schema?: S) =>
    checked(request, "DELETE", path, undefined, schema ?? anything) as Promise<z.output<S>>,
};

/** A failed backend call: its status (500 when the backend gave none) and its Spanish message. */
export interface Failure {
  ok: false;
  error: unknown;
  status: number;
  /** The backend's own message, or `fallback` when the call failed without one. */
  message: (fallback: string) => string;
}

export type Outcome<T> = { ok: true; value: T } | Failure;

/**
 * Runs backend calls and says how they went, so no loader or action writes its own try/catch.
 * A thrown Response is a redirect (an expired session, say): it is not a failure, it goes on to Remix.
 */
export async function attempt<T>(call: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (error instanceof Response) throw error;
    return { ok: false, error, status: error instanceof ApiError ? error.status : 500, message: (fallback) => errorMessage(error, fallback) };
  }
}

/**
 * A read whose failure the screen shows as its own load error: null when the backend failed.
 * A redirect (an expired session) still goes through.
 */
export async function loadOrNull<T>(read: () => Promise<T>): Promise<T | null> {
  const outcome = await attempt(read);
  return outcome.ok ? outcome.value : null;
}

/** The Spanish message to show for a failed call. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
