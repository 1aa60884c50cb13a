import type { Failure } from "~/server/shelf/client.server";

/** Our CSV: UTF-8 with a BOM (so spreadsheets show the accents), `;` between fields, CRLF rows. */
export function csvText(rows: (string | number)[][]): string {
  const cell = (v: string | number) => {
    // A leading = + - @ would run as a formula in a spreadsheet: names are text, so they stay text.
    // A negative amount ("-1,25") is a number, not a formula: it stays a number.
    const s = typeof v === "string" && /^[=+\-@\t\r]/.test(v) && !/^-\d+(\.\d{3})*(,\d+)?$/.test(v) ? `'${v}` : String(v);
    return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return "\uFEFF" + rows.map((r) => r.map(cell).join(";")).join("\r\n") + "\r\n";
}

/** A CSV download in our conventions (`csvText`). */
export function csvResponse(filename: string, rows: (string | number)[][]): Response {
  return new Response(csvText(rows), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
    },
  });
}

/** A failed export answers plain Spanish text with the backend's status (403 for another group's data), stored nowhere. */
export function csvError(failure: Failure, fallback: string): Response {
  const status = failure.status >= 400 && failure.status < 500 ? failure.status : 502;
  return new Response(failure.message(fallback), { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" } });
}
