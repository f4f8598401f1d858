import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { projectRoot } from "#server/test/server-process.ts";

/**
 * The server's module hooks (module-loading.ts) must only be faster: a process with them resolves
 * every package to the same file as Node alone and loads the same exports, for ESM and CommonJS
 * packages, subpath exports and packages whose own files import each other by relative paths.
 */
const PACKAGES = [
  "drizzle-orm",
  "drizzle-orm/pg-core",
  "drizzle-orm/pglite",
  "hono",
  "zod",
  "pino",
  "pg",
  "semver",
  "@electric-sql/pglite",
  "react-router",
  "nodemailer",
  "date-fns",
];

async function probe(withHooks: boolean) {
  const hooks = withHooks ? ["--import", "./server/runtime/module-loading.ts"] : [];
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...hooks, "server/test/module-probe.ts", ...PACKAGES],
    {
      cwd: projectRoot,
      env: { ...process.env, NODE_OPTIONS: "" },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as Record<string, { url: string; exports: string }>;
}

describe("the server's module loading", () => {
  it("resolves and loads every package as Node does without it", async () => {
    const [plain, hooked] = await Promise.all([probe(false), probe(true)]);
    expect(Object.keys(hooked)).toEqual(PACKAGES);
    for (const name of PACKAGES) expect(hooked[name].exports.length).toBeGreaterThan(0);
    expect(hooked).toEqual(plain);
  }, 60_000);
});
