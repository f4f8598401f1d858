import { createHash } from "node:crypto";
import { and, eq, inArray, ne } from "drizzle-orm";
import { err, ok, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { existingOrderIds, lockOrder } from "../../orders/index.ts";
import { payLockedByTransfer } from "../bank-transfer.ts";
import type { PaymentsContext } from "../context.ts";
import {
  type BankLineOutcome,
  type BankLineReason,
  bankStatementLines,
  bankStatements,
} from "../tables/bank.ts";
import { parseStatementFile } from "./parse.ts";
import { type ParsedLine, type ParsedStatement, StatementFileError } from "./parsed.ts";

/**
 * Importing a bank statement (docs/decisions/0024-bank-statement-import.md): the file is parsed,
 * stored with its lines, and each credit in CZK whose variable symbol names an unpaid order of
 * exactly that amount pays it, as the operator's "paid" does, in the same transaction. What does
 * not match is kept with its reason for the accountant. A line the bank already gave in an earlier
 * statement (same entry reference) is kept as `duplicate` and pays nothing; the same file again
 * answers its first import.
 */

export type ImportResult = { statementId: number; duplicate: boolean; matched: number; lines: number };

type Decision = { outcome: BankLineOutcome; reason: BankLineReason | null; orderId: number | null };

/** The largest order number a variable symbol can name (an int4 identity). */
const MAX_ORDER_ID = 2_147_483_647;

/** Lines written per insert: a busy month's thousands of lines go in a few statements. */
const INSERT_CHUNK = 500;

/** The order a credit line's variable symbol may name; null when it can name none. */
function symbolOrderId(line: ParsedLine): number | null {
  if (line.direction !== "credit" || line.currencyCode !== "CZK" || !line.variableSymbol) return null;
  const orderId = Number(line.variableSymbol);
  return orderId >= 1 && orderId <= MAX_ORDER_ID ? orderId : null;
}

/** Which of the symbols name an order at all, in one read (most of a busy month's do not). */
function namedOrderIds(tx: Db, lines: ParsedLine[]): Promise<Set<number>> {
  return existingOrderIds(tx, [
    ...new Set(lines.map(symbolOrderId).filter((id): id is number => id !== null)),
  ]);
}

async function decide(
  ctx: PaymentsContext,
  tx: Db,
  line: ParsedLine,
  known: Set<number>,
  paidBy: { actorId: number; statementId: number },
): Promise<Decision> {
  if (line.direction === "debit") return { outcome: "unmatched", reason: "debit", orderId: null };
  if (line.currencyCode !== "CZK") return { outcome: "unmatched", reason: "currency", orderId: null };
  if (!line.variableSymbol) return { outcome: "unmatched", reason: "no_symbol", orderId: null };
  const orderId = symbolOrderId(line);
  const order = orderId !== null && known.has(orderId) ? await lockOrder(tx, orderId) : null;
  if (!order) return { outcome: "unmatched", reason: "unknown_symbol", orderId: null };
  if (order.totalMinor !== line.amountMinor) {
    const reason = order.status === "awaiting_payment" || order.status === "new" ? "wrong_amount" : null;
    if (reason) return { outcome: "unmatched", reason, orderId };
  }
  const paid = await payLockedByTransfer(ctx, tx, order, {
    actorId: paidBy.actorId,
    source: { statementId: paidBy.statementId, entryKey: line.entryKey, amountMinor: line.amountMinor },
  });
  if (paid.ok && paid.value === "paid") return { outcome: "matched", reason: null, orderId };
  return { outcome: "unmatched", reason: paid.ok ? "already_paid" : "not_payable", orderId };
}

/** The import, or why the file was refused (`code` names its translated message). */
export async function importBankStatement(
  ctx: PaymentsContext,
  file: { name: string; bytes: Uint8Array },
  actorId: number,
): Promise<Result<ImportResult, StatementFileError["code"]>> {
  let parsed: ParsedStatement;
  try {
    parsed = parseStatementFile(file.bytes);
  } catch (error) {
    if (error instanceof StatementFileError) return err(error.code);
    throw error;
  }
  return ok(await store(ctx, parsed, file, actorId));
}

async function store(
  ctx: PaymentsContext,
  parsed: ParsedStatement,
  file: { name: string; bytes: Uint8Array },
  actorId: number,
): Promise<ImportResult> {
  const fileHash = createHash("sha256").update(file.bytes).digest("hex");
  return ctx.db.transaction(async (tx) => {
    const [earlier] = await tx.select().from(bankStatements).where(eq(bankStatements.fileHash, fileHash));
    if (earlier)
      return {
        statementId: earlier.id,
        duplicate: true,
        matched: earlier.matchedCount,
        lines: earlier.lineCount,
      };
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        format: parsed.format,
        fileName: file.name.slice(0, 200),
        fileHash,
        account: parsed.account,
        reference: parsed.reference,
        statementDate: parsed.statementDate,
        importedBy: actorId,
        lineCount: parsed.lines.length,
      })
      .returning();
    const keys = parsed.lines.map((line) => line.entryKey);
    const seen = new Set(
      (
        await tx
          .select({ key: bankStatementLines.entryKey })
          .from(bankStatementLines)
          .where(and(inArray(bankStatementLines.entryKey, keys), ne(bankStatementLines.outcome, "duplicate")))
      ).map((row) => row.key),
    );
    const known = await namedOrderIds(tx, parsed.lines);
    const rows: (typeof bankStatementLines.$inferInsert)[] = [];
    let matched = 0;
    for (const line of parsed.lines) {
      const decision: Decision = seen.has(line.entryKey)
        ? { outcome: "duplicate", reason: null, orderId: null }
        : await decide(ctx, tx, line, known, { actorId, statementId: statement.id });
      if (decision.outcome === "matched") matched += 1;
      rows.push({ statementId: statement.id, ...line, ...decision });
      // A bank that repeats a reference within one file still pays it once.
      seen.add(line.entryKey);
    }
    for (let from = 0; from < rows.length; from += INSERT_CHUNK)
      await tx.insert(bankStatementLines).values(rows.slice(from, from + INSERT_CHUNK));
    await tx.update(bankStatements).set({ matchedCount: matched }).where(eq(bankStatements.id, statement.id));
    await ctx.recordAudit(tx, {
      actorId,
      action: "bank_statement.import",
      entity: "bank_statement",
      entityId: String(statement.id),
      data: {
        before: null,
        after: { format: parsed.format, fileName: statement.fileName, lines: parsed.lines.length, matched },
      },
    });
    return { statementId: statement.id, duplicate: false, matched, lines: parsed.lines.length };
  });
}
