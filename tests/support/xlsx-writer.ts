/**
 * Writes small .xlsx workbooks for the importer's tests and fixtures (decision 059): the
 * OOXML parts Excel itself writes (workbook, sheets, shared strings, a date style), deflated with
 * `node:zlib`. Strings go to the shared strings table, dates are serial numbers with the "d/m/yyyy"
 * style, and a formula cell carries its cached value, as Excel saves them. `zipOf` can also lie about
 * an entry's size, for the zip bomb tests.
 */
import { crc32, deflateRawSync } from "node:zlib";

export type XlsxCell = string | number | boolean | Date | null | { formula: string; cached: string | number };
export interface XlsxSheet {
  name: string;
  rows: XlsxCell[][];
}
export interface ZipPart {
  name: string;
  data: Uint8Array;
  /** The uncompressed size written in the headers, when a test wants it to lie. */
  declaredSize?: number;
  /** Already deflated bytes (with `size` the real length), to build a bomb without holding it inflated. */
  deflated?: Uint8Array;
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const column = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : column(Math.floor(i / 26) - 1) + column(i % 26));
const serial = (d: Date) => (d.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;

/** Deflated zip entries with a central directory, as any zip tool writes them. */
export function zipOf(parts: ZipPart[]): Uint8Array {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, "utf8");
    const packed = p.deflated ?? deflateRawSync(p.data);
    const size = p.declaredSize ?? p.data.length;
    const crc = p.deflated ? 0 : crc32(p.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    chunks.push(local, name, Buffer.from(packed));
    central.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...chunks, dir, end]));
}

/** The parts of a workbook holding these sheets. */
export function xlsxParts(sheets: XlsxSheet[]): ZipPart[] {
  const strings: string[] = [];
  const stringIndex = (s: string) => {
    let i = strings.indexOf(s);
    if (i < 0) i = strings.push(s) - 1;
    return i;
  };
  const sheetXml = (sheet: XlsxSheet) => {
    const rows = sheet.rows.map((cells, r) => {
      const cs = cells.map((v, c) => {
        const ref = `${column(c)}${r + 1}`;
        if (v === null) return "";
        if (typeof v === "string") return `<c r="${ref}" t="s"><v>${stringIndex(v)}</v></c>`;
        if (typeof v === "number") return `<c r="${ref}"><v>${v}</v></c>`;
        if (typeof v === "boolean") return `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
        if (v instanceof Date) return `<c r="${ref}" s="1"><v>${serial(v)}</v></c>`;
        const type = typeof v.cached === "string" ? ' t="str"' : "";
        return `<c r="${ref}"${type}><f>${xml(v.formula)}</f><v>${xml(String(v.cached))}</v></c>`;
      });
      return `<row r="${r + 1}">${cs.join("")}</row>`;
    });
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join("")}</sheetData></worksheet>`;
  };
  const sheetParts = sheets.map((s, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, text: sheetXml(s) }));
  const text = (name: string, t: string): ZipPart => ({ name, data: Buffer.from(t, "utf8") });
  const ns = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  return [
    text(
      "[Content_Types].xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheetParts.map((p) => `<Override PartName="/${p.name}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join("")}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ),
    text(
      "_rels/.rels",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    text(
      "xl/workbook.xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${ns}"><sheets>${sheets.map((s, i) => `<sheet name="${xml(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("")}</sheets></workbook>`,
    ),
    text(
      "xl/_rels/workbook.xml.rels",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheetParts.map((p, i) => `<Relationship Id="rId${i + 1}" Type="${ns}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join("")}<Relationship Id="rId${sheets.length + 1}" Type="${ns}/styles" Target="styles.xml"/><Relationship Id="rId${sheets.length + 2}" Type="${ns}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    text(
      "xl/styles.xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="d/m/yyyy"/></numFmts><fonts count="1"><font/></fonts><fills count="1"><fill/></fills><borders count="1"><border/></borders><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ),
    ...sheetParts.map((p) => text(p.name, p.text)),
    // Written last: the sheets above filled the table.
    text(
      "xl/sharedStrings.xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${xml(s)}</t></si>`).join("")}</sst>`,
    ),
  ];
}

/** A workbook as Excel would save it. */
export function writeXlsx(sheets: XlsxSheet[]): Uint8Array {
  return zipOf(xlsxParts(sheets));
}
