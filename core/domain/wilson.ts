/** Lower bound of the Wilson score interval: ranks a few lucky rounds below a long steady record. */
export function wilsonLowerBound(hits: number, n: number, z = 1.96): number {
  if (n <= 0) return 0;
  const p = Math.min(Math.max(hits / n, 0), 1);
  const z2 = z * z;
  // Clamped because with no hits the two terms cancel only up to float error.
  return Math.max(0, (p + z2 / (2 * n) - z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n));
}

export function accuracy(hits: number, n: number): number {
  return n > 0 ? hits / n : 0;
}
