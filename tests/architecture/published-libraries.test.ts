import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Libraries run as their authors published them (ADR 0060): nothing of ours rewrites node_modules
 * after `npm install`, so an upgrade (a security release of React, say) is installed like any
 * package, and no copy of a library's files waits in the tree to be applied.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The scripts npm runs by itself for the project on `npm install` (and `npm ci`). */
const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "preprepare", "prepare", "postprepare"];

describe("published libraries only", () => {
  it("runs no script of ours on install", () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(Object.keys(scripts).filter((name) => INSTALL_SCRIPTS.includes(name))).toEqual([]);
  });

  it("keeps no patched copies of library files", () => {
    expect(fs.existsSync(path.join(ROOT, "patches"))).toBe(false);
  });
});
