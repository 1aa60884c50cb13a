import { describe, expect, it } from "vitest";
import { amountToCents, categoryOf, parsePrizeTable, prizesFromEscrutinio, readEscrutinio } from "./prizes";

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

describe("the operator's escrutinio, read strictly (decision 064)", () => {
  const PRIZES = { especial: 0, primera: 19_996_161, segunda: 122_680, tercera: 7_218, cuarta: 687, quinta: 147 };
  const TIPO = {
    especial: "Especial",
    primera: "1ª (14 Aciertos)",
    segunda: "2ª (13 Aciertos)",
    tercera: "3ª (12 Aciertos)",
    cuarta: "4ª (11 Aciertos)",
    quinta: "5ª (10 Aciertos)",
  };
  const euros = (cents: number, comma: boolean) => `${Math.floor(cents / 100)}${comma ? "," : "."}${String(cents % 100).padStart(2, "0")}`;
  const order = ["especial", "primera", "segunda", "tercera", "cuarta", "quinta"] as const;

  it("reads both numberings wherever a label or a 0/6 settles them, and refuses whatever is missing: enumerated", () => {
    for (const offset of [0, 1])
      for (let labelled = 0; labelled < 64; labelled++)
        for (let dropped = 0; dropped < 64; dropped++) {
          const rows = order.flatMap((c, i) =>
            dropped & (1 << i)
              ? []
              : [
                  {
                    categoria: i + offset,
                    ...(labelled & (1 << i) ? { tipo: TIPO[c] } : {}),
                    premio: euros(PRIZES[c], (labelled + dropped + i) % 2 === 0),
                    ganadores: "1",
                  },
                ],
          );
          const read = readEscrutinio(rows);
          if (dropped === 63) expect(read).toEqual({ status: "none" });
          else if (dropped) expect(read.status, `offset ${offset}, labelled ${labelled}, dropped ${dropped}`).toBe("refused");
          else expect(read, `offset ${offset}, labelled ${labelled}`).toEqual({ status: "ok", prizes: PRIZES });
        }
  });

  it("never takes jcmallo's categoria 2 for the 2ª when its label says 1ª", () => {
    const rows = order.map((c, i) => ({ categoria: i + 1, tipo: TIPO[c], premio: euros(PRIZES[c], false) }));
    expect(readEscrutinio(rows)).toEqual({ status: "ok", prizes: PRIZES });
    // The old lenient reader took the number first: every prize one category down.
    expect(prizesFromEscrutinio(rows).segunda).toBe(PRIZES.primera);
  });

  it("still reads the label-only shape of the recorded answers", () => {
    const rows = [
      { categoria: "Especial", premio: "0,00" },
      { categoria: "1ª", premio: "245.361,15" },
      { categoria: "2ª", premio: "1.226,80" },
      { categoria: "3ª", premio: "72,18" },
      { categoria: "4ª", premio: "6,87" },
      { categoria: "5ª", premio: "1,47" },
    ];
    expect(readEscrutinio(rows)).toEqual({
      status: "ok",
      prizes: { especial: 0, primera: 24_536_115, segunda: 122_680, tercera: 7_218, cuarta: 687, quinta: 147 },
    });
  });

  it("refuses, with its reason, what cannot be read", () => {
    const ambiguous = order.slice(1).map((c, i) => ({ categoria: i + 1, premio: euros(PRIZES[c], true) }));
    expect(readEscrutinio([{ tipo: "Especial", premio: "0,00" }, ...ambiguous])).toMatchObject({
      status: "refused",
      reason: expect.stringContaining("dos categorías"),
    });
    expect(
      readEscrutinio([
        { tipo: "1ª", categoria: 1, premio: "1,00" },
        { tipo: "2ª", categoria: 3, premio: "1,00" },
      ]),
    ).toMatchObject({
      status: "refused",
      reason: "sus filas numeran las categorías de dos maneras",
    });
    expect(readEscrutinio([{ tipo: "1ª", categoria: 4, premio: "1,00" }])).toMatchObject({ status: "refused", reason: "la fila 1 dice «1ª» y categoría 4" });
    expect(readEscrutinio([{ premio: "1,00" }])).toMatchObject({ status: "refused", reason: "la fila 1 no dice su categoría" });
    expect(readEscrutinio([{ tipo: "1ª", premio: "n/d" }])).toMatchObject({ status: "refused", reason: 'el premio de la fila 1 no se entiende ("n/d")' });
    expect(readEscrutinio({})).toMatchObject({ status: "refused" });
    expect(readEscrutinio(undefined)).toEqual({ status: "none" });
  });
});
