import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { backtestMarkdown, type Snapshot } from "../../../scripts/backtest-report";

/**
 * Every figure a document cites from the backtest is the fresh run's own (decision 097): a line
 * «> Backtest: …» in any decision or document under docs/ must be, word for word, a line that
 * `npm run backtest` computes now from the committed snapshot. A figure that drifts (a demo changed,
 * the chances' code changed) fails here until the quote is the new line.
 */
const CITING = ["045-a-demo-like-a-real-pena.md", "066-one-source-of-chances.md", "097-an-expected-prize-a-pool-can-pay.md"];

async function documents(): Promise<{ name: string; text: string }[]> {
  const decisions = (await readdir("docs/decisions")).filter((f) => f.endsWith(".md")).map((f) => `docs/decisions/${f}`);
  const docs = (await readdir("docs")).filter((f) => f.endsWith(".md") && f !== "backtest.md").map((f) => `docs/${f}`);
  return Promise.all([...decisions, ...docs].map(async (name) => ({ name, text: await readFile(name, "utf8") })));
}

const quotes = (text: string) =>
  text
    .split("\n")
    .map((l) => /^>\s*Backtest:\s*(.+)$/.exec(l)?.[1].trim())
    .filter((q): q is string => Boolean(q));

describe("the figures the documents cite from the backtest", () => {
  it("are each a line of a fresh run, in every decision and document that quotes one", async () => {
    const snapshot = JSON.parse(await readFile("fixtures/backtest/demo-2024-25.json", "utf8")) as Snapshot;
    const fresh = new Set(
      (await backtestMarkdown(snapshot))
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean),
    );
    const docs = await documents();
    let checked = 0;
    for (const d of docs)
      for (const q of quotes(d.text)) {
        expect(fresh.has(q), `${d.name} cites «${q.slice(0, 80)}…», which a fresh run does not print`).toBe(true);
        checked++;
      }
    // The decisions that cite the backtest's figures do so by quoting it.
    for (const name of CITING) expect(quotes(docs.find((d) => d.name.endsWith(name))!.text).length, name).toBeGreaterThan(0);
    expect(checked).toBeGreaterThanOrEqual(8);
  }, 120_000);
});
