import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { backtestMarkdown, type Snapshot } from "../../scripts/backtest-report";

/**
 * docs/backtest.md is what `npm run backtest` computes (decision 066): the figures are computed
 * again here from the committed snapshot of the demo's season (fixtures/backtest/demo-2024-25.json,
 * written by the same run), and any figure the document says otherwise fails the suite. Running
 * `npm run backtest` writes both files again.
 */
describe("the committed backtest", () => {
  it("is exactly what a fresh run computes from the committed snapshot", async () => {
    const snapshot = JSON.parse(await readFile("fixtures/backtest/demo-2024-25.json", "utf8")) as Snapshot;
    const committed = await readFile("docs/backtest.md", "utf8");
    expect(await backtestMarkdown(snapshot)).toBe(committed);
  }, 120_000);
});
