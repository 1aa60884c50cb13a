import { describe, expect, it } from "vitest";
import type { CsvRow } from "./import-file";
import { balancesAfter, checkMembers, checkMovements, checkPicks, nameKey, parsePlenoText, parseSheetDate, parseSignCell, plenoText } from "./import-rows";

const members = [
  { id: 1, name: "José García", email: "jose@example.com" },
  { id: 2, name: "Ana", email: null },
];
const jornadas = [
  { id: 10, number: 1, numDouble: 0, numTriple: 0 },
  { id: 11, number: 2, numDouble: 2, numTriple: 1 },
];
const rows = (...lines: string[][]): CsvRow[] => lines.map((cells, i) => ({ line: i + 1, cells }));
const singles = "1 X 2 1 X 2 1 X 2 1 X 2 1 X".split(" ");

describe("cells", () => {
  it("reads signs, doubles and triples in any order and case", () => {
    expect(parseSignCell("x")).toEqual(["X"]);
    expect(parseSignCell("X1")).toEqual(["1", "X"]);
    expect(parseSignCell("1x2")).toEqual(["1", "X", "2"]);
    for (const bad of ["", "3", "11", "1X1", "A", "1 X 2 2"]) expect(parseSignCell(bad)).toBeNull();
  });

  it("reads plenos and dates as sheets write them", () => {
    expect(parsePlenoText("2-1")).toEqual({ home: 2, away: 1 });
    expect(parsePlenoText(" 0 : 0 ")).toEqual({ home: 0, away: 0 });
    expect(parsePlenoText("11-0")).toBeNull();
    // The slip's M, three goals or more, in any file (decision 063); the export's "2 - 1" reads back.
    expect(parsePlenoText("M-1")).toEqual({ home: 3, away: 1 });
    expect(parsePlenoText("0 - m")).toEqual({ home: 0, away: 3 });
    expect(parsePlenoText("M-M")).toEqual({ home: 3, away: 3 });
    expect(parsePlenoText(plenoText({ home: 10, away: 0 }))).toEqual({ home: 10, away: 0 });
    expect(parsePlenoText("MM-1")).toBeNull();
    expect(parseSheetDate("31/01/2026")).toBe("2026-01-31");
    expect(parseSheetDate("1/2/26")).toBe("2026-02-01");
    expect(parseSheetDate("2026-02-01 10:00")).toBe("2026-02-01");
    expect(parseSheetDate("30/02/2026")).toBeNull();
    expect(nameKey("  JOSÉ  garcía ")).toBe("jose garcia");
  });
});

describe("checkPicks", () => {
  it("takes the header, names without accents, e-mails, doubles and a triple where the type has them", () => {
    const p2 = ["1X", "X2", "1X2", ...singles.slice(3)];
    const r = checkPicks(rows(["Jornada", "Jugador"], ["1", "jose garcia", ...singles, "2-1"], ["2", "JOSE@example.com", ...p2, "0-0"]), members, jornadas);
    expect(r.errors).toEqual([]);
    expect(r.picks.map((p) => [p.line, p.jornadaId, p.memberId, p.matches[0], p.pleno])).toEqual([
      [2, 10, 1, ["1"], { home: 2, away: 1 }],
      [3, 11, 1, ["1", "X"], { home: 0, away: 0 }],
    ]);
  });

  it("names every bad line with its number and reason and keeps none of them", () => {
    const triple = ["1X2", ...singles.slice(1)];
    const r = checkPicks(
      rows(
        ["1", "Pepe", ...singles, "2-1"],
        ["1", "Ana", ...singles.slice(0, 13), "4", "2-1"],
        ["1", "Ana", ...triple, "2-1"],
        ["9", "Ana", ...singles, "2-1"],
        ["1", "Ana", ...singles, "dos"],
        ["1", "Ana", ...singles, "1-1"],
        ["1", "ana", ...singles, "1-1"],
      ),
      members,
      jornadas,
    );
    expect(r.errors).toEqual([
      { line: 1, message: "«Pepe» no es un miembro de la peña." },
      { line: 2, message: "El partido 14 tiene «4»: los signos son 1, X o 2 (dobles y triples como 1X o 1X2)." },
      { line: 3, message: "Hay un triple y el tipo de la jornada 1 no admite triples." },
      { line: 4, message: "La jornada 9 no existe en la temporada: si ya se jugó, créala en «Jornadas pasadas» con un archivo de jornadas." },
      { line: 5, message: "El pleno «dos» no es un resultado: escríbelo como 2-1 (goles de 0 a 10)." },
      { line: 7, message: "Línea repetida: la jornada 1 de Ana ya está en la línea 6." },
    ]);
    expect(r.picks.map((p) => p.line)).toEqual([6]);
  });
});

describe("the classic sheet of one jornada", () => {
  it("reads matches in rows and players in columns, with or without a column of match names", () => {
    const plain = rows(
      ["Jornada 2", "José García", "Ana"],
      ...Array.from({ length: 14 }, (_, i) => [String(i + 1), i < 2 ? "1X" : i === 2 ? "1X2" : "1", i < 2 ? "X2" : i === 2 ? "1X2" : "2"]),
      ["15", "2-1", "0-0"],
    );
    const r = checkPicks(plain, members, jornadas);
    expect(r.errors).toEqual([]);
    expect(r.picks.map((p) => [p.jornadaNumber, p.memberId, p.matches[0], p.matches[13], p.pleno])).toEqual([
      [2, 1, ["1", "X"], ["1"], { home: 2, away: 1 }],
      [2, 2, ["X", "2"], ["2"], { home: 0, away: 0 }],
    ]);
    const labelled = rows(["JORNADA 1", "Partido", "Ana"], ...Array.from({ length: 14 }, (_, i) => [String(i + 1), `Local ${i} - Visitante ${i}`, "X"]), [
      "15",
      "Pleno",
      "1-1",
    ]);
    expect(checkPicks(labelled, members, jornadas).picks.map((p) => [p.jornadaNumber, p.memberId, p.matches[5]])).toEqual([[1, 2, ["X"]]]);
  });
});

describe("checkMovements", () => {
  it("reads a linked placeholder's old name as the member, keyed as its lines were; a member who goes by that name wins (decision 063)", () => {
    const linked = [
      {
        id: 1,
        name: "Manuel",
        email: null,
        aliases: [
          { name: "Chema", keyId: 30 },
          { name: "Ana", keyId: 31 },
        ],
      },
      members[1]!,
    ];
    const r = checkMovements(rows(["03/10/2025", "chema", "5,00", "Pago", ""], ["03/10/2025", "Ana", "5,00", "Pago", ""]), linked);
    expect(r.errors).toEqual([]);
    expect(r.movements.map((m) => [m.memberId, m.importKey])).toEqual([
      [1, "import:2025-10-03|30|500|payment|"],
      [2, "import:2025-10-03|2|500|payment|"],
    ]);
  });

  it("signs amounts by kind, and balances are the file's sums", () => {
    const r = checkMovements(
      rows(
        ["Fecha", "Miembro"],
        ["01/09/2025", "Ana", "20,00", "Pago", "Bizum"],
        ["08/09/2025", "Ana", "2", "Cuota", ""],
        ["08/09/2025", "José García", "-1,50", "multa", "'=1+1"],
      ),
      members,
    );
    expect(r.errors).toEqual([]);
    expect(r.movements.map((m) => [m.date, m.memberId, m.kind, m.amountCents])).toEqual([
      ["2025-09-01", 2, "payment", 2000],
      ["2025-09-08", 2, "quota", -200],
      ["2025-09-08", 1, "fine", -150],
    ]);
    expect([...balancesAfter(r.movements, new Map([[2, 500]]))]).toEqual([
      [2, 2300],
      [1, -150],
    ]);
  });

  it("refuses what is not money, a date, a member's kind, a contrary sign or a repeat", () => {
    const r = checkMovements(
      rows(
        ["31/02/2025", "Ana", "1", "Pago"],
        ["01/09/2025", "Ana", "12.50", "Pago"],
        ["01/09/2025", "Ana", "1", "Boleto"],
        ["01/09/2025", "Ana", "-1", "Pago"],
        ["01/09/2025", "Ana", "1", "Pago", "x"],
        ["01/09/2025", "Ana", "1,00", "Pago", "x"],
      ),
      members,
    );
    expect(r.errors.map((e) => e.line)).toEqual([1, 2, 3, 4, 6]);
    expect(r.errors[1].message).toBe("El importe «12.50» no es una cantidad de dinero: escríbelo como 20,00.");
    expect(r.errors[4].message).toBe("Línea repetida: es igual que la línea 5 (distingue dos pagos iguales con la referencia).");
  });
});

describe("checkMembers", () => {
  it("matches members by e-mail, never by name alone, and refuses lines without a name or a valid e-mail, or repeated", () => {
    const r = checkMembers(
      rows(
        ["Nombre", "E-mail"],
        ["Pepe", "JOSE@example.com"],
        ["Nuevo", "NUEVO@example.com"],
        ["", "x@example.com"],
        ["Mal", "mal@"],
        ["nuevo", "n2@example.com"],
      ),
      members,
    );
    expect(r.lines).toEqual([
      { line: 2, name: "Pepe", email: "jose@example.com", memberId: 1 },
      { line: 3, name: "Nuevo", email: "nuevo@example.com", memberId: null },
    ]);
    expect(r.errors).toEqual([
      { line: 4, message: "Falta el nombre del miembro." },
      { line: 5, message: "«mal@» no es un e-mail." },
      { line: 6, message: "Línea repetida: ese nombre o ese e-mail ya está en la línea 3." },
    ]);
  });

  it("a namesake with another e-mail is a new person; the very same name as a member is asked about (decision 063)", () => {
    expect(checkMembers(rows(["Jose Garcia", "otro@example.com"]), members)).toEqual({
      lines: [{ line: 1, name: "Jose Garcia", email: "otro@example.com", memberId: null }],
      errors: [],
    });
    expect(checkMembers(rows(["  josé  GARCÍA", "tercero@example.com"]), members).errors).toEqual([
      { line: 1, message: expect.stringMatching(/^En la peña ya hay un miembro llamado «José García» con otro e-mail/) },
    ]);
    // Then both are in the peña: a sheet names each as written, and a name that could be either is refused.
    const both = [...members, { id: 3, name: "Jose Garcia", email: "otro@example.com" }];
    const m = checkMovements(
      rows(["03/10/2025", "José García", "5", "Pago", ""], ["03/10/2025", "jose garcia", "5", "Pago", ""], ["03/10/2025", "Jose  García", "5", "Pago", ""]),
      both,
    );
    expect(m.movements.map((x) => x.memberId)).toEqual([1, 3]);
    expect(m.errors).toEqual([{ line: 3, message: "«Jose  García» puede ser «José García» o «Jose Garcia»: escribe el nombre tal cual está en la peña." }]);
  });
});
