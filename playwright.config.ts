import { defineConfig } from "@playwright/test";
import { e2eBrowser } from "./tests/support/e2e-browser.mjs";
import { E2E } from "./tests/support/e2e-env.mjs";

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: e2eBrowser(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  },
};

/** Every journey runs twice: as a browser without JavaScript, and with it. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two, as measured in decision 089; E2E_WORKERS tries another count (a third may fill the CPU the
  // headless shell left idle on a quiet 2-core box: not yet measured there).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // reports/e2e.json: read by scripts/test-summary.mjs for the run's ten slowest tests (decision 089).
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: { baseURL: E2E.baseUrl, locale: "es-ES", timezoneId: "Europe/Madrid", trace: "retain-on-failure" },
  projects: [
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false } },
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
  ],
  webServer: [
    {
      command: "node tests/support/e2e-server.mjs",
      url: `${E2E.baseUrl}/login`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node tests/support/e2e-server.mjs --week",
      url: `${E2E.week.baseUrl}/login`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The W3C Nu HTML Checker, started once as a service: a JVM per page would cost seconds each.
      command: `java -Dnu.validator.servlet.bind-address=127.0.0.1 -cp node_modules/vnu-jar/build/dist/vnu.jar nu.validator.servlet.Main ${E2E.vnuPort}`,
      url: E2E.vnuUrl,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "ignore",
    },
  ],
});
