// `node scripts/run-ts.mjs scripts/prior-calibration.ts`: how sure the valoración previa is, measured (decision 072). For the
// real seasons of fixtures/football, built into jornadas as the demo builds them (ten Primera and
// four Segunda matches of a matchday, each viewed from the earlier jornadas' results only, as the
// backend does): log loss, how often its favourite came in against its mean probability, and its
// reliability by bucket; the temperature fitted on 2025-26 by maximum likelihood and what it does on
// 2024-25, the demo's season, which it was not fitted on. Then the demo's group bets' P(≥ 10) in
// jornadas 1–5 as the pages show it (fixtures/backtest/demo-2024-25.json).
import { readFileSync } from "node:fs";
import type { SignProbs } from "#core/domain/bet/chances";
import { formatPercent, sourceShort } from "#core/domain/bet/chances-text";
import type { Sign } from "#core/domain/signs";
import { firstJornadas, type Snapshot } from "./backtest-report";
import { DEMO_SNAPSHOT } from "./backtest-snapshot";
import { fitViewTemperature, logLoss, seasonForecasts } from "./season-forecasts";

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

function describe(season: string, rows: { p: SignProbs; sign: Sign }[], t: number) {
  const favourite = rows.filter((r) => "1X2"[r.p.indexOf(Math.max(...r.p))] === r.sign).length / rows.length;
  const meanMax = rows.reduce((s, r) => s + Math.max(...r.p), 0) / rows.length;
  console.log(
    `\n${season}: ${rows.length} partidos; log loss ${logLoss(rows).toFixed(4)} (con T = ${t}: ${logLoss(rows, t).toFixed(4)}); ` +
      `favorito acertado ${pct(favourite)} con probabilidad media ${pct(meanMax)}.`,
  );
  console.log("| Tramo | Signos | Probabilidad media | Salió |\n| --- | --- | --- | --- |");
  for (const [lo, hi] of [
    [0, 0.2],
    [0.2, 0.3],
    [0.3, 0.4],
    [0.4, 0.5],
    [0.5, 0.6],
    [0.6, 1],
  ]) {
    let n = 0;
    let p = 0;
    let hits = 0;
    for (const r of rows)
      r.p.forEach((x, k) => {
        if (x < lo || x >= hi) return;
        n++;
        p += x;
        if ("1X2"[k] === r.sign) hits++;
      });
    if (n) console.log(`| ${pct(lo)}–${pct(hi)} | ${n} | ${pct(p / n)} | ${pct(hits / n)} |`);
  }
}

const fit = seasonForecasts("2025-26");
const t = fitViewTemperature(fit);
console.log(`Temperatura de la valoración previa ajustada en 2025-26: T = ${t}.`);
describe("2025-26 (ajuste)", fit, t);
describe("2024-25 (la temporada de la demo; no se ajusta en ella)", seasonForecasts("2024-25"), t);

console.log("\nLa quiniela grupal de la demo, probabilidad de 10 o más como la dan las páginas:");
const snapshot = JSON.parse(readFileSync(DEMO_SNAPSHOT, "utf8")) as Snapshot;
for (const g of snapshot.groups)
  for (const j of firstJornadas(g, 5)) console.log(`${g.name}, jornada ${j.number} (acertó ${j.hits}): ${formatPercent(j.p10)} ${sourceShort(j.chosen)}`);
