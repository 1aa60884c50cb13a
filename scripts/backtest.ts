// `npm run backtest`: replays a group's season jornada by jornada with only what was known before
// each close (decisions 037, 045, 066). Without arguments it loads the demo (the real 2024-25
// season, two groups) into a temporary database, writes what the backtest reads of it to
// fixtures/backtest/demo-2024-25.json and the figures computed from that to docs/backtest.md
// (scripts/backtest-report.ts, deterministic: tests/integration/bet/backtest-figures.test.ts computes
// them again from the committed snapshot). `--group <id>` replays that group of DATABASE_URL or
// DATA_DIR instead (docs/backtest-group-<id>.md); `--out <file>` writes the document elsewhere;
// `--snapshot` skips the demo and computes docs/backtest.md again from the committed snapshot.
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDb, type Db } from "../backend/db/db";
import { backtestMarkdown, type Snapshot } from "./backtest-report";
import { DEMO_INTRO, DEMO_SNAPSHOT, snapshotGroups } from "./backtest-snapshot";

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
