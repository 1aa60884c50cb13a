import type { SignProbs } from "../bet/chances";
import { MATCHES } from "../signs";

/**
 * The public's betting percentages of a jornada (decision 044): per match, the share of the bets
 * on 1, X and 2, as the operator publishes them, kept in basis points (hundredths of a percent).
 */
export type SharesBp = [number, number, number];

/** Probabilities as basis points that add up to exactly 10000 (the largest takes the rounding). */
export function toBasisPoints(p: SignProbs): SharesBp {
  const bp = p.map((x) => Math.round(x * 10_000)) as SharesBp;
  const k = [0, 1, 2].reduce((a, b) => (bp[b] > bp[a] ? b : a));
  bp[k] += 10_000 - (bp[0] + bp[1] + bp[2]);
  return bp;
}

/** Basis points as probabilities, scaled to add up to 1 (a published row rarely adds to exactly 100). */
export function fromBasisPoints(bp: readonly number[]): SignProbs {
  const t = bp[0] + bp[1] + bp[2];
  return t > 0 ? [bp[0] / t, bp[1] / t, bp[2] / t] : [1 / 3, 1 / 3, 1 / 3];
}

export const SHARES_TABLE_REQUIRED = "Pega la tabla de porcentajes: una línea por partido, del 1 al 14, con los porcentajes de 1, X y 2.";
export const sharesLineMessage = (line: number) =>
  `La línea ${line} no tiene tres porcentajes (1, X y 2) que sumen unos 100: escribe por ejemplo «1 Sevilla - Betis 45 30 25».`;
export const sharesCountMessage = (found: number) => `La tabla tiene ${found} partidos con porcentajes; hacen falta los 14.`;

/**
 * A pasted percentages table: one match a line, its last three numbers the percentages of 1, X and
 * 2 ("1. Sevilla - Betis 45 % 30 % 25 %", "45,5 29,5 25"); blank lines and lines with fewer than
 * three numbers (headers) are skipped. Each row must add up to 100 ± 2, and there must be 14.
 */
export function parseSharesTable(text: string): { ok: true; shares: SharesBp[] } | { ok: false; message: string } {
  if (!text.trim()) return { ok: false, message: SHARES_TABLE_REQUIRED };
  const shares: SharesBp[] = [];
  for (const [k, line] of text.split(/\r?\n/).entries()) {
    // A leading match number ("1.", "14 ") is not a percentage.
    const body = line.replace(/^\s*\d{1,2}\s*[.)-]?\s+(?=\D)/, "");
    const numbers = (body.match(/\d+(?:[.,]\d+)?/g) ?? []).map((n) => Number(n.replace(",", ".")));
    // Headers ("Partido 1 X 2") and blank lines: fewer than three numbers.
    if (numbers.length < 3) continue;
    const [a, b, c] = numbers.slice(-3);
    const sum = a + b + c;
    if (sum < 98 || sum > 102) return { ok: false, message: sharesLineMessage(k + 1) };
    shares.push([Math.round(a * 100), Math.round(b * 100), Math.round(c * 100)]);
  }
  if (shares.length !== MATCHES) return { ok: false, message: sharesCountMessage(shares.length) };
  return { ok: true, shares };
}

/** The table as it is shown back in the form: "45 30 25" per line. */
export function sharesText(shares: readonly (readonly number[])[]): string {
  const pct = (bp: number) => (bp % 100 === 0 ? String(bp / 100) : (bp / 100).toFixed(2).replace(".", ","));
  return shares.map((s, i) => `${i + 1}. ${pct(s[0])} ${pct(s[1])} ${pct(s[2])}`).join("\n");
}

const num = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() ? Number(v.replace("%", "").replace(",", ".").trim()) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : null;
};

/**
 * The percentages when the lottery's answer carries them: its field names are not in our recorded
 * answers, so each match of `partidos` is read loosely (`porcentaje_1`/`porcentaje_x`/`porcentaje_2`,
 * `porc1`/`porcX`/`porc2`, or `porcentajes: { "1", "X", "2" }`), in percent. Anything short of 14
 * readable rows that add up to about 100 gives null, never an error.
 */
export function sharesFromDraw(partidos: unknown): SharesBp[] | null {
  if (!Array.isArray(partidos)) return null;
  const rows: SharesBp[] = [];
  for (const p of partidos.slice(0, MATCHES)) {
    if (!p || typeof p !== "object") return null;
    const o = p as Record<string, unknown>;
    const nested = (o.porcentajes ?? o.porcentaje) as Record<string, unknown> | undefined;
    const pick = (s: "1" | "x" | "2") =>
      num(o[`porcentaje_${s}`] ?? o[`porcentaje${s}`] ?? o[`porc${s}`] ?? o[`porc${s.toUpperCase()}`] ?? o[`porcentaje_${s.toUpperCase()}`]) ??
      (nested && typeof nested === "object" ? num(nested[s] ?? nested[s.toUpperCase()]) : null);
    const [a, b, c] = [pick("1"), pick("x"), pick("2")];
    if (a === null || b === null || c === null || Math.abs(a + b + c - 100) > 2) return null;
    rows.push([Math.round(a * 100), Math.round(b * 100), Math.round(c * 100)]);
  }
  return rows.length === MATCHES ? rows : null;
}
