import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupSpent } from "../../../backend/services/mail/policy";
import { INVITATIONS_PER_DAY } from "../../../backend/services/moving-in/placeholders";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/** Decision 061: the invitations are no spam cannon — a day's allowance, and no sender's link in the mail. */
const NOW = new Date("2026-03-01T12:00:00Z");
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
  // A fresh backend on a shared, busy machine can take longer than the default hook's minute.
}, 180_000);
afterAll(() => t.close());

async function spammer(count: number, name: string, personName: (k: number) => string) {
  const manager = await t.player();
  const groupId = await build.group(t.db, { name, members: [{ userId: manager.id, role: 2 }] });
  const tag = Math.floor(Math.random() * 1e9);
  const ids = await t.db.query<{ id: number }>(
    `insert into users (email, username, password_hash, placeholder, send_digest)
     select 'v' || k || '.' || $2::text || '@victima.test', $1::text || k, '', true, false from generate_series(1, $3::int) k returning id`,
    [`${personName(0)}${tag}-`, String(tag), count],
  );
  for (const { id } of ids) await t.db.query("insert into group_members (group_id, user_id, role_id) values ($1, $2, 1)", [groupId, id]);
  return { manager, groupId, ids: ids.map((r) => r.id), tag };
}

describe("invitations", () => {
  it("300 in a minute: refused well before 100 mails leave, 429 with a Spanish message; the group's allowance holds for a second manager too", async () => {
    const { manager, groupId, ids, tag } = await spammer(300, "Premio 1000€ en http://evil.example/x", () => "Pulsa");
    const statuses: number[] = [];
    for (const id of ids) {
      const res = await manager.post(`/group/${groupId}/placeholders/${id}/invite`);
      statuses.push(res.status);
      // The peña's allowance says from when: a day after the first of its 40 invitations.
      if (res.status === 429) expect(res.body.message).toBe(groupSpent(INVITATIONS_PER_DAY, new Date(NOW.getTime() + 86_400_000)));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(INVITATIONS_PER_DAY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(300 - INVITATIONS_PER_DAY);
    const mails = Array.from({ length: 300 }, (_, k) => t.mail.to(`v${k + 1}.${tag}@victima.test`)).flat();
    expect(mails.length).toBeLessThan(100);
    expect(mails).toHaveLength(INVITATIONS_PER_DAY);
    // A co-manager of the same group gets no new allowance; a day later the group may invite again.
    const other = await t.player();
    await t.db.query("insert into group_members (group_id, user_id, role_id) values ($1, $2, 2)", [groupId, other.id]);
    expect((await other.post(`/group/${groupId}/placeholders/${ids[299]}/invite`)).status).toBe(429);
    t.setNow(new Date(NOW.getTime() + 86_400_000 + 1000));
    try {
      expect((await other.post(`/group/${groupId}/placeholders/${ids[299]}/invite`)).status).toBe(200);
    } finally {
      t.setNow(NOW);
    }
    // 300 requests one after another: on a busy 2-core machine more than the suite's 30 s.
  }, 120_000);

  it("a manager's allowance spans their groups", async () => {
    const a = await spammer(INVITATIONS_PER_DAY, "Peña uno", () => "Uno");
    for (const id of a.ids) expect((await a.manager.post(`/group/${a.groupId}/placeholders/${id}/invite`)).status).toBe(200);
    const second = await build.group(t.db, { members: [{ userId: a.manager.id, role: 2 }, { userId: a.ids[0] }] });
    expect((await a.manager.post(`/group/${second}/placeholders/${a.ids[0]}/invite`)).status).toBe(429);
  });

  it("puts no sender's link in the mail: the group's and the person's names are plain text", async () => {
    const { manager, groupId, ids } = await spammer(1, "Premio 1000€ en http://evil.example/x", () => "www.evil.example");
    expect((await manager.post(`/group/${groupId}/placeholders/${ids[0]}/invite`)).status).toBe(200);
    const email = (await t.db.one<{ email: string }>("select email from users where id = $1", [ids[0]]))!.email;
    const [mail] = t.mail.to(email);
    expect(mail.text).toContain("Premio 1000€ en http : evil[.]example/x");
    expect(mail.subject).not.toMatch(/evil\.example|https?:\/\//);
    // The only address in the mail is the site's own.
    const links = mail.text.match(/https?:\/\/\S+|www\.\S+|[\w-]+\.example\b/g) ?? [];
    expect(links.every((l) => l.startsWith("http://app.test/"))).toBe(true);
  });
});
