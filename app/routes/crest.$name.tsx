import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { crestSvg, findTeamLogo } from "~/server/catalogue/team-logo.server";

/** A team's logo: the first one that exists, or a crest drawn from its name (never a broken image). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const name = (params.name ?? "").slice(0, 100);
  const logo = await findTeamLogo(request, name);
  if (logo) return redirect(logo, { headers: { "cache-control": "private, max-age=300" } });
  return new Response(crestSvg(name || "?"), {
    headers: { "content-type": "image/svg+xml; charset=utf-8", "cache-control": "private, max-age=300", "x-content-type-options": "nosniff" },
  });
}
