import type { LoaderFunctionArgs } from "@remix-run/node";
import { crestSymbolId } from "~/components/TeamLogo";
import { crestSprite } from "~/server/catalogue/team-logo.server";

/** The crests of a page's teams (?n=<name>, repeated) as one SVG sprite: one request instead of one per team. */
export async function loader({ request }: LoaderFunctionArgs) {
  const names = new URL(request.url).searchParams.getAll("n").map((n) => n.slice(0, 100));
  return new Response(await crestSprite(request, names, crestSymbolId), {
    headers: { "content-type": "image/svg+xml; charset=utf-8", "cache-control": "private, max-age=300", "x-content-type-options": "nosniff" },
  });
}
