import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { searchHtmlResponse, searchNdjsonResponse } from "~/server/official/lottery.server";
import { requireAdmin } from "~/server/shelf/session.server";

/**
 * 'Buscar automática' of /call-quiniela. A resource route, so its answer can be a stream: an HTML
 * page growing line by line for a browser without JavaScript, JSON lines for the screen's script.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  return request.headers.get("accept")?.includes("application/x-ndjson") ? searchNdjsonResponse(request) : searchHtmlResponse(request);
}

/** Nothing to show on a GET: the search starts only from the screen's button. */
export const loader = () => redirect("/call-quiniela");
