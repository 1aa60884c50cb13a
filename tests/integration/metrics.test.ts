import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackend } from "../../backend/start";
import { startMailSink } from "../support/mail-sink.mjs";
import { throwawayPostgres } from "../support/postgres";

/**
 * Decision 087: the backend as `npm start` builds it (migrations, the jobs on their timers) answers
 * /metrics in Prometheus's text format, which Prometheus's own `promtool check metrics` accepts,
 * only to this machine or to METRICS_TOKEN; its request and job counters move as requests and jobs
 * run. On PGlite, or on PostgreSQL with TEST_DATABASE_URL. In CI (CI set) promtool must be there.
 */

const promtool = spawnSync("promtool", ["--version"], { stdio: "ignore" }).status === 0;
if (!promtool && process.env.CI) throw new Error("promtool no está instalado: instala el paquete de Debian prometheus (.ci/run lo hace)");
if (!promtool) process.stdout.write("\n[metrics] promtool no está: se omite su comprobación (apt-get install prometheus)\n\n");

const TOKEN = "metrics-token-for-the-test-0123";
let app: FastifyInstance;
let url: string;
let dataDir: string;
let stopAll: () => Promise<void>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "quiniela-metrics-"));
  const mail = await startMailSink();
  const pg = process.env.TEST_DATABASE_URL ? await throwawayPostgres() : null;
  const backend = await createBackend({
    dataDir,
    databaseUrl: pg?.url,
    smtpUrl: mail.url,
    log: () => {},
    // The week's job every half second, so its counter is seen to move.
    config: { weekJobIntervalMs: 500 },
  });
  app = backend.app;
  url = await app.listen({ host: "127.0.0.1", port: 0 });
  stopAll = async () => {
    await app.close();
    await mail.close();
    await pg?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}, 120_000);

afterAll(async () => stopAll?.());

const scrape = async (headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}/metrics`, { headers });
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
};

/** The value of one sample, 0 when the series is not there yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const line = text.split("\n").find((l) => {
    if (!l.startsWith(`${name}{`)) return false;
    const set = l.slice(name.length + 1, l.lastIndexOf("}"));
    return Object.entries(labels).every(([k, v]) => set.includes(`${k}="${v}"`));
  });
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

describe("the backend's /metrics", () => {
  it("passes promtool check metrics, with the request, job, mail, held versions and database families", async () => {
    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const family of [
      "http_request_duration_seconds",
      "job_runs_total",
      "job_failures_total",
      "job_last_success_timestamp_seconds",
      "mail_sent_total",
      "mail_refused_total",
      "mail_waiting",
      "kept_versions_reads_total",
      "db_pool_connections",
      "db_pool_max_connections",
    ]) {
      expect(text).toContain(`# TYPE ${family} `);
    }
    const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
    expect(sample(text, "db_pool_max_connections", { engine })).toBe(engine === "pglite" ? 1 : 10);
    if (!promtool) return;
    const checked = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
    expect(checked.stderr + checked.stdout).toBe("");
    expect(checked.status).toBe(0);
  });

  it("counts requests by route pattern and status, never by URL, and unknown addresses under one label", async () => {
    const before = (await scrape()).text;
    const labels = { server: "api", method: "GET", route: "/group/:id", status_code: "401" };
    for (const id of [11, 12, 13]) expect((await fetch(`${url}/group/${id}`)).status).toBe(401);
    for (const id of ["a1", "b2"]) expect((await fetch(`${url}/no-such-thing/${id}`)).status).toBe(404);
    const after = (await scrape()).text;
    expect(sample(after, "http_request_duration_seconds_count", labels) - sample(before, "http_request_duration_seconds_count", labels)).toBe(3);
    const unmatched = { server: "api", method: "GET", route: "unmatched", status_code: "404" };
    expect(sample(after, "http_request_duration_seconds_count", unmatched) - sample(before, "http_request_duration_seconds_count", unmatched)).toBe(2);
    expect(after).not.toMatch(/route="[^"]*(\/11|\/12|no-such-thing)/);
  });

  it("counts the runs of a job and notes its last success", async () => {
    const runs = () =>
      scrape().then(({ text }) => ({
        runs: sample(text, "job_runs_total", { job: "week" }),
        last: sample(text, "job_last_success_timestamp_seconds", { job: "week" }),
      }));
    const first = await runs();
    const deadline = Date.now() + 15_000;
    let now = first;
    while (now.runs < first.runs + 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      now = await runs();
    }
    expect(now.runs).toBeGreaterThanOrEqual(first.runs + 2);
    expect(now.last * 1000).toBeGreaterThan(Date.now() - 10_000);
    expect(sample((await scrape()).text, "job_failures_total", { job: "week" })).toBe(0);
  });

  it("refuses, without METRICS_TOKEN, a caller that came through a proxy", async () => {
    const proxied = await scrape({ "x-forwarded-for": "203.0.113.9" });
    expect(proxied.status).toBe(403);
    expect(JSON.parse(proxied.text).message).toMatch(/solo para el monitor/);
    expect(proxied.text).not.toContain("http_request_duration_seconds");
  });
});

describe("the backend's /metrics with METRICS_TOKEN", () => {
  let tokenApp: FastifyInstance;
  let tokenUrl: string;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "quiniela-metrics-token-"));
    const pg = process.env.TEST_DATABASE_URL ? await throwawayPostgres() : null;
    tokenApp = (await createBackend({ dataDir: dir, databaseUrl: pg?.url, log: () => {}, config: { metricsToken: TOKEN } })).app;
    tokenApp.addHook("onClose", async () => pg?.stop());
    tokenUrl = await tokenApp.listen({ host: "127.0.0.1", port: 0 });
  }, 120_000);
  afterAll(async () => {
    await tokenApp?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("answers only the bearer of the token, even on this machine", async () => {
    expect((await fetch(`${tokenUrl}/metrics`)).status).toBe(403);
    expect((await fetch(`${tokenUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(403);
    const ok = await fetch(`${tokenUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "203.0.113.9" } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("# TYPE job_runs_total counter");
  });
});
