import fs from "node:fs";
import path from "node:path";
import { parseSync } from "@swc/core";
import { describe, expect, it } from "vitest";

/**
 * One definition per port type (issue 34): a type that crosses modules is defined by its owner, in
 * its public `contracts.ts` (or beside the function it types), and imported by the others, never
 * copied; a copy drifts (the shop's `StockLine` required a price the listings' did not). This test
 * lists the types and interfaces each owner defines and exports (`export type X = ...`,
 * `export interface X`; a re-export, `export type { X } from`, defines nothing) and fails on a
 * name two owners define: either it is one type, and one of them imports it, or they are two
 * things, and they deserve two names. The owners are the server modules, and the floors they
 * stand on (core/, whose contracts and schemas both halves share, server/http and server/lib).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const MODULES = path.join(ROOT, "server/modules");

/**
 * Names still defined by more than one owner, each with what is to end it; the test fails too
 * when one of them is no longer doubled, so that its line here goes with it.
 */
const KNOWN_DOUBLES: Record<string, string> = {};

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|test-fixtures\.ts$/.test(entry.name) ? [full] : [];
  });
}

type Node = { type: string; [key: string]: unknown };

/** The names of the types and interfaces a file defines and exports. */
function definedTypes(source: string): string[] {
  const module = parseSync(source, { syntax: "typescript" });
  const names: string[] = [];
  for (const item of module.body as unknown as Node[]) {
    if (item.type !== "ExportDeclaration") continue;
    const declaration = item.declaration as Node;
    if (declaration.type === "TsTypeAliasDeclaration" || declaration.type === "TsInterfaceDeclaration")
      names.push((declaration.id as { value: string }).value);
  }
  return names;
}

/** Each owner by its name, with its folder. */
function owners(): [string, string][] {
  const modules = fs
    .readdirSync(MODULES)
    .filter((module) => fs.statSync(path.join(MODULES, module)).isDirectory())
    .map((module): [string, string] => [module, path.join(MODULES, module)]);
  const floors = ["core", "server/http", "server/lib"].map((dir): [string, string] => [
    dir,
    path.join(ROOT, dir),
  ]);
  return [...modules, ...floors];
}

/** Each exported type's name with the owners that define it (and the files). */
function definitions(): Map<string, Map<string, string[]>> {
  const byName = new Map<string, Map<string, string[]>>();
  for (const [owner, dir] of owners())
    for (const file of sources(dir))
      for (const name of definedTypes(fs.readFileSync(file, "utf8"))) {
        const defining = byName.get(name) ?? new Map<string, string[]>();
        defining.set(owner, [...(defining.get(owner) ?? []), path.relative(ROOT, file)]);
        byName.set(name, defining);
      }
  return byName;
}

describe("port types", () => {
  const byName = definitions();
  const doubled = [...byName].filter(([, defining]) => defining.size > 1);

  it("are defined by one owner each", () => {
    const unknown = doubled
      .filter(([name]) => !(name in KNOWN_DOUBLES))
      .map(([name, defining]) => `${name}: ${[...defining.values()].flat().join(", ")}`);
    expect(unknown).toEqual([]);
  });

  it("name no double here that is gone", () => {
    const names = new Set(doubled.map(([name]) => name));
    expect(Object.keys(KNOWN_DOUBLES).filter((name) => !names.has(name))).toEqual([]);
  });

  it("sees a definition and not a re-export (the check itself works)", () => {
    expect(
      definedTypes("export type A = 1; export interface B {}; type C = 2; export type { D } from './d';"),
    ).toEqual(["A", "B"]);
    expect([...(byName.get("StockLine")?.keys() ?? [])]).toEqual(["listings"]);
  });
});
