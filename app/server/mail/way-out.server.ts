import { data } from "@remix-run/node";
import { WAY_OUT_ACTIONS, WAY_OUT_INVALID, WayOutDone, WayOutRead } from "#core/contract/way-out";
import { backendFetch } from "~/server/shelf/backend-fetch.server";
import { CONNECTION_ERROR } from "~/server/shelf/client.server";

/**
 * The way out of every mail (decision 086): the page of its link. No session: the signed token says
 * whose mail it is, and the link may be opened in any browser. The GET only asks (mail scanners open
 * links); the POST is the page's form or the mail client's one-click (RFC 8058: its body is
 * `List-Unsubscribe=One-Click`, read as «dejar de recibir»).
 */

const tokenOf = (request: Request, formData?: FormData) => String(formData?.get("token") ?? new URL(request.url).searchParams.get("token") ?? "").trim();

const message = async (response: Response, fallback: string) => {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === "string" ? body.message : fallback;
};

export async function loadWayOut(request: Request) {
  const token = tokenOf(request);
  if (!token) return data({ token, read: null, error: WAY_OUT_INVALID }, { status: 400 });
  const response = await backendFetch(`/mail/way-out?token=${encodeURIComponent(token)}`).catch(() => null);
  if (!response) return data({ token, read: null, error: CONNECTION_ERROR }, { status: 503 });
  if (!response.ok) return data({ token, read: null, error: await message(response, WAY_OUT_INVALID) }, { status: response.status });
  const read = WayOutRead.safeParse(await response.json().catch(() => null));
  if (!read.success) return data({ token, read: null, error: "No se pudo leer el enlace; inténtalo de nuevo." }, { status: 502 });
  return { token, read: read.data, error: null };
}

export async function wayOutAction(request: Request) {
  const formData = await request.formData();
  const token = tokenOf(request, formData);
  const oneClick = formData.get("List-Unsubscribe") === "One-Click";
  const intent = String(formData.get("intent") ?? (oneClick ? "stop" : ""));
  const action = WAY_OUT_ACTIONS.find((a) => a === intent);
  if (!action) return data({ done: null, error: "Elige una de las opciones del formulario." }, { status: 400 });
  const response = await backendFetch("/mail/way-out", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, action }),
  }).catch(() => null);
  if (!response) return data({ done: null, error: CONNECTION_ERROR }, { status: 503 });
  if (!response.ok) return data({ done: null, error: await message(response, "No se pudo guardar; inténtalo de nuevo.") }, { status: response.status });
  const done = WayOutDone.safeParse(await response.json().catch(() => null));
  if (!done.success) return data({ done: null, error: "No se pudo guardar; inténtalo de nuevo." }, { status: 502 });
  return { done: done.data.message, error: null };
}
