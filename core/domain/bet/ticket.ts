import type { Cents } from "../money";
import { REDUCTION_IDS, REDUCTIONS, type Reduction, type ReductionId } from "./reductions";
import { PLENO_MARKS, plenoMarksOf, slipBets, slipColumns, slipCost, slipProblems, chargedBets, type PlenoMark, type PlenoPick, type Slip } from "./slip";
import { normalizePick, type Pick, type Score } from "../signs";

/**
 * The group bet as a slip (decision 034): the bet's picks, its pleno as the slip marks it plus the
 * marks the manager added, and the official reduction it is played through, if any. The reduction
 * covers the bet's first triples and doubles in slip order that it takes; the multiples left over
 * are played in full beside it, as the rules allow (decision 030).
 */

export interface TicketChoice {
  reduction: ReductionId | null;
  /** Marks the manager chose per team; the marks of the bet's own pleno are always played. */
  plenoMarks: PlenoPick | null;
}

const ordered = (marks: readonly PlenoMark[]): PlenoMark[] => PLENO_MARKS.filter((m) => marks.includes(m));

/** The pleno as played: the bet's score as marks, with the added marks; null when the bet has no pleno. */
export function playedPleno(pleno: Score | null, added: PlenoPick | null): PlenoPick | null {
  if (!pleno) return null;
  const own = plenoMarksOf(pleno);
  return { home: ordered([own.home, ...(added?.home ?? [])]), away: ordered([own.away, ...(added?.away ?? [])]) };
}

/** The matches (0-based) a reduction covers on this bet: its first triples and doubles in slip order, or null when it does not fit. */
export function reductionMatches(matches: readonly Pick[], reduction: Reduction): number[] | null {
  const kinds = matches.map((p) => normalizePick(p).length);
  const triples = kinds.flatMap((k, i) => (k === 3 ? [i] : [])).slice(0, reduction.triples);
  const doubles = kinds.flatMap((k, i) => (k === 2 ? [i] : [])).slice(0, reduction.doubles);
  if (triples.length < reduction.triples || doubles.length < reduction.doubles) return null;
  return [...triples, ...doubles].sort((a, b) => a - b);
}

/** The reductions the bet's shape allows: those whose triples and doubles it has (the rest played in full). */
export function reductionsFitting(matches: readonly Pick[]): Reduction[] {
  return REDUCTION_IDS.map((id) => REDUCTIONS[id]).filter((r) => reductionMatches(matches, r) !== null);
}

/** The slip of the bet played as chosen; a reduction that does not fit the picks is a RangeError. */
export function ticketSlip(matches: readonly Pick[], pleno: Score | null, choice: TicketChoice): Slip {
  const slip: Slip = { matches: matches.map(normalizePick), pleno: playedPleno(pleno, choice.plenoMarks), reduction: null };
  if (choice.reduction !== null) {
    const reduction = REDUCTIONS[choice.reduction];
    const covered = reduction ? reductionMatches(matches, reduction) : null;
    if (!covered) throw new RangeError(reduction ? `La ${reduction.name} no cabe en esta apuesta.` : "La reducida no es una de las seis oficiales.");
    slip.reduction = { id: choice.reduction, matches: covered };
  }
  const problems = slipProblems(slip);
  if (problems.length) throw new RangeError(problems.join(" "));
  return slip;
}

/** What the way of playing guarantees, in plain Spanish. */
export function guaranteeText(reduction: Reduction | null): string {
  if (!reduction) return "14 aciertos garantizados si cada resultado cae dentro de tus marcas (juegas todas las combinaciones).";
  const hits = 14 - reduction.maxMisses;
  const note = reduction.verified ? "" : " Tabla no verificada.";
  return `${hits} aciertos garantizados si aciertas los fijos y cada resultado cae dentro de tus marcas.${note}`;
}

export interface TicketOption {
  reduction: ReductionId | null;
  /** "Múltiple directo" or "Reducida 4ª". */
  name: string;
  columns: number;
  bets: number;
  /** Bets paid: at least two. */
  chargedBets: number;
  costCents: Cents;
  guarantee: string;
  verified: boolean;
}

/** Every way the bet can be played (the full multiple first, then each fitting reduction), with its bets and cost. */
export function ticketOptions(matches: readonly Pick[], pleno: Score | null, plenoMarks: PlenoPick | null, priceCents: Cents): TicketOption[] {
  const ways: (Reduction | null)[] = [null, ...reductionsFitting(matches)];
  return ways.map((r) => {
    const slip = ticketSlip(matches, pleno, { reduction: r?.id ?? null, plenoMarks });
    const bets = slipBets(slip);
    return {
      reduction: r?.id ?? null,
      name: r ? r.name : "Múltiple directo",
      columns: slipColumns(slip),
      bets,
      chargedBets: chargedBets(bets),
      costCents: slipCost(slip, priceCents),
      guarantee: guaranteeText(r),
      verified: r ? r.verified : true,
    };
  });
}
