import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { env } from "~/server/shelf/env.server";

export interface Toast {
  kind: "success" | "error" | "info";
  text: string;
}

let storage: ReturnType<typeof createCookieSessionStorage<{ toast: Toast }, { toast: Toast }>> | null = null;
function toastStorage() {
  storage ??= createCookieSessionStorage<{ toast: Toast }, { toast: Toast }>({
    cookie: {
      name: "__toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secrets: env().SESSION_SECRET.split(","),
      secure: env().PUBLIC_URL.startsWith("https:"),
    },
  });
  return storage;
}

export async function toastCookie(toast: Toast) {
  const session = await toastStorage().getSession();
  session.flash("toast", toast);
  return toastStorage().commitSession(session);
}

/** Post/Redirect/Get with a message shown once on the next page. */
export async function redirectWithToast(url: string, toast: Toast, init: { headers?: [string, string][] } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { headers });
}

/** Reads and clears the flash message; the root loader sends the returned cookie. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; cookie: string | null }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  // Read once, the cookie goes: an empty one left behind would read as a message still waiting to the
  // kept pages' edge, which then never answers a reload (kept-pages.server.ts).
  return { toast, cookie: toast ? await toastStorage().destroySession(session) : null };
}
