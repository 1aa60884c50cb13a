import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRetention, type ClientAddressColumn } from "../../../backend/services/retention/job";
import { sha256 } from "../../../backend/security";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

const DAY = 86_400_000;
const START = new Date("2026-03-02T10:00:00Z");
const daysAfter = (n: number) => new Date(START.getTime() + n * DAY);

let t: TestBackend;
let outbox: string;
// No table of this schema holds a visitor's address yet (decision 085): the job's list is given one made here.
const scratch: ClientAddressColumn[] = [{ table: "retention_scratch", column: "client", at: "at" }];

beforeAll(async () => {
  t = await startBackend({ now: START });
  outbox = path.join(await mkdtemp(path.join(tmpdir(), "quiniela-retention-")), "outbox");
  await mkdir(outbox);
  await t.db.exec("create table retention_scratch (id serial primary key, at timestamptz not null, client text)");
});
afterAll(async () => {
  await t.close();
  await rm(path.dirname(outbox), { recursive: true, force: true });
});

async function eml(name: string, writtenAt: Date) {
  const file = path.join(outbox, name);
  await writeFile(file, "Subject: enlace\n\nhttp://app.test/ChangePassword?token=x\n");
  await utimes(file, writtenAt, writtenAt);
}

const run = () => runRetention(t.deps, { outboxDir: outbox, clientAddressColumns: scratch });
const count = async (sql: string, params: unknown[] = []) => (await t.db.one<{ n: number }>(sql, params))!.n;

describe("the storage limitation's job", () => {
  it("removes what is past its period, keeps what is not, and a second run changes nothing", async () => {
    // Outbox: one file of 8 days ago (past the 7 of the default), one of 2 days ago; a file of another kind stays.
    await eml("viejo.eml", daysAfter(-8));
    await eml("nuevo.eml", daysAfter(-2));
    await writeFile(path.join(outbox, "LEEME.txt"), "no es un correo");
    // Client addresses: 31 days old (past the 30 of the default) and 29.
    await t.db.query("insert into retention_scratch (at, client) values ($1, '203.0.113.7'), ($2, '203.0.113.8')", [daysAfter(-31), daysAfter(-29)]);

    // Sessions: one that expired yesterday, one still good (a real sign-in, 30 days).
    const player = await t.player("conserva");
    await t.db.query("insert into auth_tokens (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)", [
      sha256("caducado-hace-un-dia"),
      player.id,
      daysAfter(-31),
      daysAfter(-1),
    ]);
    // Reset links: one expired, one good for another hour.
    await t.db.query("insert into password_resets (token_hash, user_id, created_at, expires_at) values ($1, $3, $4, $5), ($2, $3, $4, $6)", [
      sha256("reset-caducado"),
      sha256("reset-vivo"),
      player.id,
      daysAfter(-1),
      new Date(START.getTime() - 3_600_000),
      new Date(START.getTime() + 3_600_000),
    ]);
    // Import drafts: one uploaded two days ago (unreadable after a day), one an hour ago.
    const groupId = await build.group(t.db, { members: [{ userId: player.id, role: 2 }] });
    await t.db.query(
      `insert into import_drafts (hash, group_id, kind, content, created_by, created_at)
       values ('viejo', $1, 'members', '', $2, $3), ('nuevo', $1, 'members', '', $2, $4)`,
      [groupId, player.id, daysAfter(-2), new Date(START.getTime() - 3_600_000)],
    );

    // The mail policy's requests (each names an address): one of 9 days ago, past the week its allowances read, and one of 2.
    await t.db.query("insert into mail_requests (at, route, address) values ($1, 'reset', 'viejo@example.test'), ($2, 'reset', 'nuevo@example.test')", [
      daysAfter(-9),
      daysAfter(-2),
    ]);

    const first = await run();
    expect(first).toEqual({ outboxFiles: 1, clientAddresses: 1, sessions: 1, resetLinks: 1, drafts: 1, mailRequests: 1 });
    expect((await t.db.query<{ address: string }>("select address from mail_requests where address like '%@example.test'")).map((r) => r.address)).toEqual([
      "nuevo@example.test",
    ]);
    expect((await readdir(outbox)).sort()).toEqual(["LEEME.txt", "nuevo.eml"]);
    expect(await t.db.query("select client from retention_scratch order by at")).toEqual([{ client: null }, { client: "203.0.113.8" }]);
    expect(await count("select count(*)::int as n from retention_scratch")).toBe(2);
    expect(await count("select count(*)::int as n from auth_tokens where user_id = $1", [player.id])).toBe(1);
    expect((await player.get("/auth/me")).status).toBe(200);
    expect(await t.db.query("select token_hash from password_resets")).toEqual([{ token_hash: sha256("reset-vivo") }]);
    expect(await t.db.query("select hash from import_drafts")).toEqual([{ hash: "nuevo" }]);

    expect(await run()).toEqual({ outboxFiles: 0, clientAddresses: 0, sessions: 0, resetLinks: 0, drafts: 0, mailRequests: 0 });
  });

  it("reads its periods from the settings and moves with the clock", async () => {
    t.setNow(daysAfter(31));
    try {
      // A month later: the sign-in's session and the reset link have expired, the recent file and address are past their periods.
      // (The mail requests of the players' own sign-ups are a month old too: how many depends on the file's order.)
      expect(await run()).toEqual({ outboxFiles: 1, clientAddresses: 1, sessions: 1, resetLinks: 1, drafts: 1, mailRequests: expect.any(Number) });
      await eml("otro.eml", daysAfter(28));
      await t.db.query("insert into retention_scratch (at, client) values ($1, '198.51.100.1')", [daysAfter(20)]);
      // Shorter periods: a file of 3 days and an address of 11 go.
      t.deps.config.retentionOutboxDays = 2;
      t.deps.config.retentionClientAddressDays = 10;
      expect(await run()).toMatchObject({ outboxFiles: 1, clientAddresses: 1 });
      expect(await readdir(outbox)).toEqual(["LEEME.txt"]);
    } finally {
      t.setNow(START);
      t.deps.config.retentionOutboxDays = 7;
      t.deps.config.retentionClientAddressDays = 30;
    }
  });

  it("passes over an outbox that does not exist, and cuts the mail policy's client addresses by its own list", async () => {
    await t.db.query("insert into mail_requests (at, route, address, client) values ($1, 'reset', 'ip@example.test', '203.0.113.9')", [daysAfter(-40)]);
    const own = await runRetention(t.deps, { outboxDir: path.join(outbox, "nada") });
    expect(own).toMatchObject({ outboxFiles: 0, clientAddresses: 1, mailRequests: 1 });
  });
});
