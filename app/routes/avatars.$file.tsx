import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/env.server";

/** Avatars live in the backend; the browser never talks to it, so the BFF relays the image. */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  if (!/^\d{1,9}-\d{1,9}\.jpg$/.test(file)) return new Response("No encontrado", { status: 404 });
  const response = await fetch(new URL(`/avatars/${file}`, env().API_URL)).catch(() => null);
  if (!response?.ok) return new Response("No encontrado", { status: 404 });
  return new Response(response.body, {
    headers: { "content-type": "image/jpeg", "cache-control": response.headers.get("cache-control") ?? "public, max-age=3600" },
  });
}
