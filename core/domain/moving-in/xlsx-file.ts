/**
 * An Excel workbook (.xlsx) becomes the same rows as a CSV (decision 059): the sheet named
 * like what is imported ("pronósticos", "movimientos"…), else the first. Read by `read-excel-file`
 * (maintained, small, reads shared strings, styles and formulas' cached values) only after the zip
 * guard has inflated every part under a cap. Each value becomes the text the CSV would hold:
 * a date as 31/01/2026, a number in Spanish (20,5; 1234), a formula as its cached value (never
 * evaluated; a cell whose text starts with "=" stays text), true/false as VERDADERO/FALSO.
 */
import readXlsxFile from "read-excel-file/universal";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MESSAGES, readImportFile, type CsvRow, type ReadResult } from "./import-file";
import { checkZip, ZIP_MESSAGES } from "./zip-guard";

export const XLSX_MESSAGES = {
  xls: "Los libros de Excel antiguos (.xls) no se leen: guárdalo como «Libro de Excel (.xlsx)» o como «CSV (delimitado por punto y coma)» y súbelo de nuevo.",
  ods: "Las hojas de OpenDocument (.ods) no se leen: guárdala como .xlsx o como CSV y súbela de nuevo.",
} as const;

/** Sheet names that say what they hold, per kind of import (compared without case or accents). */
const SHEET_NAMES: Record<string, string[]> = {
  members: ["miembros", "members"],
  picks: ["pronosticos", "picks", "quinielas"],
  movements: ["movimientos", "movements", "caja"],
  jornadas: ["jornadas"],
};

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
// The Compound File header of Excel 97–2003 (.xls), also Word's .doc: D0 CF 11 E0 A1 B1 1A E1.
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const isOle = (b: Uint8Array) => OLE.every((x, i) => b[i] === x);

/** A cell's value as the text a CSV would hold. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return "";
    const dd = String(value.getUTCDate()).padStart(2, "0");
    const mm = String(value.getUTCMonth() + 1).padStart(2, "0");
    return `${dd}/${mm}/${value.getUTCFullYear()}`;
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return "";
    // Fifteen significant digits, as Excel shows them: 20.299999999999997 (a SUM's float) is 20,3.
    return String(Number(value.toPrecision(15))).replace(".", ",");
  }
  if (typeof value === "boolean") return value ? "VERDADERO" : "FALSO";
  return String(value).trim();
}

/** Bytes of an .xlsx → rows, or the one Spanish reason it is refused. */
export async function readXlsx(bytes: Uint8Array, kind: string): Promise<ReadResult> {
  if (bytes.length > IMPORT_MAX_BYTES) return { ok: false, message: IMPORT_MESSAGES.tooLarge };
  const guard = checkZip(bytes);
  if (!guard.ok) return guard;
  const names = guard.entries.map((e) => e.name);
  if (names.includes("mimetype") || !names.includes("xl/workbook.xml")) {
    return { ok: false, message: names.includes("mimetype") ? XLSX_MESSAGES.ods : ZIP_MESSAGES.damaged };
  }
  let sheets: { sheet: string; data: unknown[][] }[];
  try {
    // A copy of exactly these bytes: a Node Buffer is often a view into a larger pool, and its
    // `slice` is not a copy, so `.buffer` would hand the library the whole pool.
    const copy = new Uint8Array(bytes.length);
    copy.set(bytes);
    sheets = (await readXlsxFile(copy.buffer)) as unknown as { sheet: string; data: unknown[][] }[];
  } catch {
    return { ok: false, message: ZIP_MESSAGES.damaged };
  }
  const wanted = SHEET_NAMES[kind] ?? [];
  const sheet = sheets.find((s) => wanted.includes(fold(s.sheet))) ?? sheets[0];
  if (!sheet) return { ok: false, message: IMPORT_MESSAGES.empty };
  if (sheet.data.length > IMPORT_MAX_ROWS) return { ok: false, message: IMPORT_MESSAGES.tooManyRows };
  const rows: CsvRow[] = [];
  sheet.data.forEach((cells, i) => {
    const texts = cells.map(cellText);
    while (texts.length > 0 && texts[texts.length - 1] === "") texts.pop();
    if (texts.length > 0) rows.push({ line: i + 1, cells: texts });
  });
  if (rows.length === 0) return { ok: false, message: IMPORT_MESSAGES.empty };
  return { ok: true, encoding: "xlsx", rows };
}

/** Any upload → rows: an .xlsx by its zip header, an old .xls refused by name, else a CSV. */
export async function readSpreadsheet(bytes: Uint8Array, kind: string): Promise<ReadResult> {
  if (bytes.length > 0 && isOle(bytes)) return { ok: false, message: XLSX_MESSAGES.xls };
  if (isZip(bytes)) return readXlsx(bytes, kind);
  return readImportFile(bytes);
}
