import { createHash } from "node:crypto";
import { createCookie, createSession, redirect, type Session } from "@remix-run/node";
import type { SessionUser } from "#core/contract/auth";
import { backendFetch } from "~/server/shelf/backend-fetch.server";
import { cache, CACHES } from "~/server/shelf/caches.server";
import { env } from "~/server/shelf/env.server";
import { seal, unseal } from "./seal.server";
import { noteUser } from "./log.server";

export interface SessionData {
  token: string;
  user: SessionUser;
}

type AppSession = Session<SessionData, SessionData>;

let cookie: ReturnType<typeof createCookie> | null = null;

/**
 * httpOnly and SameSite=Lax, and encrypted (decision 014): the bearer token and the user travel
 * sealed with AES-256-GCM, so the cookie shows nothing of them and cannot be altered.
 */
function sessionCookie() {
  cookie ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().PUBLIC_URL.startsWith("https:"),
    maxAge: 30 * 24 * 60 * 60,
  });
  return cookie;
}

/** The session storage of the BFF: Remix's getSession/commitSession/destroySession over the sealed cookie. */
export function sessionStorage() {
  return {
    async getSession(cookieHeader: string | null | undefined): Promise<AppSession> {
      const value = (await sessionCookie().parse(cookieHeader ?? null)) as unknown;
      return createSession<SessionData, SessionData>((typeof value === "string" && value ? unseal(value, env().SESSION_SECRET) : {}) as unknown as SessionData);
    },
    commitSession: async (session: AppSession) => sessionCookie().serialize(seal(session.data, env().SESSION_SECRET)),
    destroySession: async (_session?: AppSession) => sessionCookie().serialize("", { maxAge: undefined, expires: new Date(0) }),
  };
}

export const getSession = (request: Request) => sessionStorage().getSession(request.headers.get("Cookie"));

/** The tokens the backend accepted, each believed a few seconds without asking again (decision 014, caches.server.ts). */
const validated = cache<true>(CACHES.validTokens);
/**
 * Checks under way, one per token: the views a visitor opens at once share one GET /auth/me. Not a
 * cache: a check leaves it when it ends, so it holds only what is in flight.
 */
const checking = new Map<string, Promise<boolean>>();
const tokenKey = (token: string) => createHash("sha256").update(token).digest("hex");

/** Forgets that a token was valid: at logout, so a replayed cookie is refused at once. */
function forgetToken(token: string | null | undefined) {
  if (!token) return;
  validated.delete(tokenKey(token));
  checking.delete(tokenKey(token));
}

/**
 * Whether the backend still accepts this token (GET /auth/me), remembered a few seconds. A revoked
 * or expired token is refused; an unreachable backend is not taken for a revocation (the page's own
 * calls will say so).
 */
async function tokenIsValid(token: string): Promise<boolean> {
  const key = tokenKey(token);
  if (validated.get(key)) return true;
  const pending = checking.get(key);
  if (pending) return pending;
  const check = askBackend(key, token).finally(() => checking.delete(key));
  checking.set(key, check);
  return check;
}

async function askBackend(key: string, token: string): Promise<boolean> {
  let status: number;
  try {
    const response = await backendFetch("/auth/me", {
      headers: { authorization: `Bearer ${token}`, accept: "application/json" },
      signal: AbortSignal.timeout(15_000),
    });
    await response.body?.cancel();
    status = response.status;
  } catch {
    return true;
  }
  if (status === 401) {
    validated.delete(key);
    return false;
  }
  // A sign-out while the check was under way (forgetToken) wins: nothing is remembered.
  if (status < 300 && checking.has(key)) validated.set(key, true);
  return true;
}

/** The session a Cookie header carries, once the backend has confirmed it is still alive; null otherwise. */
export async function liveSession(cookieHeader: string | null | undefined): Promise<SessionData | null> {
  const session = await sessionStorage().getSession(cookieHeader);
  const user = session.get("user");
  const token = session.get("token");
  if (!user || !token) return null;
  return (await tokenIsValid(token)) ? { user, token } : null;
}

/** The signed-in user, once the backend has confirmed the session is still alive; null otherwise. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const user = (await liveSession(request.headers.get("Cookie")))?.user ?? null;
  if (user) noteUser(request, user.id);
  return user;
}

export async function getToken(request: Request): Promise<string | null> {
  return (await getSession(request)).get("token") ?? null;
}

/**
 * Same-site paths only, so a crafted link cannot send someone elsewhere after signing in. Browsers
 * drop tabs and line breaks from a URL and read "\" as "/", so those are removed or turned first:
 * "/\t/evil.example" is "//evil.example", another site, and goes to the fallback.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/inicio"): string {
  if (typeof to !== "string") return fallback;
  const normalised = to
    // eslint-disable-next-line no-control-regex -- control characters are what browsers strip
    .replace(/[\u0000-\u001F\u007F]/g, "")
    .replace(/\\/g, "/")
    .trim();
  if (!normalised.startsWith("/") || normalised.startsWith("//")) return fallback;
  try {
    const url = new URL(normalised, "http://same.site");
    if (url.origin !== "http://same.site") return fallback;
    // Dot segments are resolved only here: "/.//evil.example" becomes the path "//evil.example",
    // which a browser reads as another host. Collapsing the slashes keeps every path same-site.
    const path = url.pathname.replace(/\/{2,}/g, "/");
    return path + url.search + url.hash;
  } catch {
    return fallback;
  }
}

async function loginRedirect(request: Request, session: AppSession) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const headers = new Headers();
  // A cookie the backend no longer accepts is dropped, so it is not checked again on every page.
  if (session.get("token")) headers.append("Set-Cookie", await sessionStorage().destroySession(session));
  return redirect(back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`, { headers });
}

/** The signed-in user, validated with the backend; anyone else goes to /login and back here after. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const session = await getSession(request);
  const user = session.get("user");
  const token = session.get("token");
  if (!user || !token || !(await tokenIsValid(token))) throw await loginRedirect(request, session);
  noteUser(request, user.id);
  return user;
}

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw redirect("/inicio");
  return user;
}

/** Where a user lands after signing in (docs/architecture.md#screens-and-who-reaches-them). */
export function homeFor(user: SessionUser): string {
  if (user.isAdmin) return "/inicio";
  if (user.isManagerOfGroup && user.managedGroupId) return `/grupo/${user.managedGroupId}/dashboard`;
  return "/inicio";
}

export async function commitUser(_request: Request, token: string, user: SessionUser) {
  // A fresh session at login: nothing of any cookie the visitor brought is kept.
  const session = createSession<SessionData, SessionData>({} as SessionData);
  session.set("token", token);
  session.set("user", user);
  validated.set(tokenKey(token), true);
  return sessionStorage().commitSession(session);
}

export async function updateSessionUser(request: Request, patch: Partial<SessionUser>) {
  const session = await getSession(request);
  const user = session.get("user");
  if (user) session.set("user", { ...user, ...patch });
  return sessionStorage().commitSession(session);
}

export async function destroySession(request: Request) {
  const session = await getSession(request);
  forgetToken(session.get("token"));
  return sessionStorage().destroySession(session);
}
