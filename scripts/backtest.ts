// `npm run backtest`: replays a group's season jornada by jornada with only what was known before
// each close (decisions 037, 045, 066). Without arguments it loads the demo (the real 2024-25
// season, two groups) into a temporary database, writes what the backtest reads of it to
// fixtures/backtest/demo-2024-25.json and the figures computed from that to docs/backtest.md
// (scripts/backtest-report.ts, deterministic: tests/integration/backtest-figures.test.ts computes
// them again from the committed snapshot). `--group <id>` replays that group of DATABASE_URL or
// DATA_DIR instead (docs/backtest-group-<id>.md); `--out <file>` writes the document elsewhere;
// `--snapshot` skips the demo and computes docs/backtest.md again from the committed snapshot.
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { HistoryRound } from "#core/domain/chances";
import { mergeGroupBet } from "#core/domain/group-bet";
import { openDb, type Db } from "../backend/db/db";
import { picksOf } from "../backend/services/bet-row";
import { seasonHistory, seasonPrizes } from "../backend/services/chances";
import { backtestMarkdown, type Snapshot, type SnapshotGroup } from "./backtest-report";

export const DEMO_SNAPSHOT = "fixtures/backtest/demo-2024-25.json";

const DEMO_INTRO = [
  "La temporada real 2024-25 de la demo (`npm run demo`), generado con `npm run backtest` a partir de lo que se lee de ella (`fixtures/backtest/demo-2024-25.json`).",
  "",
  "Los resultados son reales; los pronósticos de la demo son sintéticos (scripts/demo.ts, core/demo-picks.ts): cada jugador elige a partir de " +
    "la valoración previa de cada partido (la fuerza de los equipos por los resultados anteriores de la temporada, core/domain/pre-match.ts), inclinada " +
    "hacia el favorito como la del público, con su gusto (amante del empate, de casa, sigue al favorito, busca la sorpresa) y las corazonadas " +
    "de su peña, compartidas. Nadie ve el resultado: los votos siguen a los mismos favoritos y fallan juntos, como en una peña real. " +
    "La «valoración previa» de la tabla es esa misma fuerza de los equipos, sin los votos: la app la calcula, no es un mercado de apuestas. " +
    "Los porcentajes del público de la demo son estimados (esa valoración inclinada hacia el favorito, decisión 044), no los publicados.",
  "",
];

/** What the backtest reads of a group: its seasons' history, jornadas and prizes. */
async function snapshotGroups(db: Db, groupId: number): Promise<SnapshotGroup[]> {
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
      const majority = m.bet_id ? { matches: picksOf(m.bet_matches), pleno: null } : await mergedBet(db, groupId, m, history.rounds[r]);
      jornadas.push({ number: m.number, numDouble: m.num_double, numTriple: m.num_triple, majority: majority.matches, majorityPleno: majority.pleno });
    }
    out.push({
      name: group.name,
      season: season.name,
      rounds: history.rounds,
      fixtures: history.fixtures,
      shares: history.shares,
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

function arg(name: string): string | undefined {
  const k = process.argv.indexOf(name);
  return k >= 0 ? process.argv[k + 1] : undefined;
}

async function main() {
  if (process.argv.includes("--snapshot")) {
    const text = await backtestMarkdown(JSON.parse(await readFile(DEMO_SNAPSHOT, "utf8")) as Snapshot);
    const out = arg("--out") ?? "docs/backtest.md";
    await writeFile(out, text);
    console.log(`${text}\nEscrito en ${out} desde ${DEMO_SNAPSHOT}.`);
    return;
  }
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
    const snapshot: Snapshot = {
      intro: groupArg ? [`Grupo ${groupArg}, generado con \`npm run backtest -- --group ${groupArg}\`.`, ""] : DEMO_INTRO,
      groups: [],
    };
    for (const g of groups) snapshot.groups.push(...(await snapshotGroups(db, g)));
    if (!groupArg) {
      await mkdir(path.dirname(DEMO_SNAPSHOT), { recursive: true });
      await writeFile(DEMO_SNAPSHOT, JSON.stringify(snapshot) + "\n");
      console.log(`Lo que se lee de la demo, escrito en ${DEMO_SNAPSHOT}.`);
    }
    const text = await backtestMarkdown(snapshot);
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
