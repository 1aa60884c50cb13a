/**
 * A small seeded generator (mulberry32) of numbers in [0, 1): data that varies but is the same on
 * every run, so a failing test or a benchmark can be replayed. For tests, benchmarks and the demo,
 * never for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` probability triples of 1, X and 2 that vary from match to match: each sign at least `floor` before they are scaled to sum 1. */
export function randomSignOdds(random: () => number, count: number, floor: number): [number, number, number][] {
  return Array.from({ length: count }, () => {
    const x = [random() + floor, random() * 0.6 + floor, random() + floor];
    const sum = x[0] + x[1] + x[2];
    return [x[0] / sum, x[1] / sum, x[2] / sum];
  });
}
