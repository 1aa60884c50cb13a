import { ESLint } from "eslint";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

// The repository's own eslint.config.js on a probe file placed, by name only, in a room.
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });
const { ROOMS } = (await import(pathToFileURL(path.join(root, "eslint.config.js")).href)) as { ROOMS: string[] };

async function roomErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

// The first lint walks the whole import graph (import-x/no-cycle) behind the probe: seconds, not milliseconds.
describe("the lint holds the room order", { timeout: 60_000 }, () => {
  it("is one list, from the shelf at the bottom to the close at the top", () => {
    expect(ROOMS[0]).toBe("shelf");
    expect(ROOMS.at(-1)).toBe("close");
    expect(new Set(ROOMS).size).toBe(ROOMS.length);
    expect(ROOMS.indexOf("rounds")).toBeLessThan(ROOMS.indexOf("bet"));
    expect(ROOMS.indexOf("bet")).toBeLessThan(ROOMS.indexOf("caja"));
  });

  it("refuses a backend room importing a higher one, naming both rooms", async () => {
    const errors = await roomErrors("backend/services/rounds/probe.ts", 'import { readCaja } from "../caja/caja";\nexport const a = readCaja;\n');
    expect(errors).toEqual([expect.stringContaining("Room rule: rounds sits below caja")]);
    expect(errors[0]).toContain("backend/services/rounds/ never imports backend/services/caja/");
  });

  it("refuses the shelf importing any room, and an app room a higher one through the ~ alias", async () => {
    const shelf = await roomErrors("backend/services/shelf/probe.ts", 'import { myGroups } from "../group/group";\nexport const b = myGroups;\n');
    expect(shelf).toEqual([expect.stringContaining("Room rule: shelf sits below group")]);
    const app = await roomErrors(
      "app/server/rounds/probe.server.ts",
      'import { loadWeekRule } from "~/server/week/rule.server";\nexport const c = loadWeekRule;\n',
    );
    expect(app).toEqual([expect.stringContaining("Room rule: rounds sits below week")]);
    expect(app[0]).toContain("app/server/rounds/ never imports app/server/week/");
  });

  it("lets a room import the rooms below it and the shelf", async () => {
    expect(await roomErrors("backend/services/caja/probe.ts", 'import { betById } from "../bet/row";\nexport const d = betById;\n')).toEqual([]);
    expect(await roomErrors("backend/services/bet/probe.ts", 'import { recordAudit } from "../shelf/audit";\nexport const e = recordAudit;\n')).toEqual([]);
    expect(await roomErrors("app/server/week/probe.server.ts", 'import { api } from "~/server/shelf/client.server";\nexport const f = api;\n')).toEqual([]);
  });
});
