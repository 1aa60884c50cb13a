import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { madridStamp, officialTeamName, parsePastedJornada, readJornada, readNextDraws, seasonYear } from "./official-jornada";

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../fixtures/selae/${name}`, import.meta.url), "utf8"));

describe("the operator's team names", () => {
  it("drops the men's marker in either case and keeps the women's, which is another team", () => {
    expect(officialTeamName("Real Madrid (M)")).toBe("Real Madrid");
    expect(officialTeamName("Athletic Club (m)")).toBe("Athletic Club");
    expect(officialTeamName("Barcelona (F)")).toBe("Barcelona (F)");
    expect(officialTeamName("Barcelona (f)")).toBe("Barcelona (F)");
    expect(officialTeamName("  At.  Madrid ")).toBe("At. Madrid");
    expect(officialTeamName("Real (M) Sociedad")).toBe("Real (M) Sociedad");
  });
});

describe("proximosv3: the next draws", () => {
  it("reads the recorded answer: a close in Madrid time, no opening published", () => {
    const read = readNextDraws(fixture("next-draw.json"));
    expect(read).toEqual({
      ok: true,
      value: [{ drawId: "1324106055", drawDate: "2026-09-30", jornada: "10", opensAt: null, closesAt: new Date("2026-09-29T18:45:00Z") }],
    });
  });
  it("reads the opening, and a far draw with both null", () => {
    const read = readNextDraws(fixture("next-draws-2026-11-29.json"));
    if (!read.ok) throw new Error(read.message);
    expect(read.value[0]).toMatchObject({ opensAt: new Date("2026-11-23T08:00:00Z"), closesAt: new Date("2026-11-28T14:00:00Z"), jornada: "17" });
    expect(read.value[1]).toMatchObject({ drawId: "1338206049", opensAt: null, closesAt: null });
  });
  it("takes the 'no draw' sentence as no draws and refuses garbage", () => {
    expect(readNextDraws("No hay sorteos")).toEqual({ ok: true, value: [] });
    expect(readNextDraws(42).ok).toBe(false);
    expect(readNextDraws([{ id_sorteo: "1" }])).toEqual({ ok: false, message: "el sorteo 1 no trae fecha o id_sorteo" });
    expect(readNextDraws([null]).ok).toBe(false);
  });
});

describe("fechav3 before the draw: the 15 matches", () => {
  it("reads the recorded pre-draw in the operator's order with its first kick-off", () => {
    const read = readJornada(fixture("pre-draw-2022-01-30.json"));
    if (!read.ok) throw new Error(read.message);
    expect(read.value.matches[0]).toEqual({ home: "Amorebieta", away: "Girona", kickOff: "2022-01-29T15:00:00.000Z" });
    expect(read.value.matches[14]).toEqual({ home: "R. Oviedo", away: "Almería", kickOff: "2022-01-29T20:00:00.000Z" });
    expect(read.value).toMatchObject({ drawId: "1220105030", drawDate: "2022-01-30", jornada: "35", temporada: "2021-2022" });
    expect(read.value.firstKickOff).toEqual(new Date("2022-01-29T12:30:00Z"));
  });
  it("strips the (M) of 2026 answers", () => {
    const read = readJornada(fixture("pre-draw-2026-11-29.json"));
    if (!read.ok) throw new Error(read.message);
    expect(read.value.matches.every((m) => !/\(M\)/i.test(m.home + m.away))).toBe(true);
    expect(read.value.matches[9]).toEqual({ home: "Real Oviedo", away: "At. Madrid", kickOff: "2026-11-30T20:00:00.000Z" });
  });
  it("keeps each match's official start, Madrid wall time read as UTC: the first match at 16:15 while the close is 15:00 (decision 093)", () => {
    const read = readJornada(fixture("pre-draw-2026-11-29.json"));
    if (!read.ok) throw new Error(read.message);
    // «2026/11/28 16:15:00» in Madrid (CET, UTC+1); the draw's `cierre` is «2026-11-28 15:00:00».
    expect(read.value.matches[0].kickOff).toBe("2026-11-28T15:15:00.000Z");
    expect(read.value.matches.every((m) => m.kickOff)).toBe(true);
    expect(read.value.firstKickOff).toEqual(new Date("2026-11-28T15:15:00Z"));
  });
  it("orders by posicion when every match has one (a played draw)", () => {
    const read = readJornada(fixture("played-draw-2026-08-23.json"));
    if (!read.ok) throw new Error(read.message);
    // With the operator's own ids of both clubs, as the recorded answer carries them (decision 091).
    expect(read.value.matches[0]).toEqual({ home: "Athletic Club", away: "Sevilla", homeId: "1", awayId: "17", kickOff: "2026-08-22T15:00:00.000Z" });
    expect(read.value.matches[3]).toEqual({ home: "Getafe", away: "Racing Santander", homeId: "5", awayId: "3960", kickOff: "2026-08-23T17:30:00.000Z" });
  });
  it("refuses what is not one draw of 15 matches", () => {
    expect(readJornada(fixture("no-draw.json")).ok).toBe(false);
    expect(readJornada([]).ok).toBe(false);
    expect(readJornada([{ partidos: [] }])).toEqual({ ok: false, message: "el sorteo no trae 15 partidos (0)" });
    const fifteen = Array.from({ length: 15 }, () => ({ local: "A" }));
    expect(readJornada({ partidos: fifteen })).toEqual({ ok: false, message: "el partido 1 no trae local y visitante" });
  });
});

const LINES = [
  "Athletic Club (M) - Sevilla (M)",
  "Barcelona (M) - Getafe (M)",
  "Betis (M) - Osasuna (M)",
  "Celta (M) - Valencia (M)",
  "Elche (M) - Mallorca (M)",
  "Espanyol (M) - Rayo Vallecano (M)",
  "Levante (M) - Alavés (M)",
  "Real Madrid (M) - Girona (M)",
  "Real Sociedad (M) - Villarreal (M)",
  "Real Oviedo (M) - At. Madrid (M)",
  "Cádiz (M) - Racing (M)",
  "Deportivo (M) - Sporting (M)",
  "Zaragoza (M) - Huesca (M)",
  "Barcelona (F) - Real Madrid (F)",
  "Las Palmas (M) - Granada (M)",
];

describe("the admin's paste", () => {
  it("reads the 15 lines of the betting page, bare", () => {
    const read = parsePastedJornada(LINES.join("\n"));
    if (!read.ok) throw new Error(read.message);
    expect(read.value.matches).toHaveLength(15);
    expect(read.value.matches[0]).toEqual({ home: "Athletic Club", away: "Sevilla" });
    expect(read.value.matches[13]).toEqual({ home: "Barcelona (F)", away: "Real Madrid (F)" });
  });
  it("reads numbered lines in every usual way, blank lines and Windows ends", () => {
    const numbered = LINES.map((l, i) => (i === 14 ? `P15 ${l}` : i % 3 === 0 ? `${i + 1}. ${l}` : i % 3 === 1 ? `${i + 1}) ${l}` : `${i + 1}  ${l}`));
    const read = parsePastedJornada(`\r\n${numbered.join("\r\n\r\n")}\r\n`);
    if (!read.ok) throw new Error(read.message);
    expect(read.value.matches.map((m) => `${m.home} - ${m.away}`)).toEqual(LINES.map((l) => l.replaceAll(" (M)", "")));
  });
  it("reads every numbering and dash the page or a person may use (enumerated)", () => {
    const numberings = [(n: number) => `${n}. `, (n: number) => `${n}) `, (n: number) => `${n} `, (n: number) => `${n} - `, (n: number) => `${n}º `, () => ""];
    for (const numbering of numberings) {
      for (const dash of ["-", "–", "—"]) {
        const text = LINES.map((l, i) => numbering(i + 1) + l.replace(" - ", ` ${dash} `)).join("\n");
        const read = parsePastedJornada(text);
        expect(read.ok && read.value.matches[5]).toEqual({ home: "Espanyol", away: "Rayo Vallecano" });
      }
    }
  });

  it("names the line of garbage, and counts the matches", () => {
    expect(parsePastedJornada("")).toEqual({ ok: false, message: "Pega la respuesta de Loterías o los 15 partidos." });
    const garbage = [...LINES.slice(0, 2), "hola qué tal", ...LINES.slice(3)].join("\n");
    expect(parsePastedJornada(garbage)).toEqual({ ok: false, message: "Línea 3: «hola qué tal» no es un partido «Local - Visitante»." });
    expect(parsePastedJornada("1 - 2\n")).toEqual({ ok: false, message: "Línea 1: «1 - 2» no es un partido «Local - Visitante»." });
    expect(parsePastedJornada(LINES.slice(0, 14).join("\n"))).toEqual({ ok: false, message: "Hay 14 partidos; la quiniela tiene 15." });
    expect(parsePastedJornada([...LINES, LINES[0]].join("\n"))).toEqual({ ok: false, message: "Línea 16: sobra un partido; la quiniela tiene 15." });
  });
  it("reads the operator's JSON answer, and names what is wrong with a bad one", () => {
    const read = parsePastedJornada(readFileSync(new URL("../../../fixtures/selae/pre-draw-2026-11-29.json", import.meta.url), "utf8"));
    expect(read.ok && read.value.drawId).toBe("1338106048");
    expect(parsePastedJornada("[{")).toMatchObject({ ok: false, message: expect.stringMatching(/^El JSON pegado no es válido/) });
    expect(parsePastedJornada('"No hay sorteo"')).toEqual({ ok: false, message: "La respuesta pegada no sirve: Loterías dice que no hay sorteo ese día." });
  });
  it("never throws, whatever is pasted", () => {
    const samples = ["\u0000", "{}", "[]", "null", "-\n-", " - ", "a - b\n".repeat(40), "💥 - 🔥", "[1,2,3]", '{"partidos":null}'];
    for (const s of samples) expect(() => parsePastedJornada(s)).not.toThrow();
    for (const s of samples) expect(parsePastedJornada(s).ok).toBe(false);
  });
});

describe("small readings", () => {
  it("madrid stamps, season years, changed positions", () => {
    expect(madridStamp("2026/07/01 20:00:00")).toEqual(new Date("2026-07-01T18:00:00Z"));
    expect(madridStamp(null)).toBeNull();
    expect(madridStamp("mañana")).toBeNull();
    expect(seasonYear("2026-2027")).toBe(2026);
    expect(seasonYear("Temporada 2025-26")).toBe(2025);
    expect(seasonYear("Liga de la peña")).toBeNull();
  });
});

describe("pastes as people copy them (decision 064)", () => {
  const pre = fixture("pre-draw-2026-11-29.json") as { partidos: { local: string; visitante: string }[] }[];
  const names = pre[0].partidos.map((p) => ({ home: officialTeamName(p.local), away: officialTeamName(p.visitante) }));
  const plain = (n: string) => n.replace(/ \(M\)$/, "");
  // The columns a newspaper's table or the operator's page carries around the two names, as a browser copies them.
  const rows: ((n: number, home: string, away: string) => string)[] = [
    (n, h, a) => `${n}\t${h}\t${a}\t1 X 2`,
    (n, h, a) => `${n}\t${h}\t${a}\t1\tX\t2`,
    (n, h, a) => `${n}.\t${h}\t${a}\t`,
    (_, h, a) => `${h}\t${a}`,
    (n, h, a) => `\t${n}\t ${h} \t ${a} \t45%\t27%\t28%`,
    (n, h, a) => `${n}\t${h} - ${a}\t1 X 2`,
    (n, h, a) => (n === 15 ? `P15\t${h}\t${a}\t0 1 2 M` : `${n}\t${h}\t${a}\t1 X 2`),
    // A newspaper's table: the 15th row says what it is where the others have their 1 X 2 cells (decision 091).
    (n, h, a) => (n === 15 ? `15\t${h}\t${a}\tPleno al 15` : `${n}\t${h}\t${a}\t1\tX\t2`),
    (n, h, a) => (n === 15 ? `15\t${h}\t${a}\tPLENO AL QUINCE` : `${n}\t${h}\t${a}\t1 X 2`),
    (n, h, a) => (n === 15 ? `Pleno al 15\t${h}\t${a}` : `${n}\t${h}\t${a}\t1 X 2`),
    (n, h, a) => (n === 15 ? `P15\t${h}\t${a}\tPleno\t0 1 2 M` : `${n}\t${h}\t${a}\t1 X 2`),
  ];

  it("reads a tab-separated table in every column layout, with or without the sections, CRLF or LF: enumerated", () => {
    for (const [r, row] of rows.entries())
      for (const section of [true, false])
        for (const eol of ["\n", "\r\n"]) {
          const pasted = pre[0].partidos.map((p, i) => row(i + 1, section ? p.local : plain(p.local), section ? p.visitante : plain(p.visitante))).join(eol);
          const read = parsePastedJornada(pasted);
          if (!read.ok) throw new Error(`layout ${r}: ${read.message}`);
          expect(read.value.matches, `layout ${r}`).toEqual(names);
        }
  });

  it("still names the line of a row that holds no two teams", () => {
    const pasted = pre[0].partidos.map((p, i) => (i === 4 ? `5\tElche\t1 X 2` : `${i + 1}\t${p.local}\t${p.visitante}\t1 X 2`)).join("\n");
    expect(parsePastedJornada(pasted)).toEqual({ ok: false, message: "Línea 5: «5\tElche\t1 X 2» no es un partido «Local - Visitante»." });
  });

  it("reads dates with escaped slashes, as fechav3 writes them before the draw, in a stamp or a pasted body", () => {
    expect(madridStamp("2026\\/09\\/29 20:45:00")).toEqual(new Date("2026-09-29T18:45:00Z"));
    const body = JSON.stringify(fixture("pre-draw-2026-09-20-liga-f.json")).replaceAll("/", "\\\\/");
    expect(body).toContain("2026\\\\/09\\\\/19");
    const read = parsePastedJornada(body);
    if (!read.ok) throw new Error(read.message);
    expect(read.value.firstKickOff).toEqual(new Date("2026-09-19T10:00:00Z"));
    expect(read.value.matches[10]).toEqual({ home: "Athletic Club (F)", away: "Badalona W. (F)", kickOff: "2026-09-19T10:00:00.000Z" });
  });
});
