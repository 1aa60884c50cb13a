import type { Breakdown } from "./hits";

export interface PointValues {
  single: number;
  double: number;
  triple: number;
  pleno: number;
}

export const DEFAULT_POINTS: PointValues = { single: 1, double: 0.75, triple: 0, pleno: 5 };

export function pointsOf(b: Breakdown, v: PointValues): number {
  const x = b.simpleHits * v.single + b.dobleHits * v.double + b.tripleHits * v.triple + b.pleno15Hits * v.pleno;
  // Season values such as 0.1 leave binary noise (0.30000000000000004) that would show in the table.
  return Math.round(x * 100) / 100;
}
