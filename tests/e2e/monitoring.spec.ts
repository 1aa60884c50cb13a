import { spawnSync } from "node:child_process";
import { E2E } from "../support/e2e-env.mjs";
import { expect, test } from "./fixtures";

/**
 * Decision 087, on the built app as `npm start` runs it: the web app's /metrics (the process's, the
 * embedded backend's series included) passes Prometheus's `promtool check metrics` and its request
 * counters move as pages are served, it is refused to a caller that came through a proxy, /ready
 * asks the backend too, and every answer carries the visit's id. In CI (CI set) promtool must be there.
 */

const promtool = spawnSync("promtool", ["--version"], { stdio: "ignore" }).status === 0;
if (!promtool && process.env.CI) throw new Error("promtool no está instalado: instala el paquete de Debian prometheus (.ci/run lo hace)");

/** One sample's value, 0 when the series is not there yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

test("a monitor on this machine reads /metrics, which promtool accepts and whose request counters move", async ({ page, request }) => {
  const scrape = async () => {
    const res = await request.get(`${E2E.baseUrl}/metrics`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  const login = { server: "web", method: "GET", route: "/login", status_code: "200" };
  const before = await scrape();
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/grupo/123456/caja");
  const after = await scrape();
  expect(sample(after, "http_request_duration_seconds_count", login) - sample(before, "http_request_duration_seconds_count", login)).toBeGreaterThanOrEqual(1);
  // The pattern, never the address: no label holds the group's number.
  expect(after).toContain('route="/grupo/:groupId/caja"');
  expect(after).not.toContain("123456");
  // The embedded backend's series are in the same process's answer, and the jobs have run.
  expect(after).toMatch(/http_request_duration_seconds_count\{server="api",/);
  expect(sample(after, "job_runs_total", { job: "week" })).toBeGreaterThan(0);
  if (promtool) {
    const checked = spawnSync("promtool", ["check", "metrics"], { input: after, encoding: "utf8" });
    expect(checked.stderr + checked.stdout).toBe("");
    expect(checked.status).toBe(0);
  }
});

test("/metrics is refused to a caller that came through a proxy; /health and /ready answer with the visit's id", async ({ request }) => {
  const proxied = await request.get(`${E2E.baseUrl}/metrics`, { headers: { "x-forwarded-for": "203.0.113.7" } });
  expect(proxied.status()).toBe(403);
  expect(await proxied.text()).toContain("Las métricas son solo para el monitor");

  const health = await request.get(`${E2E.baseUrl}/health`);
  expect(await health.json()).toEqual({ ok: true });
  const ready = await request.get(`${E2E.baseUrl}/ready`);
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ ready: true, checks: { database: "ok", migrations: "ok", mail: "ok", notices: "ok" } });
  expect(ready.headers()["x-request-id"]).toMatch(/^[0-9a-f]{12}$/);
  // The backend's own, on its port: the same checks.
  expect((await request.get(`${E2E.apiUrl}/ready`)).status()).toBe(200);
});
