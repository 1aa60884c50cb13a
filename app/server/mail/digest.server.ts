import { data } from "@remix-run/node";
import { DigestPreference, UNSUBSCRIBE_INVALID } from "#core/contract/digest";
import { backendFetch } from "~/server/shelf/backend-fetch.server";
import { CONNECTION_ERROR } from "~/server/shelf/client.server";

/**
 * The digest's signed way out: no session needed, the token says whose digest it is. Called
 * without the visitor's session on purpose: the link may be opened in any browser.
 */
export async function unsubscribeDigest(token: string) {
  if (!/^\d{1,9}\.[0-9a-f]{32}\.[0-9a-f]{64}$/i.test(token)) return data({ ok: false, message: UNSUBSCRIBE_INVALID }, { status: 404 });
  const response = await backendFetch(`/digest/unsubscribe/${token}`, { method: "POST" }).catch(() => null);
  if (!response) return data({ ok: false, message: CONNECTION_ERROR }, { status: 503 });
  if (response.status === 404) return data({ ok: false, message: UNSUBSCRIBE_INVALID }, { status: 404 });
  const answer = DigestPreference.safeParse(await response.json().catch(() => null));
  if (!response.ok || !answer.success) return data({ ok: false, message: "No se pudo guardar; inténtalo de nuevo." }, { status: 502 });
  return data({ ok: true, message: "" });
}
