import { ESLint } from "eslint";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The repository's own eslint.config.js on a probe file placed, by name only, in each layer.
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function layerErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

// The first lint walks the whole import graph (import-x/no-cycle) behind the probe: seconds, not milliseconds.
describe("the lint holds the layer rule", { timeout: 60_000 }, () => {
  it("refuses core importing either program, naming the rule", async () => {
    const fromApp = await layerErrors("core/domain/probe.ts", 'import { api } from "../../app/server/shelf/client.server";\nexport const a = api;\n');
    const fromBackend = await layerErrors("core/probe.ts", 'import { buildBackend } from "../backend/app";\nexport const b = buildBackend;\n');
    expect(fromApp).toEqual([expect.stringContaining("Layer rule: core/ imports neither program")]);
    expect(fromBackend).toEqual([expect.stringContaining("Layer rule: core/ imports neither program")]);
  });

  it("refuses the app and the backend importing each other, through an alias too", async () => {
    const appToBackend = await layerErrors("app/server/probe.server.ts", 'import { buildBackend } from "../../backend/app";\nexport const c = buildBackend;\n');
    const backendToApp = await layerErrors("backend/services/probe.ts", 'import { api } from "~/server/shelf/client.server";\nexport const d = api;\n');
    expect(appToBackend).toEqual([expect.stringContaining("Layer rule: the app reaches the backend only over HTTP")]);
    expect(backendToApp).toEqual([expect.stringContaining("Layer rule: the backend never imports the app")]);
  });

  it("lets both programs import core", async () => {
    expect(await layerErrors("app/server/probe.server.ts", 'import { MANUAL_KINDS } from "#core/contract/caja";\nexport const e = MANUAL_KINDS;\n')).toEqual(
      [],
    );
    expect(
      await layerErrors("backend/services/probe.ts", 'import { MANUAL_KINDS } from "../../core/contract/caja";\nexport const f = MANUAL_KINDS;\n'),
    ).toEqual([]);
  });
});
