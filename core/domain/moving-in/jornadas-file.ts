/**
 * A jornadas file (decision 059): the past jornadas a peña played that the
 * catalogue lacks, a row per match: jornada; fecha; partido (1–15); local; visitante; resultado
 * (1, X or 2 for matches 1–14; the pleno's score, "2-1", for match 15); an optional tipo, the
 * round's type by name ("Dos dobles y un triple"), and an optional temporada, the catalogue's season
 * by name ("2024-25"): the export writes both so its picks import into an empty group with no hand
 * edit, in the season they were played (decisions 063, 073). Each jornada needs its 15 matches, one
 * date and at most one type; a file names at most one season. Every bad line is named with its number; a jornada with any bad line is
 * left out whole (a pool with a missing match cannot be scored).
 */
import type { CsvRow } from "./import-file";
import { nameKey, parsePlenoText, parseSheetDate } from "./import-rows";
import type { Score, Sign } from "../signs";

export interface FileJornada {
  /** The line of its first row, to name it. */
  line: number;
  number: number;
  /** yyyy-mm-dd, the day it closed. */
  date: string;
  matches: { home: string; away: string }[];
  result: Sign[];
  pleno: Score;
  /** The round's type as the file names it; null when the file does not say. */
  type: string | null;
}

export const JORNADAS_HEADER = ["Jornada", "Fecha", "Partido", "Local", "Visitante", "Resultado", "Tipo", "Temporada"];

/** The jornadas file's template: the header and the 15 matches of one jornada to fill in. */
export function jornadasTemplate(): string[][] {
  return [JORNADAS_HEADER, ...Array.from({ length: 15 }, (_, i) => ["", "", String(i + 1), "", "", "", "", ""])];
}

interface Partial {
  line: number;
  number: number;
  dates: Set<string>;
  types: Set<string>;
  rows: Map<number, { line: number; home: string; away: string; result: string }>;
  bad: boolean;
}

/** The file's jornadas, and every refused line with a Spanish reason. */
export function checkJornadas(rows: readonly CsvRow[]) {
  const errors: { line: number; message: string }[] = [];
  const byNumber = new Map<number, Partial>();
  const seasons = new Map<string, number>();
  const body = rows.length > 0 && nameKey(rows[0].cells[0] ?? "") === "jornada" ? rows.slice(1) : rows;
  for (const row of body) {
    const [numberText = "", dateText = "", positionText = "", home = "", away = "", resultText = "", typeText = "", seasonText = ""] = row.cells;
    const fail = (message: string) => {
      errors.push({ line: row.line, message });
      const j = byNumber.get(Number(numberText));
      if (j) j.bad = true;
    };
    const number = /^\d{1,3}$/.test(numberText) ? Number(numberText) : 0;
    if (number < 1) {
      errors.push({ line: row.line, message: `«${numberText}» no es un número de jornada.` });
      continue;
    }
    const j = byNumber.get(number) ?? { line: row.line, number, dates: new Set<string>(), types: new Set<string>(), rows: new Map(), bad: false };
    byNumber.set(number, j);
    const date = parseSheetDate(dateText);
    const position = /^\d{1,2}$/.test(positionText) ? Number(positionText) : 0;
    if (!date) fail(`«${dateText}» no es una fecha (escríbela como 31/01/2026).`);
    else if (position < 1 || position > 15) fail(`«${positionText}» no es un partido: van del 1 al 15 (el 15 es el pleno).`);
    else if (j.rows.has(position)) fail(`El partido ${position} de la jornada ${number} ya está en la línea ${j.rows.get(position)!.line}.`);
    else if (home.trim() === "" || away.trim() === "") fail(`Falta el equipo local o el visitante del partido ${position}.`);
    else if (position < 15 && !/^[1X2]$/.test(resultText.trim().toUpperCase()))
      fail(`El resultado del partido ${position} es «${resultText}»: escribe 1, X o 2.`);
    else if (position === 15 && !parsePlenoText(resultText)) fail(`El resultado del pleno es «${resultText}»: escríbelo como goles, por ejemplo 2-1.`);
    else {
      j.dates.add(date);
      if (typeText.trim() !== "") j.types.add(typeText.trim().replace(/\s+/g, " "));
      const season = seasonText.trim().replace(/\s+/g, " ");
      if (season !== "" && !seasons.has(season)) seasons.set(season, row.line);
      j.rows.set(position, { line: row.line, home: home.trim(), away: away.trim(), result: resultText.trim().toUpperCase() });
    }
  }
  const jornadas: FileJornada[] = [];
  for (const j of [...byNumber.values()].sort((a, b) => a.number - b.number)) {
    if (j.bad) continue;
    if (j.dates.size > 1) {
      errors.push({ line: j.line, message: `La jornada ${j.number} tiene más de una fecha: ${[...j.dates].join(", ")}.` });
      continue;
    }
    if (j.types.size > 1) {
      errors.push({ line: j.line, message: `La jornada ${j.number} tiene más de un tipo: ${[...j.types].map((t) => `«${t}»`).join(", ")}.` });
      continue;
    }
    const missing = Array.from({ length: 15 }, (_, i) => i + 1).filter((p) => !j.rows.has(p));
    if (missing.length > 0) {
      errors.push({ line: j.line, message: `A la jornada ${j.number} le faltan partidos: ${missing.join(", ")}.` });
      continue;
    }
    const ordered = Array.from({ length: 15 }, (_, i) => j.rows.get(i + 1)!);
    jornadas.push({
      line: j.line,
      number: j.number,
      date: [...j.dates][0],
      matches: ordered.map((m) => ({ home: m.home, away: m.away })),
      result: ordered.slice(0, 14).map((m) => m.result as Sign),
      pleno: parsePlenoText(ordered[14].result)!,
      type: [...j.types][0] ?? null,
    });
  }
  // One file, one season: the export writes one, and a mixed file cannot go into one season's numbers.
  const named = [...seasons.entries()];
  if (named.length > 1) {
    errors.push({
      line: named[1][1],
      message: `El archivo nombra más de una temporada: ${named.map(([n]) => `«${n}»`).join(", ")}. Sube una temporada en cada archivo.`,
    });
  }
  errors.sort((a, b) => a.line - b.line);
  return { jornadas: named.length > 1 ? [] : jornadas, errors, season: named[0]?.[0] ?? null };
}
