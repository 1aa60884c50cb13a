import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { heldVersions } from "../../backend/kept-versions";
import { noticesCheck } from "../../backend/readiness";
import { createBackend } from "../../backend/start";
import { startBackend } from "../support/backend";
import { startMailSink } from "../support/mail-sink.mjs";
import { postgresUnavailable, throwawayPostgres } from "../support/postgres";
import { tcpGate } from "../support/tcp-gate";

/**
 * Decision 087: /health says the process runs; /ready says whether this instance can serve (the
 * database answers, every migration is applied, the notices are heard on PostgreSQL, a mail
 * transport takes mail), and turns false when the database goes away and true when it is back.
 */

const ready = async (url: string) => {
  const res = await fetch(`${url}/ready`);
  return { status: res.status, body: (await res.json()) as { ready: boolean; checks: Record<string, string> } };
};

async function until(url: string, status: number, ms = 20_000) {
  const deadline = Date.now() + ms;
  let last = await ready(url);
  while (last.status !== status && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    last = await ready(url);
  }
  return last;
}

describe("readiness on the test's database", () => {
  it("is ready with every check ok, not while a migration is missing, and a 503 naming the database once it is closed; /health stays alive", async () => {
    const t = await startBackend();
    try {
      expect(await ready(t.url)).toEqual({ status: 200, body: { ready: true, checks: { database: "ok", migrations: "ok", mail: "ok" } } });

      const [last] = await t.db.query<{ name: string }>("delete from schema_migrations where name = (select max(name) from schema_migrations) returning name");
      const behind = await ready(t.url);
      expect(behind.status).toBe(503);
      expect(behind.body.checks).toEqual({ database: "ok", migrations: `faltan migraciones: ${last.name}`, mail: "ok" });
      await t.db.query("insert into schema_migrations (name) values ($1)", [last.name]);
      expect((await ready(t.url)).status).toBe(200);

      await t.db.close();
      const down = await ready(t.url);
      expect(down.status).toBe(503);
      expect(down.body.ready).toBe(false);
      expect(down.body.checks.database).toMatch(/^la base de datos no responde/);
      expect(down.body.checks.migrations).toBe("sin comprobar: la base de datos no responde");
      expect(await (await fetch(`${t.url}/health`)).json()).toEqual({ ok: true });
    } finally {
      await t.close().catch(() => undefined);
    }
  });

  it("is not ready while the mail server does not answer", async () => {
    const t = await startBackend();
    try {
      await t.mail.close();
      const answer = await ready(t.url);
      expect(answer.status).toBe(503);
      expect(answer.body.checks).toMatchObject({ database: "ok", mail: expect.stringMatching(/SMTP_URL/) });
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

const unavailable = postgresUnavailable();

describe.skipIf(unavailable)("readiness on PostgreSQL, as npm start composes it", () => {
  it("turns false when the database goes away (its connections cut) and true when it comes back, notices included", { timeout: 120_000 }, async () => {
    const pg = await throwawayPostgres();
    const target = new URL(pg.url);
    const gate = await tcpGate({ host: target.hostname, port: Number(target.port) });
    const through = new URL(pg.url);
    through.port = String(gate.port);
    const dataDir = await mkdtemp(path.join(tmpdir(), "quiniela-ready-"));
    const mail = await startMailSink();
    const { app, deps } = await createBackend({ dataDir, databaseUrl: through.toString(), smtpUrl: mail.url, log: () => {} });
    const versions = await heldVersions(deps);
    noticesCheck(app, deps, versions);
    const url = await app.listen({ host: "127.0.0.1", port: 0 });
    try {
      expect(await until(url, 200)).toEqual({ status: 200, body: { ready: true, checks: { database: "ok", migrations: "ok", mail: "ok", notices: "ok" } } });

      await gate.shut();
      const down = await until(url, 503);
      expect(down.status).toBe(503);
      expect(down.body.checks.database).toMatch(/^la base de datos no responde/);
      expect(down.body.checks.notices).toBe("no se oyen los avisos de escritura de PostgreSQL (LISTEN)");
      expect((await fetch(`${url}/health`)).status).toBe(200);

      await gate.open();
      expect(await until(url, 200)).toEqual({ status: 200, body: { ready: true, checks: { database: "ok", migrations: "ok", mail: "ok", notices: "ok" } } });
    } finally {
      await versions.stop();
      await app.close();
      await gate.shut();
      await mail.close();
      await pg.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
