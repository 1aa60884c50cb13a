import { createDeflateRaw } from "node:zlib";
import { describe, expect, it } from "vitest";
import { xlsxParts, zipOf, type ZipPart } from "../../../tests/support/xlsx-writer";
import { readSpreadsheet } from "./xlsx-file";
import { checkZip, ZIP_MAX_BYTES, ZIP_MAX_CELL_BYTES, ZIP_MAX_ENTRIES, ZIP_MESSAGES } from "./zip-guard";

/** 1 GB of zeros deflated (about 1 MB), streamed so the test never holds the gigabyte. */
async function gigabyteOfZeros(): Promise<Uint8Array> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  const mb = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < 1024; i++) if (!deflate.write(mb)) await new Promise((r) => deflate.once("drain", r));
  deflate.end();
  await done;
  return new Uint8Array(Buffer.concat(out));
}

const book = () => xlsxParts([{ name: "Hoja1", rows: [["jornada", "jugador"]] }]);
const withSheet = (sheet: Partial<ZipPart>) => zipOf(book().map((p) => (p.name === "xl/worksheets/sheet1.xml" ? { ...p, ...sheet } : p)));
const bomb = { ok: false, message: ZIP_MESSAGES.bomb };

describe("checkZip", () => {
  it("lets a real workbook through", () => {
    expect(checkZip(zipOf(book()))).toMatchObject({ ok: true });
  });

  it("refuses a real zip bomb (1 GB of zeros) by its declared size, and by its ratio under a wider cap, before inflating it", async () => {
    const zeros = await gigabyteOfZeros();
    expect(zeros.length).toBeLessThan(2 * 1024 * 1024);
    const honest = withSheet({ deflated: zeros, data: new Uint8Array(), declaredSize: 1024 * 1024 * 1024 });
    const started = performance.now();
    expect(checkZip(honest)).toEqual(bomb);
    expect(checkZip(honest, { entries: ZIP_MAX_ENTRIES, bytes: 2 ** 31, ratio: 200 })).toEqual(bomb);
    expect(await readSpreadsheet(honest, "picks")).toEqual(bomb);
    expect(performance.now() - started).toBeLessThan(1000);
  }, 60_000);

  it("stops inflating a header that lies (it says 1 KB, it holds 1 GB) at the first byte past what it declared", async () => {
    const liar = withSheet({ deflated: await gigabyteOfZeros(), data: new Uint8Array(), declaredSize: 1024 });
    const started = performance.now();
    expect(checkZip(liar)).toEqual(bomb);
    expect(await readSpreadsheet(liar, "picks")).toEqual(bomb);
    expect(performance.now() - started).toBeLessThan(1000);
  }, 60_000);

  it("refuses a part that holds less than it declares, and counts every part against the one cap", () => {
    expect(checkZip(withSheet({ declaredSize: 100_000 }))).toEqual({ ok: false, message: ZIP_MESSAGES.damaged });
    const half = new Uint8Array(ZIP_MAX_BYTES / 2 + 1);
    expect(checkZip(zipOf([...book(), { name: "a.bin", data: half }, { name: "b.bin", data: half }]))).toEqual(bomb);
    // Each says it is small; together they inflate past the cap.
    const small = { entries: 10, bytes: 100_000, ratio: 1e9 };
    const liar = (name: string) => ({ name, data: new Uint8Array(60_000), declaredSize: 10 });
    expect(checkZip(zipOf([liar("a"), liar("b")]), small)).toEqual(bomb);
  });

  it("refuses more entries than a workbook has", () => {
    const many = Array.from({ length: ZIP_MAX_ENTRIES + 1 }, (_, i) => ({ name: `x${i}.xml`, data: Buffer.from("<a/>") }));
    expect(checkZip(zipOf(many))).toEqual(bomb);
  });

  it("refuses what is no zip: a CSV behind a zip's first bytes, a truncated archive, nothing", () => {
    const damaged = { ok: false, message: ZIP_MESSAGES.damaged };
    expect(checkZip(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.from("a;b\n")]))).toEqual(damaged);
    const whole = zipOf(book());
    expect(checkZip(whole.subarray(0, whole.length - 30))).toEqual(damaged);
    expect(checkZip(new Uint8Array())).toEqual(damaged);
  });

  it("refuses a workbook with a cell longer than Excel's 32,767 characters before the reader parses it (decision 062)", async () => {
    const wide = { entries: ZIP_MAX_ENTRIES, bytes: ZIP_MAX_BYTES, ratio: 1e9 };
    const sheetOf = (cell: string) =>
      zipOf(
        xlsxParts([
          {
            name: "Movimientos",
            rows: [
              ["Fecha", "Miembro"],
              ["01/01/2026", cell],
            ],
          },
        ]),
      );
    // A shared string of 37 MB (the ratio cap lifted, as when its text does not repeat): refused by the cell.
    const huge = sheetOf("x".repeat(37 * 1024 * 1024));
    expect(checkZip(huge, wide)).toEqual({ ok: false, message: ZIP_MESSAGES.cell });
    expect(await readSpreadsheet(sheetOf("y".repeat(ZIP_MAX_CELL_BYTES + 1)), "movements")).toEqual({ ok: false, message: ZIP_MESSAGES.cell });
    // Excel's longest cell, and thousands of ordinary ones adding up to megabytes, still read.
    const longest = await readSpreadsheet(sheetOf("é".repeat(32_767)), "movements");
    expect(longest).toMatchObject({ ok: true });
    const many = zipOf(
      xlsxParts([{ name: "Movimientos", rows: Array.from({ length: 4_000 }, (_, i) => [`línea ${i} ${"r".repeat(300)}`, `${i} ${"m".repeat(300)}`]) }]),
    );
    expect(checkZip(many)).toMatchObject({ ok: true });
  }, 60_000);
});
