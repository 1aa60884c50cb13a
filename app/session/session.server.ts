import { createCookieSessionStorage, redirect } from "@remix-run/node";
import type { SessionUser } from "#core/contract/auth";
import { env } from "~/env.server";

export interface SessionData {
  token: string;
  user: SessionUser;
}

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | null = null;

/** httpOnly and SameSite=Lax: the bearer token lives only here, out of reach of page scripts. */
export function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env().PUBLIC_URL.startsWith("https:"),
      secrets: env().SESSION_SECRET.split(",").map((s) => s.trim()),
      maxAge: 30 * 24 * 60 * 60,
    },
  });
  return storage;
}

export const getSession = (request: Request) => sessionStorage().getSession(request.headers.get("Cookie"));

export async function getUser(request: Request): Promise<SessionUser | null> {
  return (await getSession(request)).get("user") ?? null;
}

export async function getToken(request: Request): Promise<string | null> {
  return (await getSession(request)).get("token") ?? null;
}

/** Same-site paths only, so a crafted link cannot send someone elsewhere after signing in. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/inicio"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return redirect(back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`);
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) throw loginRedirect(request);
  return user;
}

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw redirect("/inicio");
  return user;
}

/** Where a user lands after signing in (spec section 4). */
export function homeFor(user: SessionUser): string {
  if (user.isAdmin) return "/inicio";
  if (user.isManagerOfGroup && user.managedGroupId) return `/grupo/${user.managedGroupId}/dashboard`;
  return "/inicio";
}

export async function commitUser(request: Request, token: string, user: SessionUser) {
  const storage = sessionStorage();
  // A fresh session at login: any cookie the visitor brought is discarded, not upgraded.
  const old = await getSession(request);
  await storage.destroySession(old);
  const session = await storage.getSession();
  session.set("token", token);
  session.set("user", user);
  return storage.commitSession(session);
}

export async function updateSessionUser(request: Request, patch: Partial<SessionUser>) {
  const session = await getSession(request);
  const user = session.get("user");
  if (user) session.set("user", { ...user, ...patch });
  return sessionStorage().commitSession(session);
}

export async function destroySession(request: Request) {
  return sessionStorage().destroySession(await getSession(request));
}
