import { describe, expect, it } from "vitest";
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES, decodeImport, detectDelimiter, parseCsv, readImportFile } from "./import-file";

const utf8 = (s: string) => new TextEncoder().encode(s);
// Windows-1252 for the Latin-1 range: one byte per character.
const cp1252 = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));

describe("decodeImport", () => {
  it("reads UTF-8 with and without a BOM", () => {
    expect(decodeImport(utf8("\uFEFFNúñez;1")).ok && decodeImport(utf8("\uFEFFNúñez;1"))).toMatchObject({ encoding: "utf-8", text: "Núñez;1" });
    expect(decodeImport(utf8("Peña,1"))).toMatchObject({ ok: true, encoding: "utf-8", text: "Peña,1" });
  });

  it("reads Spanish Excel's Windows-1252, the € included", () => {
    const bytes = Uint8Array.from([...cp1252("Ibáñez;20,00 "), 0x80]);
    expect(decodeImport(bytes)).toMatchObject({ ok: true, encoding: "windows-1252", text: "Ibáñez;20,00 €" });
  });

  it("refuses binaries, zips, UTF-16, bytes undefined in Windows-1252, empty and oversized files", () => {
    expect(decodeImport(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))).toEqual({ ok: false, message: IMPORT_MESSAGES.binary });
    expect(decodeImport(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14]))).toEqual({ ok: false, message: IMPORT_MESSAGES.zip });
    expect(decodeImport(Uint8Array.from([0xff, 0xfe, 0x41, 0x00]))).toEqual({ ok: false, message: IMPORT_MESSAGES.encoding });
    expect(decodeImport(Uint8Array.from([0x41, 0xe9, 0x81]))).toEqual({ ok: false, message: IMPORT_MESSAGES.encoding });
    expect(decodeImport(new Uint8Array())).toEqual({ ok: false, message: IMPORT_MESSAGES.empty });
    expect(decodeImport(new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x41))).toEqual({ ok: false, message: IMPORT_MESSAGES.tooLarge });
  });
});

describe("parseCsv", () => {
  it("finds the separator of the first line", () => {
    expect(detectDelimiter("a;b;c\n1,2;3")).toBe(";");
    expect(detectDelimiter('"a;b",c,d')).toBe(",");
    expect(detectDelimiter("a\tb\tc")).toBe("\t");
  });

  it("keeps quoted separators, doubled quotes and line breaks, and numbers rows by their first line", () => {
    const r = parseCsv('nombre;nota\r\n"García; Ana";"dijo ""hola""\ny se fue"\r\n\r\nLuis;ok');
    expect(r).toEqual({
      ok: true,
      rows: [
        { line: 1, cells: ["nombre", "nota"] },
        { line: 2, cells: ["García; Ana", 'dijo "hola"\ny se fue'] },
        { line: 5, cells: ["Luis", "ok"] },
      ],
    });
  });

  it("keeps a formula as text and takes back the apostrophe our exports put before one", () => {
    const r = parseCsv("'=SUMA(A1);=HIPERVINCULO(\"x\");'-2,00;@a");
    expect(r.ok && r.rows[0].cells).toEqual(["=SUMA(A1)", '=HIPERVINCULO("x")', "-2,00", "@a"]);
  });

  it("refuses an open quote and too many rows", () => {
    expect(parseCsv('a;"b\n')).toEqual({ ok: false, message: IMPORT_MESSAGES.quote });
    expect(parseCsv("1\n".repeat(100_000))).toEqual({ ok: false, message: IMPORT_MESSAGES.tooManyRows });
  });

  it("reads a whole file", () => {
    expect(readImportFile(utf8("\uFEFFa;b\r\n"))).toEqual({ ok: true, encoding: "utf-8", rows: [{ line: 1, cells: ["a", "b"] }] });
  });
});
