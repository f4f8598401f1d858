import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { effectiveScopes, hasScope, STAFF_ROLES, type StaffRole } from "#core/rules/staff.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";

/**
 * The authorization matrix (issue 17, "Tests"; docs/product/back-office.md, "Staff and scopes"):
 * every operation under /api/admin that the OpenAPI document lists, whoever adds it, is called by
 * every staff role, a plain user, a guest and staff without the second factor. Only the roles with
 * the operation's `x-scope` may act; the others get 403 (a guest 401), and the refused calls
 * change nothing in the database. Ids and bodies are placeholders (999999, {}): an allowed role
 * may well get 404 or 422, which is fine: it was let through.
 */

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const PLACEHOLDER_ID = "999999";

type Operation = { method: string; path: string; scope: string | undefined; url: string; hasBody: boolean };
type Caller = { name: string; token: string | null; role: StaffRole | null; secondFactor: boolean };

let api: TestApi;
let operations: Operation[];
let callers: Caller[];

beforeAll(async () => {
  api = await createTestApi();
  const document = await api.call("GET", "/api/openapi.json");
  expect(document.status).toBe(200);
  const paths = document.json.paths as Record<string, Record<string, Record<string, unknown>>>;
  operations = Object.entries(paths)
    .filter(([path]) => path === "/admin" || path.startsWith("/admin/"))
    .flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({
        method: method.toUpperCase(),
        path,
        scope: item[method]["x-scope"] as string | undefined,
        url: `/api${path.replace(/\{[^}]+\}/g, PLACEHOLDER_ID)}`,
        hasBody: Boolean(item[method].requestBody),
      })),
    );
  callers = [{ name: "guest", token: null, role: null, secondFactor: false }];
  for (const role of STAFF_ROLES) {
    const { token } = await api.createUser({ role });
    callers.push({ name: role, token, role, secondFactor: true });
  }
  callers.push({ name: "user", token: (await api.createUser()).token, role: null, secondFactor: false });
  const noFactor = await api.createUser({ role: "admin" }, undefined, { secondFactor: false });
  callers.push({
    name: "owner without the second factor",
    token: noFactor.token,
    role: "admin",
    secondFactor: false,
  });
}, 120_000);
afterAll(() => api?.close());

function mayAct(caller: Caller, scope: string): boolean {
  if (!caller.role || !caller.secondFactor) return false;
  return scope === "any" || hasScope(effectiveScopes(caller.role), scope);
}

function call(operation: Operation, caller: Caller) {
  return api.call(operation.method, operation.url, {
    token: caller.token ?? undefined,
    body: operation.hasBody || operation.method !== "GET" ? {} : undefined,
  });
}

/** Every table's row count and a digest of all its rows: any insert, update or delete shows. */
async function snapshot(): Promise<Record<string, string>> {
  // PGlite and node-postgres both answer raw SQL with { rows }.
  const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
  const tables = rowsOf<{ name: string }>(
    await api.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const quoted = sql.raw(`"${name.replaceAll('"', '""')}"`);
    const [digest] = rowsOf<{ n: number; digest: string }>(
      await api.db.execute(
        sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${quoted} t`,
      ),
    );
    result[name] = `${digest.n}:${digest.digest}`;
  }
  return result;
}

const outcome = (operation: Operation, caller: Caller, status: number) =>
  `${operation.method} ${operation.path} as ${caller.name}: ${status}`;

describe("the back office's authorization matrix", () => {
  it("finds the admin operations in the document, each with its x-scope", () => {
    expect(operations.length).toBeGreaterThanOrEqual(5);
    expect(operations.filter((operation) => !operation.scope).map((o) => `${o.method} ${o.path}`)).toEqual(
      [],
    );
  });

  it("refuses every caller without the scope (guest 401, others 403), and the refused calls change nothing", async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const operation of operations) {
      for (const caller of callers) {
        if (mayAct(caller, operation.scope!)) continue;
        const response = await call(operation, caller);
        const expected = caller.token ? 403 : 401;
        if (response.status !== expected)
          wrong.push(`${outcome(operation, caller, response.status)} (expected ${expected})`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 600_000);

  it("lets every role with the scope through (any answer but 401 and 403)", async () => {
    const wrong: string[] = [];
    for (const operation of operations) {
      for (const caller of callers) {
        if (!mayAct(caller, operation.scope!)) continue;
        const response = await call(operation, caller);
        if (response.status === 401 || response.status === 403)
          wrong.push(`${outcome(operation, caller, response.status)}: ${response.text.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000);

  it("answers the placeholder calls of the roles with the scope without a server error", async () => {
    const failed: string[] = [];
    for (const operation of operations) {
      const caller = callers.find((each) => mayAct(each, operation.scope!));
      if (!caller) continue;
      const response = await call(operation, caller);
      if (response.status >= 500)
        failed.push(`${outcome(operation, caller, response.status)}: ${response.text.slice(0, 160)}`);
    }
    expect(failed).toEqual([]);
  }, 600_000);
});
