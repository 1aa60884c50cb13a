import { describe, expect, it } from "vitest";
import { z } from "zod";
import { alertPreferenceBody, loginBody } from "./auth";
import {
  bodyId,
  camelKeys,
  fastArray,
  firstIssue,
  holdsIllFormedText,
  id,
  ILL_FORMED_TEXT,
  isoDateTime,
  MAX_ID,
  text,
  wireId,
  wireInt,
  wireNumber,
} from "./common";
import { configureBody } from "./rounds";
import { quinielaBody } from "./quiniela";
import { seasonPointsBody } from "./season";

const refused = (schema: z.ZodTypeAny, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : firstIssue(result.error);
};

describe("id (paths and query strings)", () => {
  it("takes digit strings and JSON integers from 1 to 2147483647", () => {
    expect(id.parse("1")).toBe(1);
    expect(id.parse(String(MAX_ID))).toBe(MAX_ID);
    expect(id.parse(42)).toBe(42);
  });

  it.each([["0"], ["2147483648"], ["99999999999999"], ["0x10"], ["1e3"], ["-1"], [" 1"], ["1.5"], [""], [true], [null], [[1]], [1.5], [0]])(
    "refuses %j with a Spanish message",
    (value) => {
      expect(refused(id, value)).toBe("Identificador no válido.");
    },
  );
});

describe("bodyId (JSON bodies)", () => {
  it("takes only a JSON integer in range", () => {
    expect(bodyId.parse(7)).toBe(7);
    for (const value of ["7", true, null, 2 ** 31, 0, "0x10"]) expect(refused(bodyId, value)).toBe("Identificador no válido.");
  });
});

describe("isoDateTime", () => {
  it("reads ISO dates and refuses null, true, numbers and arrays instead of making 1970", () => {
    expect(isoDateTime.parse("2025-08-15T18:00:00Z").toISOString()).toBe("2025-08-15T18:00:00.000Z");
    for (const value of [null, true, 0, [], ["2025-01-01"], "mañana", "2025-13-45", ""]) expect(refused(isoDateTime, value)).toBe("Fecha no válida.");
  });
});

describe("strict bodies", () => {
  it('refuses {"sendAlert":"false"} and takes a JSON boolean', () => {
    expect(refused(alertPreferenceBody, { sendAlert: "false" })).toMatch(/verdadero o falso/);
    expect(alertPreferenceBody.parse({ sendAlert: false })).toEqual({ sendAlert: false });
  });

  it("refuses QuinielaId: true, a forced close as a string and a null date", () => {
    const good = { groupId: 1, quinielaId: 1, openDate: "2025-08-01T10:00:00Z", closeDate: "2025-08-02T10:00:00Z" };
    expect(configureBody.safeParse(good).success).toBe(true);
    expect(refused(configureBody, { ...good, quinielaId: true })).toBe("Identificador no válido.");
    expect(refused(configureBody, { ...good, quinielaId: "0x10" })).toBe("Identificador no válido.");
    expect(refused(configureBody, { ...good, forceClosed: "false" })).toMatch(/verdadero o falso/);
    expect(refused(configureBody, { ...good, openDate: null })).toBe("Fecha no válida.");
  });

  it("refuses null, true or arrays as pool dates", () => {
    const matches = Array.from({ length: 15 }, () => ({ home: "A", away: "B" }));
    for (const startDate of [null, true, [], 0]) {
      expect(refused(quinielaBody, { startDate, closingDate: "2025-08-02T10:00:00Z", matches })).toBe("Todos los campos de fecha y jornada son obligatorios.");
    }
  });

  it('refuses season points sent as "", null or []', () => {
    for (const bad of ["", null, [], "3", true]) {
      expect(refused(seasonPointsBody, { single: bad, double: 1, triple: 0, pleno: 5 })).toBe("Cada valor de puntos debe ser un número entre 0 y 100.");
    }
  });

  it("refuses a NUL byte in a login name", () => {
    expect(refused(loginBody, { username: "ad\u0000min", password: "x" })).toMatch(/caracteres no válidos/);
  });
});

describe("the Spanish error map", () => {
  it("answers in Spanish where a schema names no message", () => {
    const schema = z.object({ name: z.string(), n: z.number(), kind: z.enum(["a", "b"]) });
    expect(refused(schema, {})).toBe("Falta un dato obligatorio.");
    expect(refused(schema, { name: 3 })).toBe("Dato no válido: se esperaba un texto y se ha recibido un número.");
    expect(refused(z.date(), new Date("x"))).toBe("Fecha no válida.");
    expect(refused(z.enum(["a"]), "b")).toBe("Valor no válido.");
  });
});

describe("camelKeys", () => {
  it("survives JSON nested thousands of levels deep", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 8000; i++) deep = [deep];
    expect(() => camelKeys({ A: deep })).not.toThrow();
  });
});

describe("camelKeys on answers already in camelCase", () => {
  it("gives the same value back, not a copy", () => {
    const answer = { rows: [{ userId: 1, icons: ["burro"] }], group: { name: "Peña" } };
    expect(camelKeys(answer)).toBe(answer);
  });

  it("copies only what changes, and leaves the input as it was", () => {
    const input = { Rows: [{ UserId: 1 }, { userId: 2 }], group: { name: "Peña" } };
    const out = camelKeys(input) as { rows: { userId: number }[]; group: unknown };
    expect(out).toEqual({ rows: [{ userId: 1 }, { userId: 2 }], group: { name: "Peña" } });
    expect(out.group).toBe(input.group);
    expect(input.Rows[0]).toEqual({ UserId: 1 });
  });
});

describe("numbers in answers (wireNumber, wireInt, wireId)", () => {
  it("take JSON numbers and the digits PostgreSQL sends", () => {
    expect(wireNumber.parse(0.75)).toBe(0.75);
    expect(wireNumber.parse("0.75")).toBe(0.75);
    expect(wireNumber.parse("-12")).toBe(-12);
    expect(wireInt.parse("12")).toBe(12);
    expect(wireId.parse(7)).toBe(7);
    expect(wireId.parse("7")).toBe(7);
  });

  it.each([
    [wireNumber, "1e3"],
    [wireNumber, ""],
    [wireNumber, Number.NaN],
    [wireNumber, Infinity],
    [wireNumber, null],
    [wireInt, 1.5],
    [wireInt, "1.5"],
    [wireId, 0],
    [wireId, "0"],
    [wireId, -3],
    [wireId, "x"],
  ])("refuse what is off contract (%#)", (schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});

describe("fastArray (long arrays of plain values in answers)", () => {
  const signs = fastArray(z.enum(["1", "X", "2"]), (v) => v === "1" || v === "X" || v === "2");

  it("takes a valid array as zod's z.array would", () => {
    expect(signs.parse(["1", "X"])).toEqual(["1", "X"]);
    expect(signs.parse([])).toEqual([]);
  });

  it("refuses what z.array refuses, with zod's message and path", () => {
    const result = signs.safeParse(["1", "Y"]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual([1]);
    expect(signs.safeParse("1X").success).toBe(false);
    expect(signs.safeParse(null).success).toBe(false);
  });

  it("nests, and keeps z.array's shape for the OpenAPI document", () => {
    const picks = z.array(signs);
    expect(picks.parse([["1"], ["X", "2"]])).toEqual([["1"], ["X", "2"]]);
    expect(picks.safeParse([["1"], [2]]).success).toBe(false);
    expect(signs._def.typeName).toBe(z.ZodFirstPartyTypeKind.ZodArray);
    expect(signs.element).toBeInstanceOf(z.ZodEnum);
  });
});

describe("text with half a character (an unpaired surrogate)", () => {
  it.each([["Fuzz \ud800x"], ["\udc00"], ["x\ud83d"], ["\ude00\ud83d"]])("text() refuses %j with the Spanish message", (value) => {
    expect(refused(text(100, "Obligatorio."), value)).toBe(ILL_FORMED_TEXT);
    expect(refused(text(100), value)).toBe(ILL_FORMED_TEXT);
  });

  it("text() takes whole characters, emoji included", () => {
    expect(text(100).parse(" Peña 😀 ")).toBe("Peña 😀");
  });

  it("finds one in any string of a body, keys included, however deep", () => {
    expect(holdsIllFormedText({ a: [{ b: "ok" }, "x\ud800"] })).toBe(true);
    expect(holdsIllFormedText({ "\udc00": 1 })).toBe(true);
    let deep: unknown = "\ud800";
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(holdsIllFormedText(deep)).toBe(true);
    expect(holdsIllFormedText({ a: ["Peña 😀", 1, null, true, { b: "ñ" }] })).toBe(false);
    expect(holdsIllFormedText(null)).toBe(false);
  });
});
