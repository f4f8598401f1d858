import fs from "node:fs";
import path from "node:path";
import { parseSync } from "@swc/core";
import { describe, expect, it } from "vitest";

/**
 * Files a person can read in one sitting (docs/architecture.md, "Sizes"): no source file over 400
 * lines and no function over 80, outside data (translation catalogues, seed tables) and tests;
 * and modules a person can learn in a day: no server module over 4 000 lines of non-test code.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
const MAX_MODULE_LINES = 4000;

/**
 * Modules still over the limit, each with what is to bring it under; the test fails when one of
 * them gets under it too, so that its line here goes with it.
 */
const KNOWN_LARGE_MODULES: Record<string, string> = {};

/**
 * Data, not logic (the demo data and its tables, generated migrations, the API client's types
 * generated from the OpenAPI document, ADR 0108), and the tests' helpers.
 */
const DATA = /^(server\/(db\/seed|db\/migrations|test)\/|app\/lib\/api\/schema\.d\.ts$)/;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sources(relative));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !DATA.test(relative))
      out.push(relative);
  }
  return out;
}

type Node = { type: string; span?: { start: number; end: number }; [key: string]: unknown };
const FUNCTIONS = new Set([
  "FunctionDeclaration",
  "FunctionExpression",
  "ArrowFunctionExpression",
  "ClassMethod",
  "MethodProperty",
  "GetterProperty",
  "SetterProperty",
]);

/** The name a function is known by: its own, or the variable or property it is assigned to. */
function ownName(node: Node, parent: Node | null): string | null {
  const identifier = (node.identifier ?? node.key) as Node | undefined;
  if (identifier && typeof identifier.value === "string") return identifier.value;
  const target = (parent?.id ?? parent?.key) as Node | undefined;
  return target && typeof target.value === "string" ? target.value : null;
}

/**
 * The functions over the limit in a file, by name; an anonymous one (a callback) is named after
 * the function around it and its place among that function's anonymous ones: `Outer/anonymous 2`.
 */
function longFunctions(file: string): { name: string; lines: number }[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const module = parseSync(text, { syntax: "typescript", tsx: file.endsWith(".tsx") });
  const offset = module.span.start;
  const lineOf = (position: number) => text.slice(0, position - offset).split("\n").length;
  const found: { name: string; lines: number }[] = [];
  const anonymousCount = new Map<string, number>();
  const visit = (node: unknown, parent: Node | null, outer: string) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, parent, outer);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    const current = node as Node;
    let inner = outer;
    if (typeof current.type === "string" && FUNCTIONS.has(current.type) && current.span) {
      let name = ownName(current, parent);
      if (name === null) {
        const count = (anonymousCount.get(outer) ?? 0) + 1;
        anonymousCount.set(outer, count);
        name = `${outer}/anonymous ${count}`;
      }
      inner = name;
      const lines = lineOf(current.span.end) - lineOf(current.span.start) + 1;
      if (lines > MAX_FUNCTION_LINES) found.push({ name, lines });
    }
    const next = typeof current.type === "string" ? current : parent;
    for (const value of Object.values(current)) if (typeof value === "object") visit(value, next, inner);
  };
  visit(module, null, "(module)");
  return found;
}

describe("sizes", () => {
  const files = [...sources("core"), ...sources("app"), ...sources("server")];

  it(`no source file is over ${MAX_FILE_LINES} lines`, () => {
    const long = files.filter(
      (file) => fs.readFileSync(path.join(ROOT, file), "utf8").split("\n").length > MAX_FILE_LINES,
    );
    expect(long).toEqual([]);
  });

  it(`no server module is over ${MAX_MODULE_LINES} lines of non-test code`, () => {
    const lines = new Map<string, number>();
    for (const file of files) {
      const module = /^server\/modules\/([^/]+)\//.exec(file)?.[1];
      if (!module || /test-fixtures\.ts$/.test(file)) continue;
      const count = fs.readFileSync(path.join(ROOT, file), "utf8").split("\n").length - 1;
      lines.set(module, (lines.get(module) ?? 0) + count);
    }
    const over = [...lines].filter(([, count]) => count > MAX_MODULE_LINES).map(([module]) => module);
    expect(over.sort()).toEqual(Object.keys(KNOWN_LARGE_MODULES).sort());
  });

  it(`no function is over ${MAX_FUNCTION_LINES} lines`, () => {
    const long = files.flatMap((file) => longFunctions(file).map((f) => `${file}:${f.name}`));
    expect(long).toEqual([]);
  });
});
