import { describe, expect, it } from "vitest";
import type { CsvRow } from "./import-file";
import { checkJornadas, JORNADAS_HEADER } from "./jornadas-file";

const TEAMS = [
  "Betis",
  "Sevilla",
  "Athletic",
  "Real Sociedad",
  "Celta",
  "Osasuna",
  "Getafe",
  "Girona",
  "Valencia",
  "Villarreal",
  "Mallorca",
  "Alavés",
  "Espanyol",
  "Leganés",
  "Barcelona",
  "Real Madrid",
  "Rayo",
  "Las Palmas",
  "Racing",
  "Sporting",
  "Oviedo",
  "Zaragoza",
  "Málaga",
  "Elche",
  "Eibar",
  "Huesca",
  "Albacete",
  "Burgos",
  "Cádiz",
  "Almería",
];
const RESULT = ["1", "X", "2", "1", "1", "X", "2", "2", "1", "X", "1", "1", "2", "X"];

/** The 15 rows of one jornada, from line `first`. */
function jornada(number: string, date: string, first: number, change: (cells: string[], position: number) => string[] = (c) => c): CsvRow[] {
  return Array.from({ length: 15 }, (_, i) => ({
    line: first + i,
    cells: change([number, date, String(i + 1), TEAMS[2 * i], TEAMS[2 * i + 1], i < 14 ? RESULT[i] : "2-1"], i + 1),
  }));
}

describe("checkJornadas", () => {
  it("reads a header and two jornadas of 15 matches, the pleno as a score", () => {
    const rows = [
      { line: 1, cells: JORNADAS_HEADER },
      ...jornada("3", "14/09/2025", 2),
      ...jornada("4", "2025-09-21", 17, (c) => (c[5] === "x" ? c : [...c.slice(0, 5), c[5].toLowerCase()])),
    ];
    const { jornadas, errors } = checkJornadas(rows);
    expect(errors).toEqual([]);
    expect(jornadas.map((j) => [j.number, j.date, j.line, j.matches.length, j.result.join(""), j.pleno])).toEqual([
      [3, "2025-09-14", 2, 15, RESULT.join(""), { home: 2, away: 1 }],
      [4, "2025-09-21", 17, 15, RESULT.join(""), { home: 2, away: 1 }],
    ]);
    expect(jornadas[0].matches[14]).toEqual({ home: TEAMS[28], away: TEAMS[29] });
  });

  it("names every kind of bad cell by its line and leaves the jornada out whole", () => {
    const bad: [string, number, (c: string[]) => string[], RegExp][] = [
      ["number", 1, (c) => ["doce", ...c.slice(1)], /«doce» no es un número de jornada/],
      ["date", 2, (c) => [c[0], "31/02/2025", ...c.slice(2)], /«31\/02\/2025» no es una fecha/],
      ["match number", 3, (c) => [c[0], c[1], "16", ...c.slice(3)], /«16» no es un partido/],
      ["home team", 4, (c) => [...c.slice(0, 3), "", ...c.slice(4)], /Falta el equipo local/],
      ["away team", 5, (c) => [...c.slice(0, 4), " ", c[5]], /Falta el equipo local o el visitante/],
      ["sign", 6, (c) => [...c.slice(0, 5), "3"], /partido 6 es «3»: escribe 1, X o 2/],
      ["double as a result", 7, (c) => [...c.slice(0, 5), "1X"], /partido 7 es «1X»/],
      ["pleno", 15, (c) => [...c.slice(0, 5), "1X"], /pleno es «1X»/],
    ];
    for (const [what, position, change, message] of bad) {
      const { jornadas, errors } = checkJornadas(jornada("5", "28/09/2025", 10, (c, p) => (p === position ? change(c) : c)));
      expect(jornadas, what).toEqual([]);
      expect(
        errors.map((e) => e.line),
        what,
      ).toContain(9 + position);
      expect(errors.find((e) => e.line === 9 + position)!.message, what).toMatch(message);
    }
  });

  it("reads the round's type when the file gives one, and refuses a jornada with two types (decision 063)", () => {
    const typed = jornada("7", "12/10/2025", 1, (c) => [...c, "  Dos dobles   y un triple "]);
    const untyped = jornada("8", "19/10/2025", 16);
    expect(checkJornadas([...typed, ...untyped]).jornadas.map((j) => [j.number, j.type])).toEqual([
      [7, "Dos dobles y un triple"],
      [8, null],
    ]);
    const two = jornada("9", "26/10/2025", 1, (c, p) => [...c, p === 3 ? "Sencilla" : "Un triple"]);
    expect(checkJornadas(two)).toEqual({
      jornadas: [],
      errors: [{ line: 1, message: "La jornada 9 tiene más de un tipo: «Un triple», «Sencilla»." }],
      season: null,
    });
  });

  it("reads the file's season when it names one, and refuses a file that names two (decision 073)", () => {
    const named = jornada("7", "12/10/2024", 1, (c) => [...c, "Sencilla", " 2024-25 "]);
    const unnamed = jornada("8", "19/10/2024", 16, (c) => [...c, "", ""]);
    const read = checkJornadas([...named, ...unnamed]);
    expect(read.season).toBe("2024-25");
    expect(read.errors).toEqual([]);
    expect(read.jornadas.map((j) => j.number)).toEqual([7, 8]);
    expect(checkJornadas(unnamed).season).toBeNull();
    const mixed = [...named, ...jornada("8", "19/10/2024", 16, (c) => [...c, "Sencilla", "2025-26"])];
    expect(checkJornadas(mixed)).toEqual({
      jornadas: [],
      errors: [{ line: 16, message: "El archivo nombra más de una temporada: «2024-25», «2025-26». Sube una temporada en cada archivo." }],
      season: "2024-25",
    });
  });

  it("refuses a jornada with a match missing, one repeated, or two dates", () => {
    const rows = jornada("6", "05/10/2025", 1);
    expect(checkJornadas(rows.slice(0, 14)).errors).toEqual([{ line: 1, message: "A la jornada 6 le faltan partidos: 15." }]);
    const twice = [...rows, { ...rows[3], line: 99 }];
    expect(checkJornadas(twice).errors).toEqual([{ line: 99, message: "El partido 4 de la jornada 6 ya está en la línea 4." }]);
    const dates = jornada("6", "05/10/2025", 1, (c, p) => (p === 8 ? [c[0], "06/10/2025", ...c.slice(2)] : c));
    expect(checkJornadas(dates).errors).toEqual([{ line: 1, message: "La jornada 6 tiene más de una fecha: 2025-10-05, 2025-10-06." }]);
  });
});
