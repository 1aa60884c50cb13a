import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REMINDER_FIRST_RUN_MS, sendDueReminders } from "../../../backend/services/mail/reminders";
import * as build from "../../support/builders";
import { backendOnDisk, PASSWORD, startBackend, type TestBackend } from "../../support/backend";

const HOUR = 3_600_000;
const NOW = new Date("2026-03-14T09:00:00Z");
const picks = Array.from({ length: 14 }, () => ["1" as const]);

let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
});
afterAll(() => t.close());

/** A group of three players with a round open now and closing `closesIn` ms from now. */
async function groupWithRound(closesIn: number) {
  const [lazy, done, quiet] = [await t.player(), await t.player(), await t.player()];
  const seasonId = await build.season(t.db, { name: `T${Math.random()}` });
  const quinielaId = await build.pool(t.db, { seasonId, number: 7, startDate: new Date(NOW.getTime() - 24 * HOUR) });
  const groupId = await build.group(t.db, { name: "Peña del Bar", members: [lazy, done, quiet].map((p) => ({ userId: p.id })) });
  const roundId = await build.round(t.db, {
    groupId,
    quinielaId,
    openDate: new Date(NOW.getTime() - 24 * HOUR),
    closeDate: new Date(NOW.getTime() + closesIn),
  });
  await build.prediction(t.db, { groupId, quinielaId, userId: done.id, matches: picks, pleno: { home: 1, away: 0 } });
  expect((await quiet.post("/User/SetAlertPreference", { sendAlert: false })).status).toBe(200);
  return { lazy, done, quiet, groupId, quinielaId, roundId };
}

const mailsTo = (username: string) => t.mail.to(`${username}@test.local`);

describe("e-mail reminders before a round closes", () => {
  it("mail once the member who has not predicted a round closing in 3 hours, and nobody else", async () => {
    const g = await groupWithRound(3 * HOUR);
    await sendDueReminders(t.deps);
    const [mail] = mailsTo(g.lazy.username);
    expect(mailsTo(g.lazy.username)).toHaveLength(1);
    expect(mail.text).toContain("La jornada 7 de Peña del Bar cierra el 14/03/2026 13:00 (hora de Madrid)");
    expect(mail.text).toContain(`http://app.test/grupo/${g.groupId}/predictions?quiniela=${g.quinielaId}`);
    expect(mailsTo(g.done.username)).toHaveLength(0);
    expect(mailsTo(g.quiet.username)).toHaveLength(0);

    await sendDueReminders(t.deps);
    t.setNow(new Date(NOW.getTime() + HOUR));
    try {
      await sendDueReminders(t.deps);
    } finally {
      t.setNow(NOW);
    }
    expect(mailsTo(g.lazy.username)).toHaveLength(1);
  });

  it("send nothing for a round that closes later than the lead time, is closed or where the member is blocked", async () => {
    const later = await groupWithRound(30 * HOUR);
    const gone = await groupWithRound(-HOUR);
    const blocked = await groupWithRound(2 * HOUR);
    await t.db.query("insert into group_quiniela_blocks (group_quiniela_id, user_id) values ($1, $2)", [blocked.roundId, blocked.lazy.id]);
    const forced = await groupWithRound(2 * HOUR);
    await t.db.query("update group_quinielas set force_closed = true where id = $1", [forced.roundId]);
    await sendDueReminders(t.deps);
    for (const g of [later, gone, blocked, forced]) expect(mailsTo(g.lazy.username)).toHaveLength(0);
  });

  it("send nothing for a round whose pool has official results, whatever its close date (issue 34)", async () => {
    const complete = await groupWithRound(2 * HOUR);
    await build.results(
      t.db,
      complete.quinielaId,
      picks.map(([s]) => s),
      { home: 1, away: 0 },
    );
    const partial = await groupWithRound(2 * HOUR);
    await build.results(t.db, partial.quinielaId, [...picks.slice(0, 3).map(([s]) => s), ...Array(11).fill(null)], null);
    await sendDueReminders(t.deps);
    for (const g of [complete, partial]) expect(mailsTo(g.lazy.username)).toHaveLength(0);
  });

  it("honour REMINDER_LEAD_HOURS", async () => {
    const g = await groupWithRound(30 * HOUR);
    await sendDueReminders({ ...t.deps, config: { ...t.deps.config, reminderLeadHours: 48 } });
    expect(mailsTo(g.lazy.username)).toHaveLength(1);
  });

  it("send each reminder once when two instances run at the same moment", async () => {
    const g = await groupWithRound(3 * HOUR);
    const sent = await Promise.all([sendDueReminders(t.deps), sendDueReminders(t.deps), sendDueReminders(t.deps)]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(mailsTo(g.lazy.username)).toHaveLength(1);
  });

  it("give the claim back when the mail cannot be sent, so the next run tries again", async () => {
    const g = await groupWithRound(3 * HOUR);
    const failing = { ...t.deps, mailer: { target: "roto", send: () => Promise.reject(new Error("SMTP caído")) } };
    expect(await sendDueReminders(failing)).toBe(0);
    expect(mailsTo(g.lazy.username)).toHaveLength(0);
    await sendDueReminders(t.deps);
    expect(mailsTo(g.lazy.username)).toHaveLength(1);
  });
});

describe("the reminder job of a running backend", () => {
  it("sends at start, and after a restart sends nothing again", { timeout: 90_000 }, async () => {
    const running = await backendOnDisk("quiniela-reminders-");
    const { mail, boot } = running;
    try {
      const first = await boot();
      const register = (username: string) => first.api.post("/auth/register", { email: `${username}@test.local`, username, password: PASSWORD });
      expect((await register("olvidadiza")).status).toBe(201);
      const user = await first.deps.db.one<{ id: number }>("select id from users where username = 'olvidadiza'");
      const seasonId = await build.season(first.deps.db);
      const quinielaId = await build.pool(first.deps.db, { seasonId, number: 3, startDate: new Date(Date.now() - HOUR) });
      const groupId = await build.group(first.deps.db, { members: [{ userId: user!.id }] });
      await build.round(first.deps.db, { groupId, quinielaId, openDate: new Date(Date.now() - HOUR), closeDate: new Date(Date.now() + 3 * HOUR) });
      await first.app.close();

      const second = await boot();
      // Her inbox also has the sign-up's proof link (decision 078): the reminders are the ones counted.
      const reminders = () => mail.to("olvidadiza@test.local").filter((m) => m.subject.endsWith("cierra pronto"));
      await expect.poll(() => reminders().length, { timeout: 20_000 }).toBe(1);
      await second.app.close();

      // The first run comes a few seconds after the start; closing waits for a run in progress.
      const third = await boot();
      await new Promise((resolve) => setTimeout(resolve, REMINDER_FIRST_RUN_MS + 2000));
      await third.app.close();
      expect(reminders()).toHaveLength(1);
    } finally {
      await running.close();
    }
  });
});
