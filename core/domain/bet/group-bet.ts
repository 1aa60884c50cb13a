import type { Cents } from "../money";
import { MATCHES, normalizePick, sameScore, SIGNS, type Pick, type Score, type Sign } from "../signs";

export interface RankedPrediction {
  userId: number;
  username: string;
  rank: number;
  matches: Pick[];
  pleno: Score | null;
}

interface GroupBetInput {
  /** The included users, best rank first. */
  ranked: RankedPrediction[];
  numDouble: number;
  numTriple: number;
  random?: () => number;
}

export interface GroupBet {
  matches: Pick[];
  pleno: Score | null;
  /** One entry per match 1–14. */
  votes: Record<Sign, number>[];
  /** One Spanish sentence per match 1–14, saying how its pick was chosen. */
  explanations: string[];
}

interface Choice {
  sign: Sign;
  /** Signs that shared the most votes (one sign when there was no tie). */
  tied: Sign[];
  /** The user who broke the tie; null when there was none or it was drawn at random. */
  decidedBy: string | null;
}

export function mergeGroupBet(input: GroupBetInput): GroupBet {
  const ranked = [...input.ranked].sort((a, b) => a.rank - b.rank);
  const random = input.random ?? Math.random;
  const picks = ranked.map((u) => ({ username: u.username, matches: u.matches.map(normalizePick) }));

  const choose = (i: number, candidates: Sign[]): Choice => {
    if (candidates.length === 1) return { sign: candidates[0], tied: candidates, decidedBy: null };
    const decider = picks.find((u) => u.matches[i]?.some((s) => candidates.includes(s)));
    const held = decider ? candidates.filter((s) => decider.matches[i].includes(s)) : candidates;
    if (decider && held.length === 1) return { sign: held[0], tied: candidates, decidedBy: decider.username };
    const k = Math.min(held.length - 1, Math.floor(random() * held.length));
    return { sign: held[k], tied: held, decidedBy: null };
  };

  const votes = Array.from({ length: MATCHES }, (_, i) => {
    const v: Record<Sign, number> = { "1": 0, X: 0, "2": 0 };
    for (const u of picks) for (const s of u.matches[i] ?? []) v[s]++;
    return v;
  });

  if (ranked.length === 0) {
    return {
      matches: votes.map(() => []),
      pleno: null,
      votes,
      explanations: votes.map((v, i) => `${describeVotes(i, v)} No hay usuarios incluidos.`),
    };
  }

  const topOf = (i: number, among: readonly Sign[]) => {
    const max = Math.max(...among.map((s) => votes[i][s]));
    return choose(
      i,
      among.filter((s) => votes[i][s] === max),
    );
  };
  // Weakest consensus first: the smallest lead of the winner over the runner-up, as a share of the votes cast.
  const weakness = votes.map((v, i) => {
    const counts = SIGNS.map((s) => v[s]).sort((a, b) => b - a);
    const cast = counts[0] + counts[1] + counts[2] || 1;
    return { i, margin: (counts[0] - counts[1]) / cast };
  });
  const order = weakness.sort((a, b) => a.margin - b.margin || a.i - b.i).map((w) => w.i);
  const triples = new Set(order.slice(0, clampCount(input.numTriple)));
  const doubles = new Set(order.filter((i) => !triples.has(i)).slice(0, clampCount(input.numDouble)));

  const matches: Pick[] = [];
  const explanations: string[] = [];
  votes.forEach((v, i) => {
    const parts = [describeVotes(i, v)];
    if (triples.has(i)) {
      matches.push([...SIGNS]);
      parts.push("Triple por ser de los partidos con menos consenso.");
    } else {
      const first = topOf(i, SIGNS);
      parts.push(tieText(first));
      if (doubles.has(i)) {
        const second = topOf(
          i,
          SIGNS.filter((s) => s !== first.sign),
        );
        matches.push(normalizePick([first.sign, second.sign]));
        parts.push(`Doble con ${second.sign} por ser de los partidos con menos consenso.`, tieText(second));
      } else {
        matches.push([first.sign]);
      }
    }
    explanations.push(parts.filter(Boolean).join(" "));
  });

  return { matches, pleno: mergePleno(ranked), votes, explanations };
}

function clampCount(n: number): number {
  return Math.min(MATCHES, Math.max(0, Math.floor(n) || 0));
}

function describeVotes(i: number, v: Record<Sign, number>): string {
  const [first, ...rest] = SIGNS;
  const list = [`${first} (${v[first]} ${v[first] === 1 ? "voto" : "votos"})`, ...rest.map((s) => `${s} (${v[s]})`)];
  return `Partido ${i + 1}: ${list.join(", ")}.`;
}

function tieText(c: Choice): string {
  if (c.tied.length < 2) return "";
  if (c.decidedBy !== null) return `Empate resuelto por el mejor clasificado (${c.decidedBy}).`;
  const names = `${c.tied.slice(0, -1).join(", ")} y ${c.tied[c.tied.length - 1]}`;
  return `Empate entre ${names} resuelto al azar (${c.sign}).`;
}

/** Most frequent exact score; ties go to the best-ranked user holding one of the tied scores. */
function mergePleno(ranked: RankedPrediction[]): Score | null {
  const scores = ranked.map((u) => u.pleno).filter((s): s is Score => s !== null);
  const freq = (s: Score) => scores.filter((o) => sameScore(o, s)).length;
  const max = Math.max(0, ...scores.map(freq));
  const best = scores.find((s) => freq(s) === max);
  return best ? { home: best.home, away: best.away } : null;
}

/** Columns of the ticket to play: every double doubles them, every triple triples them (2^doubles × 3^triples). */
export function ticketColumns(matches: Pick[]): number {
  return matches.reduce((columns, pick) => columns * Math.max(1, normalizePick(pick).length), 1);
}

/**
 * What the ticket's columns cost at the season's price per bet, both in integer cents (decision 031):
 * an exact product, no rounding. The official slip's minimum of two bets is `slipCost` in
 * core/domain/bet/slip (decision 030).
 */
export function ticketCost(columns: number, priceCents: Cents): Cents {
  if (!Number.isSafeInteger(columns) || columns < 0) throw new RangeError(`Not a number of columns: ${columns}`);
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new RangeError(`Not a price in cents: ${priceCents}`);
  return columns * priceCents;
}

/**
 * How many top players the bet merges (docs/architecture.md#the-group-bet): a value typed by the manager counts when
 * it is an integer of at least 1, anything else typed becomes 1; with nothing typed, the last N
 * used in the group, else the number of predictions, else 1.
 */
export function resolveTopN(requested: unknown, lastTopN: number | null, predictionCount: number): number {
  const typed = typeof requested === "string" ? requested.trim() : requested;
  if (typed === undefined || typed === null || typed === "") {
    if (lastTopN !== null && Number.isInteger(lastTopN) && lastTopN >= 1) return lastTopN;
    return Math.max(1, predictionCount);
  }
  const n = typeof typed === "number" ? typed : typeof typed === "string" && /^\d+$/.test(typed) ? Number(typed) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export const WAITING_TO_GENERATE = "Esperando condiciones para generar";
export const CLOSED_CAN_GENERATE = "La jornada está cerrada por hora/forzado; ya se puede generar la quiniela grupal.";
const ALL_SENT_CAN_GENERATE = "Todos los usuarios con historial de predicción han enviado su pronóstico; ya se puede generar la quiniela grupal.";
const ROUND_STILL_OPEN = "La jornada no está cerrada por hora/forzado; sigue abierta hasta su fecha de cierre.";
const missingUsersText = (n: number) => `Faltan ${n} usuario(s) con historial de predicción por enviar en esta jornada.`;

interface GenerationInput {
  /** The round is force-closed or its close date has passed. */
  closed: boolean;
  /** Members who predicted an earlier round of the group and may predict this one. */
  required: number;
  /** How many of those have sent this round. */
  submitted: number;
}

interface GenerationConditions {
  allowed: boolean;
  missing: number;
  /** Spanish lines saying why generation is or is not allowed yet. */
  reasons: string[];
}

/**
 * Generation (docs/architecture.md#the-group-bet) is allowed once the round is closed (forced or by date), or when every
 * user with a prediction history has sent this round (missing is zero, or nobody is required).
 */
export function generationConditions(input: GenerationInput): GenerationConditions {
  const missing = Math.max(0, input.required - input.submitted);
  if (input.closed) return { allowed: true, missing, reasons: [CLOSED_CAN_GENERATE] };
  if (missing === 0) return { allowed: true, missing, reasons: [ALL_SENT_CAN_GENERATE] };
  return { allowed: false, missing, reasons: [ROUND_STILL_OPEN, missingUsersText(missing)] };
}
