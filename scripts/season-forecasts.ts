// The valoración previa's forecasts of a real season (decision 072): the seasons of fixtures/football
// built into jornadas as the demo builds them (ten Primera and four Segunda matches of a matchday),
// each match viewed from the earlier jornadas' results only, as the backend does; and the temperature
// of least log loss. Read by scripts/prior-calibration.ts and tests/integration/bet/prior-calibration.test.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { scoreForecast, type SignProbs } from "#core/domain/bet/chances";
import { preMatchView, type PlayedMatch } from "#core/domain/bet/pre-match";
import { temper } from "#core/domain/bet/prior-calibration";
import type { Sign } from "#core/domain/signs";
import { fixturesDir, signOf } from "./football";

interface Match {
  day: number;
  kickoff: string;
  home: string;
  away: string;
  sign: Sign | null;
}

function league(file: string): Match[] {
  const matches = (
    JSON.parse(readFileSync(path.join(fixturesDir(), file), "utf8")) as {
      matches: { round: string; date: string; time?: string; team1: string; team2: string; score?: { ft?: [number, number] } }[];
    }
  ).matches;
  return matches.map((m) => ({
    day: Number(/(\d+)/.exec(m.round)?.[1]),
    kickoff: `${m.date}T${m.time ?? "18:00"}`,
    home: m.team1,
    away: m.team2,
    sign: m.score?.ft ? signOf({ home: m.score.ft[0], away: m.score.ft[1] }) : null,
  }));
}

/** Each matchday's view of its 14 matches with a result, from the earlier matchdays' 14 only. */
export function seasonForecasts(season: string): { p: SignProbs; sign: Sign }[] {
  const primera = league(`${season}_es.1.json`);
  const segunda = league(`${season}_es.2.json`);
  const byKickoff = (a: Match, b: Match) => a.kickoff.localeCompare(b.kickoff) || a.home.localeCompare(b.home);
  const played: PlayedMatch[] = [];
  const out: { p: SignProbs; sign: Sign }[] = [];
  for (const day of [...new Set(primera.map((m) => m.day))].sort((a, b) => a - b)) {
    const jornada = [
      ...primera
        .filter((m) => m.day === day)
        .sort(byKickoff)
        .slice(0, 10),
      ...segunda
        .filter((m) => m.day === day)
        .sort(byKickoff)
        .slice(0, 4),
    ];
    const view = preMatchView(played, jornada);
    jornada.forEach((m, i) => m.sign && out.push({ p: view[i], sign: m.sign }));
    for (const m of jornada) if (m.sign) played.push({ home: m.home, away: m.away, sign: m.sign });
  }
  return out;
}

export const logLoss = (rows: { p: SignProbs; sign: Sign }[], t = 1) =>
  rows.reduce((s, r) => s + scoreForecast(temper(r.p, t), r.sign).logLoss, 0) / rows.length;

/** The temperature of least log loss, every T from 0.5 to 2 in steps of 0.01. */
export function fitViewTemperature(rows: { p: SignProbs; sign: Sign }[]): number {
  let best = 1;
  for (let k = 50; k <= 200; k++) if (logLoss(rows, k / 100) < logLoss(rows, best)) best = k / 100;
  return best;
}
