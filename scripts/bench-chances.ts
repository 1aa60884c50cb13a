// `npm run bench:chances`: how long scoring a placement and finding the best one take for a
// 14-match round (decision 037). A benchmark, not a test: it prints the figures.
import type { SignProbs } from "#core/domain/bet/chances";
import { prizeWeights, ticketOdds } from "#core/domain/bet/hit-odds";
import { bestForBudget, bestPlacement, type Objective } from "#core/domain/bet/placement";
import { REDUCTIONS } from "#core/domain/bet/reductions";
import type { Slip } from "#core/domain/bet/slip";
import { randomSignOdds, seededRandom } from "#core/seeded-random";

const probsOf = (seed: number): SignProbs[] => randomSignOdds(seededRandom(seed), 14, 0.2);

/** Median of `runs` timings of `f`, in milliseconds. */
function time(runs: number, f: () => unknown): number {
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    const start = performance.now();
    f();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

const prizes = { especial: 50_000_000, primera: 8_000_000, segunda: 60_000, tercera: 3_000, cuarta: 400, quinta: 150 };
const objectives: Objective[] = [{ target: "p10" }, { target: "p12" }, { target: "prize", prizeWeights: prizeWeights(prizes, 0.05, 1) }];
const probs = probsOf(42);

export function benchLines(): string[] {
  const lines: string[] = [];
  const slip: Slip = { matches: probs.map((_, i) => (i < 4 ? ["1", "X"] : i < 6 ? ["1", "X", "2"] : ["1"])), pleno: { home: ["1"], away: ["0"] } };
  const perScore = time(5, () => {
    for (let k = 0; k < 10_000; k++) ticketOdds(slip, probs, 0.1);
  });
  lines.push(`| Probabilidades de un boleto (múltiple 4 dobles y 2 triples) | ${((perScore / 10_000) * 1000).toFixed(1)} µs |`);
  const r6: Slip = {
    matches: probs.map((_, i) => (i < 11 ? ["1", "X"] : ["1"])),
    pleno: null,
    reduction: { id: 6, matches: Array.from({ length: 11 }, (_, i) => i) },
  };
  lines.push(`| Probabilidades de un boleto por la ${REDUCTIONS[6].name} (3^11 resultados) | ${time(5, () => ticketOdds(r6, probs, 0)).toFixed(1)} ms |`);
  for (const [d, t] of [
    [2, 0],
    [2, 1],
    [4, 2],
    [5, 4],
  ]) {
    for (const o of objectives) {
      lines.push(
        `| Mejor colocación de ${d} dobles y ${t} triples (${o.target}) | ${time(3, () => bestPlacement(probs, { numDouble: d, numTriple: t }, o)).toFixed(1)} ms |`,
      );
    }
  }
  for (const euros of [12, 50, 200, 1000]) {
    for (const o of objectives) {
      const budget = { cents: euros * 100, priceCents: 75, plenoCombinations: 1 };
      lines.push(`| Mejor apuesta con ${euros} € (${o.target}), reducidas incluidas | ${time(3, () => bestForBudget(probs, budget, o)).toFixed(1)} ms |`);
    }
  }
  return lines;
}

if (process.argv[1]?.endsWith("bench-chances.ts")) {
  console.log("| Cálculo | Mediana |\n| --- | --- |");
  for (const line of benchLines()) console.log(line);
}
