import { isPaid } from "#core/lifecycles/order.ts";
import { err, ok, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { lockOrder, type Order, variableSymbolOf } from "../orders/index.ts";
import type { PaymentsContext } from "./context.ts";
import { recordTransferPayment } from "./payment-transitions.ts";

/** Ok: paid now, or paid already (nothing changed); refused: no such order, or it was cancelled. */
export type TransferResult = Result<"paid" | "already_paid", "not_found" | "cancelled">;

/**
 * The operator saw the bank transfer arrive (variable symbol = order number): the order is
 * paid, the transfer recorded, the change audited. Paying a paid order changes nothing; a
 * cancelled order's transfer is refused, and goes back to the payer by hand
 * (docs/product/payments.md, "Bank transfer with a QR payment").
 */
export async function markPaidByTransfer(
  ctx: PaymentsContext,
  orderId: number,
  actorId: number,
): Promise<TransferResult> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return err("not_found");
    return payLockedByTransfer(ctx, tx, order, { actorId });
  });
}

/**
 * The same operation inside the caller's transaction, on an order it locked: a bank statement's
 * line pays its order this way (`source` says which line, for the audit).
 */
export async function payLockedByTransfer(
  ctx: PaymentsContext,
  tx: Db,
  order: Order,
  by: { actorId: number; source?: Record<string, unknown> },
): Promise<Result<"paid" | "already_paid", "cancelled">> {
  if (isPaid(order.status)) return ok("already_paid");
  if (order.status !== "awaiting_payment" && order.status !== "new") return err("cancelled");
  const at = ctx.now();
  await recordTransferPayment(tx, order, variableSymbolOf(order.id), at);
  await ctx.orders.pay(tx, order, at, "bank_transfer");
  await ctx.recordAudit(tx, {
    actorId: by.actorId,
    action: "order.paid",
    entity: "order",
    entityId: String(order.id),
    data: {
      method: "bank_transfer",
      totalMinor: order.totalMinor,
      before: { status: order.status },
      after: { status: "paid" },
      ...(by.source ? { source: by.source } : {}),
    },
  });
  return ok("paid");
}
