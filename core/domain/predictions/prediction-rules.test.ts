import { describe, it, expect } from "vitest";
import { PREDICTION_ERROR, validatePrediction } from "./prediction-rules";

const singles = () => Array.from({ length: 14 }, () => ["1"]);
const plain = { numDouble: 0, numTriple: 0 };
const pleno = { home: 2, away: 1 };

describe("validatePrediction", () => {
  it("accepts fourteen singles and a pleno for a plain type, normalising picks", () => {
    const matches: unknown[] = singles();
    matches[0] = ["x"];
    const r = validatePrediction({ matches, pleno: { Home: "2", Away: "1" } }, plain);
    expect(r).toEqual({ ok: true, matches: [["X"], ...singles().slice(1)], pleno });
  });

  it("accepts the doubles and triples the type asks for", () => {
    const matches = singles();
    matches[0] = ["1", "X"];
    matches[1] = ["X", "2"];
    matches[2] = ["1", "X", "2"];
    expect(validatePrediction({ matches, pleno }, { numDouble: 2, numTriple: 1 }).ok).toBe(true);
  });

  it("names each match left without a sign", () => {
    const matches: unknown[] = singles();
    matches[2] = [];
    matches[5] = ["?"];
    const r = validatePrediction({ matches, pleno }, plain);
    expect(r).toEqual({
      ok: false,
      message: PREDICTION_ERROR,
      problems: ["Falta elegir signo en el partido 3.", "Falta elegir signo en el partido 6."],
      issues: [
        { message: "Falta elegir signo en el partido 3.", match: 3 },
        { message: "Falta elegir signo en el partido 6.", match: 6 },
      ],
    });
    expect(PREDICTION_ERROR).toBe("Tu pronóstico no cumple con los requisitos del tipo de quiniela.");
  });

  it("reports doubles and triples that do not match the type", () => {
    const matches = singles();
    matches[0] = ["1", "X"];
    matches[1] = ["1", "X", "2"];
    const r = validatePrediction({ matches, pleno }, { numDouble: 2, numTriple: 0 });
    expect(r.ok ? [] : r.problems).toEqual(["Este tipo pide 2 doble(s) y has marcado 1.", "Este tipo pide 0 triple(s) y has marcado 1."]);
  });

  it("points at the side of the pleno that is wrong", () => {
    const r = validatePrediction({ matches: singles(), pleno: { home: "2", away: "" } }, plain);
    expect(r.ok ? [] : r.issues).toEqual([{ message: "El pleno al quince necesita goles enteros de 0 a 10 para los dos equipos.", pleno: ["away"] }]);
    const both = validatePrediction({ matches: singles(), pleno: null }, plain);
    expect(both.ok ? [] : both.issues.map((i) => i.pleno)).toEqual([["home", "away"]]);
  });

  it("rejects a pleno that is missing, fractional or above 10", () => {
    for (const bad of [null, { home: 11, away: 0 }, { home: 1.5, away: 0 }, { home: "", away: "" }]) {
      const r = validatePrediction({ matches: singles(), pleno: bad }, plain);
      expect(r.ok ? [] : r.problems).toEqual(["El pleno al quince necesita goles enteros de 0 a 10 para los dos equipos."]);
    }
    expect(validatePrediction({ matches: singles(), pleno: { home: 10, away: 0 } }, plain).ok).toBe(true);
  });

  it("rejects a wrong number of matches or no array at all", () => {
    const short = validatePrediction({ matches: singles().slice(0, 13), pleno }, plain);
    expect(short.ok ? [] : short.problems).toEqual(["La quiniela tiene 14 partidos y has enviado 13."]);
    const none = validatePrediction({ matches: "1X2", pleno }, plain);
    expect(none.ok ? [] : none.problems).toEqual(["La quiniela tiene 14 partidos y has enviado 0."]);
  });
});
