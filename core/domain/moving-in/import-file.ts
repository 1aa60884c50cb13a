/**
 * Moving a peña in: the bytes of an uploaded spreadsheet become rows of text cells, or a
 * Spanish sentence saying why not. Pure: no file system, no database. What a peña really has is
 * read: Spanish Excel's CSV (`;`, Windows-1252), Google Sheets' CSV (`,`, UTF-8) and our own exports
 * (`;`, UTF-8 with a BOM). Anything else is refused whole, before a single row is looked at.
 */

/** Largest file accepted, stated to the manager in the refusal. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Most rows a file may have: a season of a big peña is a few hundred. */
export const IMPORT_MAX_ROWS = 5_000;

/** How the file was read: a CSV's encoding, or an Excel workbook (core/domain/moving-in/xlsx-file.ts). */
export type ImportEncoding = "utf-8" | "windows-1252" | "xlsx";

export interface CsvRow {
  /** The file's line (1-based) where the row starts, as a spreadsheet numbers it. */
  line: number;
  cells: string[];
}

export type ReadResult = { ok: true; encoding: ImportEncoding; rows: CsvRow[] } | { ok: false; message: string };

export const IMPORT_MESSAGES = {
  empty: "El archivo está vacío.",
  tooLarge: `El archivo es demasiado grande: el máximo son ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `El archivo tiene demasiadas líneas: el máximo son ${IMPORT_MAX_ROWS.toLocaleString("es-ES")}.`,
  binary: "El archivo no es un CSV de texto: guárdalo desde la hoja de cálculo como «CSV (delimitado por punto y coma)».",
  zip: "El archivo parece un libro de Excel (.xlsx): guárdalo como «CSV (delimitado por punto y coma)» y súbelo de nuevo.",
  encoding: "No se reconoce la codificación del archivo: guárdalo como CSV en UTF-8 o en la codificación de Windows (Windows-1252).",
  quote: "Hay unas comillas sin cerrar: revisa el archivo en la hoja de cálculo y guárdalo de nuevo.",
} as const;

// Bytes Windows-1252 leaves undefined: a file holding them was written in some other encoding.
const UNDEFINED_IN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** Bytes → text: valid UTF-8 (a BOM dropped), else Windows-1252, else a refusal. */
export function decodeImport(bytes: Uint8Array): { ok: true; encoding: ImportEncoding; text: string } | { ok: false; message: string } {
  if (bytes.length === 0) return { ok: false, message: IMPORT_MESSAGES.empty };
  if (bytes.length > IMPORT_MAX_BYTES) return { ok: false, message: IMPORT_MESSAGES.tooLarge };
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return { ok: false, message: IMPORT_MESSAGES.zip };
  // UTF-16 and UTF-32 carry a byte-order mark and NUL bytes: an encoding we do not read.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return { ok: false, message: IMPORT_MESSAGES.encoding };
  for (const b of bytes) {
    // Control characters other than tab, line feed, carriage return (and a stray form feed) mark a binary file.
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return { ok: false, message: IMPORT_MESSAGES.binary };
  }
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return { ok: true, encoding: "utf-8", text };
  } catch {
    // Not UTF-8: Windows-1252 when every byte means something there.
  }
  if (bytes.some((b) => UNDEFINED_IN_1252.has(b))) return { ok: false, message: IMPORT_MESSAGES.encoding };
  return { ok: true, encoding: "windows-1252", text: decode1252(bytes) };
}

// Windows-1252 is Latin-1 but for 0x80–0x9F, where it puts the € and typographic marks (written
// here rather than left to TextDecoder, which in a Node built without full ICU decodes it as Latin-1).
const HIGH_1252 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decode1252(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b >= 0x80 && b <= 0x9f ? HIGH_1252[b - 0x80] : String.fromCharCode(b);
  return out;
}

/** The separator a sheet was saved with: the most frequent of `;`, `,` and tab outside quotes in its first line. */
export function detectDelimiter(text: string): string {
  const first = text.split(/\r\n|\n|\r/).find((l) => l.trim() !== "") ?? "";
  const counts = new Map<string, number>([
    [";", 0],
    [",", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const ch of first) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ";";
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

/**
 * CSV text → rows (RFC 4180 quoting; `;`, `,` or tab as found). Blank rows are dropped; each row
 * keeps the line it starts on. A cell our exports protected from running as a formula ("'=…") gets
 * its text back; a cell that would run as one is kept as text, never evaluated.
 */
export function parseCsv(text: string, maxRows = IMPORT_MAX_ROWS): { ok: true; rows: CsvRow[] } | { ok: false; message: string } {
  const delimiter = detectDelimiter(text);
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endCell = () => {
    cells.push(unprotect(cell.trim()));
    cell = "";
  };
  const endRow = () => {
    endCell();
    if (cells.some((c) => c !== "")) rows.push({ line: rowLine, cells });
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n" || (ch === "\r" && text[i + 1] !== "\n")) line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (ch === delimiter) endCell();
    else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRow();
      if (rows.length > maxRows) return { ok: false, message: IMPORT_MESSAGES.tooManyRows };
      line++;
      rowLine = line;
    } else cell += ch;
  }
  if (quoted) return { ok: false, message: IMPORT_MESSAGES.quote };
  endRow();
  if (rows.length > maxRows) return { ok: false, message: IMPORT_MESSAGES.tooManyRows };
  if (rows.length === 0) return { ok: false, message: IMPORT_MESSAGES.empty };
  return { ok: true, rows };
}

function unprotect(cell: string): string {
  return /^'[=+\-@]/.test(cell) ? cell.slice(1) : cell;
}

/** Bytes → rows, or the one Spanish reason the whole file is refused. */
export function readImportFile(bytes: Uint8Array): ReadResult {
  const decoded = decodeImport(bytes);
  if (!decoded.ok) return decoded;
  const parsed = parseCsv(decoded.text.replace(/^\uFEFF/, ""));
  return parsed.ok ? { ok: true, encoding: decoded.encoding, rows: parsed.rows } : parsed;
}
