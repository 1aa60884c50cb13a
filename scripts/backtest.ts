// `npm run backtest`: replays a group's season jornada by jornada with only what was known before
// each close (decision 037): the chances model's calibration against the naive base rates and the
// raw vote shares, and the majority bet against the optimised bet. Without arguments it loads the
// demo (the real 2024-25 season, two groups) into a temporary database and writes docs/backtest.md;
// `--group <id>` replays that group of DATABASE_URL or DATA_DIR instead (docs/backtest-group-<id>.md).
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { baseRates, roundModel, scoreForecast, type HistoryRound, type SignProbs } from "#core/domain/chances";
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
    const meta = await db.query<{ quiniela_id: number; number: number; num_double: number; num_triple: number; bet_id: number | null }>(
      `select gq.quiniela_id, q.number, pt.num_double, pt.num_triple, b.id as bet_id
         from group_quinielas gq join quinielas q on q.id = gq.quiniela_id join pool_types pt on pt.id = gq.type_quiniela_id
         left join bets b on b.group_id = gq.group_id and b.quiniela_id = gq.quiniela_id
        where gq.group_id = $1 and q.season_id = $2`,
      [groupId, season.season_id],
    );
    const cal = { model: { b: 0, l: 0 }, base: { b: 0, l: 0 }, votes: { b: 0, l: 0 }, n: 0 };
    const bets: Record<"majority" | Target, Tally> = { majority: tally(), p10: tally(), p12: tally(), prize: tally() };
    let jornadas = 0;
    let lastFit = "";
    const counts: [number, number, number] = [0, 0, 0];
    for (const [r, round] of history.rounds.entries()) {
      const results = round.results;
      const m = meta.find((x) => x.quiniela_id === history.quinielaIds[r])!;
      if (results && round.predictions.length && results.every((s): s is Sign => s !== null)) {
        const model = roundModel(history.rounds, r);
        lastFit = `α = ${model.fit.params.alpha}, β = ${model.fit.params.beta} (${model.fit.matches} partidos)`;
        const base = baseRates(counts);
        results.forEach((s, i) => {
          const add = (k: "model" | "base" | "votes", p: SignProbs) => {
            const f = scoreForecast(p, s);
            cal[k].b += f.brier;
            cal[k].l += f.logLoss;
          };
          add("model", model.probs[i]);
          add("base", base);
          add("votes", voteShares(round, i));
          cal.n++;
        });
        // The majority bet: the stored bet's included players (or everyone) merged as the generator merges them.
        const included = m.bet_id
          ? await db.query<{ user_id: number; rank_position: number; username: string }>(
              "select user_id, rank_position, username from bet_participants where bet_id = $1 order by rank_position",
              [m.bet_id],
            )
          : round.predictions.map((p, k) => ({ user_id: p.userId, rank_position: k + 1, username: String(p.userId) }));
        const plenos = await db.query<{ user_id: number; pleno_home: number; pleno_away: number; matches: unknown }>(
          "select user_id, pleno_home, pleno_away, matches from predictions where group_id = $1 and quiniela_id = $2",
          [groupId, m.quiniela_id],
        );
        const ranked = included.flatMap((u) => {
          const p = plenos.find((x) => x.user_id === u.user_id);
          return p
            ? [
                {
                  userId: u.user_id,
                  username: u.username,
                  rank: u.rank_position,
                  matches: picksOf(p.matches),
                  pleno: { home: p.pleno_home, away: p.pleno_away },
                },
              ]
            : [];
        });
        const majority = mergeGroupBet({ ranked, numDouble: m.num_double, numTriple: m.num_triple, random: () => 0 });
        const odds = (matches: Pick[]) => ticketOdds({ matches, pleno: null }, model.probs, 0).atLeast[10];
        record(bets.majority, majority.matches, results, round.pleno, majority.pleno, odds(majority.matches));
        for (const target of ["p10", "p12", "prize"] as const) {
          const objective: Objective = { target, prizeWeights: prizeWeights(prizes.perCategoryCents, 0, 1) };
          const best = bestPlacement(model.probs, { numDouble: m.num_double, numTriple: m.num_triple }, objective);
          record(bets[target], best.matches, results, round.pleno, majority.pleno, odds(best.matches));
        }
        jornadas++;
      }
      if (results) for (const s of results) if (s !== null) counts[SIGNS.indexOf(s)]++;
    }
    if (!jornadas) continue;
    const f = (x: number) => (x / cal.n).toFixed(4);
    lines.push(`## ${group.name} · temporada ${season.name}`, "");
    lines.push(`${jornadas} jornadas con resultados y pronósticos, ${cal.n} partidos; cada jornada con lo que se sabía antes de su cierre.`, "");
    lines.push(`Ajuste de la última jornada: ${lastFit}.`, "");
    lines.push("| Modelo | Brier (menor es mejor) | Log loss (menor es mejor) |", "| --- | --- | --- |");
    lines.push(`| Modelo de la peña (votos pesados + reparto 1X2, ajustado) | ${f(cal.model.b)} | ${f(cal.model.l)} |`);
    lines.push(`| Reparto 1X2 de la temporada (ingenuo) | ${f(cal.base.b)} | ${f(cal.base.l)} |`);
    lines.push(`| Reparto de los votos, sin pesos | ${f(cal.votes.b)} | ${f(cal.votes.l)} |`, "");
    lines.push("| Apuesta | Aciertos (total) | Jornadas con premio (≥ 10) | Previstas por el modelo | 10 | 11 | 12 | 13 | 14 | 14 + pleno |");
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
    const verdict =
      bets.p10.prizes >= bets.majority.prizes
        ? `La optimizada para 10 o más no pierde contra la mayoría: ${bets.p10.prizes} jornadas con premio frente a ${bets.majority.prizes}.`
        : `La optimizada para 10 o más PIERDE contra la mayoría en esta temporada: ${bets.p10.prizes} jornadas con premio frente a ${bets.majority.prizes}.`;
    lines.push("", verdict, "");
    lines.push(
      `Probabilidad media de 10 o más según el modelo: mayoría ${formatPercent(bets.majority.expected / jornadas)}, optimizada ${formatPercent(bets.p10.expected / jornadas)}.`,
      "",
    );
  }
  return lines;
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
    const lines = ["# Backtest de las probabilidades y la colocación (decisión 037)", ""];
    lines.push(
      groupArg
        ? `Grupo ${groupArg}, generado con \`npm run backtest -- --group ${groupArg}\`.`
        : "La temporada real 2024-25 de la demo (`npm run demo`), generado con `npm run backtest`.",
      "",
    );
    if (!groupArg) {
      lines.push(
        "Ojo: los resultados son reales, pero los pronósticos de la demo son sintéticos (scripts/demo.ts): cada jugador acierta cada partido con su " +
          "probabilidad (0,40 a 0,62) e independientemente de los demás. Eso es justo lo que el modelo supone, así que aquí sale mucho mejor de lo que " +
          "saldrá con una peña real, cuyos jugadores siguen a los mismos favoritos; el ajuste de β es lo que lo corrige con datos reales.",
        "",
      );
    }
    for (const g of groups) lines.push(...(await backtestGroup(db, g)));
    lines.push("## Velocidad (`npm run bench:chances`)", "", "| Cálculo | Mediana |", "| --- | --- |", ...benchLines(), "");
    const text = lines.join("\n");
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
