import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { selaeBody, type SelaeDraw } from "#core/contract/lottery";
import { addDays, readDraw, readScore, withoutSection } from "./lottery";

const fixture = (name: string) => {
  const parsed = selaeBody.parse(JSON.parse(readFileSync(new URL(`../../fixtures/selae/${name}`, import.meta.url), "utf8")));
  if (typeof parsed === "string") throw new Error("no draw");
  return parsed[0];
};

describe("reading a lottery draw", () => {
  it("reads the padded signs and the pleno of a played draw", () => {
    const reading = readDraw(fixture("played-draw-2026-04-26.json"));
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    const { draw } = reading;
    expect(draw.drawDate).toBe("2026-04-26");
    expect(draw.drawnAt).toBe("2026-04-26T20:59:00.000Z");
    expect(draw.played).toBe(true);
    expect(
      draw.matches
        .slice(0, 14)
        .map((m) => m.sign)
        .join(""),
    ).toBe("X1211X211X221X");
    expect(draw.matches[0]).toMatchObject({
      home: "Betis",
      away: "Real Madrid",
      score: "1 - 1",
    });
    expect(draw.pleno).toEqual({ home: 0, away: 0 });
  });

  it("reads the 2-2 pleno of a draw whose names carry (m)", () => {
    const reading = readDraw(fixture("played-draw-2026-08-23.json"));
    if (!reading.ok) throw new Error(reading.message);
    expect(reading.draw.pleno).toEqual({ home: 2, away: 2 });
    expect(reading.draw.matches[0].home).toBe("Athletic Club (m)");
    expect(withoutSection(reading.draw.matches[0].home)).toBe("Athletic Club");
  });

  it("says a draw without signs is not played", () => {
    const reading = readDraw(fixture("pre-draw-2022-01-30.json"));
    if (!reading.ok) throw new Error(reading.message);
    expect(reading.draw.played).toBe(false);
    expect(reading.draw.matches[0].sign).toBeNull();
    expect(reading.draw.pleno).toBeNull();
  });

  it("refuses a draw whose sign and combination disagree", () => {
    const draw = fixture("played-draw-2026-04-26.json");
    const bad: SelaeDraw = {
      ...draw,
      partidos: draw.partidos.map((p, i) => (i === 2 ? { ...p, signo: "1 " } : p)),
    };
    expect(readDraw(bad)).toEqual({
      ok: false,
      message: "El partido 3 trae dos signos distintos (1 y 2).",
    });
  });

  it("refuses a pleno whose score and combination disagree", () => {
    const draw = fixture("played-draw-2026-04-26.json");
    const bad: SelaeDraw = {
      ...draw,
      combinacion: draw.combinacion!.replace(/00$/, "10"),
    };
    expect(readDraw(bad).ok).toBe(false);
  });

  it("takes the no-draw sentence as a string", () => {
    expect(selaeBody.parse(JSON.parse(readFileSync(new URL("../../fixtures/selae/no-draw.json", import.meta.url), "utf8")))).toMatch(/No se ha encontrado/);
  });

  it("reads scores in the service's spellings", () => {
    expect(readScore("2 - 2")).toEqual({ home: 2, away: 2 });
    expect(readScore("1-0")).toEqual({ home: 1, away: 0 });
    expect(readScore("22")).toEqual({ home: 2, away: 2 });
    expect(readScore("M-1")).toBeNull();
    expect(withoutSection("Sevilla (f)")).toBe("Sevilla");
    expect(addDays("2026-04-26", 7)).toBe("2026-05-03");
  });
});
