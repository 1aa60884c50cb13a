import { ESLint } from "eslint";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The repository's own eslint.config.js, on files its normal run ignores (tests/lint/fixtures/).
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../.."), ignore: false });
const fixture = (name: string) => path.resolve(import.meta.dirname, "fixtures", name);

async function errorsOf(file: string) {
  const [result] = await eslint.lintFiles([fixture(file)]);
  return result.messages.filter((m) => m.severity === 2).map((m) => ({ rule: m.ruleId, line: m.line }));
}

describe("the lint keeps the modules a tree", () => {
  it("refuses two files that import each other, on both sides", async () => {
    expect(await errorsOf("cycle/hen.ts")).toEqual([{ rule: "import-x/no-cycle", line: 2 }]);
    expect(await errorsOf("cycle/egg.ts")).toEqual([{ rule: "import-x/no-cycle", line: 2 }]);
  });

  it("follows the ~ and #core aliases, so a circle through them is seen too", async () => {
    expect(await errorsOf("aliases.ts")).toEqual([{ rule: "import-x/no-unresolved", line: 6 }]);
  });
});
