import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments } from "#server/db/schema.ts";
import { createTestApi, type TestApi } from "#server/test/api-harness.ts";
import { auditLog } from "../../admin/tables.ts";
import { parseStatementFile } from "./parse.ts";
import { StatementFileError } from "./parsed.ts";

/**
 * Bank statements in the formats Czech banks export (tests/fixtures/bank): CAMT.053 and GPC, each
 * with a match, a wrong amount, an unknown variable symbol, an order already paid and a debit.
 */
const FIXTURES = path.resolve(import.meta.dirname, "../../../../tests/fixtures/bank");
const camt = readFileSync(path.join(FIXTURES, "statement.camt053.xml"));
const gpc = readFileSync(path.join(FIXTURES, "statement.gpc"));

let api: TestApi;
let accountant: { token: string; user: { id: number } };
let moderator: { token: string };

async function order(
  id: number,
  totalMinor: number,
  status: "awaiting_payment" | "paid" = "awaiting_payment",
) {
  await api.db.insert(orders).values({
    id,
    hash: randomBytes(16).toString("hex"),
    kind: "promotion",
    status,
    email: `payer${id}@example.cz`,
    subtotalMinor: totalMinor,
    totalMinor,
    paidAt: status === "paid" ? new Date() : null,
  });
}

async function upload(token: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name));
  const response = await api.app.request("/api/admin/bank-statements", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
    body: form,
  });
  return { status: response.status, json: await response.json() };
}

const statusOf = async (id: number) =>
  (await api.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;

beforeAll(async () => {
  api = await createTestApi();
  accountant = await api.createUser({ role: "accountant" });
  moderator = await api.createUser({ role: "moderator" });
  await order(910001, 125_000);
  await order(910002, 49_900);
  await order(910003, 30_000, "paid");
  await order(910004, 89_000);
}, 60_000);
afterAll(() => api?.close());

describe("reading bank statements", () => {
  it("reads a CAMT.053 statement's booked entries with the variable symbol where Czech banks put it", () => {
    const statement = parseStatementFile(camt);
    expect(statement).toMatchObject({ format: "camt053", account: "CZ6508000000192000145399" });
    // The pending entry is left out.
    expect(statement.lines.map((line) => [line.direction, line.amountMinor, line.variableSymbol])).toEqual([
      ["credit", 125_000, "910001"], // RmtInf/Strd/CdtrRefInf/Ref
      ["credit", 45_000, "910002"], // "/VS/910002" in Ustrd
      ["credit", 30_000, "910003"], // EndToEndId "VS910003"
      ["credit", 50_000, "123456789"], // "VS: 123456789" in Ustrd
      ["debit", 2_500, null],
    ]);
    expect(statement.lines[1].message).toBe("/VS/910002/SS//KS/0308 doplatek & dobírka");
    expect(new Set(statement.lines.map((line) => line.entryKey)).size).toBe(5);
  });

  it("reads a GPC statement in windows-1250: amounts in haléře, posting codes, DDMMYY dates", () => {
    const statement = parseStatementFile(gpc);
    expect(statement).toMatchObject({ format: "gpc", account: "192000145399", reference: "47" });
    expect(statement.lines[0]).toMatchObject({
      direction: "credit",
      amountMinor: 89_000,
      variableSymbol: "910004",
      bookedOn: "2026-11-17",
      currencyCode: "CZK",
      counterAccount: "123456789/0100",
      counterName: "Jana Dvořáková",
    });
    expect(statement.lines.map((line) => line.direction)).toEqual([
      "credit",
      "credit",
      "credit",
      "credit",
      "debit",
    ]);
  });

  it("refuses an XML with a DTD (no entity is expanded), a broken file and an unknown format", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><Document>&b;</Document>`;
    const codeOf = (text: string) => {
      try {
        parseStatementFile(new TextEncoder().encode(text));
        return null;
      } catch (error) {
        return error instanceof StatementFileError ? error.code : "other";
      }
    };
    expect(codeOf(bomb)).toBe("malformed");
    expect(codeOf(camt.toString("utf8").slice(0, 2000))).toBe("malformed");
    expect(codeOf("Datum;Částka;VS\n1.1.2026;100;1")).toBe("unknownFormat");
    expect(codeOf(`${gpc.toString("latin1").split("\r\n")[0]}\r\n`)).toBe("empty");
  });
});

describe("importing a statement", () => {
  it("pays the matching orders and lists the rest with the reason; a second import pays nothing again", async () => {
    const imported = await upload(accountant.token, camt, "vypis-2026-11-18.xml");
    expect(imported.status).toBe(200);
    expect(imported.json).toMatchObject({ duplicate: false, matched: 1, lines: 5 });
    expect(await statusOf(910001)).toBe("paid");
    expect(await statusOf(910002)).toBe("awaiting_payment");

    const read = await api.call("GET", `/api/admin/bank-statements/${imported.json.statementId}`, {
      token: accountant.token,
    });
    expect(
      read.json.lines.map((line: { outcome: string; reason: string | null }) => [line.outcome, line.reason]),
    ).toEqual([
      ["matched", null],
      ["unmatched", "wrong_amount"],
      ["unmatched", "already_paid"],
      ["unmatched", "unknown_symbol"],
      ["unmatched", "debit"],
    ]);
    const again = await upload(accountant.token, camt, "znovu.xml");
    expect(again.json).toMatchObject({ statementId: imported.json.statementId, duplicate: true });
    const paidTwice = await api.db.select().from(payments).where(eq(payments.orderId, 910001));
    expect(paidTwice).toHaveLength(1);
    expect(paidTwice[0]).toMatchObject({ method: "bank_transfer", status: "paid", amountMinor: 125_000 });
    const audit = await api.db.select().from(auditLog).where(eq(auditLog.action, "bank_statement.import"));
    expect(audit).toHaveLength(1);
  });

  it("a GPC statement pays its match; the same entries in another file are duplicates and pay nothing", async () => {
    const imported = await upload(accountant.token, gpc, "vypis.gpc");
    expect(imported.json).toMatchObject({ matched: 1, lines: 5 });
    expect(await statusOf(910004)).toBe("paid");
    // The bank sends the day again with a changed header: its lines are the same entries.
    const changed = Buffer.from(
      gpc.toString("latin1").replace("RARITA S.R.O.       ", "RARITA S.R.O. KOPIE "),
      "latin1",
    );
    const twice = await upload(accountant.token, changed, "vypis-kopie.gpc");
    expect(twice.json).toMatchObject({ duplicate: false, matched: 0 });
    const read = await api.call("GET", `/api/admin/bank-statements/${twice.json.statementId}`, {
      token: accountant.token,
    });
    expect(read.json.lines.every((line: { outcome: string }) => line.outcome === "duplicate")).toBe(true);
    expect(await api.db.select().from(payments).where(eq(payments.orderId, 910004))).toHaveLength(1);
  });

  it("the accountant assigns a wrong amount by hand, ignores the debit; settled lines stay settled", async () => {
    const list = await api.call("GET", "/api/admin/bank-statements?sort=createdAt&dir=asc", {
      token: accountant.token,
    });
    const first = list.json.rows[0].id;
    const { json } = await api.call("GET", `/api/admin/bank-statements/${first}`, {
      token: accountant.token,
    });
    const [, wrongAmount, , , debit] = json.lines;
    const assign = (lineId: number, orderId: number) =>
      api.call("POST", `/api/admin/bank-statements/${first}/lines/${lineId}/assign`, {
        token: accountant.token,
        body: { orderId },
      });
    expect((await assign(debit.id, 910002)).status).toBe(409);
    expect((await assign(wrongAmount.id, 999_999)).status).toBe(409);
    // The page's form and the API read one schema: no number answers at the field, translated.
    const typo = await api.call(
      "POST",
      `/api/admin/bank-statements/${first}/lines/${wrongAmount.id}/assign`,
      {
        token: accountant.token,
        body: { orderId: "91OOO2" },
        headers: { "Accept-Language": "en" },
      },
    );
    expect(typo.status).toBe(422);
    expect(typo.json.errors).toEqual({ orderId: ["Enter the order number (digits only)."] });
    expect((await assign(wrongAmount.id, 910002)).status).toBe(200);
    expect(await statusOf(910002)).toBe("paid");
    expect((await assign(wrongAmount.id, 910002)).status).toBe(409);
    const ignore = await api.call("POST", `/api/admin/bank-statements/${first}/lines/${debit.id}/ignore`, {
      token: accountant.token,
    });
    expect(ignore.status).toBe(200);
    const after = await api.call("GET", `/api/admin/bank-statements/${first}`, { token: accountant.token });
    expect(after.json.lines[1]).toMatchObject({
      outcome: "assigned",
      orderId: 910002,
      resolvedBy: accountant.user.id,
    });
    expect(after.json.lines[4].outcome).toBe("ignored");
  });

  it("refuses a broken file with a translated error and a moderator without the scope", async () => {
    const broken = await upload(
      accountant.token,
      new TextEncoder().encode("<Document><BkToCstmrStmt>"),
      "x.xml",
    );
    expect(broken.status).toBe(422);
    expect(broken.json.errors.file[0]).toMatch(/nelze přečíst/);
    expect((await upload(moderator.token, camt, "a.xml")).status).toBe(403);
  });
});

/**
 * A busy month's CAMT.053 in the bank's format: `count` booked credits like the fixture's first
 * entry, each its own bank reference, the first paying `paysOrder` (1 000 CZK), the rest naming no
 * order. Well over the API's general 1 MB for a thousand entries.
 */
function busyMonthCamt(count: number, paysOrder: number): Uint8Array {
  const text = camt.toString("utf8");
  const entry = /<Ntry>[\s\S]*?<\/Ntry>/.exec(text)![0];
  const entries = Array.from({ length: count }, (_, index) => {
    const reference = String(2026_1101_0000_0000 + index);
    const symbol = index === 0 ? String(paysOrder) : String(7_000_000 + index);
    return entry
      .replace(/<NtryRef>1<\/NtryRef>/, `<NtryRef>${index + 1}</NtryRef>`)
      .replaceAll("2026111800001234", reference)
      .replaceAll("1250.00", index === 0 ? "1000.00" : `${100 + (index % 900)}.00`)
      .replace("<Ref>910001</Ref>", `<Ref>${symbol}</Ref>`)
      .replace("Platba objednavky Rarita", `Platba objednavky Rarita, listopad, polozka ${index + 1}`);
  });
  const start = text.indexOf("<Ntry>");
  const end = text.lastIndexOf("</Ntry>") + "</Ntry>".length;
  return new TextEncoder().encode(
    `${text.slice(0, start)}${entries.join("\n      ")}${text.slice(end)}`.replace(
      "0192000145399-2026-11-18",
      "0192000145399-2026-11",
    ),
  );
}

describe("the size of a statement through the API", () => {
  it("imports a busy month's statement over 1 MB (the statement's own limit is 5 MB, as on the page)", async () => {
    await order(910005, 100_000);
    const bytes = busyMonthCamt(1_000, 910005);
    expect(bytes.byteLength).toBeGreaterThan(1024 * 1024);
    const imported = await upload(accountant.token, bytes, "vypis-2026-11.xml");
    expect(imported.status).toBe(200);
    expect(imported.json).toMatchObject({ duplicate: false, matched: 1, lines: 1_000 });
    expect(await statusOf(910005)).toBe("paid");
  });

  it("refuses a 6 MB body with 413 and a translated message, storing nothing", async () => {
    const before = await api.call("GET", "/api/admin/bank-statements", { token: accountant.token });
    const huge = new Uint8Array(6 * 1024 * 1024).fill(0x20);
    const refused = await upload(accountant.token, huge, "rok.xml");
    expect(refused.status).toBe(413);
    expect(refused.json.message).toMatch(/^Soubor je příliš velký \(nejvýše 5\sMB\)\.$/);
    const after = await api.call("GET", "/api/admin/bank-statements", { token: accountant.token });
    expect(after.json.total).toBe(before.json.total);
  });

  it("keeps the API's 1 MB for every other body, this path's JSON included", async () => {
    const padding = "x".repeat(1024 * 1024 + 1);
    for (const path of ["/api/admin/bank-statements", "/api/admin/bank-statements/1/lines/1/assign"]) {
      const response = await api.call("POST", path, {
        token: accountant.token,
        body: { orderId: 1, padding },
      });
      expect(response.status, path).toBe(413);
      expect(response.json.message, path).toBe("Požadavek je příliš velký.");
    }
  });
});
