import fs from "node:fs";
import path from "node:path";

/**
 * Whether the web build must be (re)made: it is missing, or older than anything it is built from.
 * Used by `npm start` (scripts/start.ts).
 *
 * The inputs: the app, the static files the build copies, its configuration, the installed
 * packages, the core both halves stand on, and the server sources (the app reaches them only through
 * types, but counting them keeps a stale build impossible); tests and migrations never count.
 */
export const BUILD_INPUTS = [
  "app",
  "core",
  "public",
  "server",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package-lock.json",
];

function isInput(root: string, file: string, isDirectory: boolean): boolean {
  const relative = path.relative(root, file).split(path.sep).join("/");
  // A directory's time changes when a file in it is added or removed: that counts too, except
  // under server/ and core/, whose folders also hold tests.
  const testsBeside = ["server", "core"].some((dir) => relative === dir || relative.startsWith(`${dir}/`));
  if (!testsBeside) return true;
  return (
    !isDirectory &&
    /\.(ts|tsx|json)$/.test(relative) &&
    !/\.test\.tsx?$/.test(relative) &&
    !relative.startsWith("server/test/") &&
    !relative.startsWith("server/db/migrations/")
  );
}

/** The newest modification time among the inputs under `entry` (0 when there are none). */
function newestMtime(root: string, entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return isInput(root, entry, false) ? stat.mtimeMs : 0;
  let newest = isInput(root, entry, true) ? stat.mtimeMs : 0;
  for (const child of fs.readdirSync(entry))
    newest = Math.max(newest, newestMtime(root, path.join(entry, child)));
  return newest;
}

/** `buildDir` is the folder the server loads (server/build-directory.ts), holding server/index.js. */
export function buildIsStale(root: string, buildDir: string): boolean {
  const entry = path.join(buildDir, "server/index.js");
  if (!fs.existsSync(entry)) return true;
  const buildTime = fs.statSync(entry).mtimeMs;
  return BUILD_INPUTS.some((input) => {
    const file = path.join(root, input);
    return fs.existsSync(file) && newestMtime(root, file) > buildTime;
  });
}
