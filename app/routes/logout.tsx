import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { api } from "~/server/client.server";
import { destroySession, getToken } from "~/server/session/session.server";

/** Signing out is a POST: the backend revokes the token, then the cookie goes. */
export async function action({ request }: ActionFunctionArgs) {
  if (await getToken(request)) await api.post(request, "/auth/logout").catch(() => undefined);
  return redirect("/login", { headers: { "Set-Cookie": await destroySession(request) } });
}

export const loader = () => redirect("/inicio");
