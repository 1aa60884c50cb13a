import { normalizePick, SIGNS, type Pick, type Sign } from "../signs";

/**
 * The six official reduced systems (reducidas) of La Quiniela (decision 030): a reduction plays a
 * fixed subset of the columns of its marked triples and doubles instead of all of them.
 *
 * A table row says which sign each reduced match takes in that column. Positions run over the
 * reduction's triples first, then its doubles, each group in slip order (match 1 to 14). A triple's
 * digit is the sign itself, 0 → 1, 1 → X, 2 → 2; a double's digit is which of its two marked signs,
 * in 1, X, 2 order (for a double X2, 0 → X and 1 → 2).
 *
 * No citable copy of the official tables (Annex II of the game's rules) was found, so no table here
 * is the official one: each is a covering code of the official size, built and proven as decision
 * 030 says, and `verified: false` makes the ticket say "tabla no verificada". The official slip
 * plays the official table; the number of bets and the cost are the same, the columns may differ.
 */

export type ReductionId = 1 | 2 | 3 | 4 | 5 | 6;

export interface Reduction {
  id: ReductionId;
  /** "Reducida 1ª" … "Reducida 6ª". */
  name: string;
  triples: number;
  doubles: number;
  /** Bets it plays (the rows of its table). */
  columns: number;
  /**
   * The guarantee: with every result inside the marks, some column misses at most this many of the
   * reduced matches (1: 13 hits if the other matches are right; 2: 12). Proven by enumeration in
   * reductions.test.ts.
   */
  maxMisses: 1 | 2;
  /** True only for a table checked against a citable copy of the official one. */
  verified: boolean;
  /** Where the table comes from. */
  source: string;
  table: readonly string[];
}

const BUILT = "Decision 030: official size; no citable official table was found, so a covering code";

export const REDUCTIONS: Readonly<Record<ReductionId, Reduction>> = {
  1: {
    id: 1,
    name: "Reducida 1ª",
    triples: 4,
    doubles: 0,
    columns: 9,
    maxMisses: 1,
    verified: false,
    source: `${BUILT}: the ternary Hamming code of length 4, words (a, b, a+b, a+2b) mod 3.`,
    // prettier-ignore
    table: [
    "0000", "0112", "0221", "1011", "1120", "1202", "2022", "2101", "2210",
    ],
  },
  2: {
    id: 2,
    name: "Reducida 2ª",
    triples: 0,
    doubles: 7,
    columns: 16,
    maxMisses: 1,
    verified: false,
    source: `${BUILT}: the binary Hamming code of length 7, data d1–d4 and checks d1+d2+d4, d1+d3+d4, d2+d3+d4.`,
    // prettier-ignore
    table: [
    "0000000", "0001111", "0010011", "0011100", "0100101", "0101010", "0110110", "0111001", "1000110",
    "1001001", "1010101", "1011010", "1100011", "1101100", "1110000", "1111111",
    ],
  },
  3: {
    id: 3,
    name: "Reducida 3ª",
    triples: 3,
    doubles: 3,
    columns: 24,
    maxMisses: 1,
    verified: false,
    source: `${BUILT} of radius 1 found by a local search over the 216 outcomes.`,
    // prettier-ignore
    table: [
    "000000", "000101", "000111", "011001", "011010", "011110", "022011", "022100", "101011", "101100",
    "112000", "112101", "112111", "120001", "120010", "120110", "202001", "202010", "202110", "210011",
    "210100", "221000", "221101", "221111",
    ],
  },
  4: {
    id: 4,
    name: "Reducida 4ª",
    triples: 2,
    doubles: 6,
    columns: 64,
    maxMisses: 1,
    verified: false,
    source: `${BUILT} of radius 1 found by a local search over the 576 outcomes.`,
    // prettier-ignore
    table: [
    "00001010", "00001011", "00010010", "00010011", "00010110", "00010111", "00101000", "00101001",
    "00110000", "00110001", "00110100", "00110101", "01000100", "01011000", "01100111", "01111011",
    "02000001", "02001101", "02011101", "02100010", "02101110", "02111110", "10000101", "10011001",
    "10100110", "10111010", "11000010", "11000011", "11001110", "11001111", "11011110", "11011111",
    "11100000", "11100001", "11101100", "11101101", "11111100", "11111101", "12001000", "12010000",
    "12010100", "12101011", "12110011", "12110111", "20000000", "20001100", "20011100", "20100011",
    "20101111", "20111111", "21001001", "21010001", "21010101", "21101010", "21110010", "21110110",
    "22000110", "22000111", "22011010", "22011011", "22100100", "22100101", "22111000", "22111001",
    ],
  },
  5: {
    id: 5,
    name: "Reducida 5ª",
    triples: 8,
    doubles: 0,
    columns: 81,
    maxMisses: 2,
    verified: false,
    source: `${BUILT}: the linear ternary [8, 4] code of the parity checks in decision 030 (radius 2; radius 1 would need 386 columns).`,
    // prettier-ignore
    table: [
    "00000000", "00001120", "00002210", "00010220", "00011010", "00012100", "00020110", "00021200",
    "00022020", "01200201", "01201021", "01202111", "01210121", "01211211", "01212001", "01220011",
    "01221101", "01222221", "02100102", "02101222", "02102012", "02110022", "02111112", "02112202",
    "02120212", "02121002", "02122122", "10200002", "10201122", "10202212", "10210222", "10211012",
    "10212102", "10220112", "10221202", "10222022", "11100200", "11101020", "11102110", "11110120",
    "11111210", "11112000", "11120010", "11121100", "11122220", "12000101", "12001221", "12002011",
    "12010021", "12011111", "12012201", "12020211", "12021001", "12022121", "20100001", "20101121",
    "20102211", "20110221", "20111011", "20112101", "20120111", "20121201", "20122021", "21000202",
    "21001022", "21002112", "21010122", "21011212", "21012002", "21020012", "21021102", "21022222",
    "22200100", "22201220", "22202010", "22210020", "22211110", "22212200", "22220210", "22221000",
    "22222120",
    ],
  },
  6: {
    id: 6,
    name: "Reducida 6ª",
    triples: 0,
    doubles: 11,
    columns: 132,
    maxMisses: 2,
    verified: false,
    source: `${BUILT}: the linear binary [11, 7] code of decision 030 plus 4 words (radius 2; radius 1 would need 171 columns).`,
    // prettier-ignore
    table: [
    "00000000000", "00000011111", "00000100011", "00000111100", "00001000101", "00001011010", "00001100110",
    "00001111001", "00010001001", "00010010110", "00010101010", "00010110101", "00011001100", "00011010011",
    "00011101111", "00011110000", "00100000110", "00100011001", "00100100101", "00100111010", "00101000011",
    "00101011100", "00101100000", "00101111111", "00110001111", "00110010000", "00110101100", "00110110011",
    "00111001010", "00111010101", "00111101001", "00111110110", "01000001010", "01000010101", "01000101001",
    "01000110110", "01001001111", "01001010000", "01001101100", "01001110011", "01010000011", "01010011100",
    "01010100000", "01010111111", "01011000110", "01011011001", "01011100101", "01011111010", "01100001100",
    "01100010011", "01100101111", "01100110000", "01101001001", "01101010110", "01101101010", "01101110101",
    "01110000101", "01110011010", "01110100110", "01110111001", "01111000000", "01111011111", "01111100011",
    "01111111100", "10000001100", "10000010011", "10000101111", "10000110000", "10001001001", "10001010110",
    "10001101010", "10001110101", "10010000101", "10010011010", "10010100110", "10010111001", "10011000000",
    "10011011111", "10011100011", "10011111100", "10100001010", "10100010101", "10100101001", "10100110110",
    "10101001111", "10101010000", "10101101100", "10101110011", "10110000011", "10110011100", "10110100000",
    "10110111111", "10111000110", "10111011001", "10111100101", "10111111010", "11000000110", "11000011001",
    "11000100101", "11000111010", "11001000011", "11001011100", "11001100000", "11001111111", "11010001111",
    "11010010000", "11010101100", "11010110011", "11011001010", "11011010101", "11011101001", "11011110110",
    "11100000000", "11100011111", "11100100011", "11100111100", "11101000101", "11101011010", "11101100110",
    "11101111001", "11110001001", "11110010110", "11110101010", "11110110101", "11111001100", "11111010011",
    "11111101111", "11111110000", "00000000001", "00000000010", "00000000100", "00000000111",
    ],
  },
};

export const REDUCTION_IDS: readonly ReductionId[] = [1, 2, 3, 4, 5, 6];

export function isReductionId(x: unknown): x is ReductionId {
  return typeof x === "number" && (REDUCTION_IDS as readonly number[]).includes(x);
}

/** The official reduction for that many reduced doubles and triples, or null (none is authorised). */
export function reductionFor(doubles: number, triples: number): Reduction | null {
  return REDUCTION_IDS.map((id) => REDUCTIONS[id]).find((r) => r.doubles === doubles && r.triples === triples) ?? null;
}

/**
 * The reduction's columns over its matches, as signs in slip order. `picks` are the reduced
 * matches' marks in slip order (each a double or a triple); they must hold exactly the reduction's
 * triples and doubles (RangeError otherwise).
 */
export function reducedColumns(reduction: Reduction, picks: readonly Pick[]): Sign[][] {
  const marks = picks.map(normalizePick);
  const triples = marks.flatMap((m, i) => (m.length === 3 ? [i] : []));
  const doubles = marks.flatMap((m, i) => (m.length === 2 ? [i] : []));
  if (triples.length !== reduction.triples || doubles.length !== reduction.doubles || triples.length + doubles.length !== marks.length) {
    throw new RangeError(`${reduction.name} needs ${reduction.triples} triples and ${reduction.doubles} doubles.`);
  }
  const positions = [...triples, ...doubles];
  return reduction.table.map((row) => {
    const signs: Sign[] = new Array<Sign>(marks.length);
    positions.forEach((match, p) => {
      const digit = Number(row[p]);
      signs[match] = p < triples.length ? SIGNS[digit] : marks[match][digit];
    });
    return signs;
  });
}
