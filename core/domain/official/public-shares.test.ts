import { describe, expect, it } from "vitest";
import {
  fromBasisPoints,
  parseSharesTable,
  SHARES_TABLE_REQUIRED,
  sharesCountMessage,
  sharesFromDraw,
  sharesLineMessage,
  sharesText,
  toBasisPoints,
} from "./public-shares";

const table = Array.from({ length: 14 }, (_, i) => `${i + 1}. Equipo A - Equipo B ${40 + i}% 30% ${30 - i}%`).join("\n");

describe("parseSharesTable", () => {
  it("reads the last three numbers of each line, skipping headers and blanks", () => {
    const r = parseSharesTable(`Partido 1 X 2\n\n${table}\n`);
    expect(r.ok && r.shares[0]).toEqual([4000, 3000, 3000]);
    expect(r.ok && r.shares[13]).toEqual([5300, 3000, 1700]);
  });

  it("reads decimals with a comma", () => {
    const r = parseSharesTable(table.replace("40% 30% 30%", "45,5 29,5 25"));
    expect(r.ok && r.shares[0]).toEqual([4550, 2950, 2500]);
  });

  it("refuses an empty table, a row that does not add up to 100, and fewer than 14 matches", () => {
    expect(parseSharesTable("  ")).toEqual({ ok: false, message: SHARES_TABLE_REQUIRED });
    expect(parseSharesTable(table.replace("40% 30% 30%", "40 30 60"))).toEqual({ ok: false, message: sharesLineMessage(1) });
    expect(parseSharesTable(table.split("\n").slice(0, 13).join("\n"))).toEqual({ ok: false, message: sharesCountMessage(13) });
  });

  it("reads back what it shows", () => {
    const r = parseSharesTable(table);
    expect(r.ok && parseSharesTable(sharesText(r.shares))).toEqual(r);
  });
});

describe("basis points", () => {
  it("add up to exactly 10000 and scale back to probabilities", () => {
    const bp = toBasisPoints([1 / 3, 1 / 3, 1 / 3]);
    expect(bp[0] + bp[1] + bp[2]).toBe(10_000);
    expect(fromBasisPoints([4000, 3000, 2900]).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

describe("sharesFromDraw", () => {
  const partidos = Array.from({ length: 15 }, (_, i) => ({ posicion: i + 1, porcentaje_1: "45,5", porcentaje_x: 30, porcentaje_2: "24.5 %" }));

  it("reads the lottery's percentages of the 14 matches when its answer carries them", () => {
    expect(sharesFromDraw(partidos)).toEqual(Array.from({ length: 14 }, () => [4550, 3000, 2450]));
    expect(sharesFromDraw(partidos.map(() => ({ porcentajes: { "1": 50, X: 30, "2": 20 } }))))?.toHaveLength(14);
  });

  it("gives null for an answer without them (the recorded ones), or with a row that does not add up", () => {
    expect(sharesFromDraw(undefined)).toBeNull();
    expect(sharesFromDraw(partidos.map((p) => ({ posicion: p.posicion, signo: "1" })))).toBeNull();
    expect(sharesFromDraw([{ porcentaje_1: 90, porcentaje_x: 30, porcentaje_2: 20 }, ...partidos])).toBeNull();
  });
});
