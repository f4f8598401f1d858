import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "./tests/browser-setup.ts";

// E2E_PORT lets several suites run side by side on one machine.
const port = process.env.E2E_PORT ?? "3100";
// The e2e server's caught mail is listed on the next port (scripts/e2e-server.ts, tests/e2e/mail.ts);
// set here so the server and the test workers agree.
process.env.E2E_MAIL_PORT ??= String(Number(port) + 1);
// The payment provider simulator's port (scripts/e2e-server.ts): the deals' tests read its state.
process.env.E2E_MARKETPLACE_PORT ??= String(Number(port) + 2);
// The bank identity simulator's port (scripts/e2e-server.ts): the age check's tests click its login page.
process.env.E2E_BANK_ID_PORT ??= String(Number(port) + 3);
const baseURL = `http://localhost:${port}`;
// Deals through the site (issue 35) run on a second e2e server with its own data, mail and simulator
// ports: switched on, they require delivery of every new auction, which the other tests do not give;
// apart, the deals' tests run beside the rest instead of after it. Their simulator's port:
const dealsPort = String(Number(port) + 5);
process.env.E2E_DEALS_MARKETPLACE_PORT ??= String(Number(port) + 7);
// Side-by-side runs (E2E_PORT) keep their artefacts apart.
const outputDir = process.env.E2E_PORT ? `test-results/${process.env.E2E_PORT}` : "test-results";
// The demo staff's sessions, signed in once per run by the staff-setup project (tests/e2e/staff.ts
// says why); inside the output directory, which Playwright empties when a run starts.
process.env.E2E_STAFF_SESSIONS ??= path.resolve(outputDir, ".staff-sessions");

/**
 * Browser tests against the production build, served by scripts/e2e-server.ts on a fresh
 * temporary data directory with the demo data. The browser is Debian's Chromium: Playwright never
 * downloads one.
 */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // No retries, in CI neither: a test that needs one has a cause to fix (ADR 0066).
  retries: 0,
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: "cs-CZ",
    // No trace by default (recording one costs every test on a busy machine); a failure still
    // leaves its page snapshot. `--trace retain-on-failure` keeps the failed tests' traces.
    trace: "off",
    launchOptions: CHROMIUM_LAUNCH,
    // The site's service worker (ADR 0110) would take the page's requests once it controls it,
    // out of reach of `page.route` (Playwright's own advice: block it where a test routes).
    // tests/e2e/pwa.spec.ts allows it: the worker is what it tests.
    serviceWorkers: "block",
  },
  projects: [
    // On the deals' server, with its own staff sessions (tests/e2e/staff.ts). Listed first: the
    // workers take tests in the projects' order, and the deals' long stories should start early,
    // beside the chromium project's, not wait for all of them.
    {
      name: "deals-staff-setup",
      use: { baseURL: `http://localhost:${dealsPort}` },
      testMatch: /staff\.setup\.ts/,
    },
    {
      name: "deals",
      use: { browserName: "chromium", baseURL: `http://localhost:${dealsPort}` },
      testMatch: /\/(deal-terms|deals(-[a-z-]+)?)\.spec\.ts$/,
      dependencies: ["deals-staff-setup"],
    },
    // Signs each demo staff account in once; the tests reuse those sessions (tests/e2e/staff.ts).
    { name: "staff-setup", testMatch: /staff\.setup\.ts/ },
    {
      name: "chromium",
      use: { browserName: "chromium" },
      testIgnore: /\/(maintenance|deal-terms|deals(-[a-z-]+)?)\.spec\.ts$/,
      dependencies: ["staff-setup"],
    },
    // Maintenance switches the whole site off, so it runs alone once everything else is done.
    {
      name: "maintenance",
      use: { browserName: "chromium" },
      testMatch: /maintenance\.spec\.ts/,
      dependencies: ["chromium"],
    },
  ],
  webServer: [
    {
      command: "node scripts/e2e-server.ts",
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    },
    {
      command: "node scripts/e2e-server.ts",
      url: `http://localhost:${dealsPort}/api/health`,
      env: {
        E2E_PORT: dealsPort,
        E2E_MAIL_PORT: String(Number(port) + 6),
        E2E_MARKETPLACE_PORT: process.env.E2E_DEALS_MARKETPLACE_PORT,
        E2E_BANK_ID_PORT: String(Number(port) + 8),
      },
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    },
  ],
});
