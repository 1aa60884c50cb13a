import { describe, expect, it } from "vitest";
import { amountToCents, categoryOf, parsePrizeTable, prizesFromEscrutinio } from "./prizes";

describe("the official prize table, read leniently", () => {
  it("names each category however it is written", () => {
    expect(categoryOf("Especial (14 + Pleno al 15)")).toBe("especial");
    expect(categoryOf("1ª (14 Aciertos)")).toBe("primera");
    expect(categoryOf("2a")).toBe("segunda");
    expect(categoryOf("Tercera")).toBe("tercera");
    expect(categoryOf("11 aciertos")).toBe("cuarta");
    expect(categoryOf("5")).toBe("quinta");
    expect(categoryOf("Recaudación")).toBeNull();
  });

  it("reads the pasted official table: the prize is each line's last amount", () => {
    const text = [
      "Categoría Acertantes Premio",
      "Especial (14 + Pleno al 15) 0 0,00 €",
      "1ª (14 Aciertos) 12 1.234,56 €",
      "2ª (13 Aciertos) 150 98,10 €",
      "3ª (12 Aciertos) 1.815 7,25 €",
      "4ª (11 Aciertos) 15.210 1,50€",
      "5ª (10 Aciertos) 123.456 1.000.000,00",
      "Recaudación 9.876.543,21 €",
    ].join("\n");
    expect(parsePrizeTable(text)).toEqual({ especial: 0, primera: 123456, segunda: 9810, tercera: 725, cuarta: 150, quinta: 100000000 });
    expect(parsePrizeTable("nada que leer\n1ª sin importe")).toEqual({});
  });

  it("takes an escrutinio array with loose field names, and ignores what it cannot read", () => {
    expect(
      prizesFromEscrutinio([
        { categoria: "1ª Categoría (14)", premio: "1.234,56" },
        { tipo: "Especial", importe: 2000000.5 },
        { tipo: "13 Aciertos", premio: "98.10" },
        { categoria: "3ª", premio: "n/d" },
        null,
        "x",
      ]),
    ).toEqual({ primera: 123456, especial: 200000050, segunda: 9810 });
    expect(prizesFromEscrutinio({ not: "an array" })).toEqual({});
    expect(amountToCents(-1)).toBeNull();
  });
});
