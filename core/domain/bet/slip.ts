import type { Cents } from "../money";
import { reducedColumns, REDUCTIONS, type ReductionId } from "./reductions";
import { MATCHES, normalizePick, type Pick, type Score, type Sign } from "../signs";

/**
 * The official slip (boleto) of La Quiniela as the lottery shop takes it (decision 030): 14 matches
 * of 1/X/2, each a single sign, a double or a triple, played in full or partly through one of the
 * six official reductions, and the pleno al 15 marked per team as 0, 1, 2 or M (three or more goals).
 */

export const PLENO_MARKS = ["0", "1", "2", "M"] as const;
export type PlenoMark = (typeof PLENO_MARKS)[number];

/** Goals a side that `plenoMarksOf` accepts (the results editor's range). */
export const MAX_GOALS = 10;

/** The official minimum: a slip holds at least two bets; a one-column slip is played (and paid) as two. */
export const MIN_BETS_PER_SLIP = 2;

/** The official price per bet, the default of the season setting (decision 011). */
export const DEFAULT_BET_PRICE_CENTS: Cents = 75;

/** What one team scored, as the slip marks it: 0, 1, 2, or M for three goals or more. */
export function plenoMark(goals: number): PlenoMark {
  if (!Number.isInteger(goals) || goals < 0 || goals > MAX_GOALS) throw new RangeError(`Goals must be an integer 0..${MAX_GOALS}: ${goals}`);
  return goals >= 3 ? "M" : PLENO_MARKS[goals];
}

/** An exact score as the slip's pleno marks: 3-1 → { home: "M", away: "1" }. */
export function plenoMarksOf(score: Score): { home: PlenoMark; away: PlenoMark } {
  return { home: plenoMark(score.home), away: plenoMark(score.away) };
}

/**
 * The pleno as played: one or more marks per team. Several marks are a multiple pleno (the rules
 * allow up to the 16 combinations, the same for every column of the slip): every combination of a
 * home mark and an away mark is a bet of its own, with every 14-sign column.
 */
export interface PlenoPick {
  home: PlenoMark[];
  away: PlenoMark[];
}

/** The single-mark pleno of a predicted exact score. */
export function plenoPickOf(score: Score): PlenoPick {
  const m = plenoMarksOf(score);
  return { home: [m.home], away: [m.away] };
}

function marksOf(marks: readonly PlenoMark[]): PlenoMark[] {
  return PLENO_MARKS.filter((m) => marks.includes(m));
}

/** Pleno combinations played: home marks × away marks (1 when the slip has no pleno). */
export function plenoCombinations(pleno: PlenoPick | null): number {
  return pleno === null ? 1 : marksOf(pleno.home).length * marksOf(pleno.away).length;
}

/** Whether one of the played combinations is the official score's. */
export function plenoHit(pleno: PlenoPick | null, result: Score): boolean {
  if (pleno === null) return false;
  const r = plenoMarksOf(result);
  return pleno.home.includes(r.home) && pleno.away.includes(r.away);
}

/** The reduction a slip plays and the matches (0-based, 0..13) it covers. */
export interface SlipReduction {
  id: ReductionId;
  matches: number[];
}

export interface Slip {
  /** Matches 1–14: one, two or three signs each. */
  matches: Pick[];
  pleno: PlenoPick | null;
  /** Played through an official reduction over some of its multiples; the other multiples are played in full. */
  reduction?: SlipReduction | null;
}

/** What is wrong with a slip, as Spanish sentences; empty when it can be played. */
export function slipProblems(slip: Slip): string[] {
  const problems: string[] = [];
  if (slip.matches.length !== MATCHES) problems.push(`El boleto tiene ${MATCHES} partidos.`);
  slip.matches.forEach((p, i) => {
    if (normalizePick(p).length === 0) problems.push(`El partido ${i + 1} no tiene signo.`);
  });
  if (slip.pleno !== null && plenoCombinations(slip.pleno) === 0) problems.push("El pleno al 15 necesita al menos una marca por equipo.");
  const red = slip.reduction;
  if (red) {
    const reduction = REDUCTIONS[red.id];
    const distinct = new Set(red.matches);
    if (!reduction) problems.push("La reducida no es una de las seis oficiales.");
    else if (distinct.size !== red.matches.length || red.matches.some((i) => !Number.isInteger(i) || i < 0 || i >= MATCHES)) {
      problems.push("La reducida se aplica a partidos distintos del 1 al 14.");
    } else {
      const kinds = red.matches.map((i) => normalizePick(slip.matches[i] ?? []).length);
      const triples = kinds.filter((k) => k === 3).length;
      const doubles = kinds.filter((k) => k === 2).length;
      if (triples !== reduction.triples || doubles !== reduction.doubles || triples + doubles !== kinds.length) {
        problems.push(`La ${reduction.name} se juega sobre ${reduction.triples} triples y ${reduction.doubles} dobles marcados.`);
      }
    }
  }
  return problems;
}

function assertPlayable(slip: Slip): void {
  const problems = slipProblems(slip);
  if (problems.length > 0) throw new RangeError(problems.join(" "));
}

/** The matches the reduction covers, in slip order (empty without a reduction). */
export function reducedMatches(slip: Slip): number[] {
  return slip.reduction ? [...slip.reduction.matches].sort((a, b) => a - b) : [];
}

/**
 * 14-sign columns the slip plays: for a full multiple 2^doubles × 3^triples; with a reduction, its
 * columns × the full development of the multiples outside it.
 */
export function slipColumns(slip: Slip): number {
  assertPlayable(slip);
  const reduced = new Set(reducedMatches(slip));
  const outside = slip.matches.reduce((n, p, i) => (reduced.has(i) ? n : n * normalizePick(p).length), 1);
  return slip.reduction ? outside * REDUCTIONS[slip.reduction.id].columns : outside;
}

/** Bets the slip plays: its columns × its pleno combinations. */
export function slipBets(slip: Slip): number {
  return slipColumns(slip) * plenoCombinations(slip.pleno);
}

/** Bets paid: never fewer than the official minimum of two. */
export function chargedBets(bets: number): number {
  return Math.max(MIN_BETS_PER_SLIP, bets);
}

/** What the lottery shop charges for the slip, in cents: charged bets × the price per bet. */
export function slipCost(slip: Slip, priceCents: Cents = DEFAULT_BET_PRICE_CENTS): Cents {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new RangeError(`Not a price in cents: ${priceCents}`);
  return chargedBets(slipBets(slip)) * priceCents;
}

/**
 * Every 14-sign column of the slip, reduced block and full development together, for a screen
 * that lists them. Refuses (RangeError) more than `limit` columns; the scrutiny never needs them.
 */
export function expandColumns(slip: Slip, limit = 20_000): Sign[][] {
  const total = slipColumns(slip);
  if (total > limit) throw new RangeError(`The slip has ${total} columns, more than the ${limit} asked for.`);
  const reduced = reducedMatches(slip);
  const blocks: Sign[][] = slip.reduction
    ? reducedColumns(
        REDUCTIONS[slip.reduction.id],
        reduced.map((i) => slip.matches[i]),
      )
    : [[]];
  let columns: Sign[][] = blocks.map((row) => {
    const c = new Array<Sign>(MATCHES);
    reduced.forEach((m, k) => (c[m] = row[k]));
    return c;
  });
  slip.matches.forEach((p, i) => {
    if (reduced.includes(i)) return;
    columns = columns.flatMap((c) =>
      normalizePick(p).map((s) => {
        const next = [...c];
        next[i] = s;
        return next;
      }),
    );
  });
  return columns;
}
