import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LIFECYCLES } from "#core/lifecycles/all.ts";
import { lifecycleTable } from "#core/lifecycles/define.ts";

/**
 * Writes each lifecycle's named transitions (core/lifecycles) into docs/product/lifecycles.md,
 * between `<!-- lifecycle:NAME:start (npm run lifecycles) -->` and `<!-- lifecycle:NAME:end -->`,
 * so the doc's tables are the code's. `scripts/lifecycles-doc.test.ts` fails when they differ.
 *
 *   node scripts/lifecycles-doc.ts          rewrites the tables
 *   node scripts/lifecycles-doc.ts --check  fails when a table is not the code's
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const LIFECYCLES_DOC = path.join(root, "docs/product/lifecycles.md");

const start = (name: string) => `<!-- lifecycle:${name}:start (npm run lifecycles) -->`;
const end = (name: string) => `<!-- lifecycle:${name}:end -->`;

/** The doc with every lifecycle's table replaced by the code's; throws when a marker is missing. */
export function withLifecycleTables(markdown: string): string {
  let out = markdown;
  for (const lifecycle of LIFECYCLES) {
    const from = out.indexOf(start(lifecycle.name));
    const to = out.indexOf(end(lifecycle.name));
    if (from < 0 || to < from)
      throw new Error(
        `docs/product/lifecycles.md has no ${start(lifecycle.name)} … ${end(lifecycle.name)} section`,
      );
    out = `${out.slice(0, from)}${start(lifecycle.name)}\n\n${lifecycleTable(lifecycle)}\n\n${out.slice(to)}`;
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const current = fs.readFileSync(LIFECYCLES_DOC, "utf8");
  const wanted = withLifecycleTables(current);
  if (process.argv.includes("--check")) {
    if (wanted !== current) {
      process.stderr.write("docs/product/lifecycles.md is not the code's: run `npm run lifecycles`\n");
      process.exit(1);
    }
  } else if (wanted !== current) {
    fs.writeFileSync(LIFECYCLES_DOC, wanted);
    process.stdout.write("docs/product/lifecycles.md: tables rewritten\n");
  }
}
