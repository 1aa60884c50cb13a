import { AuditTrail } from "#core/contract/audit";
import { api, loadOrNull } from "../shelf/client.server";
import { positiveId } from "../shelf/ids.server";

/** Entries on one page of an audit trail: the first screen of a phone, not a season's worth (decision 042). */
export const AUDIT_PAGE = 25;

/**
 * One page of the audit trail at `path` (newest first), `?antes={id}` for the entries older than
 * that one; the links to the next page and back to the newest keep the page's other parameters.
 * null when the backend could not be read.
 */
export async function loadAuditPage(request: Request, path: string) {
  const url = new URL(request.url);
  const before = positiveId(url.searchParams.get("antes"));
  const query = new URLSearchParams({ limit: String(AUDIT_PAGE + 1), ...(before ? { before: String(before) } : {}) });
  const rows = await loadOrNull(() => api.read(request, `${path}?${query}`, AuditTrail));
  if (!rows) return null;
  const href = (antes: number | null) => {
    const params = new URLSearchParams(url.searchParams);
    if (antes) params.set("antes", String(antes));
    else params.delete("antes");
    const search = params.toString();
    return `${url.pathname}${search ? `?${search}` : ""}#audit-title`;
  };
  return {
    entries: rows.slice(0, AUDIT_PAGE),
    olderHref: rows.length > AUDIT_PAGE ? href(rows[AUDIT_PAGE - 1].id) : null,
    newestHref: before ? href(null) : null,
  };
}
