// Where the test time went: each lane's tests and time, and the ten slowest tests of all lanes, read
// from the JSON reports the runners leave in reports/ (vitest.config.ts, playwright.config.ts).
// `--reset` removes the reports of an earlier run; `.ci/run` also lists its steps (reports/steps.tsv)
// and the lanes it runs beside them (reports/beside.tsv). Decisions 089 and 094.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const dir = "reports";
if (process.argv.includes("--reset")) {
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) rmSync(path.join(dir, file));
  process.exit(0);
}

const lanes = [];
const tests = [];

function vitestLane(file, report) {
  const name = path.basename(file, ".json");
  let count = 0;
  let failed = 0;
  for (const result of report.testResults ?? []) {
    for (const t of result.assertionResults ?? []) {
      if (t.status === "pending" || t.status === "skipped" || t.status === "todo") continue;
      count++;
      if (t.status !== "passed") failed++;
      tests.push({
        lane: name,
        name: `${path.relative(process.cwd(), result.name)} › ${[...(t.ancestorTitles ?? []), t.title].join(" › ")}`,
        ms: t.duration ?? 0,
      });
    }
  }
  const ends = (report.testResults ?? []).map((r) => r.endTime ?? 0);
  const ms = ends.length ? Math.max(...ends) - report.startTime : 0;
  lanes.push({ name, count, failed, ms });
}

function playwrightLane(file, report) {
  const name = path.basename(file, ".json");
  let count = 0;
  let failed = 0;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const results = t.results ?? [];
        if (!results.length || results.every((r) => r.status === "skipped")) continue;
        count++;
        if (t.status === "unexpected") failed++;
        const ms = results.reduce((sum, r) => sum + (r.duration ?? 0), 0);
        tests.push({ lane: name, name: `[${t.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`, ms });
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith(".ts") ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  lanes.push({ name, count, failed, ms: report.stats?.duration ?? 0 });
}

const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")) : [];
for (const file of files.sort()) {
  let report;
  try {
    report = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  } catch {
    continue; // a lane stopped before writing its report
  }
  if (report.stats && report.suites) playwrightLane(file, report);
  else if (report.testResults) vitestLane(file, report);
}

const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log("\n== Test time");
const steps = path.join(dir, "steps.tsv");
if (existsSync(steps)) {
  const rows = readFileSync(steps, "utf8")
    .trim()
    .split("\n")
    .map((line) => line.split("\t"));
  for (let i = 0; i < rows.length - 1; i++) console.log(`  ${String(Number(rows[i + 1][0]) - Number(rows[i][0])).padStart(5)} s  ${rows[i][1]}`);
  // The lanes .ci/run runs beside npm test (decision 094): their own seconds, and from when to when.
  const beside = path.join(dir, "beside.tsv");
  if (existsSync(beside))
    for (const [from, to, name] of readFileSync(beside, "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split("\t")))
      console.log(`  ${String(Number(to) - Number(from)).padStart(5)} s  ${name} (its own time: from ${from} s to ${to} s of the run)`);
  console.log(`  ${rows.at(-1)[0].padStart(5)} s  in all`);
}
for (const lane of lanes) console.log(`  ${lane.name}: ${lane.count} tests${lane.failed ? `, ${lane.failed} failed` : ""} in ${s(lane.ms)}`);
const total = tests.length;
console.log(`  ${total} tests in ${lanes.length} lanes, ${s(lanes.reduce((sum, l) => sum + l.ms, 0))} of lanes`);
console.log("== The ten slowest tests");
for (const t of tests.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${s(t.ms).padStart(8)}  ${t.lane}  ${t.name}`);
