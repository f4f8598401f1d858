import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildDirectory } from "../server/build-directory.ts";
import { buildIsStale } from "./build-freshness.ts";

/**
 * `npm start`: builds the web app when the build is missing or older than its inputs, then runs
 * the server in this process. The build checked and made is the one the server loads: ./build, or
 * builds/<name> with BUILD_DIR=<name> (react-router.config.ts reads the same setting).
 *
 * Without NODE_ENV it is the demo (`npm install && npm start`): the demo data and the test card
 * gateway are asked for here, as the server itself never turns them on in production by default.
 * With NODE_ENV set (NODE_ENV=production npm start on a real site) nothing is added.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = buildDirectory();

if (!process.env.NODE_ENV) {
  for (const name of ["SEED_DEMO", "PAYMENTS_TEST_GATEWAY"]) {
    // An explicit value (also "false") wins; empty counts as unset, as in loadConfig.
    if (!process.env[name]) process.env[name] = "true";
  }
}

if (buildIsStale(root, buildDir)) {
  process.stdout.write(`Building the web app into ${path.relative(root, buildDir)}/…\n`);
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../server/main.ts");
