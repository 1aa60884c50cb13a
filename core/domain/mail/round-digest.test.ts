import { describe, expect, it } from "vitest";
import { computeClassification, type ClassificationInput } from "../standings/standings";
import type { Results } from "../hits";
import { DEFAULT_POINTS } from "../points";
import { digestHtml, digestText, joinNames, movement, positionsBefore, roundDigest, type DigestBet, type DigestMail } from "./round-digest";
import type { Pick, Sign } from "../signs";
import { seededRandom } from "../../seeded-random";

const SIGNS: Sign[] = ["1", "X", "2"];

function season(seed: number, players: number, rounds: number) {
  const next = seededRandom(seed);
  const pick = (): Pick => [SIGNS[Math.floor(next() * 3)]];
  const members = Array.from({ length: players }, (_, i) => ({ userId: i + 1, userName: `j${String.fromCharCode(97 + i)}`, avatarPath: null }));
  const all: ClassificationInput["rounds"] = Array.from({ length: rounds }, (_, r) => ({
    quinielaId: r + 1,
    closeDate: new Date(Date.UTC(2026, 0, 1 + 7 * r)),
    results: { matches: Array.from({ length: 14 }, () => SIGNS[Math.floor(next() * 3)]), pleno: { home: 1, away: 0 } } as Results,
  }));
  const predictions: ClassificationInput["predictions"] = [];
  for (const round of all)
    for (const m of members)
      if (next() > 0.2) {
        // Few distinct tickets, so members are often level on points and Wilson.
        predictions.push({
          userId: m.userId,
          quinielaId: round.quinielaId,
          matches: Array.from({ length: 14 }, pick),
          pleno: next() > 0.7 ? { home: 1, away: 0 } : { home: 0, away: 0 },
        });
      }
  return { members, rounds: all, predictions, points: DEFAULT_POINTS };
}

describe("the digest's positions before the jornada", () => {
  it("are the standings computed without that jornada, for hundreds of seasons with ties", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const input = season(seed, 2 + (seed % 7), 1 + (seed % 4));
      const last = input.rounds[input.rounds.length - 1];
      const after = computeClassification(input);
      const without = computeClassification({
        ...input,
        rounds: input.rounds.slice(0, -1),
        predictions: input.predictions.filter((p) => p.quinielaId !== last.quinielaId),
      });
      const round = computeClassification({ ...input, rounds: [last], predictions: input.predictions.filter((p) => p.quinielaId === last.quinielaId) });
      const before = positionsBefore(after, round);
      for (const row of without) expect(before.get(row.userId), `semilla ${seed}, ${row.userName}`).toBe(row.position);
    }
  });
});

describe("the round's digest", () => {
  const row = (userId: number, userName: string, position: number, totalPoints: number, lastRoundHits: number | null, hits = 0, n = 0) => ({
    userId,
    userName,
    position,
    totalPoints,
    hits,
    n,
    wilson: 0,
    lastRoundHits,
  });

  it("gives the top 5 with shared positions (1, 2, 2, 4), their movement, the MVP and the group's average", () => {
    // Before the jornada: bea 15, diana 14, eva 9, ana 8 and fede 8 (level: 4 and 4), carlos 6.
    const seasonRows = [
      row(1, "ana", 1, 20, null),
      row(2, "bea", 2, 18, null),
      row(3, "carlos", 2, 18, null),
      row(4, "diana", 4, 15, null),
      row(5, "eva", 5, 9, null),
      row(6, "fede", 6, 8, null),
    ];
    const roundRows = [
      row(1, "ana", 0, 12, 12),
      row(2, "bea", 0, 3, 3),
      row(3, "carlos", 0, 12, 12),
      row(4, "diana", 0, 1, 1),
      row(5, "eva", 0, 0, null),
      row(6, "fede", 0, 0, 8),
    ];
    const digest = roundDigest(seasonRows, roundRows);
    expect(digest.top.map((r) => [r.position, r.userName, r.before])).toEqual([
      [1, "ana", 4],
      [2, "bea", 1],
      [2, "carlos", 6],
      [4, "diana", 2],
      [5, "eva", 3],
    ]);
    expect(digest.top.map(movement)).toEqual(["sube 3", "baja 1", "sube 4", "baja 2", "baja 2"]);
    expect(digest.mvp).toEqual({ names: ["ana", "carlos"], hits: 12 });
    expect(digest.average).toBeCloseTo(7.2);
    expect(digest.players).toBe(5);
  });

  it("has no MVP nor average when nobody predicted", () => {
    const digest = roundDigest([row(1, "ana", 1, 0, null)], [row(1, "ana", 0, 0, null)]);
    expect(digest.mvp).toBeNull();
    expect(digest.average).toBeNull();
  });

  const mail: DigestMail = {
    username: "ana",
    groupName: "Peña <del> Bar",
    number: 7,
    myHits: 12,
    bet: { hits: 10, pleno: false, confirmed: true },
    digest: {
      top: [
        { position: 1, userName: "ana", totalPoints: 20.75, before: 2 },
        { position: 2, userName: "bea", totalPoints: 18, before: 1 },
      ],
      mvp: { names: ["ana", "carlos"], hits: 12 },
      average: 7.25,
      players: 4,
    },
    roundUrl: "https://q.test/grupo/1/resultados-y-apuestas?quiniela=7",
    unsubscribeUrl: "https://q.test/baja/resumen/x",
  };

  it("reads as short Spanish text", () => {
    const text = digestText(mail);
    expect(text).toContain("Tus aciertos: 12 de 15.");
    expect(text).toContain("Quiniela grupal: 10 aciertos de 14 sin el pleno.");
    expect(text).toContain("Media del grupo: 7,3 aciertos (4 jugadores).");
    expect(text).toContain("MVP: ana y carlos, con 12 aciertos.");
    expect(text).toContain("1. ana: 20,75 pts (sube 1)\n2. bea: 18 pts (baja 1)");
    expect(text).toContain("https://q.test/baja/resumen/x");
    expect(digestText({ ...mail, myHits: null, bet: null })).toContain("No enviaste pronóstico en esta jornada.\nEl grupo no tuvo quiniela grupal");
  });

  it("says the group bet's hits of 14 and the pleno apart, the category it won and its prize, in es-ES money (decision 091)", () => {
    const said = (bet: DigestBet) =>
      digestText({ ...mail, bet })
        .split("\n")
        .find((l) => l.startsWith("Quiniela grupal"));
    expect(said({ hits: 13, pleno: true, confirmed: true, category: "segunda", prizeCents: 123_456_789 })).toBe(
      "Quiniela grupal: 13 aciertos de 14 y el pleno: 2ª categoría, 1.234.567,89\u00a0€.",
    );
    expect(said({ hits: 14, pleno: true, confirmed: true, category: "especial", prizeCents: 12_050 })).toBe(
      "Quiniela grupal: 14 aciertos de 14 y el pleno: categoría Especial, 120,50\u00a0€.",
    );
    expect(said({ hits: 11, pleno: false, confirmed: false, category: "cuarta", prizeCents: null })).toBe(
      "Quiniela grupal (sin confirmar): 11 aciertos de 14 sin el pleno: 4ª categoría, premio aún sin publicar.",
    );
    expect(said({ hits: 1, pleno: false, confirmed: true, category: null, prizeCents: 0 })).toBe("Quiniela grupal: 1 acierto de 14 sin el pleno: sin premio.");
    expect(digestHtml({ ...mail, bet: { hits: 13, pleno: true, confirmed: true, category: "segunda", prizeCents: 123_456_789 } })).toContain(
      "2ª categoría, 1.234.567,89\u00a0€",
    );
  });

  it("escapes names in the HTML part", () => {
    const html = digestHtml(mail);
    expect(html).toContain("Peña &lt;del&gt; Bar");
    expect(html).not.toContain("<del>");
    expect(html).toContain('href="https://q.test/baja/resumen/x"');
  });

  it("joins names the Spanish way", () => {
    expect(joinNames(["a"])).toBe("a");
    expect(joinNames(["a", "b", "c"])).toBe("a, b y c");
  });
});
