import { describe, expect, it } from "vitest";
import { betShareText, roundShareText, standingsShareText, whatsappUrl } from "./share-text";

const NBSP = "\u00a0";

describe("the texts shared to WhatsApp", () => {
  it("gives the top of the standings, level players sharing a position", () => {
    const text = standingsShareText({
      groupName: "Peña del Bar",
      seasonName: "2025-26",
      rows: [
        { position: 4, userName: "dani", totalPoints: 7 },
        { position: 1, userName: "ana", totalPoints: 20.75 },
        { position: 2, userName: "bea", totalPoints: 18 },
        { position: 2, userName: "carlos", totalPoints: 18 },
        { position: 6, userName: "fede", totalPoints: 1 },
      ],
    });
    expect(text).toBe("🏆 Clasificación de Peña del Bar · temporada 2025-26\n1. ana: 20,75 pts\n2. bea: 18 pts\n2. carlos: 18 pts\n4. dani: 7 pts");
    expect(standingsShareText({ groupName: "P", seasonName: "S", rows: [], roundNumber: 3 })).toBe("🏆 Clasificación de P · jornada 3\nTodavía sin puntos.");
  });

  it("writes the ticket one line per match, then the pleno, bets and cost, and the hits after results", () => {
    const matches = Array.from({ length: 15 }, (_, i) => ({ position: i + 1, home: `Local ${i + 1}`, away: `Visitante ${i + 1}` }));
    const picks = Array.from({ length: 14 }, () => ["1" as const]) as ("1" | "X" | "2")[][];
    picks[0] = ["1", "X"];
    picks[2] = ["1", "X", "2"];
    const text = betShareText({
      groupName: "Peña",
      roundNumber: 9,
      matches,
      picks,
      pleno: { home: 2, away: 1 },
      bets: 6,
      costCents: 450,
      confirmed: true,
      hits: null,
    });
    const lines = text.split("\n");
    expect(lines[0]).toBe("🎟️ Quiniela grupal de Peña · jornada 9");
    expect(lines[1]).toBe("1. Local 1 - Visitante 1: 1X");
    expect(lines[3]).toBe("3. Local 3 - Visitante 3: 1X2");
    expect(lines[14]).toBe("14. Local 14 - Visitante 14: 1");
    expect(lines[15]).toBe("P15. Local 15 - Visitante 15: 2-1");
    expect(lines[16]).toBe(`6 apuestas · 4,50${NBSP}€`);
    expect(lines).toHaveLength(17);
    const after = betShareText({ groupName: "Peña", roundNumber: 9, matches, picks, pleno: null, bets: 2, costCents: 150, confirmed: false, hits: 11 });
    expect(after).toContain("(sin confirmar)");
    expect(after).toContain(": sin pleno\n2 apuestas");
    expect(after.endsWith("Aciertos: 11 de 15")).toBe(true);
  });

  it("sums up the jornada", () => {
    expect(roundShareText({ groupName: "Peña", roundNumber: 9, betHits: 11, averageHits: 8.25, mvp: { username: "ana", hits: 13 } })).toBe(
      "⚽ Peña · jornada 9\nQuiniela grupal: 11 de 15\nMedia del grupo: 8,3 aciertos\nMVP: ana (13 aciertos)",
    );
    expect(roundShareText({ groupName: "Peña", roundNumber: 9, betHits: null, averageHits: null, mvp: null })).toBe(
      "⚽ Peña · jornada 9\nSin quiniela grupal\nMVP: nadie en solitario",
    );
  });

  it("makes a plain wa.me link with the text encoded", () => {
    expect(whatsappUrl("1. a & b: 1X\n2")).toBe("https://wa.me/?text=1.%20a%20%26%20b%3A%201X%0A2");
  });
});
