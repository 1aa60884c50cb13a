import { describe, expect, it } from "vitest";
import { normalizedMessage, resolveTeamNames, teamIndex, teamKey } from "./team-names";

describe("team names", () => {
  it("folds accents, case and blanks into one key", () => {
    expect(teamKey("  Atlético   de MADRID ")).toBe("atletico de madrid");
    expect(teamKey("Cádiz CF")).toBe(teamKey("CADIZ cf"));
    expect(teamKey("Deportivo La Coruña")).toBe("deportivo la coruna");
  });

  it("replaces aliases and other spellings by the team's name and counts them", () => {
    const index = teamIndex([
      { id: 1, name: "Atlético de Madrid", alias: ["Club Atlético de Madrid", "Atleti"] },
      { id: 2, name: "Sevilla FC", alias: [] },
    ]);
    const result = resolveTeamNames(
      [
        { home: "Club Atlético de Madrid", away: "Sevilla FC" },
        { home: "sevilla fc", away: "Real Oviedo" },
        { home: "Real  Oviedo", away: "ATLETI" },
      ],
      index,
    );
    expect(result.matches.map((m) => [m.home, m.homeTeamId, m.away, m.awayTeamId])).toEqual([
      ["Atlético de Madrid", 1, "Sevilla FC", 2],
      ["Sevilla FC", 2, "Real Oviedo", null],
      ["Real  Oviedo", null, "Atlético de Madrid", 1],
    ]);
    expect(result.normalized).toBe(3);
    expect(result.unknown).toEqual(["Real Oviedo"]);
    expect(normalizedMessage(3)).toBe("Normalicé 3 nombre(s) por alias.");
  });
});
