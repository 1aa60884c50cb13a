// What `npm run backtest` reads of a group's seasons (decision 066): written once per run to the
// snapshot its figures are computed from (scripts/backtest-report.ts), and read again by
// tests/integration/demo.test.ts, which fails when a fresh demo's snapshot is not the committed one.
import type { HistoryRound } from "#core/domain/bet/chances";
import { mergeGroupBet } from "#core/domain/bet/group-bet";
import type { Db } from "../backend/db/db";
import { picksOf } from "../backend/services/bet/row";
import { seasonHistory, seasonPrizes } from "../backend/services/bet/chances";
import type { SnapshotGroup } from "./backtest-report";

export const DEMO_SNAPSHOT = "fixtures/backtest/demo-2024-25.json";

export const DEMO_INTRO = [
  "La temporada real 2024-25 de la demo (`npm run demo`), generado con `npm run backtest` a partir de lo que se lee de ella (`fixtures/backtest/demo-2024-25.json`).",
  "",
  "Los resultados son reales; los pronósticos de la demo son sintéticos (scripts/demo.ts, core/demo-picks.ts): cada jugador elige a partir de " +
    "la valoración previa de cada partido (la fuerza de los equipos por los resultados anteriores de la temporada, core/domain/bet/pre-match.ts), inclinada " +
    "hacia el favorito como la del público, con su gusto (amante del empate, de casa, sigue al favorito, busca la sorpresa) y las corazonadas " +
    "de su peña, compartidas. Nadie ve el resultado: los votos siguen a los mismos favoritos y fallan juntos, como en una peña real. " +
    "La «valoración previa» de la tabla es esa misma fuerza de los equipos, sin los votos: la app la calcula, no es un mercado de apuestas. " +
    "Los porcentajes del público de la demo son estimados (esa valoración inclinada hacia el favorito, decisión 044), no los publicados.",
  "",
];

/** What the backtest reads of a group: its seasons' history, jornadas and prizes. */
export async function snapshotGroups(db: Db, groupId: number): Promise<SnapshotGroup[]> {
  const group = await db.one<{ name: string }>("select name from groups where id = $1", [groupId]);
  if (!group) throw new Error(`No existe el grupo ${groupId}.`);
  const seasons = await db.query<{ season_id: number; name: string }>(
    `select distinct q.season_id, s.name from group_quinielas gq join quinielas q on q.id = gq.quiniela_id join seasons s on s.id = q.season_id
      where gq.group_id = $1 order by q.season_id`,
    [groupId],
  );
  const out: SnapshotGroup[] = [];
  for (const season of seasons) {
    const history = await seasonHistory(db, groupId, season.season_id);
    // Each round's tickets by member, whatever order the database returns them in: the snapshot (and the
    // merged bet, whose ties go to the first ranked) must not depend on how the rows were written.
    const rounds = history.rounds.map((round) => ({ ...round, predictions: [...round.predictions].sort((a, b) => a.userId - b.userId) }));
    const prizes = await seasonPrizes(db, season.season_id);
    const meta = await db.query<{ quiniela_id: number; number: number; num_double: number; num_triple: number; bet_id: number | null; bet_matches: unknown }>(
      `select gq.quiniela_id, q.number, pt.num_double, pt.num_triple, b.id as bet_id, b.matches as bet_matches
         from group_quinielas gq join quinielas q on q.id = gq.quiniela_id join pool_types pt on pt.id = gq.type_quiniela_id
         left join bets b on b.group_id = gq.group_id and b.quiniela_id = gq.quiniela_id
        where gq.group_id = $1 and q.season_id = $2`,
      [groupId, season.season_id],
    );
    const jornadas = [];
    for (const [r, id] of history.quinielaIds.entries()) {
      const m = meta.find((x) => x.quiniela_id === id)!;
      // The majority bet: the group bet as the demo generated it (top 5 by Wilson); without one, everyone merged.
      const majority = m.bet_id ? { matches: picksOf(m.bet_matches), pleno: null } : await mergedBet(db, groupId, m, rounds[r]);
      jornadas.push({ number: m.number, numDouble: m.num_double, numTriple: m.num_triple, majority: majority.matches, majorityPleno: majority.pleno });
    }
    out.push({
      name: group.name,
      season: season.name,
      rounds,
      fixtures: history.fixtures,
      shares: history.shares,
      estimated: history.estimated,
      jornadas,
      prizes: prizes.perCategoryCents,
    });
  }
  return out;
}

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
