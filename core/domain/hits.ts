import { MATCHES, pickKind, sameScore, type Pick, type Score, type Sign } from "./signs";

export interface Results {
  matches: (Sign | null)[];
  pleno: Score | null;
}

interface PredictionPicks {
  matches: Pick[];
  pleno: Score | null;
}

export interface Breakdown {
  simpleHits: number;
  simpleTotal: number;
  dobleHits: number;
  dobleTotal: number;
  tripleHits: number;
  tripleTotal: number;
  pleno15Hits: number;
  pleno15Total: number;
  /** Match hits of every kind plus the pleno: at most 15 per round. */
  hits: number;
}

export function emptyBreakdown(): Breakdown {
  return {
    simpleHits: 0,
    simpleTotal: 0,
    dobleHits: 0,
    dobleTotal: 0,
    tripleHits: 0,
    tripleTotal: 0,
    pleno15Hits: 0,
    pleno15Total: 0,
    hits: 0,
  };
}

export function addBreakdown(a: Breakdown, b: Breakdown): Breakdown {
  const sum = emptyBreakdown();
  for (const k of Object.keys(sum) as (keyof Breakdown)[]) sum[k] = a[k] + b[k];
  return sum;
}

const BUCKET = {
  // A blank match is a plain miss: leaving it out of the totals would reward blanks in accuracy.
  empty: ["simpleHits", "simpleTotal"],
  single: ["simpleHits", "simpleTotal"],
  double: ["dobleHits", "dobleTotal"],
  triple: ["tripleHits", "tripleTotal"],
} as const;

export function scorePrediction(p: PredictionPicks, r: Results): Breakdown {
  const b = emptyBreakdown();
  for (let i = 0; i < MATCHES; i++) {
    const official = r.matches[i] ?? null;
    if (official === null) continue;
    const pick = p.matches[i] ?? [];
    const [hitKey, totalKey] = BUCKET[pickKind(pick)];
    b[totalKey]++;
    if (pick.includes(official)) {
      b[hitKey]++;
      b.hits++;
    }
  }
  if (r.pleno !== null) {
    b.pleno15Total++;
    if (sameScore(p.pleno, r.pleno)) {
      b.pleno15Hits++;
      b.hits++;
    }
  }
  return b;
}
