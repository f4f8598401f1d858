import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `npm start`: builds the web app when the build is missing or older than its sources, then runs
 * the server in this process.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildEntry = path.join(root, "build/server/index.js");

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const sources = ["app", "vite.config.ts", "react-router.config.ts", "package-lock.json"].map((p) =>
  path.join(root, p),
);
const buildTime = fs.existsSync(buildEntry) ? fs.statSync(buildEntry).mtimeMs : 0;
const sourceTime = Math.max(...sources.filter((p) => fs.existsSync(p)).map(newestMtime));

if (buildTime < sourceTime) {
  process.stdout.write("Building the web app…\n");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../server/main.ts");
