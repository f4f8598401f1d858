import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { LIFECYCLES } from "#core/lifecycles/all.ts";
import { LIFECYCLES_DOC, withLifecycleTables } from "./lifecycles-doc.ts";

describe("docs/product/lifecycles.md", () => {
  const doc = fs.readFileSync(LIFECYCLES_DOC, "utf8");

  it("shows every lifecycle's named transitions exactly as core/lifecycles defines them", () => {
    // On a difference: `npm run lifecycles` rewrites the tables from the code.
    expect(doc).toBe(withLifecycleTables(doc));
  });

  it("has a row for every named transition of every lifecycle", () => {
    for (const lifecycle of LIFECYCLES)
      for (const name of Object.keys(lifecycle.transitions))
        expect(doc).toContain(`\`${lifecycle.name}.${name}\``);
  });

  it("refuses a doc without a lifecycle's section", () => {
    expect(() => withLifecycleTables("# nothing here")).toThrow(/no <!-- lifecycle:listing:start/);
  });
});
