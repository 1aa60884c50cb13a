import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { selaeBody, type SelaeDraw } from "#core/contract/lottery";
import { addDays, matchMismatches, readDraw, readPlenoMarks, readScore } from "./lottery";
import { officialTeamName } from "./official-jornada";
import { teamIndex } from "./team-names";

const fixture = (name: string) => {
  const parsed = selaeBody.parse(JSON.parse(readFileSync(new URL(`../../../fixtures/selae/${name}`, import.meta.url), "utf8")));
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
    expect(officialTeamName(reading.draw.matches[0].home)).toBe("Athletic Club");
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
    expect(selaeBody.parse(JSON.parse(readFileSync(new URL("../../../fixtures/selae/no-draw.json", import.meta.url), "utf8")))).toMatch(/No se ha encontrado/);
  });

  it("reads scores in the service's spellings", () => {
    expect(readScore("2 - 2")).toEqual({ home: 2, away: 2 });
    expect(readScore("1-0")).toEqual({ home: 1, away: 0 });
    expect(readScore("22")).toEqual({ home: 2, away: 2 });
    expect(readScore("M-1")).toBeNull();
    expect(officialTeamName("Sevilla (f)")).toBe("Sevilla (F)");
    expect(addDays("2026-04-26", 7)).toBe("2026-05-03");
  });
});

describe("a draw's names against its pool's teams (decision 064)", () => {
  // The catalogue holds a men's and a women's Athletic and Badalona: two teams each.
  const index = teamIndex([
    { id: 1, name: "Athletic Club", alias: [] },
    { id: 2, name: "Athletic Club (F)", alias: [] },
    { id: 3, name: "Badalona W.", alias: [] },
    { id: 4, name: "Badalona W. (F)", alias: [] },
  ]);
  const pool = (home: number, away: number) => [
    {
      position: 11,
      home: home === 1 ? "Athletic Club" : "Athletic Club (F)",
      away: away === 3 ? "Badalona W." : "Badalona W. (F)",
      homeTeamId: home,
      awayTeamId: away,
    },
  ];
  const markers = ["", " (m)", " (M)", "(m)", " (m) ", " (f)", " (F)", "(f)", "  (F) "];
  const women = (marker: string) => /f/i.test(marker);

  it("takes every spelling of the marker to the team it names, and only to it: enumerated over markers × pools", () => {
    for (const homeMarker of markers)
      for (const awayMarker of markers)
        for (const [home, away] of [
          [1, 3],
          [1, 4],
          [2, 3],
          [2, 4],
        ]) {
          const draw = [{ position: 11, home: `Athletic Club${homeMarker}`, away: `Badalona W.${awayMarker}` }];
          const agrees = (women(homeMarker) ? 2 : 1) === home && (women(awayMarker) ? 4 : 3) === away;
          expect(matchMismatches(draw, pool(home, away), index), `${draw[0].home} – ${draw[0].away} vs ${home}/${away}`).toHaveLength(agrees ? 0 : 1);
        }
  });

  it("agrees with the jornada's reader on every name: one normalisation, idempotent", () => {
    for (const base of ["Athletic Club", "Badalona W.", "At.  Madrid", "Real (M) Sociedad"])
      for (const marker of markers) {
        const once = officialTeamName(`${base}${marker}`);
        expect(officialTeamName(once)).toBe(once);
        expect(once.endsWith(" (F)")).toBe(women(marker));
        expect(/\(m\)$/i.test(once)).toBe(false);
      }
  });
});

describe("a pleno decided by lot or written as tokens (decision 064)", () => {
  const played = fixture("played-draw-2026-08-23.json");
  const MARKS = ["0", "1", "2", "M"];
  const goals = (m: string) => (m === "M" ? 3 : Number(m));
  const forms = (h: string, a: string) => [`${h}-${a}`, `${h} - ${a}`, `${h}${a}`, `${h.toLowerCase()}-${a.toLowerCase()}`];
  const withPleno = (signo: string, marcador: string, last: string | null): SelaeDraw => ({
    ...played,
    combinacion: last === null ? null : played.combinacion!.replace(/22$/, last),
    partidos: played.partidos.map((p, i) => (i === 14 ? { ...p, signo, marcador } : p)),
  });

  it("ends the draw as played with the right pleno for every mark × every token form, in signo and combination alike", () => {
    for (const h of MARKS)
      for (const a of MARKS)
        for (const form of forms(h, a))
          for (const last of [null, form, `${h}${a}`]) {
            const reading = readDraw(withPleno(form, "", last));
            if (!reading.ok) throw new Error(`${form} / ${last}: ${reading.message}`);
            expect(reading.draw.played, form).toBe(true);
            expect(reading.draw.pleno, form).toEqual({ home: goals(h), away: goals(a) });
          }
  });

  it("takes the exact marcador when there is one, and agrees with its marks ('4 - 1' is 'M-1'), refusing marks that differ", () => {
    const exact = readDraw(withPleno("M-1", "4 - 1", "M1"));
    expect(exact.ok && exact.draw.pleno).toEqual({ home: 4, away: 1 });
    expect(readDraw(withPleno("M-2", "4 - 1", null)).ok).toBe(false);
    expect(readDraw(withPleno("2-M", "", "M2")).ok).toBe(false);
  });

  it("a suspended match 1–14 decided by lot (a signo, no marcador) keeps its sign", () => {
    const draw = fixture("played-draw-2026-08-23.json");
    const reading = readDraw({ ...draw, partidos: draw.partidos.map((p, i) => (i === 6 ? { ...p, marcador: "" } : p)) });
    if (!reading.ok) throw new Error(reading.message);
    expect(reading.draw.played).toBe(true);
    expect(reading.draw.matches[6]).toMatchObject({ sign: "X", score: null });
  });

  it("reads no other text as marks", () => {
    for (const text of ["", "M", "3-1", "MM-1", "X", "1X", "M--2", "N-2"]) expect(readPlenoMarks(text), text).toBeNull();
  });
});
