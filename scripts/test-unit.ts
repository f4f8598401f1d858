import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `npm run test:unit`: Vitest on the embedded database (PGlite) first, then, when
 * TEST_DATABASE_URL is set, the same suite again on that PostgreSQL server. Extra arguments are
 * passed to both runs (`npm run test:unit -- server/config.test.ts`).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const vitest = path.join(root, "node_modules/vitest/vitest.mjs");
const extraArgs = process.argv.slice(2);

function runVitest(label: string, env: NodeJS.ProcessEnv): Promise<number> {
  process.stdout.write(`\n=== Vitest: ${label} ===\n`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, "run", ...extraArgs], {
      cwd: root,
      env,
      stdio: "inherit",
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("error", (error) => {
      process.stderr.write(`Could not start Vitest: ${error.message}\n`);
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const { TEST_DATABASE_URL: pgUrl, ...envWithoutPg } = process.env;

const embedded = await runVitest("embedded database (PGlite)", envWithoutPg);
if (embedded !== 0) process.exit(embedded);

if (pgUrl) {
  const onPg = await runVitest(`PostgreSQL (${pgUrl.replace(/\/\/[^@/]*@/, "//***@")})`, process.env);
  if (onPg !== 0) process.exit(onPg);
}
