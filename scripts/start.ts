import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildDirectory } from "#server/build-directory.ts";
import { buildIsStale } from "./build-freshness.ts";
import { demoEnvironment } from "./demo-env.ts";

/**
 * `npm start`: builds the web app when the build is missing or older than its inputs, then runs
 * the server in this process. The build checked and made is the one the server loads: ./build, or
 * builds/<name> with BUILD_DIR=<name> (react-router.config.ts reads the same setting).
 * Without NODE_ENV it is the demo, with the demo data and the test card gateway (demo-env.ts).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = buildDirectory();

Object.assign(process.env, demoEnvironment(process.env));

if (buildIsStale(root, buildDir)) {
  process.stdout.write(`Building the web app into ${path.relative(root, buildDir)}/…\n`);
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("#server/main.ts");
