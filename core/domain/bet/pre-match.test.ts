import { describe, expect, it } from "vitest";
import { preMatchView, publicShares, RATING_PARAMS, ratingProbs, teamRatings } from "./pre-match";

describe("ratingProbs", () => {
  it("gives two equal teams the long-run shares, the home side ahead, and adds up to 1", () => {
    const p = ratingProbs(0, 0);
    expect(p[0] + p[1] + p[2]).toBeCloseTo(1, 12);
    expect(p[0]).toBeGreaterThan(0.42);
    expect(p[0]).toBeLessThan(0.48);
    expect(p[1]).toBeGreaterThan(0.25);
    expect(p[0]).toBeGreaterThan(p[2]);
  });

  it("favours the stronger side more the wider the gap", () => {
    expect(ratingProbs(1, 0)[0]).toBeGreaterThan(ratingProbs(0.5, 0)[0]);
    expect(ratingProbs(0, 1.5)[2]).toBeGreaterThan(ratingProbs(0, 0)[2]);
  });
});

describe("teamRatings", () => {
  it("moves the winner up and the loser down by K times the surprise, keeping the sum", () => {
    const r = teamRatings([{ home: "Sevilla", away: "Betis", sign: "2" }]);
    const p = ratingProbs(0, 0);
    const surprise = 0 - (p[0] + p[1] / 2);
    expect(r.get("sevilla")).toBeCloseTo(RATING_PARAMS.k * surprise, 12);
    expect(r.get("betis")).toBeCloseTo(-RATING_PARAMS.k * surprise, 12);
  });
});

describe("preMatchView", () => {
  it("uses only the matches it is given: a team that kept winning is the favourite next", () => {
    const played = Array.from({ length: 6 }, (_, k) => ({ home: "Barcelona", away: `Rival ${k}`, sign: "1" as const }));
    const [before] = preMatchView([], [{ home: "Getafe", away: "Barcelona" }]);
    const [after] = preMatchView(played, [{ home: "Getafe", away: "BARCELONA " }]);
    expect(before).toEqual(ratingProbs(0, 0));
    expect(after[2]).toBeGreaterThan(before[2]);
  });
});

describe("publicShares", () => {
  it("over-bets the favourite and under-bets the draw", () => {
    const q = publicShares([0.55, 0.27, 0.18]);
    expect(q[0] + q[1] + q[2]).toBeCloseTo(1, 12);
    expect(q[0]).toBeGreaterThan(0.55);
    expect(q[1]).toBeLessThan(0.27);
  });
});
