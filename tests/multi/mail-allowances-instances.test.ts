// Decision 078 on a real PostgreSQL: the mail allowances are counted in the database, under locks,
// so two instances (two backends, each with its own pool of connections) agree, and one manager
// pressing "invite" at once in four of his peñas gets his day's allowance and not a place more
// (before, the count was per group's row lock only: 43 against 40).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBackend } from "../../backend/app";
import { defaultBackendConfig } from "../../backend/config";
import type { Deps } from "../../backend/context";
import { openPostgres, type Db } from "../../backend/db/db";
import { migrate } from "../../backend/db/migrate";
import { createMailer } from "../../backend/mailer";
import { createUser } from "../../backend/services/account/auth";
import { outboxSettled } from "../../backend/services/mail/outbox";
import { client, type Client } from "../support/backend";
import * as build from "../support/builders";
import { startMailSink } from "../support/mail-sink.mjs";
import { postgresUnavailable, throwawayPostgres } from "../support/postgres";

const PASSWORD = "Secreta#2026";
const unavailable = postgresUnavailable();

describe.runIf(!unavailable)("the mail allowances on two instances of one PostgreSQL", () => {
  let pg: Awaited<ReturnType<typeof throwawayPostgres>>;
  let mail: Awaited<ReturnType<typeof startMailSink>>;
  const dbs: Db[] = [];
  const apps: Awaited<ReturnType<typeof buildBackend>>[] = [];
  let a: Client;
  let b: Client;

  beforeAll(async () => {
    pg = await throwawayPostgres();
    mail = await startMailSink();
    const instance = async () => {
      const db = await openPostgres(pg.url);
      dbs.push(db);
      const deps: Deps = {
        db,
        mailer: createMailer({ smtpUrl: mail.url, outboxDir: "" }),
        clock: () => new Date(),
        config: { ...defaultBackendConfig, publicUrl: "http://app.test", loginRateLimit: 1000, forgotRateLimit: 1000, mailPerClientDay: 100_000 },
        fetch,
      };
      const app = await buildBackend(deps);
      apps.push(app);
      return client(await app.listen({ host: "127.0.0.1", port: 0 }));
    };
    const first = await openPostgres(pg.url);
    await migrate(first);
    await first.close();
    [a, b] = [await instance(), await instance()];
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await mail?.close();
    await pg?.stop();
  });

  it("one manager inviting at once in four peñas, through both instances: 40 invitations, not 43", async () => {
    const db = dbs[0];
    const managerId = await createUser(
      { db, mailer: createMailer({ outboxDir: "" }), clock: () => new Date(), config: defaultBackendConfig, fetch },
      {
        email: "gestor@multi.test",
        username: "gestor",
        password: PASSWORD,
      },
    );
    const token = (await a.post("/auth/login", { username: "gestor", password: PASSWORD })).body.token as string;
    const invites: { groupId: number; id: number }[] = [];
    for (let g = 0; g < 4; g++) {
      const groupId = await build.group(db, { name: `Peña ${g}`, members: [{ userId: managerId, role: 2 }] });
      const rows = await db.query<{ id: number }>(
        `insert into users (email, username, password_hash, placeholder, send_digest)
         select 'm' || $1::int || '-' || k || '@victima.test', 'Socio ' || $1::int || '-' || k, '', true, false from generate_series(1, 20) k returning id`,
        [g],
      );
      for (const { id } of rows) {
        await db.query("insert into group_members (group_id, user_id, role_id) values ($1, $2, 1)", [groupId, id]);
        invites.push({ groupId, id });
      }
    }
    const answers = await Promise.all(invites.map(({ groupId, id }, k) => (k % 2 ? a : b).as(token).post(`/group/${groupId}/placeholders/${id}/invite`)));
    await outboxSettled();
    expect(answers.filter((r) => r.status === 200)).toHaveLength(40);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(40);
    expect(Number((await db.one<{ n: string }>("select count(*) as n from placeholder_invitations where sent_by = $1", [managerId]))!.n)).toBe(40);
    expect(mail.messages.filter((m) => m.to.some((to: string) => to.endsWith("@victima.test")))).toHaveLength(40);
  });

  it("an address's day is the same on both instances", async () => {
    const asks = await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        (k % 2 ? a : b).post("/api/auth/forgot-password", { email: "nadie@multi.test" }, { "x-forwarded-for": `203.0.113.${k}` }),
      ),
    );
    expect(asks.filter((r) => r.status === 200)).toHaveLength(defaultBackendConfig.mailPerAddressDay);
    expect(asks.filter((r) => r.status === 429)).toHaveLength(10 - defaultBackendConfig.mailPerAddressDay);
  });
});
