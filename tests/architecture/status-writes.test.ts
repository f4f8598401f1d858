import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseSync } from "@swc/core";
import { describe, expect, it } from "vitest";

/**
 * Every lifecycle is a transition table that no write bypasses (docs/architecture.md,
 * "Lifecycles"). A row of a table with a status column is created, and its status changed, only in
 * the owner's transitions file, where each named operation checks the move against the table in
 * core/lifecycles. This test reads the server's sources and fails on any other write: a Drizzle
 * `insert(table)`, an `update(table).set({ status })` (or a set whose keys it cannot see), or raw
 * SQL that inserts into the table or sets its status.
 *
 * Not checked: tests, test fixtures and the demo data (server/db/seed), which lay down rows as a
 * finished history and are no code path a user can reach.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Each table with a lifecycle, by its Drizzle name and its SQL name, and the one file that writes it. */
const OWNERS = [
  { table: "products", sqlName: "products", owner: "server/modules/listings/transitions.ts" },
  { table: "orders", sqlName: "orders", owner: "server/modules/orders/transitions.ts" },
  { table: "payments", sqlName: "payments", owner: "server/modules/payments/payment-transitions.ts" },
  { table: "deals", sqlName: "deals", owner: "server/modules/deals/transitions.ts" },
  { table: "dealDisputes", sqlName: "deal_disputes", owner: "server/modules/disputes/transitions.ts" },
  {
    table: "dealPaymentRequests",
    sqlName: "deal_payment_requests",
    owner: "server/modules/payment-requests/transitions.ts",
  },
  {
    table: "moderationReports",
    sqlName: "moderation_reports",
    owner: "server/modules/moderation/transitions.ts",
  },
  {
    table: "moderationComplaints",
    sqlName: "moderation_complaints",
    owner: "server/modules/moderation/transitions.ts",
  },
  {
    table: "shillSignals",
    sqlName: "shill_signals",
    owner: "server/modules/shill-signals/transitions.ts",
  },
  {
    table: "sellerDeclarations",
    sqlName: "seller_declarations",
    owner: "server/modules/traders/transitions.ts",
  },
  { table: "bottlings", sqlName: "bottlings", owner: "server/modules/bottlings/transitions.ts" },
  {
    table: "testGatewayPayments",
    sqlName: "test_gateway_payments",
    owner: "server/modules/payments/gateways.ts",
    column: "state",
  },
] as const;

/** The lifecycle's column of a table: `status`, unless the entry names another. */
const columnOf = (table: string): string => {
  const entry = OWNERS.find((o) => o.table === table);
  return entry && "column" in entry ? entry.column : "status";
};

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (/^server\/(db\/seed|db\/migrations|test)$/.test(relative)) continue;
      out.push(...sources(relative));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-fixtures\.ts$/.test(entry.name)) {
      out.push(relative);
    }
  }
  return out;
}

type Node = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  if (isNode(node)) visit(node);
  for (const value of Object.values(node)) if (typeof value === "object") walk(value, visit);
}

const memberName = (callee: unknown): string | null => {
  if (!isNode(callee) || callee.type !== "MemberExpression") return null;
  const property = callee.property as Node;
  return property.type === "Identifier" ? (property.value as string) : null;
};

/** The table a builder chain starts from: `db.update(products)`, `tx.insert(orders)`. */
function chainTable(node: unknown, method: "update" | "insert"): string | null {
  let current = node;
  while (isNode(current) && current.type === "CallExpression") {
    const callee = current.callee as Node;
    if (memberName(callee) === method) {
      const first = (current.arguments as { expression: Node }[])[0]?.expression;
      return first?.type === "Identifier" ? (first.value as string) : null;
    }
    current = callee.type === "MemberExpression" ? callee.object : null;
  }
  return null;
}

/** Whether a `.set(...)` argument may touch the column: it names it, spreads something, or is not a literal. */
function mayWriteStatus(argument: Node | undefined, column: string): boolean {
  if (argument?.type !== "ObjectExpression") return true;
  return (argument.properties as Node[]).some((property) => {
    if (property.type === "SpreadElement") return true;
    const key = (property.key ?? property) as Node;
    return (
      (key.type === "Identifier" && key.value === column) ||
      (key.type === "StringLiteral" && key.value === column)
    );
  });
}

type Write = { file: string; table: string; line: number; what: string };

function writesIn(file: string): Write[] {
  const text = fs.readFileSync(path.resolve(ROOT, file), "utf8");
  const module = parseSync(text, { syntax: "typescript", tsx: file.endsWith(".tsx") });
  const offset = module.span.start;
  const lineOf = (position: number) => text.slice(0, position - offset).split("\n").length;
  const tables = new Map<string, string>(OWNERS.map((o) => [o.table, o.table]));
  const writes: Write[] = [];
  walk(module, (node) => {
    if (node.type !== "CallExpression") return;
    const name = memberName(node.callee);
    const start = (node.span as { start: number }).start;
    const object = (node.callee as Node).object;
    if (name === "set") {
      const table = chainTable(object, "update");
      const argument = (node.arguments as { expression: Node }[])[0]?.expression;
      if (table && tables.has(table) && mayWriteStatus(argument, columnOf(table)))
        writes.push({ file, table, line: lineOf(start), what: "update ... set status" });
    }
    if (name === "insert") {
      const first = (node.arguments as { expression: Node }[])[0]?.expression;
      if (first?.type === "Identifier" && tables.has(first.value as string))
        writes.push({ file, table: first.value as string, line: lineOf(start), what: "insert" });
    }
  });
  for (const { sqlName, table } of OWNERS) {
    const patterns = [
      new RegExp(
        `\\bupdate\\s+"?${sqlName}"?\\s+(?:as\\s+\\w+\\s+|\\w+\\s+)?set\\b[^;\`]*?\\b${columnOf(table)}\\s*=`,
        "gi",
      ),
      new RegExp(`\\binsert\\s+into\\s+"?${sqlName}"?[\\s(]`, "gi"),
    ];
    for (const pattern of patterns)
      for (const match of text.matchAll(pattern))
        writes.push({ file, table, line: text.slice(0, match.index).split("\n").length, what: "raw SQL" });
  }
  return writes;
}

describe("status columns", () => {
  const files = [...sources("server"), ...sources("app"), ...sources("core")];
  const writes = files.flatMap(writesIn);

  it("are written only by their owner's transitions file", () => {
    const stray = writes.filter((w) => w.file !== OWNERS.find((o) => o.table === w.table)?.owner);
    expect(stray.map((w) => `${w.file}:${w.line} ${w.what} (${w.table})`)).toEqual([]);
  });

  it("sees a write when there is one (the check itself works)", () => {
    const sample =
      "db.update(products).set({ status: 'sold' }).where(x); tx.insert(orders).values({}); " +
      "db.update(testGatewayPayments).set({ state: 'paid' }); db.update(testGatewayPayments).set({ status: 1 });";
    const probe = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "status-writes-")), "probe.ts");
    fs.writeFileSync(probe, sample);
    expect(writesIn(probe).map((w) => `${w.table} ${w.what}`)).toEqual([
      "products update ... set status",
      "orders insert",
      "testGatewayPayments update ... set status",
    ]);
  });

  it("cover every status column of the schema", () => {
    const tableFiles = sources("server/modules").filter((f) => /\/tables(\.ts$|\/)/.test(f));
    const withStatus = tableFiles.flatMap((file) => {
      const text = fs.readFileSync(path.resolve(ROOT, file), "utf8");
      return [...text.matchAll(/export const (\w+) = pgTable\(([\s\S]*?)\n\);?/g)]
        .filter(([, , body]) => /\b(?:text|varchar)\("(?:status|state)"/.test(body))
        .map(([, name]) => name);
    });
    expect(withStatus.length).toBeGreaterThanOrEqual(OWNERS.length);
    expect(withStatus.filter((name) => !OWNERS.some((o) => o.table === name))).toEqual([]);
  });
});
