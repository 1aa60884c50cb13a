import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * Two peñas add the same new person (no account yet) in the same instant: on PostgreSQL the second
 * insert of the e-mail waits for the first, then takes that placeholder; neither import fails
 * (decisions 061 and 063). PGlite runs one statement at a time, so the race is PostgreSQL's.
 */
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: new Date("2026-03-01T12:00:00Z") });
});
afterAll(() => t.close());

const csv = (rows: string[][]) => Buffer.from("\uFEFF" + rows.map((r) => r.join(";")).join("\r\n"), "utf8");

async function confirmMembers(manager: Awaited<ReturnType<TestBackend["player"]>>, groupId: number, bytes: Buffer) {
  const form = new FormData();
  form.set("kind", "members");
  form.set("archivo", new Blob([new Uint8Array(bytes)]), "miembros.csv");
  const preview = await manager.post(`/group/${groupId}/import/preview`, form);
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  return preview.body.draft as string;
}

describe("two peñas adding the same new person at once", () => {
  it("both imports succeed and the person is one placeholder, a member of both under each peña's name", async () => {
    for (let round = 0; round < (process.env.TEST_DATABASE_URL ? 10 : 2); round++) {
      const a = await t.player();
      const b = await t.player();
      const groupA = await build.group(t.db, { members: [{ userId: a.id, role: 2 }] });
      const groupB = await build.group(t.db, { members: [{ userId: b.id, role: 2 }] });
      const email = `pepe${round}.${Date.now()}@correo.es`;
      const draftA = await confirmMembers(
        a,
        groupA,
        csv([
          ["Nombre", "E-mail"],
          ["Pepe", email],
        ]),
      );
      const draftB = await confirmMembers(
        b,
        groupB,
        csv([
          ["Nombre", "E-mail"],
          ["José", email],
        ]),
      );
      const [ca, cb] = await Promise.all([
        a.post(`/group/${groupA}/import/confirm`, { draft: draftA }),
        b.post(`/group/${groupB}/import/confirm`, { draft: draftB }),
      ]);
      expect([ca.status, cb.status], JSON.stringify([ca.body, cb.body])).toEqual([200, 200]);
      const people = await t.db.query<{ id: number }>("select id from users where lower(email) = lower($1)", [email]);
      expect(people).toHaveLength(1);
      const groups = await t.db.query<{ group_id: number }>("select group_id from group_members where user_id = $1 order by group_id", [people[0].id]);
      expect(groups.map((g) => g.group_id)).toEqual([groupA, groupB].sort((x, y) => x - y));
    }
  });
});
