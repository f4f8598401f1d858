import { isPaid } from "#core/lifecycles/order.ts";
import { variableSymbolOf } from "./bank-account.ts";
import type { PaymentsContext } from "./context.ts";
import { lockOrder } from "./order-transitions.ts";
import { payOrder } from "./orders/pay.ts";
import { recordTransferPayment } from "./payment-transitions.ts";

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
): Promise<"paid" | "already_paid" | "cancelled" | "not_found"> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return "not_found";
    if (isPaid(order.status)) return "already_paid";
    if (order.status !== "awaiting_payment" && order.status !== "new") return "cancelled";
    const at = ctx.now();
    await recordTransferPayment(tx, order, variableSymbolOf(order.id), at);
    await payOrder(ctx, tx, order, at, "bank_transfer");
    await ctx.recordAudit(tx, {
      actorId,
      action: "order.paid",
      entity: "order",
      entityId: String(order.id),
      data: { method: "bank_transfer", totalMinor: order.totalMinor },
    });
    return "paid";
  });
}
