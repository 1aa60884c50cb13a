/**
 * Money, once (decision 031): every amount is an integer number of euro cents. Text typed by a
 * person is parsed here, amounts are shown by `formatEuros`, shares come from `splitEven` and
 * `splitWeighted`, and the only place a float in euros becomes cents is `eurosToCents`.
 */

/** An integer number of euro cents. */
export type Cents = number;

/** Between the amount and the euro sign: a no-break space, so "1.234,50 €" never wraps. */
export const NBSP = "\u00a0";

export type MoneyErrorCode = "empty" | "format" | "decimals" | "negative" | "too-large";

const MESSAGES: Record<MoneyErrorCode, string> = {
  empty: "Escribe una cantidad en euros.",
  format: "La cantidad no es válida: escribe euros con coma decimal, por ejemplo 12,50 o 1.234,50.",
  decimals: "La cantidad tiene más de dos decimales: los euros llegan a los céntimos (12,50).",
  negative: "La cantidad no puede ser negativa.",
  "too-large": "La cantidad es demasiado grande.",
};

/** A text that is not an amount of euros; `message` is the Spanish sentence to show. */
export class MoneyError extends Error {
  constructor(readonly code: MoneyErrorCode) {
    super(MESSAGES[code]);
    this.name = "MoneyError";
  }
}

export type ParseResult = { ok: true; cents: Cents } | { ok: false; error: MoneyError };

interface ParseOptions {
  /** A leading minus is refused unless this is true. */
  allowNegative?: boolean;
  /** Largest absolute amount accepted, in cents (default: the largest safe integer). */
  maxCents?: Cents;
}

// Integer part: plain digits, or digits grouped by dots in threes ("1.234.567"); then an optional
// comma and decimals (their count is checked apart, to give its own message); then an optional €.
const AMOUNT = /^([+-]?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?(?:\s*€)?$/u;

/**
 * Reads Spanish text as cents: "12" → 1200, "12,5" → 1250, "12,50" → 1250, "1.234,50" → 123450,
 * "1234,50 €" → 123450. The comma is the only decimal mark: "12.50" is refused (in Spanish the dot
 * groups thousands, so it would read as a mistyped 1250). Spaces around, and before the €, may be
 * any white space, the no-break space that `formatEuros` writes included.
 */
export function parseEuros(text: string, options: ParseOptions = {}): ParseResult {
  const fail = (code: MoneyErrorCode): ParseResult => ({ ok: false, error: new MoneyError(code) });
  const s = typeof text === "string" ? text.trim() : "";
  if (s === "") return fail("empty");
  const m = AMOUNT.exec(s);
  if (!m) return fail("format");
  const [, sign, whole, decimals = ""] = m;
  if (decimals.length > 2) return fail("decimals");
  if (sign === "-" && !options.allowNegative) return fail("negative");
  const digits = whole.replaceAll(".", "") + decimals.padEnd(2, "0");
  const max = options.maxCents ?? Number.MAX_SAFE_INTEGER;
  // Compared as digit strings first, so a 30-digit text cannot round on its way to a number.
  if (digits.replace(/^0+(?=\d)/, "").length > 16) return fail("too-large");
  const abs = Number(digits);
  if (!Number.isSafeInteger(abs) || abs > max) return fail("too-large");
  return { ok: true, cents: sign === "-" && abs !== 0 ? -abs : abs };
}

/** `parseEuros` for callers that prefer an exception: throws the `MoneyError`. */
export function parseEurosOrThrow(text: string, options: ParseOptions = {}): Cents {
  const r = parseEuros(text, options);
  if (!r.ok) throw r.error;
  return r.cents;
}

/**
 * Cents as Spanish euros: 123450 → "1.234,50 €", 5 → "0,05 €", -1250 → "-12,50 €". Always two
 * decimals, a dot every three digits from 1.000 up (es-ES Intl leaves 4-digit amounts ungrouped,
 * "1234,50 €", so the grouping is done here, the same in every browser and in Node), and a no-break
 * space before the €.
 */
export function formatEuros(cents: Cents): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ".");
  const decimals = String(abs % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}${whole},${decimals}${NBSP}€`;
}

/**
 * Cents as a spreadsheet cell in Spanish: 123450 → "1234,50", -5 → "-0,05". No euro sign and no
 * thousands dot, so a spreadsheet reads it as a number and parseEuros reads it back.
 */
export function plainEuros(cents: Cents): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/**
 * The one conversion from euros as a number (a JSON field, a PostgreSQL numeric read as a number or
 * as its digits "0.75") to cents. A number is rounded with Math.round(x × 100): exact for any value
 * with at most two decimals, whose float is within far less than half a cent of the true amount. A
 * value with a third decimal is refused (RangeError) rather than silently rounded; so is anything
 * that is not a finite amount.
 */
export function eurosToCents(euros: number | string): Cents {
  if (typeof euros === "string") {
    const m = /^\s*(-?)(\d+)(?:\.(\d{1,2}))?\s*$/.exec(euros);
    if (!m) throw new RangeError(`Not an amount of euros with at most two decimals: ${JSON.stringify(euros)}`);
    const cents = Number(m[2] + (m[3] ?? "").padEnd(2, "0"));
    if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount too large: ${euros}`);
    return m[1] === "-" && cents !== 0 ? -cents : cents;
  }
  if (typeof euros !== "number" || !Number.isFinite(euros)) throw new RangeError(`Not an amount of euros: ${String(euros)}`);
  const cents = Math.round(euros * 100);
  // A third decimal puts x × 100 at least 0.1 away from an integer; the float error of a two-decimal
  // value stays under 0.001 up to 10^12 cents, the largest amount read this way.
  if (Math.abs(cents) > MAX_FLOAT_CENTS) throw new RangeError(`Amount too large: ${euros}`);
  if (Math.abs(euros * 100 - cents) > 1e-3) throw new RangeError(`Not an amount of euros with at most two decimals: ${euros}`);
  return cents === 0 ? 0 : cents;
}

const MAX_FLOAT_CENTS = 1e12;

/** Cents as euros for the wire (the contract's fields stay in euros): 1250 → 12.5. */
export function centsToEuros(cents: Cents): number {
  assertCents(cents);
  return cents / 100;
}

/**
 * `total` in `n` shares that add up to it exactly, each the quotient or one cent more; the first
 * `total mod n` shares take the extra cent. splitEven(1000, 3) → [334, 333, 333].
 */
export function splitEven(total: Cents, n: number): Cents[] {
  assertCents(total);
  if (total < 0) throw new RangeError("A share-out needs a total of 0 or more cents.");
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError("A share-out needs at least one share.");
  const base = Math.floor(total / n);
  const extra = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * `total` shared in proportion to integer `weights` (e.g. what each player put in), adding up to it
 * exactly: each share is its exact proportion rounded down, and the cents left go one each to the
 * largest remainders (largest-remainder method), earlier shares first among equal remainders. A
 * zero weight gets nothing. splitWeighted(100, [1, 1, 1]) → [34, 33, 33].
 */
export function splitWeighted(total: Cents, weights: readonly number[]): Cents[] {
  assertCents(total);
  if (total < 0) throw new RangeError("A share-out needs a total of 0 or more cents.");
  if (weights.length === 0) throw new RangeError("A share-out needs at least one share.");
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError("Weights must be integers of 0 or more.");
  }
  // BigInt: total × weight can pass 2^53 for large prizes and weights, and must stay exact.
  const sum = weights.reduce((a, w) => a + BigInt(w), 0n);
  if (sum === 0n) throw new RangeError("At least one weight must be more than 0.");
  const t = BigInt(total);
  const exact = weights.map((w) => t * BigInt(w));
  const shares = exact.map((x) => x / sum);
  let left = Number(t - shares.reduce((a, s) => a + s, 0n));
  const order = exact
    .map((x, i) => ({ i, rem: x % sum }))
    .filter((r) => weights[r.i] > 0)
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of order) {
    if (left === 0) break;
    shares[i] += 1n;
    left--;
  }
  return shares.map(Number);
}

function assertCents(c: Cents): void {
  if (!Number.isSafeInteger(c)) throw new RangeError(`Not an integer number of cents: ${String(c)}`);
}
