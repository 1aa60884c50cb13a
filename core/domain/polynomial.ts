/**
 * Polynomials in x by their coefficients, constant first, as the escrutinio, the odds and the live
 * view count hits: the coefficient of x^k is the number of columns (or the probability) with k hits.
 */

/** (a + b·x) · poly, in place into `out` (length poly.length + 1). */
export function mulLinear(poly: readonly number[], a: number, b: number, out: number[] = new Array<number>(poly.length + 1)): number[] {
  out[0] = poly[0] * a;
  for (let k = 1; k < poly.length; k++) out[k] = poly[k] * a + poly[k - 1] * b;
  out[poly.length] = poly[poly.length - 1] * b;
  return out;
}

/** The product of two polynomials: with columns counted by hits, the columns of two blocks played together. */
export function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) if (a[i] !== 0) for (let j = 0; j < b.length; j++) out[i + j] += a[i] * b[j];
  return out;
}
