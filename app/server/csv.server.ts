import type { Failure } from "~/server/client.server";

/** A CSV download: UTF-8 with a BOM (so spreadsheets show the accents), `;` between fields, CRLF rows. */
export function csvResponse(filename: string, rows: (string | number)[][]): Response {
  const cell = (v: string | number) => {
    // A leading = + - @ would run as a formula in a spreadsheet: names are text, so they stay text.
    const s = typeof v === "string" && /^[=+\-@\t\r]/.test(v) ? `'${v}` : String(v);
    return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const body = "\uFEFF" + rows.map((r) => r.map(cell).join(";")).join("\r\n") + "\r\n";
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
    },
  });
}

/** A failed export answers plain Spanish text with the backend's status (403 for another group's data). */
export function csvError(failure: Failure, fallback: string): Response {
  const status = failure.status >= 400 && failure.status < 500 ? failure.status : 502;
  return new Response(failure.message(fallback), { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
