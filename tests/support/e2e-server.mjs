// Playwright's web server: a real SMTP sink (readable at MAIL_HTTP_PORT) and the built app on a
// fresh DATA_DIR, so every e2e run starts from an empty database. With `--week`, the second app of
// E2E.week, whose automatic import of the operator's jornadas runs every second.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { startFakeSelae } from "./fake-selae.mjs";
import { startMailSink } from "./mail-sink.mjs";
import { E2E } from "./e2e-env.mjs";

const week = process.argv.includes("--week");
const ports = week ? E2E.week : E2E;
const mail = await startMailSink(ports.smtpPort);
createServer((req, res) => {
  const to = new URL(req.url, "http://x").searchParams.get("to") ?? "";
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(to ? mail.to(to) : mail.messages));
}).listen(ports.mailHttpPort, "127.0.0.1");

const lottery = await startFakeSelae(ports.lotteryPort, { publishedOnly: week });

const dataDir = mkdtempSync(path.join(tmpdir(), "quiniela-e2e-"));
const app = spawn(process.execPath, ["build/server.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    // A JSON line per request would bury the suite's own output: warnings and errors only, unless asked (decision 087).
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    PORT: String(ports.port),
    BACKEND_PORT: String(ports.backendPort),
    DATA_DIR: dataDir,
    // The running app's daily copy (decision 088) is the backup drill's to test; here it would write into the checkout.
    BACKUP_DAILY: "0",
    SMTP_URL: mail.url,
    PUBLIC_URL: ports.baseUrl,
    ADMIN_EMAIL: E2E.admin.email,
    ADMIN_USERNAME: E2E.admin.username,
    ADMIN_PASSWORD: E2E.admin.password,
    RATE_LIMIT_LOGIN: "10000",
    // Every browser and API call of the suite comes from 127.0.0.1 (decision 078).
    MAIL_PER_CLIENT_DAY: "100000",
    SESSION_SECRET: E2E.sessionSecret,
    LOTTERY_BASE_URL: lottery.url,
    // A hanging lottery service times out after 3 s here (10 s in real use); throttling retries start at 100 ms.
    LOTTERY_TIMEOUT_MS: "3000",
    LOTTERY_BACKOFF_MS: "100",
    LOTTERY_THROTTLE_BUDGET_MS: "1000",
    // The peñas' standing rules run every second here (a minute in real use), so a journey sees a round open or close in moments.
    WEEK_JOB_INTERVAL_MS: "1000",
    // And the rounds' close, whose first step is the rule's bet (decision 098): a minute in real use.
    ROUND_CLOSE_INTERVAL_MS: "1000",
    // The privacy notice's controller (decision 085), as a deployer fills it in: tests/e2e/privacy.spec.ts reads it on /privacidad.
    PRIVACY_CONTROLLER_NAME: "Peña La Esperanza de Prueba",
    PRIVACY_CONTACT_EMAIL: "privacidad@e2e.local",
    PRIVACY_CONTROLLER_ADDRESS: "Calle del Ensayo 7, 44001 Teruel",
    RETENTION_OUTBOX_DAYS: "5",
    // The operator's next jornadas, the results of the imported ones and their prizes, every second (three hours in real use).
    ...(week ? { LOTTERY_AUTO_IMPORT: "1", LOTTERY_IMPORT_INTERVAL_MS: "1000" } : {}),
  },
});
const stop = () => app.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
app.on("exit", (code) => process.exit(code ?? 0));
