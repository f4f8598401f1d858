import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, money, nonNegative, oneOf, timestamptz, updatedAt } from "#server/db/columns.ts";
import { orderKey } from "../../orders/keys.ts";
import { userKey } from "../../users/keys.ts";

/**
 * Bank statements the accountant imports (docs/decisions/0024-bank-statement-import.md): the file
 * as the bank gave it (CAMT.053 XML or GPC/ABO), parsed into lines; each credit line is matched to
 * an unpaid order by variable symbol and amount, and what does not match waits for a person.
 */
export const BANK_STATEMENT_FORMATS = ["camt053", "gpc"] as const;
export type BankStatementFormat = (typeof BANK_STATEMENT_FORMATS)[number];

/**
 * What became of a line: `matched` paid its order on import, `assigned` paid one by a person's
 * choice, `ignored` was set aside by a person, `unmatched` waits (its `reason` says why), and
 * `duplicate` was already in an earlier statement (the bank's entry reference seen before), so it
 * pays nothing again.
 */
export const BANK_LINE_OUTCOMES = ["matched", "assigned", "ignored", "unmatched", "duplicate"] as const;
export type BankLineOutcome = (typeof BANK_LINE_OUTCOMES)[number];

/** Why a line did not match. */
export const BANK_LINE_REASONS = [
  "debit",
  "no_symbol",
  "unknown_symbol",
  "wrong_amount",
  "already_paid",
  "not_payable",
  "currency",
] as const;
export type BankLineReason = (typeof BANK_LINE_REASONS)[number];

export const bankStatements = pgTable(
  "bank_statements",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    format: text("format", { enum: BANK_STATEMENT_FORMATS }).notNull(),
    fileName: text("file_name").notNull(),
    /** SHA-256 of the file: the same file imported again answers its first import. */
    fileHash: text("file_hash").notNull(),
    /** The account the statement is of, as the file names it (IBAN or Czech account number). */
    account: text("account"),
    /** The bank's number or id of the statement. */
    reference: text("reference"),
    /** The statement's day (GPC) or period end (CAMT). */
    statementDate: date("statement_date", { mode: "string" }),
    importedBy: integer("imported_by").references(userKey, { onDelete: "set null" }),
    lineCount: integer("line_count").notNull().default(0),
    matchedCount: integer("matched_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bank_statements_file_hash_unique").on(t.fileHash),
    check("bank_statements_format_check", oneOf(t.format, BANK_STATEMENT_FORMATS)),
  ],
);

export const bankStatementLines = pgTable(
  "bank_statement_lines",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    statementId: integer("statement_id")
      .notNull()
      .references(() => bankStatements.id, { onDelete: "cascade" }),
    /**
     * The line's identity at the bank: the entry reference (CAMT AcctSvcrRef / NtryRef, GPC
     * transaction id) with the account, or a digest of its fields where the bank gives none.
     */
    entryKey: text("entry_key").notNull(),
    direction: text("direction", { enum: ["credit", "debit"] }).notNull(),
    amountMinor: money("amount_minor").notNull(),
    currencyCode: text("currency_code").notNull(),
    bookedOn: date("booked_on", { mode: "string" }),
    variableSymbol: text("variable_symbol"),
    counterAccount: text("counter_account"),
    counterName: text("counter_name"),
    message: text("message"),
    outcome: text("outcome", { enum: BANK_LINE_OUTCOMES }).notNull(),
    reason: text("reason", { enum: BANK_LINE_REASONS }),
    /** The order the line paid (matched or assigned), or the one its symbol named. */
    orderId: integer("order_id").references(orderKey, { onDelete: "set null" }),
    resolvedBy: integer("resolved_by").references(userKey, { onDelete: "set null" }),
    resolvedAt: timestamptz("resolved_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bank_statement_lines_statement_id_idx").on(t.statementId, t.id),
    // A line pays once, whichever statement carries it: only its first sighting may pay.
    uniqueIndex("bank_statement_lines_entry_key_unique")
      .on(t.entryKey)
      .where(sql`${t.outcome} <> 'duplicate'`),
    index("bank_statement_lines_unresolved_idx").on(t.outcome).where(sql`${t.outcome} = 'unmatched'`),
    check("bank_statement_lines_direction_check", oneOf(t.direction, ["credit", "debit"])),
    check("bank_statement_lines_outcome_check", oneOf(t.outcome, BANK_LINE_OUTCOMES)),
    check("bank_statement_lines_reason_check", oneOf(t.reason, BANK_LINE_REASONS)),
    check("bank_statement_lines_amount_minor_check", nonNegative(t.amountMinor)),
  ],
);

export type BankStatement = typeof bankStatements.$inferSelect;
export type BankStatementLine = typeof bankStatementLines.$inferSelect;
