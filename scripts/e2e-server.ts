import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "#server/runtime-flags.ts";
import { startTestSmtpServer } from "#server/test/smtp-server.ts";

/**
 * Playwright's web server: the production server on port 3100 (E2E_PORT) with the demo data, on a fresh
 * temporary data directory that is removed when the server exits, so every run starts clean and
 * never touches ./data.
 *
 * Its mail goes over SMTP to a real SMTP server started here (smtp-server, as in the integration
 * tests); what arrived is listed as JSON at http://localhost:<E2E_MAIL_PORT>/mails (port 3101 by
 * default) for the tests to read links from (tests/e2e/mail.ts).
 *
 * E2E_PUBLIC_URL and E2E_TRUSTED_PROXIES set PUBLIC_URL and TRUSTED_PROXIES, for a second server
 * behind a TLS-terminating proxy (tests/e2e/https-proxy.spec.ts).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.E2E_PORT || "3100";
const mailPort = Number(process.env.E2E_MAIL_PORT || Number(port) + 1);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-e2e-"));

const smtp = await startTestSmtpServer();
const mailList = http.createServer((request, response) => {
  if (request.url !== "/mails") {
    response.writeHead(404).end();
    return;
  }
  const mails = smtp.received.map(({ envelope, parsed }) => ({
    to: envelope.to.join(", "),
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : "",
  }));
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ mails }));
});
await new Promise<void>((resolve) => mailList.listen(mailPort, "127.0.0.1", resolve));

const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, "server/main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    NODE_ENV: "production",
    SEED_DEMO: "true",
    // Card payments are paid on the test gateway's page (the tests use it; production never by default).
    PAYMENTS_TEST_GATEWAY: "true",
    // Deals are paid through the payment provider simulator (ADR 0074): its pages on a free port.
    MARKETPLACE_SIMULATOR: "true",
    // On the port playwright.config.ts names (E2E_MARKETPLACE_PORT), so that the deals' tests can
    // read its state; a free one for the other servers (tests/e2e/https-proxy.ts).
    MARKETPLACE_SIMULATOR_PORT: process.env.E2E_MARKETPLACE_PORT || "0",
    // Traders' IČOs are checked against the ARES simulator (ADR 0085): stateless, on a free port.
    ARES_SIMULATOR: "true",
    ARES_SIMULATOR_PORT: "0",
    // The age check's bank identity is the simulator (ADR 0083), on the port playwright.config.ts names.
    BANK_ID_SIMULATOR: "true",
    BANK_ID_SIMULATOR_PORT: process.env.E2E_BANK_ID_PORT || "0",
    // The EU age wallet is the test wallet and issuer (ADR 0084), on a free port.
    AGE_WALLET_SIMULATOR: "true",
    AGE_WALLET_SIMULATOR_PORT: "0",
    PUBLIC_URL: process.env.E2E_PUBLIC_URL || `http://localhost:${port}`,
    TRUSTED_PROXIES: process.env.E2E_TRUSTED_PROXIES || "",
    DATABASE_URL: "",
    // One JSON line per request would flood the test output (hundreds per test); warnings and
    // errors still show. LOG_LEVEL=info npx playwright test brings the request log back.
    LOG_LEVEL: process.env.LOG_LEVEL || "warn",
    // Turns on the error-page triggers under /__diagnostics (app/routes/diagnostics.tsx).
    E2E_DIAGNOSTICS: "1",
    // Mail is really sent, to the SMTP server above.
    SMTP_URL: smtp.url,
    // SMS codes go to the development SMS outbox (GET /dev/sms-outbox): no gateway here.
    DEV_OUTBOX: "true",
    // Every test's browser comes from 127.0.0.1, and a run registers far more accounts than the
    // product's 10 an hour per address: the limit is raised here, by configuration, not switched
    // off in the code (ADR 0066). The limit itself has its own tests (registration.test.ts).
    REGISTRATIONS_PER_IP_HOUR: "1000",
  },
});

function cleanUp() {
  fs.rmSync(dataDir, { recursive: true, force: true });
  mailList.close();
  void smtp.close();
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on("error", (error) => {
  process.stderr.write(`Could not start the server: ${error.message}\n`);
  cleanUp();
  process.exit(1);
});

child.on("exit", (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
