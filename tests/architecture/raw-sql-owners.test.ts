import fs from "node:fs";
import path from "node:path";
import { parseSync } from "@swc/core";
import { describe, expect, it } from "vitest";

/**
 * A module's tables are private to it (docs/architecture.md, "Modules"), in raw SQL too, where no
 * import shows the reach: this test reads every `sql` template in server/modules and fails when one
 * names a table (after from, join, into, update, delete from) that another module owns. A module
 * that needs another's rows calls the owner's function, or composes a SQL fragment the owner hands
 * out. The one exception is a declared read side (ADR 0071): it may read the tables of the modules
 * it reads, after from and join, and never writes them (into, update, delete from).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const MODULES = path.join(ROOT, "server/modules");

/** The declared read sides, each with the modules whose tables it may read (never write). */
const READ_SIDES: Record<string, string[]> = {
  "listing-reads": ["listings", "catalog"],
  // The back office's listing reads (ADR 0142, split from listing-reads): the same tables.
  "listing-admin-reads": ["listings", "catalog"],
  // The deals' back office (ADR 0089): its lists and the deal's page read the deals' tables.
  "deal-admin": ["deals"],
};

/** Every table by its SQL name, with the module that defines it. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const module of fs.readdirSync(MODULES)) {
    const dir = path.join(MODULES, module);
    if (!fs.statSync(dir).isDirectory()) continue;
    const files = [path.join(dir, "tables.ts")];
    const tablesDir = path.join(dir, "tables");
    if (fs.existsSync(tablesDir))
      files.push(...fs.readdirSync(tablesDir).map((f) => path.join(tablesDir, f)));
    for (const file of files.filter((f) => fs.existsSync(f)))
      for (const match of fs.readFileSync(file, "utf8").matchAll(/pgTable\(\s*"([a-z_]+)"/g))
        owners.set(match[1], module);
  }
  return owners;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|test-fixtures\.ts$/.test(entry.name) ? [full] : [];
  });
}

type Node = { type: string; [key: string]: unknown };

/** The text of every `sql\`...\`` template in a file (the interpolations left out), with its line. */
function sqlTexts(file: string): { text: string; line: number }[] {
  const source = fs.readFileSync(file, "utf8");
  const module = parseSync(source, { syntax: "typescript" });
  const offset = module.span.start;
  const found: { text: string; line: number }[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== "object" || node === null) return;
    const current = node as Node;
    if (current.type === "TaggedTemplateExpression") {
      const tag = current.tag as Node;
      if (tag.type === "Identifier" && tag.value === "sql") {
        const template = current.template as { quasis: { raw: string }[]; span: { start: number } };
        const text = template.quasis.map((quasi) => quasi.raw).join(" ? ");
        found.push({ text, line: source.slice(0, template.span.start - offset).split("\n").length });
      }
    }
    for (const value of Object.values(current)) if (typeof value === "object") visit(value);
  };
  visit(module);
  return found;
}

/** The other modules' tables a statement of `module` names where it may not, with their owners. */
function foreignReaches(module: string, text: string, owners: Map<string, string>): string[] {
  const readable = READ_SIDES[module] ?? [];
  return [...text.matchAll(/\b(delete\s+from|from|join|into|update)\s+"?([a-z_]+)"?/gi)]
    .map((match) => ({ verb: match[1].toLowerCase(), table: match[2].toLowerCase() }))
    .filter(({ table }) => owners.has(table) && owners.get(table) !== module)
    .filter(
      ({ verb, table }) => !((verb === "from" || verb === "join") && readable.includes(owners.get(table)!)),
    )
    .map(({ verb, table }) => `${verb} ${table} (${owners.get(table)})`);
}

describe("raw SQL", () => {
  const owners = tableOwners();
  const reaches = sources(MODULES).flatMap((file) => {
    const module = path.relative(MODULES, file).split(path.sep)[0];
    const relative = path.relative(ROOT, file);
    return sqlTexts(file).flatMap(({ text, line }) =>
      foreignReaches(module, text, owners).map((reach) => `${relative}:${line} ${reach}`),
    );
  });

  it("names only the module's own tables", () => {
    expect(reaches).toEqual([]);
  });

  it("knows every module's tables (the check itself works)", () => {
    expect(owners.get("products")).toBe("listings");
    expect(owners.get("categories")).toBe("catalog");
    expect(owners.get("users")).toBe("users");
    expect(owners.get("password_reset_tokens")).toBe("credentials");
    expect(owners.get("bids")).toBe("bidding");
    expect(sqlTexts(path.join(MODULES, "listing-reads/browse/sql-parts.ts")).length).toBeGreaterThan(0);
  });

  it("lets the declared read side read, and never write, the tables it reads", () => {
    const read = "select p.id from products p join categories c on c.id = p.category_id";
    expect(foreignReaches("listing-reads", read, owners)).toEqual([]);
    expect(foreignReaches("shop", read, owners)).toEqual([
      "from products (listings)",
      "join categories (catalog)",
    ]);
    expect(foreignReaches("listing-reads", "update products set stock = 0", owners)).toEqual([
      "update products (listings)",
    ]);
    expect(foreignReaches("listing-reads", "insert into product_images (path) values ('x')", owners)).toEqual(
      ["into product_images (listings)"],
    );
    expect(foreignReaches("listing-reads", "delete from brands where id = 1", owners)).toEqual([
      "delete from brands (catalog)",
    ]);
    expect(foreignReaches("listing-reads", "select id from bids", owners)).toEqual(["from bids (bidding)"]);
  });
});
