import { describe, expect, it } from "vitest";
import { formatPercent, LEARNING_ROUNDS, learningLine, sourceLong, sourceShort, trustLine } from "./chances-text";

describe("formatPercent", () => {
  it("never rounds a figure under an even chance up to 50 %", () => {
    expect(formatPercent(0.4996)).toBe("49,9\u00a0%");
    expect(formatPercent(0.495)).toBe("49,5\u00a0%");
    expect(formatPercent(0.4949)).toBe("49\u00a0%");
    expect(formatPercent(0.5)).toBe("50\u00a0%");
    expect(formatPercent(0.503)).toBe("50\u00a0%");
  });

  it("reads whole percentages from 10 % and one decimal under it", () => {
    expect(formatPercent(0.2849)).toBe("28\u00a0%");
    expect(formatPercent(0.0996)).toBe("10\u00a0%");
    expect(formatPercent(0.045)).toBe("4,5\u00a0%");
    expect(formatPercent(0.0004)).toBe("menos de 0,1\u00a0%");
    expect(formatPercent(0.9996)).toBe("más del 99\u00a0%");
  });
});

describe("the source's words", () => {
  it("name the valoración previa, never a market, and the model's weight while it learns", () => {
    expect(sourceShort({ source: "prior", prior: "pre-match", weight: 0 })).toBe("según la valoración previa de los partidos");
    expect(sourceShort({ source: "prior", prior: "public", weight: 0 })).toBe("según los porcentajes de apuestas del público");
    expect(sourceShort({ source: "model", prior: "pre-match", weight: 0.25 })).toBe(
      "según el modelo de la peña (pesa un 25\u00a0% mientras aprende; la valoración previa de los partidos, el resto)",
    );
    const long = sourceLong({ source: "model", prior: "pre-match", weight: 0.4, fitted: false, pastRounds: 2, modelLogLoss: 1.1, priorLogLoss: null });
    expect(long).toContain("aprende de 2 jornadas con resultados");
    expect(long).not.toMatch(/mercado/);
  });
});

describe("learningLine", () => {
  it("says how much the model has learnt until nine jornadas, and how much it weighs", () => {
    expect(learningLine({ source: "prior", weight: 0, pastRounds: 0 })).toBe(
      "El modelo aún aprende: 0 jornadas de la peña; aún no pesa: la valoración previa sola.",
    );
    expect(learningLine({ source: "model", weight: 0.25, pastRounds: 1 })).toBe("El modelo aún aprende: 1 jornada de la peña; pesa un 25\u00a0%.");
    expect(learningLine({ source: "model", weight: 0.4, pastRounds: 2 })).toBe("El modelo aún aprende: 2 jornadas de la peña; pesa un 40\u00a0%.");
    // Fitted but beaten by the prior on the past jornadas: it is learning, and the page uses the prior alone.
    expect(learningLine({ source: "prior", weight: 0, pastRounds: 4 })).toBe(
      "El modelo aún aprende: 4 jornadas de la peña; ahora no pesa: la valoración previa ha acertado más.",
    );
    expect(learningLine({ source: "model", weight: 0.74, pastRounds: 8 })).toBe("El modelo aún aprende: 8 jornadas de la peña; pesa un 74\u00a0%.");
    expect(learningLine({ source: "model", weight: 0.75, pastRounds: LEARNING_ROUNDS })).toBeNull();
  });
});

describe("trustLine (decision 097)", () => {
  it("says the source's measured log loss against a blind guess, and names the Especial's pooled share", () => {
    expect(trustLine({ source: "prior", modelLogLoss: 1.05, priorLogLoss: 1.019, especialShare: 0.078 })).toBe(
      "Cuánto fiarse: en los partidos ya jugados estas probabilidades han tenido 1,019 de pérdida logarítmica por partido, frente a 1,099 de adivinar al azar; las cifras de 13 y 14 aciertos son las menos seguras (un error pequeño en cada partido se multiplica por catorce). La Especial cuenta que el 7,8\u00a0% de los acertantes de 14 aciertan también el pleno: la proporción agrupada de 220 escrutinios reales (la mediana es 0).",
    );
    expect(trustLine({ source: "model", modelLogLoss: null, priorLogLoss: null, especialShare: 0.078 })).toContain(
      "sin jornadas jugadas aún no se ha medido cuánto aciertan estas probabilidades",
    );
  });
});
