import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { writeXlsx, xlsxParts, zipOf } from "../../../tests/support/xlsx-writer";
import { IMPORT_MESSAGES } from "./import-file";
import { checkPicks } from "./import-rows";
import { cellText, readSpreadsheet, XLSX_MESSAGES } from "./xlsx-file";
import { ZIP_MESSAGES } from "./zip-guard";

describe("cellText", () => {
  it("writes each value as the CSV would hold it", () => {
    expect(cellText(null)).toBe("");
    expect(cellText(new Date(Date.UTC(2026, 0, 31)))).toBe("31/01/2026");
    expect(cellText(20.5)).toBe("20,5");
    expect(cellText(-2)).toBe("-2");
    expect(cellText(1234.56)).toBe("1234,56");
    expect(cellText(10.1 + 10.2)).toBe("20,3");
    expect(cellText(true)).toBe("VERDADERO");
    expect(cellText("  =SUMA(A1)  ")).toBe("=SUMA(A1)");
    expect(cellText(Number.NaN)).toBe("");
  });
});

describe("readSpreadsheet (.xlsx)", () => {
  const sheet = [
    ["fecha", "miembro", "importe", "tipo", "referencia"],
    [new Date(Date.UTC(2026, 8, 1)), "Ana", 20, "pago", "Bizum"],
    [
      new Date(Date.UTC(2026, 8, 2)),
      "Luis",
      { formula: "10,1+10,2", cached: 20.299999999999997 },
      "pago",
      { formula: '"=HYPERLINK()"', cached: "=HYPERLINK()" },
    ],
    [null, null, null, null, null],
    ["03/09/2026", "Ana", "-2,50", "multa", null],
  ];

  it("reads shared strings, dates, numbers, text amounts and formulas' cached values, keeping the sheet's line numbers", async () => {
    const read = await readSpreadsheet(writeXlsx([{ name: "Hoja1", rows: sheet }]), "movements");
    expect(read).toEqual({
      ok: true,
      encoding: "xlsx",
      rows: [
        { line: 1, cells: ["fecha", "miembro", "importe", "tipo", "referencia"] },
        { line: 2, cells: ["01/09/2026", "Ana", "20", "pago", "Bizum"] },
        { line: 3, cells: ["02/09/2026", "Luis", "20,3", "pago", "=HYPERLINK()"] },
        { line: 5, cells: ["03/09/2026", "Ana", "-2,50", "multa"] },
      ],
    });
  });

  it("takes the sheet named like what is imported, else the first", async () => {
    const book = writeXlsx([
      { name: "Resumen", rows: [["nada"]] },
      { name: "Pronósticos", rows: [["1", "Ana"]] },
    ]);
    expect(await readSpreadsheet(book, "picks")).toMatchObject({ rows: [{ line: 1, cells: ["1", "Ana"] }] });
    expect(await readSpreadsheet(book, "movements")).toMatchObject({ rows: [{ line: 1, cells: ["nada"] }] });
  });

  it("gives a picks sheet the same lines a CSV gives, signs typed as numbers included", async () => {
    const book = writeXlsx([
      {
        name: "Hoja1",
        rows: [
          ["jornada", "jugador", ...Array.from({ length: 14 }, (_, i) => `P${i + 1}`), "pleno"],
          [12, "Ana", 1, "X", 2, "1X", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, "2-1"],
        ],
      },
    ]);
    const read = await readSpreadsheet(book, "picks");
    if (!read.ok) throw new Error(read.message);
    const checked = checkPicks(read.rows, [{ id: 1, name: "Ana", email: null }], [{ id: 7, number: 12, numDouble: 1, numTriple: 0 }]);
    expect(checked.errors).toEqual([]);
    expect(checked.picks).toHaveLength(1);
  });

  it("names each bad cell by its line, as for a CSV", async () => {
    const bad = writeXlsx([
      {
        name: "Hoja1",
        rows: [
          ["fecha", "miembro", "importe", "tipo", "referencia"],
          [new Date(Date.UTC(2026, 8, 1)), "Nadie", 20, "pago", "a"],
          ["31/02/2026", "Ana", 20, "pago", "b"],
          [new Date(Date.UTC(2026, 8, 1)), "Ana", 20.555, "pago", "c"],
          [new Date(Date.UTC(2026, 8, 1)), "Ana", "veinte", "pago", "d"],
          [new Date(Date.UTC(2026, 8, 1)), "Ana", 20, "regalo", "e"],
        ],
      },
    ]);
    const read = await readSpreadsheet(bad, "movements");
    if (!read.ok) throw new Error(read.message);
    const { checkMovements } = await import("./import-rows");
    const checked = checkMovements(read.rows, [{ id: 1, name: "Ana", email: null }]);
    expect(checked.errors.map((e) => e.line)).toEqual([2, 3, 4, 5, 6]);
    expect(checked.movements).toEqual([]);
  });

  it("refuses an old .xls, an .ods, a zip that is no workbook and a non-zip with a zip's first bytes", async () => {
    const ole = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(await readSpreadsheet(ole, "picks")).toEqual({ ok: false, message: XLSX_MESSAGES.xls });
    const ods = zipOf([{ name: "mimetype", data: Buffer.from("application/vnd.oasis.opendocument.spreadsheet") }]);
    expect(await readSpreadsheet(ods, "picks")).toEqual({ ok: false, message: XLSX_MESSAGES.ods });
    const notBook = zipOf([{ name: "hola.txt", data: Buffer.from("hola") }]);
    expect(await readSpreadsheet(notBook, "picks")).toEqual({ ok: false, message: ZIP_MESSAGES.damaged });
    const fake = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.from("jornada;jugador\n1;Ana\n")]);
    expect(await readSpreadsheet(fake, "picks")).toEqual({ ok: false, message: ZIP_MESSAGES.damaged });
    const broken = xlsxParts([{ name: "Hoja1", rows: [["a"]] }]).map((p) =>
      p.name.endsWith("sheet1.xml") ? { ...p, data: Buffer.from("<worksheet><sheetData><row") } : p,
    );
    expect(await readSpreadsheet(zipOf(broken), "picks")).toEqual({ ok: false, message: ZIP_MESSAGES.damaged });
  });

  it("refuses an empty workbook and leaves CSV to the CSV reader", async () => {
    expect(await readSpreadsheet(writeXlsx([{ name: "Hoja1", rows: [] }]), "picks")).toEqual({ ok: false, message: IMPORT_MESSAGES.empty });
    expect(await readSpreadsheet(Buffer.from("a;b\n"), "picks")).toEqual({ ok: true, encoding: "utf-8", rows: [{ line: 1, cells: ["a", "b"] }] });
  });
});

describe("the fixture workbook (fixtures/xlsx/pena-ejemplo.xlsx)", () => {
  it("gives each kind its own sheet, as the CSV would", async () => {
    const bytes = new Uint8Array(readFileSync("fixtures/xlsx/pena-ejemplo.xlsx"));
    const picks = await readSpreadsheet(bytes, "picks");
    expect(picks.ok && picks.rows.map((r) => r.cells)).toEqual([
      ["Jornada", "Jugador", ...Array.from({ length: 14 }, (_, i) => `P${i + 1}`), "Pleno"],
      ["12", "Ana", "1", "X", "2", "1", "1", "X", "2", "2", "1", "X", "1", "1", "2", "1X", "2-1"],
      ["12", "Luis", "1", "X", "2", "1", "1", "X", "2", "2", "1", "X", "1", "1", "2", "1X2", "0-0"],
    ]);
    const movements = await readSpreadsheet(bytes, "movements");
    expect(movements.ok && movements.rows.slice(1).map((r) => r.cells)).toEqual([
      ["01/09/2025", "Ana", "20", "Pago", "Bizum septiembre"],
      ["02/09/2025", "Luis", "20,3", "Pago", "Transferencia"],
      ["03/09/2025", "Ana", "-2,50", "Multa", "=1+1"],
      ["07/09/2025", "Luis", "-1,5", "Cuota"],
    ]);
    expect(await readSpreadsheet(bytes, "members")).toMatchObject({
      rows: [{ line: 1, cells: ["Hoja de la Peña Ejemplo: una hoja por cosa que se importa."] }],
    });
  });
});

describe("a workbook inside a larger buffer", () => {
  it("reads only its own bytes, as a Node Buffer from a pool hands them", async () => {
    const book = writeXlsx([{ name: "Hoja1", rows: [["a", 1]] }]);
    const pool = Buffer.alloc(book.length + 100, 0x41);
    pool.set(book, 50);
    expect(await readSpreadsheet(pool.subarray(50, 50 + book.length), "picks")).toMatchObject({ ok: true, rows: [{ line: 1, cells: ["a", "1"] }] });
  });
});

describe("a pleno Excel turned into a date", () => {
  it("reads back as the score typed, for every score Excel would turn into a date (day 1–10, month 1–10)", async () => {
    const { parsePlenoText } = await import("./import-rows");
    for (let home = 1; home <= 10; home++)
      for (let away = 1; away <= 10; away++) expect(parsePlenoText(cellText(new Date(Date.UTC(2026, away - 1, home))))).toEqual({ home, away });
    // A score with a 0 or past 12 stays text in Excel, and reads as ever.
    expect(parsePlenoText("0-3")).toEqual({ home: 0, away: 3 });
    expect(parsePlenoText("11/01/2026")).toBeNull();
  });
});
