import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { roundModel, type HistoryRound, type SignProbs } from "./chances";
import { chooseChances } from "./chances-source";
import { jointHits, mainColumn, PAYBACK_BP, sharedPrizes, paybackLine } from "./expected-prize";
import { expectedPrize, poissonBinomial, ticketOdds } from "./hit-odds";
import { costOf } from "./placement";
import { publicShares } from "./pre-match";
import type { Fixture } from "./pre-match";
import { SIGNS, type Pick, type Sign } from "../signs";
import { randomSignOdds, seededRandom } from "../../seeded-random";

interface SnapshotGroup {
  name: string;
  rounds: HistoryRound[];
  fixtures: Fixture[][];
  shares: (SignProbs[] | null)[];
  estimated: boolean[];
  jornadas: { number: number; majority: Pick[] }[];
}

/** Every bet of the demo (`npm run demo`, as `npm run backtest` reads it): both peñas, the 37 played jornadas and the open one. */
const demo = JSON.parse(readFileSync("fixtures/backtest/demo-2024-25.json", "utf8")) as { groups: SnapshotGroup[] };

/** The expected prize over the cost of each demo bet, as the bet page computes it (decision 097). */
function demoRatios() {
  return demo.groups.flatMap((g) =>
    g.jornadas.map((j, r) => {
      const model = roundModel(g.rounds, r);
      const { probs } = chooseChances({ history: g.rounds, fixtures: g.fixtures, shares: g.shares, estimated: g.estimated, target: r, model });
      const shares = g.shares[r]?.length === 14 ? g.shares[r]! : probs.map((p) => publicShares(p));
      const prizes = sharedPrizes({ column: mainColumn(j.majority, probs), probs, shares, priceCents: 75 });
      const columns = j.majority.reduce((t, m) => t * Math.max(1, m.length), 1);
      const cost = costOf(columns, { cents: 0, priceCents: 75, plenoCombinations: 1 });
      return { group: g.name, number: j.number, ratio: expectedPrize(ticketOdds({ matches: j.majority, pleno: null }, probs, 0), prizes) / cost };
    }),
  );
}

describe("an expected prize a pari-mutuel pool can pay (decision 097)", () => {
  it("says the pool's own payback by the rules", () => {
    expect(PAYBACK_BP).toBe(5500);
    expect(paybackLine()).toBe("el juego devuelve el 55\u00a0% de lo apostado");
  });

  it("counts the others who hit with the column exactly: the joint hits equal a brute force over every outcome", () => {
    const random = seededRandom(97);
    const probs = randomSignOdds(random, 6, 0.1) as SignProbs[];
    const shares = randomSignOdds(random, 6, 0.1) as SignProbs[];
    const column: Sign[] = ["1", "X", "2", "1", "1", "2"];
    const brute = Array.from({ length: 7 }, () => new Array<number>(7).fill(0));
    for (let o = 0; o < 3 ** 6; o++) {
      const outcome = Array.from({ length: 6 }, (_, i) => Math.floor(o / 3 ** i) % 3);
      const p = outcome.reduce((t, k, i) => t * probs[i][k], 1);
      const hits = outcome.filter((k, i) => SIGNS[k] === column[i]).length;
      poissonBinomial(outcome.map((k, i) => shares[i][k])).forEach((q, m) => (brute[hits][m] += p * q));
    }
    const joint = jointHits(column, probs, shares);
    for (let j = 0; j <= 6; j++) for (let m = 0; m <= 6; m++) expect(joint[j][m]).toBeCloseTo(brute[j][m], 14);
  });

  it("pays a ticket of favourites less than one of long shots: it shares with more", () => {
    const probs = Array.from({ length: 14 }, (): SignProbs => [0.55, 0.27, 0.18]);
    const shares = probs.map((p) => publicShares(p));
    const favourites = sharedPrizes({ column: Array(14).fill("1"), probs, shares, priceCents: 75 });
    const longShots = sharedPrizes({ column: Array(14).fill("2"), probs, shares, priceCents: 75 });
    for (const c of ["primera", "segunda", "tercera"] as const) expect(favourites[c]).toBeLessThan(longShots[c]);
  });

  it("keeps every demo bet's expected prize under its cost, and the median under the pool's 55 %", () => {
    const ratios = demoRatios();
    // 2 peñas × 38 jornadas: every bet the demo plays, and the open jornada's.
    expect(ratios).toHaveLength(76);
    // The bound: the pool returns 55 % of what is bet on average, by the rules; a ticket of the
    // favourites shares each prize with more winners than the average one, so it earns less. No bet
    // may promise the stake back, let alone 13 times it (the season's averages did: 12.1 ×).
    for (const r of ratios) expect(r.ratio, `${r.group} jornada ${r.number}`).toBeLessThan(1);
    const sorted = ratios.map((r) => r.ratio).sort((a, b) => a - b);
    expect(sorted[sorted.length >> 1]).toBeLessThan(PAYBACK_BP / 10_000);
  }, 60_000);
});
