import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { api } from "~/server/shelf/client.server";
import { destroySession, getToken } from "~/server/shelf/session.server";

/** Signing out is a POST: the backend revokes the token, then the cookie goes. */
export async function action({ request }: ActionFunctionArgs) {
  if (await getToken(request)) await api.post(request, "/auth/logout").catch(() => undefined);
  // The pages a browser kept for this visitor (the live page, the standings: decision 067) go with
  // the session, so back or a reload after signing out shows nothing of them.
  return redirect("/login", { headers: { "Set-Cookie": await destroySession(request), "Clear-Site-Data": '"cache"' } });
}

export const loader = () => redirect("/inicio");
