// `npm run backtest`: replays a group's season jornada by jornada with only what was known before
// each close (decision 037): the chances model's calibration against the naive base rates and the
// raw vote shares, and the majority bet against the optimised bet. Without arguments it loads the
// demo (the real 2024-25 season, two groups) into a temporary database and writes docs/backtest.md;
// `--group <id>` replays that group of DATABASE_URL or DATA_DIR instead (docs/backtest-group-<id>.md).
import { spawnSync } from "node:child_process";
import { format } from "prettier";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { baseRates, roundModel, scoreForecast, type HistoryRound, type SignProbs } from "#core/domain/chances";
import { chooseChances, marketView } from "#core/domain/chances-source";
import { seededRandom } from "#core/seeded-random";
import { fromBasisPoints } from "#core/domain/public-shares";
import { expectedSharedPrizes } from "#core/domain/shared-prizes";
import { publicSharesOf } from "../backend/services/public-shares";
import { formatPercent } from "#core/domain/chances-text";
import { mergeGroupBet } from "#core/domain/group-bet";
import { prizeWeights, ticketOdds } from "#core/domain/hit-odds";
import { bestPlacement, type Objective, type Target } from "#core/domain/placement";
import { sameScore, SIGNS, type Pick, type Score, type Sign } from "#core/domain/signs";
import { openDb, type Db } from "../backend/db/db";
import { picksOf } from "../backend/services/bet-row";
import { seasonHistory, seasonPrizes } from "../backend/services/chances";
import { benchLines } from "./bench-chances";

interface Tally {
  hits: number;
  prizes: number;
  categories: Record<string, number>;
  /** Σ of the model's P(≥ 10) before each close. */
  expected: number;
}
const tally = (): Tally => ({ hits: 0, prizes: 0, categories: { "10": 0, "11": 0, "12": 0, "13": 0, "14": 0, "14+P": 0 }, expected: 0 });

function record(t: Tally, matches: Pick[], results: readonly Sign[], pleno: Score | null, betPleno: Score | null, p10: number) {
  const hits = matches.filter((m, i) => m.includes(results[i])).length;
  t.hits += hits;
  t.expected += p10;
  if (hits >= 10) {
    t.prizes++;
    t.categories[hits === 14 && sameScore(pleno, betPleno) ? "14+P" : String(hits)]++;
  }
}

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

type Forecaster = "chosen" | "model" | "market" | "votes" | "base";
const FORECASTERS: [Forecaster, string][] = [
  ["chosen", "Lo que usa la página (el mejor de modelo y previa en lo ya jugado)"],
  ["model", "Modelo de la peña (votos pesados + reparto 1X2, ajustado)"],
  ["market", "Previa de los partidos (fuerza de los equipos en la temporada, el «mercado»)"],
  ["votes", "Reparto de los votos, sin pesos"],
  ["base", "Reparto 1X2 de la temporada (ingenuo)"],
];

async function backtestGroup(db: Db, groupId: number): Promise<string[]> {
  const group = await db.one<{ name: string }>("select name from groups where id = $1", [groupId]);
  if (!group) throw new Error(`No existe el grupo ${groupId}.`);
  const seasons = await db.query<{ season_id: number; name: string }>(
    `select distinct q.season_id, s.name from group_quinielas gq join quinielas q on q.id = gq.quiniela_id join seasons s on s.id = q.season_id
      where gq.group_id = $1 order by q.season_id`,
    [groupId],
  );
  const lines: string[] = [];
  for (const season of seasons) {
    const history = await seasonHistory(db, groupId, season.season_id);
    const prizes = await seasonPrizes(db, season.season_id);
    const meta = await db.query<{ quiniela_id: number; number: number; num_double: number; num_triple: number; bet_id: number | null; bet_matches: unknown }>(
      `select gq.quiniela_id, q.number, pt.num_double, pt.num_triple, b.id as bet_id, b.matches as bet_matches
         from group_quinielas gq join quinielas q on q.id = gq.quiniela_id join pool_types pt on pt.id = gq.type_quiniela_id
         left join bets b on b.group_id = gq.group_id and b.quiniela_id = gq.quiniela_id
        where gq.group_id = $1 and q.season_id = $2`,
      [groupId, season.season_id],
    );
    const cal = Object.fromEntries(FORECASTERS.map(([k]) => [k, { b: 0, l: 0 }])) as Record<Forecaster, { b: number; l: number }>;
    let n = 0;
    const bets: Record<"majority" | Target, Tally> = { majority: tally(), p10: tally(), p12: tally(), prize: tally() };
    const won: Record<"majority" | "p10", number[]> = { majority: [], p10: [] };
    const betHits = new Array<number>(15).fill(0);
    let under50 = 0;
    let playerHits = 0;
    let playerTickets = 0;
    let jornadas = 0;
    let marketRounds = 0;
    let lastFit = "";
    const counts: [number, number, number] = [0, 0, 0];
    for (const [r, round] of history.rounds.entries()) {
      const results = round.results;
      const m = meta.find((x) => x.quiniela_id === history.quinielaIds[r])!;
      if (results && round.predictions.length && results.every((s): s is Sign => s !== null)) {
        const model = roundModel(history.rounds, r);
        const chosen = chooseChances(history.rounds, history.fixtures, r, model);
        const market = marketView(history.rounds, history.fixtures, r);
        if (chosen.source === "market") marketRounds++;
        lastFit = `α = ${model.fit.params.alpha}, β = ${model.fit.params.beta} (${model.fit.matches} partidos)`;
        const base = baseRates(counts);
        results.forEach((s, i) => {
          const views: Record<Forecaster, SignProbs> = { chosen: chosen.probs[i], model: model.probs[i], market: market[i], votes: voteShares(round, i), base };
          for (const [k] of FORECASTERS) {
            const f = scoreForecast(views[k], s);
            cal[k].b += f.brier;
            cal[k].l += f.logLoss;
          }
          n++;
        });
        for (const p of round.predictions) {
          playerHits += p.matches.filter((pick, i) => pick.includes(results[i])).length;
          playerTickets++;
        }
        // The majority bet: the group bet as the demo generated it (top 5 by Wilson); without one, everyone merged.
        const majority = m.bet_id ? { matches: picksOf(m.bet_matches), pleno: null } : await mergedBet(db, groupId, m, round);
        const odds = (matches: Pick[]) => ticketOdds({ matches, pleno: null }, chosen.probs, 0).atLeast[10];
        // The prizes the page's 'premio esperado' would use: shared by the public's percentages where known (decision 044).
        const shares = await publicSharesOf(db, m.quiniela_id);
        const perCategory =
          shares.shares.length === 14 ? expectedSharedPrizes(shares.shares.map(fromBasisPoints), chosen.probs, PRICE_CENTS) : prizes.perCategoryCents;
        const p10 = odds(majority.matches);
        if (p10 < 0.5) under50++;
        betHits[majority.matches.filter((pick, i) => pick.includes(results[i])).length]++;
        record(bets.majority, majority.matches, results, round.pleno, majority.pleno, p10);
        won.majority.push(hitsOf(majority.matches, results) >= 10 ? 1 : 0);
        for (const target of ["p10", "p12", "prize"] as const) {
          const objective: Objective = { target, prizeWeights: prizeWeights(perCategory, 0, 1) };
          const best = bestPlacement(chosen.probs, { numDouble: m.num_double, numTriple: m.num_triple }, objective);
          record(bets[target], best.matches, results, round.pleno, majority.pleno, odds(best.matches));
          if (target === "p10") won.p10.push(hitsOf(best.matches, results) >= 10 ? 1 : 0);
        }
        jornadas++;
      }
      if (results) for (const s of results) if (s !== null) counts[SIGNS.indexOf(s)]++;
    }
    if (!jornadas) continue;
    const f = (x: number) => (x / n).toFixed(4);
    lines.push(`## ${group.name} · temporada ${season.name}`, "");
    lines.push(`${jornadas} jornadas con resultados y pronósticos, ${n} partidos; cada jornada con lo que se sabía antes de su cierre.`, "");
    lines.push(
      `Los jugadores aciertan de media ${(playerHits / playerTickets).toFixed(2).replace(".", ",")} de 14 (${playerTickets} pronósticos). ` +
        `Aciertos de la quiniela grupal por jornada: ${betHits.flatMap((c, k) => (c ? [`${k}: ${c}`] : [])).join(", ")}. ` +
        `Probabilidad de 10 o más por debajo del 50 % en ${under50} de ${jornadas} jornadas.`,
      "",
    );
    lines.push(
      `Ajuste de la última jornada: ${lastFit}. La página usa la previa de los partidos en ${marketRounds} de ${jornadas} jornadas y el modelo en el resto.`,
      "",
    );
    lines.push("| Probabilidades | Brier (menor es mejor) | Log loss (menor es mejor) |", "| --- | --- | --- |");
    for (const [k, name] of FORECASTERS) lines.push(`| ${name} | ${f(cal[k].b)} | ${f(cal[k].l)} |`);
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
      `Probabilidad media de 10 o más según lo que usa la página: mayoría ${formatPercent(bets.majority.expected / jornadas)}, optimizada ${formatPercent(bets.p10.expected / jornadas)}.`,
      "",
    );
  }
  return lines;
}

const hitsOf = (matches: Pick[], results: readonly Sign[]) => matches.filter((m, i) => m.includes(results[i])).length;

/** Everyone's picks merged as the generator merges them, for a jornada without a stored bet. */
async function mergedBet(db: Db, groupId: number, m: { quiniela_id: number; num_double: number; num_triple: number }, round: HistoryRound) {
  const plenos = await db.query<{ user_id: number; pleno_home: number; pleno_away: number }>(
    "select user_id, pleno_home, pleno_away from predictions where group_id = $1 and quiniela_id = $2",
    [groupId, m.quiniela_id],
  );
  const ranked = round.predictions.map((p, k) => {
    const pl = plenos.find((x) => x.user_id === p.userId);
    return {
      userId: p.userId,
      username: String(p.userId),
      rank: k + 1,
      matches: [...p.matches],
      pleno: pl ? { home: pl.pleno_home, away: pl.pleno_away } : null,
    };
  });
  const merged = mergeGroupBet({ ranked, numDouble: m.num_double, numTriple: m.num_triple, random: () => 0 });
  return { matches: merged.matches, pleno: merged.pleno };
}

function arg(name: string): string | undefined {
  const k = process.argv.indexOf(name);
  return k >= 0 ? process.argv[k + 1] : undefined;
}

async function main() {
  const groupArg = arg("--group");
  let tmp: string | null = null;
  let db: Db;
  let groups: number[];
  const started = Date.now();
  if (groupArg) {
    const dataDir = path.resolve(process.env.DATA_DIR || "./data");
    db = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATABASE_URL ? undefined : path.join(dataDir, "pglite") });
    groups = [Number(groupArg)];
  } else {
    tmp = await mkdtemp(path.join(tmpdir(), "backtest-"));
    console.log(`Cargando la demo en ${tmp} …`);
    const demo = spawnSync(process.execPath, ["scripts/run-ts.mjs", "scripts/demo.ts"], {
      env: { ...process.env, DATA_DIR: tmp, DATABASE_URL: "" },
      stdio: "inherit",
    });
    if (demo.status !== 0) throw new Error("No se pudo cargar la demo.");
    db = await openDb({ dataDir: path.join(tmp, "pglite") });
    groups = (await db.query<{ id: number }>("select id from groups where invite_code in ('DEMOOFICINA', 'DEMOBARRIO') order by id")).map((g) => g.id);
  }
  try {
    const lines = ["# Backtest de las probabilidades y la colocación (decisiones 037 y 044)", ""];
    lines.push(
      groupArg
        ? `Grupo ${groupArg}, generado con \`npm run backtest -- --group ${groupArg}\`.`
        : "La temporada real 2024-25 de la demo (`npm run demo`), generado con `npm run backtest`.",
      "",
    );
    if (!groupArg) {
      lines.push(
        "Los resultados son reales; los pronósticos de la demo son sintéticos (scripts/demo.ts, core/demo-picks.ts): cada jugador elige a partir de " +
          "la previa de cada partido (la fuerza de los equipos por los resultados anteriores de la temporada, core/domain/pre-match.ts), inclinada " +
          "hacia el favorito como la del público, con su gusto (amante del empate, de casa, sigue al favorito, busca la sorpresa) y las corazonadas " +
          "de su peña, compartidas. Nadie ve el resultado: los votos siguen a los mismos favoritos y fallan juntos, como en una peña real. " +
          "La «previa» de la tabla es esa misma fuerza de los equipos, sin los votos: el papel de las cuotas de un mercado.",
        "",
      );
    }
    for (const g of groups) lines.push(...(await backtestGroup(db, g)));
    lines.push("## Velocidad (`npm run bench:chances`)", "", "| Cálculo | Mediana |", "| --- | --- |", ...benchLines(), "");
    // Formatted as the repository's markdown is (prettier), so what it prints is what the file says.
    const text = await format(lines.join("\n"), { parser: "markdown", printWidth: 160 });
    console.log(text);
    const out = arg("--out") ?? (groupArg ? `docs/backtest-group-${groupArg}.md` : "docs/backtest.md");
    await writeFile(out, text);
    console.log(`\nEscrito en ${out} (${((Date.now() - started) / 1000).toFixed(0)} s).`);
  } finally {
    await db.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
}

await main().catch((error: Error) => {
  console.error(`No se pudo hacer el backtest: ${error.message}`);
  process.exitCode = 1;
});
