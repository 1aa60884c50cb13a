// The backtest's figures, computed from a snapshot of a group's season (decisions 037, 045, 066):
// pure and deterministic, so `npm run backtest` writes docs/backtest.md from the demo's snapshot
// (fixtures/backtest/demo-2024-25.json) and tests/integration/bet/backtest-figures.test.ts computes it
// again from the committed snapshot and fails when the committed document says anything else.
import { format } from "prettier";
import { baseRates, roundModel, scoreForecast, type HistoryRound, type SignProbs } from "#core/domain/bet/chances";
import { chooseChances, preMatchOf, type ChosenChances } from "#core/domain/bet/chances-source";
import { formatPercent, sourceShort } from "#core/domain/bet/chances-text";
import { expectedPrize, prizeWeights, ticketOdds, winChances } from "#core/domain/bet/hit-odds";
import { mainColumn, sharedPrizes } from "#core/domain/bet/expected-prize";
import { bestPlacement, costOf, type Objective, type Target } from "#core/domain/bet/placement";
import type { Category } from "#core/domain/bet/scrutiny";
import { expectedSharedPrizes } from "#core/domain/caja/shared-prizes";
import { sameScore, SIGNS, type Pick, type Score, type Sign } from "#core/domain/signs";
import { publicShares, type Fixture } from "#core/domain/bet/pre-match";
import { PUBLIC_TEMPERATURE, temper } from "#core/domain/bet/prior-calibration";
import { seededRandom } from "#core/seeded-random";

/** One jornada of the group as the backtest reads it: its type and the bet the group played (or everyone merged). */
export interface SnapshotJornada {
  number: number;
  numDouble: number;
  numTriple: number;
  majority: Pick[];
  majorityPleno: Score | null;
}

/** A group's season as the backtest needs it, in close order: everything comes from the database once. */
export interface SnapshotGroup {
  name: string;
  season: string;
  rounds: HistoryRound[];
  fixtures: Fixture[][];
  shares: (SignProbs[] | null)[];
  /** The rounds whose percentages the app estimated (the demo's): never the prior (decision 072). */
  estimated: boolean[];
  jornadas: SnapshotJornada[];
  /** The season's prize per winning bet where no public percentages are known (decision 037). */
  prizes: Record<Category, number>;
}

export interface Snapshot {
  /** The document's header: what was replayed and how it was generated. */
  intro: string[];
  groups: SnapshotGroup[];
}

interface Tally {
  hits: number;
  prizes: number;
  categories: Record<string, number>;
  /** Σ of the page's P(≥ 10) before each close. */
  expected: number;
}
const tally = (): Tally => ({ hits: 0, prizes: 0, categories: { "10": 0, "11": 0, "12": 0, "13": 0, "14": 0, "14+P": 0 }, expected: 0 });

function record(t: Tally, matches: Pick[], results: readonly Sign[], pleno: Score | null, betPleno: Score | null, p10: number) {
  const hits = hitsOf(matches, results);
  t.hits += hits;
  t.expected += p10;
  if (hits >= 10) {
    t.prizes++;
    t.categories[hits === 14 && sameScore(pleno, betPleno) ? "14+P" : String(hits)]++;
  }
}

const hitsOf = (matches: readonly Pick[], results: readonly Sign[]) => matches.filter((m, i) => m.includes(results[i])).length;

const voteShares = (round: HistoryRound, i: number): SignProbs => {
  // Each ticket splits its vote among its signs; half a vote per sign keeps a sign nobody chose possible.
  const v = [0.5, 0.5, 0.5];
  for (const p of round.predictions) for (const s of p.matches[i] ?? []) v[SIGNS.indexOf(s)] += 1 / p.matches[i].length;
  const t = v[0] + v[1] + v[2];
  return [v[0] / t, v[1] / t, v[2] / t];
};

/** A 95 % bootstrap interval of Σ (b − a) over the jornadas, resampled with the seeded generator. */
export function bootstrapDifference(a: readonly number[], b: readonly number[], draws = 2000, seed = 35): { diff: number; low: number; high: number } {
  const random = seededRandom(seed);
  const d = a.map((x, i) => b[i] - x);
  const sums: number[] = [];
  for (let k = 0; k < draws; k++) {
    let t = 0;
    for (let i = 0; i < d.length; i++) t += d[Math.floor(random() * d.length)];
    sums.push(t);
  }
  sums.sort((x, y) => x - y);
  return { diff: d.reduce((t, x) => t + x, 0), low: sums[Math.floor(draws * 0.025)], high: sums[Math.ceil(draws * 0.975) - 1] };
}

/** The demo's price of a bet, in cents. */
const PRICE_CENTS = 75;

type Forecaster = "chosen" | "model" | "prior" | "public" | "tempered" | "votes" | "base";
const FORECASTERS: [Forecaster, string][] = [
  ["chosen", "Lo que usan las páginas (el modelo apoyado en la valoración previa, o esta sola; decisión 066)"],
  ["model", "Modelo de la peña solo (votos pesados + reparto 1X2, ajustado)"],
  ["prior", "Valoración previa de los partidos (fuerza de los equipos en la temporada; no es un mercado)"],
  ["public", "Porcentajes del público de la jornada, tal cual (los de la demo, estimados por la app: nunca la valoración previa; decisión 072)"],
  ["tempered", "Los mismos porcentajes templados como probabilidades (T = 1,38; decisión 072)"],
  ["votes", "Reparto de los votos, sin pesos"],
  ["base", "Reparto 1X2 de la temporada (ingenuo)"],
];

const comma = (x: number, digits: number) => x.toFixed(digits).replace(".", ",");

/**
 * The group bet's P(≥ 10) in the season's first jornadas with results and picks, as the pages showed
 * it before each close (decision 072 bounds it against the real market's figure for the same ticket).
 */
export function firstJornadas(g: SnapshotGroup, count = 3): { number: number; hits: number; p10: number; chosen: ChosenChances }[] {
  const out: { number: number; hits: number; p10: number; chosen: ChosenChances }[] = [];
  for (const [r, round] of g.rounds.entries()) {
    if (out.length >= count) break;
    const results = round.results;
    if (!results || !round.predictions.length || !results.every((s): s is Sign => s !== null)) continue;
    const chosen = chooseChances({
      history: g.rounds,
      fixtures: g.fixtures,
      shares: g.shares,
      estimated: g.estimated,
      target: r,
      model: roundModel(g.rounds, r),
    });
    const majority = g.jornadas[r].majority;
    out.push({
      number: g.jornadas[r].number,
      hits: hitsOf(majority, results),
      p10: ticketOdds({ matches: majority, pleno: null }, chosen.probs, 0).atLeast[10],
      chosen,
    });
  }
  return out;
}

/** The lines of one group's season. */
export function groupLines(g: SnapshotGroup): string[] {
  const cal = Object.fromEntries(FORECASTERS.map(([k]) => [k, { b: 0, l: 0, n: 0 }])) as Record<Forecaster, { b: number; l: number; n: number }>;
  const bets: Record<"majority" | Target, Tally> = { majority: tally(), p10: tally(), p12: tally(), prize: tally() };
  const won: Record<"majority" | "p10", number[]> = { majority: [], p10: [] };
  const betHits = new Array<number>(15).fill(0);
  let under50 = 0;
  let playerHits = 0;
  let playerTickets = 0;
  let jornadas = 0;
  let priorRounds = 0;
  let publicPrior = 0;
  let wins5 = 0;
  let best10 = 0;
  let lastFit = "";
  const counts: [number, number, number] = [0, 0, 0];
  const ratios: Record<"before" | "after", { number: number; ratio: number }[]> = { before: [], after: [] };
  for (const [r, round] of g.rounds.entries()) {
    const results = round.results;
    const m = g.jornadas[r];
    if (results && round.predictions.length && results.every((s): s is Sign => s !== null)) {
      const model = roundModel(g.rounds, r);
      const chosen = chooseChances({ history: g.rounds, fixtures: g.fixtures, shares: g.shares, estimated: g.estimated, target: r, model });
      const prior = preMatchOf(g.rounds, g.fixtures, r);
      const shares = g.shares[r];
      if (chosen.source === "prior") priorRounds++;
      if (chosen.prior === "public") publicPrior++;
      lastFit = `α = ${model.fit.params.alpha}, β = ${model.fit.params.beta} (${model.fit.matches} partidos)`;
      const base = baseRates(counts);
      results.forEach((s, i) => {
        const views: Record<Forecaster, SignProbs | null> = {
          chosen: chosen.probs[i],
          model: model.probs[i],
          prior: prior[i] ?? null,
          public: shares?.[i] ?? null,
          tempered: shares?.[i] ? temper(shares[i], PUBLIC_TEMPERATURE) : null,
          votes: voteShares(round, i),
          base,
        };
        for (const [k] of FORECASTERS) {
          const view = views[k];
          if (!view) continue;
          const f = scoreForecast(view, s);
          cal[k].b += f.brier;
          cal[k].l += f.logLoss;
          cal[k].n++;
        }
      });
      for (const p of round.predictions) {
        playerHits += hitsOf(p.matches, results);
        playerTickets++;
      }
      const majority = m.majority;
      const odds = (matches: Pick[]) => ticketOdds({ matches, pleno: null }, chosen.probs, 0);
      // The prizes the page's 'premio esperado' uses (decision 097): each fund shared with the others who
      // would hit it with the bet's own signs, by the public's percentages or, without them, estimated.
      const publicView = shares ?? chosen.probs.map((p) => publicShares(p));
      const perCategory = sharedPrizes({ column: mainColumn(majority, chosen.probs), probs: chosen.probs, shares: publicView, priceCents: PRICE_CENTS });
      // What the page said before decision 097: the season's average prizes where no percentages were known.
      const before = shares ? expectedSharedPrizes(shares, chosen.probs, PRICE_CENTS) : g.prizes;
      const current = odds(majority);
      const cost = costOf(
        majority.reduce((t, pick) => t * Math.max(1, pick.length), 1),
        { cents: 0, priceCents: PRICE_CENTS, plenoCombinations: 1 },
      );
      ratios.after.push({ number: m.number, ratio: expectedPrize(current, perCategory) / cost });
      ratios.before.push({ number: m.number, ratio: expectedPrize(current, before) / cost });
      const p10 = current.atLeast[10];
      if (p10 < 0.5) under50++;
      wins5 += winChances({ matches: majority, pleno: null }, chosen.probs, 0).quinta;
      best10 += current.best[10];
      const hits = hitsOf(majority, results);
      betHits[hits]++;
      record(bets.majority, majority, results, round.pleno, m.majorityPleno, p10);
      won.majority.push(hits >= 10 ? 1 : 0);
      for (const target of ["p10", "p12", "prize"] as const) {
        const objective: Objective = { target, prizeWeights: prizeWeights(perCategory, 0, 1) };
        const best = bestPlacement(chosen.probs, { numDouble: m.numDouble, numTriple: m.numTriple }, objective);
        record(bets[target], best.matches, results, round.pleno, m.majorityPleno, odds(best.matches).atLeast[10]);
        if (target === "p10") won.p10.push(hitsOf(best.matches, results) >= 10 ? 1 : 0);
      }
      jornadas++;
    }
    if (results) for (const s of results) if (s !== null) counts[SIGNS.indexOf(s)]++;
  }
  if (!jornadas) return [];
  const n = cal.chosen.n;
  const lines: string[] = [];
  lines.push(`## ${g.name} · temporada ${g.season}`, "");
  lines.push(`${jornadas} jornadas con resultados y pronósticos, ${n} partidos; cada jornada con lo que se sabía antes de su cierre.`, "");
  lines.push(
    `Los jugadores aciertan de media ${comma(playerHits / playerTickets, 2)} de 14 (${playerTickets} pronósticos). ` +
      `Aciertos de la quiniela grupal por jornada: ${betHits.flatMap((c, k) => (c ? [`${k}: ${c}`] : [])).join(", ")}. ` +
      `Probabilidad de 10 o más por debajo del 50 % en ${under50} de ${jornadas} jornadas.`,
    "",
  );
  const firstMonth = firstJornadas(g).map((j) => `jornada ${j.number}, acertó ${j.hits}: ${formatPercent(j.p10)} ${sourceShort(j.chosen)}`);
  lines.push(`Las primeras jornadas, probabilidad de 10 o más de la quiniela grupal: ${firstMonth.join("; ")}.`, "");
  lines.push(
    `Ajuste de la última jornada: ${lastFit}. Las páginas usan la valoración previa sola en ${priorRounds} de ${jornadas} jornadas y el modelo apoyado en ella en el resto; ` +
      `la valoración previa es la de los porcentajes del público en ${publicPrior} de ${jornadas} y la de los partidos en el resto.`,
    "",
  );
  lines.push("| Probabilidades | Partidos | Brier (menor es mejor) | Log loss (menor es mejor) |", "| --- | --- | --- | --- |");
  for (const [k, name] of FORECASTERS) {
    const c = cal[k];
    lines.push(c.n ? `| ${name} | ${c.n} | ${(c.b / c.n).toFixed(4)} | ${(c.l / c.n).toFixed(4)} |` : `| ${name} | 0 | - | - |`);
  }
  lines.push("");
  lines.push("| Apuesta | Aciertos (total) | Jornadas con premio (≥ 10) | Previstas | 10 | 11 | 12 | 13 | 14 | 14 + pleno |");
  lines.push("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  const names: Record<keyof typeof bets, string> = {
    majority: "Mayoría (la quiniela grupal generada)",
    p10: "Optimizada para 10 o más",
    p12: "Optimizada para 12 o más",
    prize: "Optimizada para premio esperado",
  };
  for (const k of ["majority", "p10", "p12", "prize"] as const) {
    const t = bets[k];
    const c = t.categories;
    lines.push(
      `| ${names[k]} | ${t.hits} | ${t.prizes} | ${t.expected.toFixed(1)} | ${c["10"]} | ${c["11"]} | ${c["12"]} | ${c["13"]} | ${c["14"]} | ${c["14+P"]} |`,
    );
  }
  const boot = bootstrapDifference(won.majority, won.p10);
  const interval = `intervalo bootstrap del 95 % de la diferencia: ${boot.low} a ${boot.high} jornadas`;
  const verdict =
    boot.low <= 0 && boot.high >= 0
      ? `Optimizada para 10 o más frente a la mayoría: ${bets.p10.prizes} jornadas con premio frente a ${bets.majority.prizes} (${interval}); la diferencia cabe en el intervalo, así que no hay diferencia.`
      : `Optimizada para 10 o más frente a la mayoría: ${bets.p10.prizes} jornadas con premio frente a ${bets.majority.prizes} (${interval}); la ${boot.diff > 0 ? "optimizada" : "mayoría"} gana.`;
  lines.push("", verdict, "");
  lines.push(
    `Probabilidad media de 10 o más según lo que usan las páginas: mayoría ${formatPercent(bets.majority.expected / jornadas)}, optimizada ${formatPercent(bets.p10.expected / jornadas)}. ` +
      `Probabilidad media de cobrar la 5ª (alguna columna con 10) de la mayoría: ${formatPercent(wins5 / jornadas)}; de que su mejor columna tenga 10: ${formatPercent(best10 / jornadas)}.`,
    "",
  );
  const spread = (list: { number: number; ratio: number }[]) => {
    const sorted = [...list].sort((a, b) => a.ratio - b.ratio);
    const top = sorted[sorted.length - 1];
    return `mediana ${comma(sorted[sorted.length >> 1].ratio, 3)}, máximo ${comma(top.ratio, 3)} (jornada ${top.number})`;
  };
  lines.push(
    `Premio esperado de la quiniela grupal entre su coste (decisión 097), con el fondo de cada categoría repartido entre ella y los acertantes que se esperan con sus signos: ${spread(ratios.after)}; ` +
      `con los premios medios de la temporada donde no había porcentajes del público, como antes: ${spread(ratios.before)}. El juego devuelve el 55 % de lo apostado.`,
    "",
  );
  return lines;
}

/** The whole document, formatted as the repository's markdown is (prettier), so what it computes is what the file says. */
export async function backtestMarkdown(snapshot: Snapshot): Promise<string> {
  const lines = ["# Backtest de las probabilidades y la colocación (decisiones 037, 044, 045, 066 y 072)", "", ...snapshot.intro];
  for (const g of snapshot.groups) lines.push(...groupLines(g));
  lines.push(
    "## Velocidad",
    "",
    "`npm run bench:chances` mide cuánto tardan el cálculo de un boleto y la búsqueda de la mejor colocación; varía con la máquina, así que no se escribe aquí (decisión 037 da las medianas).",
    "",
  );
  return format(lines.join("\n"), { parser: "markdown", printWidth: 160 });
}
