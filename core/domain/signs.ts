export const SIGNS = ["1", "X", "2"] as const;
export type Sign = (typeof SIGNS)[number];
export type Pick = Sign[];
export interface Score {
  home: number;
  away: number;
}

/** Matches 1–14 take signs; the pleno al quince (match 15) takes a score. */
export const MATCHES = 14;

export function isSign(x: unknown): x is Sign {
  return typeof x === "string" && (SIGNS as readonly string[]).includes(x);
}

// Stored and posted picks come in many shapes (numbers from JSON, "x", padded "X " from SELAE).
function toSign(x: unknown): Sign | null {
  const s = typeof x === "number" || typeof x === "string" ? String(x).trim().toUpperCase() : "";
  return isSign(s) ? s : null;
}

/** Valid signs of a pick, deduplicated, in canonical 1, X, 2 order; a string is read as its characters ("1X"). */
export function normalizePick(p: unknown): Pick {
  const raw: unknown[] = Array.isArray(p) ? p : typeof p === "string" ? [...p] : p == null ? [] : [p];
  const found = new Set(raw.map(toSign));
  return SIGNS.filter((s) => found.has(s));
}

export function pickKind(p: Pick): "single" | "double" | "triple" | "empty" {
  const kinds = ["empty", "single", "double", "triple"] as const;
  return kinds[normalizePick(p).length];
}

/**
 * Reads a score from `{home, away}` or `{Home, Away}` whose goals are integers (numbers or digit
 * strings from forms) in 0..maxGoals; null otherwise. The editor of the group bet uses maxGoals 9.
 */
export function parseScore(x: unknown, maxGoals = 10): Score | null {
  if (typeof x !== "object" || x === null) return null;
  const o = x as Record<string, unknown>;
  const home = parseGoals(o.home ?? o.Home, maxGoals);
  const away = parseGoals(o.away ?? o.Away, maxGoals);
  return home === null || away === null ? null : { home, away };
}

function parseGoals(v: unknown, max: number): number | null {
  // Number("") is 0, so blank form fields must be rejected before converting.
  const n = typeof v === "number" ? v : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= max ? n : null;
}

export function sameScore(a: Score | null, b: Score | null): boolean {
  return a !== null && b !== null && a.home === b.home && a.away === b.away;
}
