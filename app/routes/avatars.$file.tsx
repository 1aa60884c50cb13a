import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { backendFetch } from "~/server/shelf/backend-fetch.server";

/** A missing avatar falls back to the default picture (docs/architecture.md#screens-and-who-reaches-them), so no page shows a broken image. */
const fallback = () => redirect("/default-avatar.png", { headers: { "cache-control": "no-store" } });

/** Avatars live in the backend; the browser never talks to it, so the BFF relays the image. */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  if (!/^\d{1,9}-\d{1,9}\.jpg$/.test(file)) return fallback();
  const response = await backendFetch(`/avatars/${file}`).catch(() => null);
  if (!response?.ok) return fallback();
  return new Response(response.body, {
    headers: { "content-type": "image/jpeg", "cache-control": response.headers.get("cache-control") ?? "public, max-age=3600" },
  });
}
