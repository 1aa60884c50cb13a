import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type TestBackend } from "../../support/backend";
import type { Sign } from "#core/domain/signs";
import * as build from "../../support/builders";
import { standingsFromScratch } from "../../support/standings";

/** Decision 058: a member imported without an account is invited once, on the manager's word. */
const NOW = new Date("2026-03-01T12:00:00Z");
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
});
afterAll(() => t.close());

async function groupWithPlaceholder() {
  const manager = await t.player();
  const player = await t.player();
  const name = `Abuela${Math.floor(Math.random() * 1e6)}`;
  const email = `${name.toLowerCase()}@correo.es`;
  const placeholder = (await t.db.one<{ id: number }>(
    "insert into users (email, username, password_hash, placeholder, send_digest) values ($1, $2, '', true, false) returning id",
    [email, name],
  ))!.id;
  const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: player.id }, { userId: placeholder }] });
  return { manager, player, groupId, placeholder, name, email };
}

describe("inviting a member who has no account", () => {
  it("lists the placeholders, sends one e-mail with the group's code and a sign-up link, and a second press sends nothing", async () => {
    const { manager, groupId, placeholder, name, email } = await groupWithPlaceholder();
    const list = await manager.get(`/group/${groupId}/placeholders`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ userId: placeholder, name, email, mailStopped: false, invitedAt: null }]);

    const first = await manager.post(`/group/${groupId}/placeholders/${placeholder}/invite`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ sent: true, invitedAt: NOW.toISOString() });
    const code = (await t.db.one<{ invite_code: string }>("select invite_code from groups where id = $1", [groupId]))!.invite_code;
    const mails = t.mail.to(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(code);
    expect(mails[0].text).toMatch(/https?:\/\/\S+\/unirse\?token=[0-9a-f.]+/);

    const again = await manager.post(`/group/${groupId}/placeholders/${placeholder}/invite`);
    expect(again.body).toEqual({ sent: false, invitedAt: NOW.toISOString() });
    expect(t.mail.to(email)).toHaveLength(1);
    expect((await manager.get(`/group/${groupId}/placeholders`)).body[0].invitedAt).toBe(NOW.toISOString());
    const audit = await t.db.query<{ action: string }>("select action from audit_log where group_id = $1 and action = 'placeholder.invite'", [groupId]);
    expect(audit).toHaveLength(1);
  });

  it("refuses a plain member, a real account and anyone who does not manage the group", async () => {
    const { manager, player, groupId, placeholder } = await groupWithPlaceholder();
    expect((await player.post(`/group/${groupId}/placeholders/${placeholder}/invite`)).status).toBe(403);
    expect((await player.get(`/group/${groupId}/placeholders`)).status).toBe(403);
    const real = await manager.post(`/group/${groupId}/placeholders/${player.id}/invite`);
    expect(real.status).toBe(404);
    expect(real.body.message).toMatch(/ya tiene cuenta/);
  });

  it("two managers pressing at once send one e-mail", async () => {
    const { manager, groupId, placeholder, email } = await groupWithPlaceholder();
    const answers = await Promise.all([1, 2].map(() => manager.post(`/group/${groupId}/placeholders/${placeholder}/invite`)));
    expect(answers.map((a) => a.body.sent).sort()).toEqual([false, true]);
    expect(t.mail.to(email)).toHaveLength(1);
  });
});

describe("linking a member without an account to a member who has one", () => {
  const DAY = 86_400_000;
  const signs = (n: number): Sign[] => Array.from({ length: 14 }, (_, i) => (["1", "X", "2"] as Sign[])[(i + n) % 3]);
  async function season(groupId: number) {
    const seasonId = await build.season(t.db, { name: `Temporada ${groupId}` });
    const rounds: number[] = [];
    for (let n = 1; n <= 3; n++) {
      const close = new Date(NOW.getTime() - (10 - n) * DAY);
      const id = await build.pool(t.db, { seasonId, number: n, startDate: new Date(close.getTime() - 3 * DAY), closingDate: close });
      await build.round(t.db, { groupId, quinielaId: id, openDate: new Date(close.getTime() - 3 * DAY), closeDate: close });
      await build.results(t.db, id, signs(n), { home: 1, away: 0 });
      rounds.push(id);
    }
    return { seasonId, rounds };
  }
  const pick = (groupId: number, quinielaId: number, userId: number, n: number) =>
    build.prediction(t.db, { groupId, quinielaId, userId, matches: signs(n).map((s) => [s]), pleno: { home: 1, away: n % 2 } });
  const movement = (groupId: number, userId: number, kind: string, cents: number, key: string, seasonId: number | null = null) =>
    t.db.query(
      "insert into caja_movements (group_id, user_id, kind, amount_cents, reference, recorded_at, idempotency_key, season_id) values ($1, $2, $3, $4, $5, $6, $7, $8)",
      [groupId, userId, kind, cents, `${kind} de prueba`, new Date(NOW.getTime() - 5 * DAY), key, seasonId],
    );
  const balances = async (manager: Awaited<ReturnType<TestBackend["player"]>>, groupId: number) =>
    Object.fromEntries(
      (await manager.get(`/group/${groupId}/caja`)).body.members.map((m: { userId: number; balanceCents: number }) => [m.userId, m.balanceCents]),
    );

  it("moves the picks, the group bets and the money to the member in one go, audited, and the standings follow", async () => {
    const { manager, player, groupId, placeholder } = await groupWithPlaceholder();
    const { seasonId, rounds } = await season(groupId);
    await pick(groupId, rounds[0], placeholder, 0);
    await pick(groupId, rounds[1], placeholder, 1);
    await pick(groupId, rounds[2], player.id, 2);
    await movement(groupId, placeholder, "payment", 2000, "import:a");
    await movement(groupId, placeholder, "quota", -300, `auto:quota:season:${seasonId}:${placeholder}`, seasonId);
    await movement(groupId, player.id, "quota", -300, `auto:quota:season:${seasonId}:${player.id}`, seasonId);
    await movement(groupId, player.id, "payment", 500, "import:b");

    const res = await manager.post(`/group/${groupId}/placeholders/${placeholder}/link`, { memberId: player.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The season's quota is charged once to the member, who had it already.
    expect(res.body).toEqual({ picks: 2, movements: 1 });
    const after = await balances(manager, groupId);
    expect(after[player.id]).toBe(2000 - 300 + 500);
    expect(after[placeholder] ?? 0).toBe(0);
    const mine = await t.db.query<{ quiniela_id: number }>("select quiniela_id from predictions where group_id = $1 and user_id = $2 order by quiniela_id", [
      groupId,
      player.id,
    ]);
    expect(mine.map((m) => m.quiniela_id)).toEqual(rounds);
    const standings = (await manager.get(`/group/${groupId}/season/${seasonId}/GetClassification`)).body;
    expect(standings.map((r: { userId: number }) => r.userId)).not.toContain(placeholder);
    expect(standings).toEqual((await standingsFromScratch(t.db, NOW, groupId, seasonId)).season);
    expect((await manager.get(`/group/${groupId}/placeholders`)).body).toEqual([]);
    const audit = await t.db.query<{ after: { picks: number } }>("select after from audit_log where group_id = $1 and action = 'placeholder.link'", [groupId]);
    expect(audit).toHaveLength(1);
    // The automatic charges know the member has paid the season's quota: nothing new is charged.
    const quotas = await t.db.query("select id from caja_movements where group_id = $1 and user_id = $2 and kind = 'quota'", [groupId, player.id]);
    expect(quotas).toHaveLength(1);
  });

  it("refuses, writing nothing, when both have picks for the same jornada, and anyone who is not the manager", async () => {
    const { manager, player, groupId, placeholder } = await groupWithPlaceholder();
    const { rounds } = await season(groupId);
    await pick(groupId, rounds[1], placeholder, 0);
    await pick(groupId, rounds[1], player.id, 1);
    await movement(groupId, placeholder, "payment", 1000, "import:c");
    expect((await player.post(`/group/${groupId}/placeholders/${placeholder}/link`, { memberId: player.id })).status).toBe(403);
    const res = await manager.post(`/group/${groupId}/placeholders/${placeholder}/link`, { memberId: player.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/tienen pronóstico en la jornada 2: no se ha unido nada/);
    expect(await t.db.query("select id from predictions where group_id = $1 and user_id = $2", [groupId, placeholder])).toHaveLength(1);
    expect((await balances(manager, groupId))[placeholder]).toBe(1000);
    expect((await manager.get(`/group/${groupId}/placeholders`)).body).toHaveLength(1);
    const self = await manager.post(`/group/${groupId}/placeholders/${placeholder}/link`, { memberId: placeholder });
    expect(self.status).toBe(400);
  });
});
