import { and, eq } from "drizzle-orm";
import { type Err, err, type Ok, ok } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { lockOrder } from "../../orders/index.ts";
import { payLockedByTransfer } from "../bank-transfer.ts";
import type { PaymentsContext } from "../context.ts";
import { bankStatementLines } from "../tables/bank.ts";

/**
 * The accountant settles a line the import could not match: assigns it to an order (which it then
 * pays, as the operator's "paid" does: the accountant has checked the amount) or sets it aside.
 * Only an unmatched credit may be assigned; each decision is audited with the line before and after.
 */
export type ResolveResult = Ok<undefined> | Err<ResolveRefusal>;
export type ResolveRefusal = "not_found" | "not_open" | "order_not_found" | "order_not_payable" | "debit";

async function lockLine(tx: Db, statementId: number, lineId: number) {
  const [line] = await tx
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.id, lineId), eq(bankStatementLines.statementId, statementId)))
    .for("update");
  return line ?? null;
}

export async function assignStatementLine(
  ctx: PaymentsContext,
  ids: { statementId: number; lineId: number; orderId: number },
  actorId: number,
): Promise<ResolveResult> {
  return ctx.db.transaction(async (tx) => {
    const line = await lockLine(tx, ids.statementId, ids.lineId);
    if (!line) return err("not_found");
    if (line.outcome !== "unmatched") return err("not_open");
    if (line.direction !== "credit") return err("debit");
    const order = await lockOrder(tx, ids.orderId);
    if (!order) return err("order_not_found");
    const paid = await payLockedByTransfer(ctx, tx, order, {
      actorId,
      source: { statementId: line.statementId, lineId: line.id, amountMinor: line.amountMinor, byHand: true },
    });
    if (!paid.ok || paid.value !== "paid") return err("order_not_payable");
    const at = ctx.now();
    await tx
      .update(bankStatementLines)
      .set({ outcome: "assigned", orderId: order.id, resolvedBy: actorId, resolvedAt: at, updatedAt: at })
      .where(eq(bankStatementLines.id, line.id));
    await ctx.recordAudit(tx, {
      actorId,
      action: "bank_statement_line.assign",
      entity: "bank_statement_line",
      entityId: String(line.id),
      data: {
        before: { outcome: line.outcome, reason: line.reason, orderId: line.orderId },
        after: { outcome: "assigned", orderId: order.id },
      },
    });
    return ok();
  });
}

export async function ignoreStatementLine(
  ctx: PaymentsContext,
  ids: { statementId: number; lineId: number },
  actorId: number,
): Promise<ResolveResult> {
  return ctx.db.transaction(async (tx) => {
    const line = await lockLine(tx, ids.statementId, ids.lineId);
    if (!line) return err("not_found");
    if (line.outcome !== "unmatched") return err("not_open");
    const at = ctx.now();
    await tx
      .update(bankStatementLines)
      .set({ outcome: "ignored", resolvedBy: actorId, resolvedAt: at, updatedAt: at })
      .where(eq(bankStatementLines.id, line.id));
    await ctx.recordAudit(tx, {
      actorId,
      action: "bank_statement_line.ignore",
      entity: "bank_statement_line",
      entityId: String(line.id),
      data: { before: { outcome: line.outcome, reason: line.reason }, after: { outcome: "ignored" } },
    });
    return ok();
  });
}
