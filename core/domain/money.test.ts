import { describe, expect, it } from "vitest";
import { centsToEuros, eurosToCents, formatEuros, MoneyError, plainEuros, NBSP, parseEuros, parseEurosOrThrow, splitEven, splitWeighted } from "./money";

const cents = (text: string, allowNegative = false) => {
  const r = parseEuros(text, { allowNegative });
  return r.ok ? r.cents : r.error.code;
};

describe("parseEuros", () => {
  it("reads Spanish amounts to cents", () => {
    expect(cents("12,50")).toBe(1250);
    expect(cents("12")).toBe(1200);
    expect(cents("12,5")).toBe(1250);
    expect(cents("1.234,50")).toBe(123450);
    expect(cents("1234,50")).toBe(123450);
    expect(cents("1.234.567,89")).toBe(123456789);
    expect(cents("0,05")).toBe(5);
    expect(cents("  7,25 € ")).toBe(725);
    expect(cents(`1.234,50${NBSP}€`)).toBe(123450);
    expect(cents("1.234,50\u202f€")).toBe(123450);
    expect(cents("+3")).toBe(300);
  });

  it("refuses more than two decimals, negatives unless allowed, and garbage, each with its Spanish message", () => {
    expect(cents("12,505")).toBe("decimals");
    expect(cents("-1")).toBe("negative");
    expect(cents("-1,5", true)).toBe(-150);
    expect(cents("-0", true)).toBe(0);
    for (const bad of ["abc", "12.50", "1.23,4", "1,2,3", "12,", ",5", "1 234", "€12", "12 € 3", "1..234", "0x10", "1e3", "Infinity"]) {
      expect(cents(bad), bad).toBe("format");
    }
    expect(cents("")).toBe("empty");
    expect(cents("   ")).toBe("empty");
    expect(cents("123456789012345678901234567890")).toBe("too-large");
    expect(parseEuros("10,01", { maxCents: 1000 })).toMatchObject({ ok: false, error: { code: "too-large" } });
    const r = parseEuros("12,345");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/más de dos decimales/);
    expect(() => parseEurosOrThrow("nada")).toThrow(MoneyError);
    expect(parseEurosOrThrow("0,75")).toBe(75);
  });
});

describe("plainEuros", () => {
  it("writes cents as a Spanish spreadsheet number that parseEuros reads back, for every cent around the edges", () => {
    expect(plainEuros(123450)).toBe("1234,50");
    expect(plainEuros(-5)).toBe("-0,05");
    expect(plainEuros(0)).toBe("0,00");
    for (const cents of [...Array.from({ length: 2001 }, (_, i) => i - 1000), 99_999_999, -99_999_999]) {
      const read = parseEuros(plainEuros(cents), { allowNegative: true });
      expect(read.ok && read.cents).toBe(cents);
    }
  });
});

describe("formatEuros", () => {
  it("writes es-ES euros with a dot every three digits, 4-digit amounts included", () => {
    expect(formatEuros(123450)).toBe(`1.234,50${NBSP}€`);
    expect(formatEuros(0)).toBe(`0,00${NBSP}€`);
    expect(formatEuros(5)).toBe(`0,05${NBSP}€`);
    expect(formatEuros(75)).toBe(`0,75${NBSP}€`);
    expect(formatEuros(99999)).toBe(`999,99${NBSP}€`);
    expect(formatEuros(100000)).toBe(`1.000,00${NBSP}€`);
    expect(formatEuros(123456789)).toBe(`1.234.567,89${NBSP}€`);
    expect(formatEuros(-1250)).toBe(`-12,50${NBSP}€`);
    expect(() => formatEuros(1.5)).toThrow(RangeError);
  });

  it("is read back to the same cents over a range (round trip)", () => {
    for (let c = -20_000; c <= 300_000; c++) {
      const r = parseEuros(formatEuros(c), { allowNegative: true });
      if (!r.ok || r.cents !== c) throw new Error(`round trip broke at ${c}: ${formatEuros(c)}`);
    }
    for (const c of [Number.MAX_SAFE_INTEGER, 10 ** 15, 1234567890123]) expect(parseEurosOrThrow(formatEuros(c))).toBe(c);
  });
});

describe("eurosToCents / centsToEuros", () => {
  it("converts two-decimal euros exactly, numbers and PostgreSQL digits alike", () => {
    expect(eurosToCents(0.75)).toBe(75);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(1.15)).toBe(115);
    expect(eurosToCents(1234.5)).toBe(123450);
    expect(eurosToCents("0.75")).toBe(75);
    expect(eurosToCents("12")).toBe(1200);
    expect(eurosToCents("12.5")).toBe(1250);
    expect(eurosToCents(-0)).toBe(0);
    // Every two-decimal value up to 100.000 € as the float JSON would carry it.
    for (let c = 0; c <= 10_000_000; c += 7) {
      if (eurosToCents(c / 100) !== c) throw new Error(`${c / 100} did not give ${c}`);
    }
    expect(centsToEuros(1250)).toBe(12.5);
    expect(centsToEuros(75)).toBe(0.75);
  });

  it("refuses a third decimal and non-amounts instead of rounding them away", () => {
    expect(() => eurosToCents(0.755)).toThrow(RangeError);
    expect(() => eurosToCents(NaN)).toThrow(RangeError);
    expect(() => eurosToCents("0.755")).toThrow(RangeError);
    expect(() => eurosToCents("abc")).toThrow(RangeError);
    expect(() => eurosToCents(1e13)).toThrow(RangeError);
    expect(() => centsToEuros(0.5)).toThrow(RangeError);
  });
});

describe("splitEven", () => {
  it("gives the extra cents to the first shares", () => {
    expect(splitEven(1000, 3)).toEqual([334, 333, 333]);
    expect(splitEven(2, 3)).toEqual([1, 1, 0]);
    expect(splitEven(0, 2)).toEqual([0, 0]);
    expect(() => splitEven(100, 0)).toThrow(RangeError);
    expect(() => splitEven(-1, 2)).toThrow(RangeError);
    expect(() => splitEven(1.5, 2)).toThrow(RangeError);
  });

  it("adds up exactly, with integer shares at most one cent apart, for every total 0..5000 and n 1..25", () => {
    for (let total = 0; total <= 5000; total++) {
      for (let n = 1; n <= 25; n++) {
        const shares = splitEven(total, n);
        let sum = 0;
        let min = Infinity;
        let max = -Infinity;
        for (const s of shares) {
          if (!Number.isInteger(s) || s < 0) throw new Error(`non-integer share at ${total}/${n}`);
          sum += s;
          min = Math.min(min, s);
          max = Math.max(max, s);
        }
        if (shares.length !== n || sum !== total || max - min > 1) throw new Error(`bad split of ${total} in ${n}: ${shares}`);
        // Non-increasing: the first shares are the ones with the extra cent.
        for (let i = 1; i < n; i++) if (shares[i] > shares[i - 1]) throw new Error(`extra cent not first at ${total}/${n}`);
      }
    }
  });
});

describe("splitWeighted", () => {
  it("shares in proportion to the weights by largest remainder", () => {
    expect(splitWeighted(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitWeighted(1000, [1, 3])).toEqual([250, 750]);
    expect(splitWeighted(10, [1, 0, 2])).toEqual([3, 0, 7]);
    // 7 × 2/7 = 2, 7 × 5/7 = 5: no remainder to give.
    expect(splitWeighted(7, [2, 5])).toEqual([2, 5]);
    // 100 × 1/6 = 16.67, 100 × 2/6 = 33.33, 100 × 3/6 = 50: the cent left goes to the largest remainder (the first).
    expect(splitWeighted(100, [1, 2, 3])).toEqual([17, 33, 50]);
    expect(splitWeighted(Number.MAX_SAFE_INTEGER, [Number.MAX_SAFE_INTEGER, 1]).reduce((a, b) => a + b, 0)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => splitWeighted(10, [0, 0])).toThrow(RangeError);
    expect(() => splitWeighted(10, [])).toThrow(RangeError);
    expect(() => splitWeighted(10, [1.5])).toThrow(RangeError);
    expect(() => splitWeighted(10, [-1, 2])).toThrow(RangeError);
  });

  it("adds up exactly and each share is its exact proportion rounded down or up, over totals and weight sets", () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let total = 0; total <= 5000; total += 3) {
      for (let k = 1; k <= 6; k++) {
        const weights: number[] = Array.from({ length: k }, () => random(10));
        if (!weights.some((w) => w > 0)) weights[0] = 1;
        const shares = splitWeighted(total, weights);
        const W = weights.reduce((a, b) => a + b, 0);
        if (shares.reduce((a, b) => a + b, 0) !== total) throw new Error(`sum broke at ${total} ${weights}`);
        shares.forEach((s, i) => {
          const exact = (total * weights[i]) / W;
          if (!Number.isInteger(s) || s < Math.floor(exact) || s > Math.ceil(exact)) throw new Error(`share ${i} of ${total} ${weights}: ${s}`);
        });
      }
    }
    // Equal weights behave as splitEven.
    for (let total = 0; total <= 500; total++) for (let n = 1; n <= 25; n++) expect(splitWeighted(total, Array(n).fill(4))).toEqual(splitEven(total, n));
  });
});
