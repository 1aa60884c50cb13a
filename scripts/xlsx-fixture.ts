// Writes fixtures/xlsx/pena-ejemplo.xlsx, the workbook the importer's unit tests read (
// decision 059): `node scripts/run-ts.mjs scripts/xlsx-fixture.ts`. The same writer as the tests
// (tests/support/xlsx-writer.ts), so the fixture changes only when this script does.
import { writeFile } from "node:fs/promises";
import { writeXlsx } from "../tests/support/xlsx-writer";

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const signs = [1, "X", 2, 1, 1, "X", 2, 2, 1, "X", 1, 1, 2, "1X"];

const book = writeXlsx([
  { name: "Léeme", rows: [["Hoja de la Peña Ejemplo: una hoja por cosa que se importa."]] },
  {
    name: "Pronósticos",
    rows: [
      ["Jornada", "Jugador", ...Array.from({ length: 14 }, (_, i) => `P${i + 1}`), "Pleno"],
      [12, "Ana", ...signs, "2-1"],
      [12, "Luis", ...signs.slice(0, 13), { formula: 'IF(1=1,"1X2","")', cached: "1X2" }, "0-0"],
    ],
  },
  {
    name: "Movimientos",
    rows: [
      ["Fecha", "Miembro", "Importe", "Tipo", "Referencia"],
      [day(2025, 9, 1), "Ana", 20, "Pago", "Bizum septiembre"],
      [day(2025, 9, 2), "Luis", { formula: "10.1+10.2", cached: 20.299999999999997 }, "Pago", "Transferencia"],
      ["03/09/2025", "Ana", "-2,50", "Multa", { formula: '"=1+1"', cached: "=1+1" }],
      [day(2025, 9, 7), "Luis", -1.5, "Cuota", null],
    ],
  },
]);
await writeFile("fixtures/xlsx/pena-ejemplo.xlsx", book);
