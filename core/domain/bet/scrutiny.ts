import type { Cents } from "../money";
import { convolve } from "../polynomial";
import { reducedColumns, REDUCTIONS } from "./reductions";
import { plenoCombinations, plenoHit, reducedMatches, slipColumns, type Slip } from "./slip";
import { MATCHES, normalizePick, type Score, type Sign } from "../signs";

/**
 * The escrutinio of a played slip against the official result (decision 030): how many of its bets
 * win each prize category, its best column, and what it earns at given prizes per winning bet.
 */

export const CATEGORIES = ["especial", "primera", "segunda", "tercera", "cuarta", "quinta"] as const;
export type Category = (typeof CATEGORIES)[number];

/** Hits out of 14 of each category; the Especial is 14 hits plus the pleno. */
export const CATEGORY_HITS: Readonly<Record<Category, number>> = { especial: 14, primera: 14, segunda: 13, tercera: 12, cuarta: 11, quinta: 10 };

export const CATEGORY_NAMES: Readonly<Record<Category, string>> = {
  especial: "Especial (14 + pleno al 15)",
  primera: "1ª (14 aciertos)",
  segunda: "2ª (13 aciertos)",
  tercera: "3ª (12 aciertos)",
  cuarta: "4ª (11 aciertos)",
  quinta: "5ª (10 aciertos)",
};

/** A category in a few characters, for a table cell: "2ª (13)". */
export const CATEGORY_SHORT: Readonly<Record<Category, string>> = {
  especial: "Especial",
  primera: "1ª (14)",
  segunda: "2ª (13)",
  tercera: "3ª (12)",
  cuarta: "4ª (11)",
  quinta: "5ª (10)",
};

export interface OfficialResult {
  /** The official sign of matches 1–14. */
  matches: Sign[];
  /** The pleno al 15's exact score. */
  pleno: Score;
}

export interface ScrutinyOptions {
  /**
   * A bet with 14 hits and the pleno also wins the 1ª (its 14 hits are 14 hits): true by default,
   * as decision 030 records.
   */
  especialAlsoWinsPrimera?: boolean;
}

export interface Scrutiny {
  /** 14-sign columns played. */
  columns: number;
  /** Bets played: columns × pleno combinations. */
  bets: number;
  /** hitsHistogram[h]: columns with exactly h hits out of 14, h = 0..14. */
  hitsHistogram: number[];
  /** Winning bets per category. */
  winners: Record<Category, number>;
  /** A column with the most hits (among them, the first in slip order of the marks). */
  best: { signs: Sign[]; hits: number; plenoHit: boolean; category: Category | null };
  /** Prize per category: winning bets × the prize per winning bet given; 0 where none was given. */
  prizes: Record<Category, Cents>;
  totalPrize: Cents;
}

const zeroes = (): Record<Category, number> => ({ especial: 0, primera: 0, segunda: 0, tercera: 0, cuarta: 0, quinta: 0 });

/**
 * The slip's columns counted by hits without listing them, against `signs` (null: a match still to
 * play, which every column may still hit): each match played in full is a factor (one column hits,
 * the others miss; to play, all may hit), the reduced block is counted row by row (at most 132), and
 * the factors are multiplied as polynomials, so a 3^14-column slip costs 14 small products. The
 * escrutinio reads it with every sign known, the live view as the jornada is played. `best` is a
 * column with the most hits among the matches played (its first marks where nothing is known).
 */
export function columnsByHits(slip: Slip, signs: readonly (Sign | null)[]): { histogram: number[]; best: Sign[]; bestHits: number } {
  const marks = slip.matches.map(normalizePick);
  const reduced = reducedMatches(slip);
  let histogram = [1];
  const best = new Array<Sign>(MATCHES);
  let bestHits = 0;
  marks.forEach((m, i) => {
    if (reduced.includes(i)) return;
    const s = signs[i] ?? null;
    const hit = s !== null && m.includes(s);
    histogram = convolve(histogram, s === null ? [0, m.length] : hit ? [m.length - 1, 1] : [m.length, 0]);
    best[i] = hit ? s : m[0];
    if (hit) bestHits++;
  });
  if (slip.reduction) {
    const rows = reducedColumns(
      REDUCTIONS[slip.reduction.id],
      reduced.map((i) => marks[i]),
    );
    const block = new Array<number>(reduced.length + 1).fill(0);
    let bestRow = rows[0];
    let bestRowHits = -1;
    for (const row of rows) {
      let now = 0;
      let open = 0;
      row.forEach((sign, k) => {
        const s = signs[reduced[k]] ?? null;
        if (s === null) open++;
        else if (s === sign) now++;
      });
      block[now + open]++;
      if (now > bestRowHits) [bestRow, bestRowHits] = [row, now];
    }
    histogram = convolve(histogram, block);
    reduced.forEach((m, k) => (best[m] = bestRow[k]));
    bestHits += bestRowHits;
  }
  return { histogram, best, bestHits };
}

/**
 * Scrutinises `slip` against `result`: its columns counted by hits (`columnsByHits`, with every sign
 * known), the winners of each category and their prizes. `prizePerBet` gives each category's prize
 * per winning bet in cents.
 */
export function scrutinize(slip: Slip, result: OfficialResult, prizePerBet: Partial<Record<Category, Cents>> = {}, options: ScrutinyOptions = {}): Scrutiny {
  const columns = slipColumns(slip);
  if (result.matches.length !== MATCHES) throw new RangeError(`The official result has ${MATCHES} signs.`);
  const { histogram, best, bestHits } = columnsByHits(slip, result.matches);
  const hitsHistogram = Array.from({ length: MATCHES + 1 }, (_, h) => histogram[h] ?? 0);

  const combos = plenoCombinations(slip.pleno);
  const pleno = plenoHit(slip.pleno, result.pleno);
  const winners = zeroes();
  // With several pleno combinations, each is a bet of its own with every column: the 1ª–5ª prizes
  // multiply by them, and exactly one of them (if played) is the official score.
  winners.especial = pleno ? hitsHistogram[14] : 0;
  winners.primera = hitsHistogram[14] * combos - (options.especialAlsoWinsPrimera === false ? winners.especial : 0);
  winners.segunda = hitsHistogram[13] * combos;
  winners.tercera = hitsHistogram[12] * combos;
  winners.cuarta = hitsHistogram[11] * combos;
  winners.quinta = hitsHistogram[10] * combos;

  const prizes = zeroes();
  let totalPrize = 0;
  for (const c of CATEGORIES) {
    const each = prizePerBet[c] ?? 0;
    if (!Number.isSafeInteger(each) || each < 0) throw new RangeError(`Not a prize in cents: ${each}`);
    prizes[c] = winners[c] * each;
    totalPrize += prizes[c];
  }
  const category: Category | null = bestHits === 14 && pleno ? "especial" : (CATEGORIES.slice(1).find((c) => CATEGORY_HITS[c] === bestHits) ?? null);
  return {
    columns,
    bets: columns * combos,
    hitsHistogram,
    winners,
    best: { signs: best, hits: bestHits, plenoHit: bestHits === 14 && pleno, category },
    prizes,
    totalPrize,
  };
}
