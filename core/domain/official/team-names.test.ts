import { describe, expect, it } from "vitest";
import { changedTeams, closeness, closeTeams, normalizedMessage, resolveTeam, resolveTeamNames, teamIndex, teamKey } from "./team-names";

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

describe("the operator's clubs by their own ids (decision 091)", () => {
  const index = teamIndex([
    { id: 1, name: "Racing Santander", alias: [], operatorId: "3960" },
    { id: 2, name: "Getafe", alias: [] },
    { id: 3, name: "Atlético de Madrid", alias: ["At. Madrid"] },
  ]);

  it("resolves a side by the operator's id before its name, and says which ids a name taught", () => {
    const result = resolveTeamNames(
      [
        { home: "Getafe", homeId: "5", away: "Racing De Santander", awayId: "3960" },
        { home: "At. Madrid", homeId: "3", away: "Racing Santander", awayId: null },
      ],
      index,
    );
    expect(result.matches.map((m) => [m.home, m.homeTeamId, m.away, m.awayTeamId])).toEqual([
      ["Getafe", 2, "Racing Santander", 1],
      ["Atlético de Madrid", 3, "Racing Santander", 1],
    ]);
    expect(result.unknown).toEqual([]);
    expect(result.learnt).toEqual([
      { operatorId: "5", teamId: 2 },
      { operatorId: "3", teamId: 3 },
    ]);
    // An id known for one club wins over a name that is another's.
    expect(resolveTeam(index, "Getafe", "3960")).toMatchObject({ id: 1, by: "id" });
    expect(resolveTeam(index, "Getafe", "999")).toMatchObject({ id: 2, by: "name" });
  });

  it("sees no change where one club is spelled the other way, by id or by alias, and a change where a team is another", () => {
    const before = [
      { home: "Getafe", away: "Racing Santander" },
      { home: "At. Madrid", away: "Getafe" },
    ];
    expect(changedTeams(before, [{ home: "Getafe", away: "Racing De Santander", awayId: "3960" }, before[1]], index)).toEqual([]);
    expect(changedTeams(before, [before[0], { home: "Atlético de Madrid", away: "GETAFE" }], index)).toEqual([]);
    expect(changedTeams(before, [{ home: "Getafe", away: "Racing De Santander" }, before[1]], index)).toEqual([1]);
    expect(changedTeams(before, [before[0], { home: "Getafe", away: "At. Madrid" }], index)).toEqual([2]);
    expect(changedTeams([{ home: "Club X", away: "Getafe" }], [{ home: "club x", away: "Getafe" }], index)).toEqual([]);
    expect(changedTeams([{ home: "Club X", away: "Getafe" }], [{ home: "Club Y", away: "Getafe" }], index)).toEqual([1]);
  });

  // Pairs as the operator writes them beside the catalogue's name: close (with how close), or not.
  const close: [string, string, number][] = [
    ["Racing De Santander", "Racing Santander", 3],
    ["RACING DE SANTANDER (M)", "Racing Santander", 3],
    ["Cádiz C.F.", "Cadiz", 3],
    ["Deportivo de La Coruña", "Deportivo Coruña", 3],
    ["R. Oviedo", "Real Oviedo", 2],
    ["At. Madrid", "Atlético de Madrid", 2],
    ["R. Valladolid", "Real Valladolid", 2],
    ["Racing", "Racing Santander", 1],
    ["Racing Santander", "Racing", 1],
    ["Athletic Club (F)", "Athletic Club (f)", 3],
  ];
  const apart: [string, string][] = [
    ["Real Madrid (F)", "Real Madrid"],
    ["Barcelona B", "Barcelona"],
    ["Real Madrid", "Real Sociedad"],
    ["Getafe", "Girona"],
    ["Real Betis", "Real Madrid"],
    ["Sporting", "Sporting de Gijón B"],
    ["R. Zaragoza", "Real Madrid"],
    ["Las Palmas", "Palmas Atlético"],
  ];

  it("finds a known club close to a new spelling, and none for another club or another team of it: enumerated", () => {
    for (const [a, b, score] of close) {
      expect(closeness(a, b), `${a} / ${b}`).toBe(score);
      expect(closeness(b, a), `${b} / ${a}`).toBe(score);
    }
    for (const [a, b] of apart) {
      expect(closeness(a, b), `${a} / ${b}`).toBe(0);
      expect(closeness(b, a), `${b} / ${a}`).toBe(0);
    }
  });

  it("offers the closest club first, by its name or an alias", () => {
    const teams = [
      { id: 1, name: "Racing Santander", alias: [] },
      { id: 4, name: "Racing Ferrol", alias: [] },
      { id: 5, name: "Real Oviedo", alias: ["R. Oviedo"] },
      { id: 6, name: "Racing de Santander (F)", alias: [] },
    ];
    expect(closeTeams("Racing De Santander", teams)).toEqual([{ id: 1, name: "Racing Santander" }]);
    expect(closeTeams("Racing", teams).map((t) => t.id)).toEqual([4, 1]);
    expect(closeTeams("Real Oviedo CF", teams)).toEqual([{ id: 5, name: "Real Oviedo" }]);
    expect(closeTeams("Celta", teams)).toEqual([]);
  });
});
