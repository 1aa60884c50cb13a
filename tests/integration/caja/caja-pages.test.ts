import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: new Date("2025-06-01T12:00:00Z") });
});
afterAll(() => t.close());

const key = () => randomBytes(12).toString("hex");

describe("the caja in pages (decision 042)", () => {
  it("walks a long ledger newest first, a page at a time, with the filters kept, and every movement once", async () => {
    const manager = await t.player();
    const [ana, bea] = [await t.player(), await t.player()];
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: ana.id }, { userId: bea.id }] });
    const base = `/group/${groupId}/caja`;
    // 75 movements at one instant (the clock stands still): the page order breaks the tie by id.
    for (let i = 0; i < 75; i++) {
      const res = await manager.post(`${base}/movements`, { kind: "payment", userId: i % 3 ? ana.id : bea.id, amountCents: 100 + i, idempotencyKey: key() });
      expect(res.status).toBe(201);
    }
    const all = (await manager.get(base)).body as { movements: { id: number }[]; nextBefore: number | null };
    expect(all.movements).toHaveLength(75);
    expect(all.nextBefore).toBeNull();

    const seen: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const res = await manager.get(`${base}?limit=20${before ? `&before=${before}` : ""}`);
      expect(res.status).toBe(200);
      const page = res.body as { movements: { id: number }[]; nextBefore: number | null };
      expect(page.movements.length).toBeLessThanOrEqual(20);
      seen.push(...page.movements.map((m) => m.id));
      before = page.nextBefore;
      pages++;
    } while (before);
    expect(pages).toBe(4);
    expect(seen).toEqual(all.movements.map((m) => m.id));

    // A filter holds across pages: ana's 50 in three pages of 20, 20 and 10.
    const first = (await manager.get(`${base}?member=${ana.id}&limit=20`)).body as { movements: { userId: number }[]; nextBefore: number };
    const second = (await manager.get(`${base}?member=${ana.id}&limit=20&before=${first.nextBefore}`)).body as typeof first;
    const third = (await manager.get(`${base}?member=${ana.id}&limit=20&before=${second.nextBefore}`)).body as typeof first;
    expect([first, second, third].map((p) => p.movements.length)).toEqual([20, 20, 10]);
    expect([first, second, third].flatMap((p) => p.movements).every((m) => m.userId === ana.id)).toBe(true);
    expect(third.nextBefore).toBeNull();
  });

  it("refuses a page size out of range with a 400", async () => {
    const manager = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }] });
    expect((await manager.get(`/group/${groupId}/caja?limit=0`)).status).toBe(400);
    expect((await manager.get(`/group/${groupId}/caja?limit=500`)).status).toBe(400);
  });
});
