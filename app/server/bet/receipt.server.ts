import { data } from "@remix-run/node";
import type { GroupDetail } from "#core/contract/group";
import { RECEIPT_FILE, RECEIPT_MESSAGES, ReceiptStatus } from "#core/contract/receipt";
import { api, attempt, loadOrNull, send } from "~/server/shelf/client.server";
import { positiveId } from "~/server/shelf/ids.server";
import { redirectWithToast } from "~/server/shelf/toast.server";

/**
 * El resguardo on the web (decision 090): the photo of the stamped ticket, read and sent through the
 * member's own session; the browser never reaches the backend, and nobody without a session of the
 * peña reaches the image.
 */

/** A jornada's resguardo (the latest jornada with a bet when none is named); null when it cannot be read. */
export function loadReceipts(request: Request, groupId: number, quinielaId?: number | null): Promise<ReceiptStatus | null> {
  return loadOrNull(() => api.read(request, `/group/${groupId}/receipts${quinielaId ? `?quinielaId=${quinielaId}` : ""}`, ReceiptStatus));
}

/** The image's address on the web: under the group's own pages, relayed with the member's session. */
export const receiptSrc = (groupId: number, file: string) => `/grupo/${groupId}/resguardo/${file}`;

const backTo = (groupId: number, quinielaId: number | null) => `/grupo/${groupId}/quiniela-grupal${quinielaId ? `?quiniela=${quinielaId}` : ""}#resguardo`;

/** An answer of the group bet page's resguardo forms: the page again, with the message by the form. */
const refuse = (message: string, status: number) => data({ intent: "receipt", message, lastResult: null }, { status });

/**
 * «Subir el resguardo» and «Sustituir»: the photo goes to the backend as it came (the backend decides
 * what it is); a file over the limit was drained by the page's reader and is refused here.
 */
export async function uploadReceipt(request: Request, group: GroupDetail, formData: FormData, tooLarge: boolean) {
  const quinielaId = positiveId(String(formData.get("quinielaId") ?? ""));
  const replacesId = positiveId(String(formData.get("replacesId") ?? ""));
  if (tooLarge) return refuse(RECEIPT_MESSAGES.tooLarge, 413);
  const photo = formData.get("photo");
  if (!quinielaId) return refuse(RECEIPT_MESSAGES.notFound, 400);
  if (!(photo instanceof File) || photo.size === 0) return refuse(RECEIPT_MESSAGES.missing, 400);
  const body = new FormData();
  body.set("quinielaId", String(quinielaId));
  if (replacesId) body.set("replacesId", String(replacesId));
  body.set("photo", photo);
  const sent = await attempt(() => api.post(request, `/group/${group.id}/receipts`, body, ReceiptStatus));
  if (!sent.ok) return refuse(sent.message("No se pudo subir la foto: inténtalo de nuevo."), sent.status < 500 ? sent.status : 500);
  const last = sent.value.receipts.at(-1);
  return redirectWithToast(backTo(group.id, quinielaId), {
    kind: "success",
    text: last?.beforeStart ? "Resguardo subido: todos los miembros ya pueden verlo." : "Resguardo subido, después del comienzo de la jornada.",
  });
}

/** «Quitar la foto»: only before the first match, by its uploader or a manager (the backend decides). */
export async function removeReceipt(request: Request, group: GroupDetail, formData: FormData) {
  const quinielaId = positiveId(String(formData.get("quinielaId") ?? ""));
  const receiptId = positiveId(String(formData.get("receiptId") ?? ""));
  if (!receiptId) return refuse(RECEIPT_MESSAGES.notFound, 400);
  const done = await attempt(() => api.delete(request, `/group/${group.id}/receipts/${receiptId}`));
  if (!done.ok) return refuse(done.message("No se pudo quitar la foto."), done.status < 500 ? done.status : 500);
  return redirectWithToast(backTo(group.id, quinielaId), { kind: "success", text: "Foto del resguardo quitada." });
}

/**
 * GET /grupo/{id}/resguardo/{file}: the image relayed from the backend with the member's session.
 * Private to that browser (no shared cache, no index, no sniffing); anyone else gets the backend's
 * refusal (403 to an outsider, 404 for a photo that is not the group's).
 */
export async function relayReceiptImage(request: Request, groupIdParam: string | undefined, file: string | undefined) {
  const groupId = positiveId(groupIdParam);
  if (!groupId || !file || !RECEIPT_FILE.test(file)) throw new Response("No encontramos lo que buscas.", { status: 404 });
  const response = await send(request, "GET", `/group/${groupId}/receipts/${file}`);
  const refusal = { "cache-control": "private, no-store", "content-type": "text/plain; charset=utf-8" };
  if (response.status === 403) return new Response("No perteneces a este grupo.", { status: 403, headers: refusal });
  if (!response.ok) return new Response("No encontramos lo que buscas.", { status: 404, headers: refusal });
  return new Response(response.body, {
    headers: {
      "content-type": "image/jpeg",
      "cache-control": "private, max-age=3600",
      "x-content-type-options": "nosniff",
      "x-robots-tag": "noindex, nofollow, noimageindex",
    },
  });
}
