import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

let t: TestBackend;
beforeAll(async () => {
  t = await startBackend();
  // A fresh backend on a shared, busy machine can take longer than the default hook's minute.
}, 180_000);
afterAll(() => t.close());

describe("the week's rule, read and saved back", () => {
  it("GET answers version 0 for a rule never saved, and PUT takes it back as it came; then 0 is stale", async () => {
    const manager = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }] });
    const read = await manager.get(`/group/${groupId}/Automation`);
    expect(read.body.version).toBe(0);
    const { groupId: _g, ...rule } = read.body;
    const saved = await manager.put(`/group/${groupId}/Automation`, { ...rule, autoOpen: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.version).toBe(1);
    const stale = await manager.put(`/group/${groupId}/Automation`, { ...rule, autoOpen: false });
    expect(stale.status).toBe(409);
    expect((await manager.put(`/group/${groupId}/Automation`, { ...rule, version: -1 })).status).toBe(400);
  });
});
