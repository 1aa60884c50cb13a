import type { LoaderFunctionArgs } from "@remix-run/node";
import { shareImageResponse } from "~/server/share/share.server";

/** The link's preview image (PNG 1200 × 630), by version: `og:image` points here. */
export async function loader({ params }: LoaderFunctionArgs) {
  return shareImageResponse(params.token ?? "", params.file ?? "");
}
