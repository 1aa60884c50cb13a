/**
 * A zip bomb is refused before a library inflates it (decision 059). An .xlsx is a zip of
 * a few XML parts; a hostile one declares millions of entries, gigabytes of content, or small sizes
 * it does not keep. Checked here, from the central directory, then by inflating every entry with a
 * running cap (zlib's `maxOutputLength` stops the inflation itself, whatever the header says):
 * - at most `ZIP_MAX_ENTRIES` entries;
 * - the declared sizes add up to at most `ZIP_MAX_BYTES`, and no entry past 1 MB inflates more than
 *   `ZIP_MAX_RATIO` times its compressed size (a real sheet's XML stays under 30);
 * - every entry inflates to exactly what it declares, and all of them to at most `ZIP_MAX_BYTES`;
 * - no cell of a sheet or shared string takes more than `ZIP_MAX_CELL_BYTES` of XML (decision 062):
 *   Excel's own cell holds 32,767 characters; one of 37 MB in a 420 KB upload passed the other
 *   checks and kept the reader busy for seconds before it failed.
 * Pure but for `node:zlib`, which is Node's own.
 */
import { inflateRawSync } from "node:zlib";

export const ZIP_MAX_ENTRIES = 200;
export const ZIP_MAX_BYTES = 40 * 1024 * 1024;
export const ZIP_MAX_RATIO = 200;
/** 32,767 characters (Excel's limit for a cell) written as XML: up to 6 bytes each with its escapes, and the tags around them. */
export const ZIP_MAX_CELL_BYTES = 256 * 1024;

export const ZIP_MESSAGES = {
  bomb: "El libro de Excel se descomprime en demasiados datos (¿una bomba zip?): no se ha leído. Guarda solo la hoja que importas, o súbela como CSV.",
  cell: "Una celda del libro de Excel tiene más de 32.767 caracteres (lo más que admite Excel): no se ha leído. Revisa la hoja o súbela como CSV.",
  damaged: "El archivo no es un libro de Excel (.xlsx) válido: ábrelo en la hoja de cálculo, guárdalo de nuevo como .xlsx o como CSV y súbelo otra vez.",
} as const;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

export type ZipCheck = { ok: true; entries: ZipEntry[] } | { ok: false; message: string };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The central directory's entries, or null when the bytes are not a zip we can walk. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  // The end record sits in the last 22 bytes plus a comment of at most 65,535.
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    entries.push({
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** Where one cell starts and where the cells end, per part of a workbook that holds cells' text. */
const CELL_PARTS: { name: RegExp; start: string; end: string }[] = [
  { name: /^xl\/sharedStrings\.xml$/i, start: "<si", end: "</sst>" },
  { name: /^xl\/worksheets\/[^/]+\.xml$/i, start: "<c ", end: "</sheetData>" },
];

/** The longest stretch of XML from one cell's start to the next (or to the end of the cells). */
export function longestCell(xml: Buffer, start: string, end: string): number {
  let longest = 0;
  let at = xml.indexOf(start);
  const stop = at < 0 ? -1 : xml.indexOf(end, at);
  const last = stop < 0 ? xml.length : stop;
  while (at >= 0 && at < last) {
    const next = xml.indexOf(start, at + start.length);
    const until = next < 0 || next > last ? last : next;
    longest = Math.max(longest, until - at);
    at = next;
  }
  return longest;
}

/** Declared counts and sizes first, then every entry inflated under the running byte cap. */
export function checkZip(bytes: Uint8Array, limits = { entries: ZIP_MAX_ENTRIES, bytes: ZIP_MAX_BYTES, ratio: ZIP_MAX_RATIO }): ZipCheck {
  const bomb = { ok: false as const, message: ZIP_MESSAGES.bomb };
  const damaged = { ok: false as const, message: ZIP_MESSAGES.damaged };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The entry count is read before the entries: a directory of a million is not walked.
  const entries = bytes.length >= 22 ? zipEntries(bytes) : null;
  if (!entries || entries.length === 0) return damaged;
  if (entries.length > limits.entries) return bomb;
  let declared = 0;
  for (const e of entries) {
    declared += e.size;
    if (declared > limits.bytes) return bomb;
    if (e.size > 1024 * 1024 && e.size > limits.ratio * Math.max(1, e.compressedSize)) return bomb;
  }
  let inflated = 0;
  for (const e of entries) {
    if (e.offset + 30 > bytes.length || view.getUint32(e.offset, true) !== LOCAL) return damaged;
    const start = e.offset + 30 + view.getUint16(e.offset + 26, true) + view.getUint16(e.offset + 28, true);
    const data = bytes.subarray(start, start + e.compressedSize);
    let content: Buffer;
    if (e.method === 0) content = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    else if (e.method === 8) {
      try {
        // One byte more than the entry may have left: an inflation that reaches it has lied.
        content = inflateRawSync(data, { maxOutputLength: Math.min(limits.bytes - inflated, e.size) + 1 });
      } catch (error) {
        if (error instanceof RangeError) return bomb;
        return damaged;
      }
    } else return damaged;
    const size = content.length;
    if (size !== e.size) return size > e.size ? bomb : damaged;
    const cells = size > ZIP_MAX_CELL_BYTES ? CELL_PARTS.find((p) => p.name.test(e.name)) : undefined;
    if (cells && longestCell(content, cells.start, cells.end) > ZIP_MAX_CELL_BYTES) return { ok: false, message: ZIP_MESSAGES.cell };
    inflated += size;
    if (inflated > limits.bytes) return bomb;
  }
  return { ok: true, entries };
}
