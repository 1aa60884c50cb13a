// Loopback ports of the e2e run, shared by the server script and the tests (E2E_PORT_BASE moves them).
const base = Number(process.env.E2E_PORT_BASE ?? 3210);

export const E2E = {
  port: base,
  backendPort: base + 1,
  mailHttpPort: base + 2,
  smtpPort: base + 3,
  /** The fake lottery service (tests/support/fake-selae.mjs), switched per date by the tests. */
  lotteryPort: base + 4,
  /** The W3C Nu HTML Checker (npm vnu-jar) as a local web service, which tests/e2e/fixtures.ts posts every document to. */
  vnuPort: base + 5,
  baseUrl: `http://localhost:${base}`,
  apiUrl: `http://127.0.0.1:${base + 1}`,
  vnuUrl: `http://127.0.0.1:${base + 5}`,
  /**
   * A second app, its own mail sink and its own stand-in operator, with the automatic import every
   * second: the week that runs itself is played there (tests/e2e/operator-week.spec.ts), where no other
   * test's jornadas are published.
   */
  week: {
    port: base + 6,
    backendPort: base + 7,
    mailHttpPort: base + 8,
    smtpPort: base + 9,
    lotteryPort: base + 10,
    baseUrl: `http://localhost:${base + 6}`,
    apiUrl: `http://127.0.0.1:${base + 7}`,
    lotteryUrl: `http://127.0.0.1:${base + 10}`,
  },
  admin: { email: "admin@e2e.local", username: "admin", password: "Admin#E2e2026" },
  sessionSecret: "e2e-session-secret-that-is-long-enough",
};
