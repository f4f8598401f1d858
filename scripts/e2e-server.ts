import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Playwright's web server: the production server on port 3100 (E2E_PORT) with the demo data, on a fresh
 * temporary data directory that is removed when the server exits, so every run starts clean and
 * never touches ./data.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.E2E_PORT || "3100";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rarita-e2e-"));

const child = spawn(process.execPath, [path.join(root, "server/main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    NODE_ENV: "production",
    SEED_DEMO: "true",
    PUBLIC_URL: `http://localhost:${port}`,
    DATABASE_URL: "",
    // One JSON line per request would flood the test output (hundreds per test); warnings and
    // errors still show. LOG_LEVEL=info npx playwright test brings the request log back.
    LOG_LEVEL: process.env.LOG_LEVEL || "warn",
    // Turns on the error-page triggers under /__diagnostics (app/routes/diagnostics.tsx).
    E2E_DIAGNOSTICS: "1",
    // The tests read confirmation and reset links from the development outbox (GET /dev/outbox).
    DEV_OUTBOX: "true",
  },
});

function cleanUp() {
  fs.rmSync(dataDir, { recursive: true, force: true });
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
