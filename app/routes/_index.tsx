import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getUser, homeFor } from "~/server/shelf/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  return redirect(user ? homeFor(user) : "/login");
}
