import { MATCHES, normalizePick, sameScore, SIGNS, type Pick, type Score, type Sign } from "./signs";

export interface RankedPrediction {
  userId: number;
  username: string;
  rank: number;
  matches: Pick[];
  pleno: Score | null;
}

export interface GroupBetInput {
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
    return choose(i, among.filter((s) => votes[i][s] === max));
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
        const second = topOf(i, SIGNS.filter((s) => s !== first.sign));
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
