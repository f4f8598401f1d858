import { and, desc, eq } from "drizzle-orm";
import { canTransition } from "#core/lifecycles/order.ts";
import { err, ok, type Result } from "#core/result.ts";
import { issueCreditNote } from "../../invoicing/index.ts";
import {
  cancelOrderByOperator,
  freeVoucherUse,
  goodsOf,
  lockOrder,
  markOrderRefunded,
  type Order,
} from "../../orders/index.ts";
import type { PaymentsContext } from "../context.ts";
import { orderRefunds } from "../tables/refunds.ts";
import { type Payment, payments } from "../tables.ts";

/**
 * The operator's cancel and refund of an order (docs/product/payments.md, "Back office"). Each
 * move is checked against the order lifecycle under the order's lock and audited with the status
 * before and after; a move the lifecycle forbids is refused (`not_allowed`).
 */
export type CancelResult = Result<undefined, "not_found" | "not_allowed">;
export type RefundResult = Result<undefined, "not_found" | "not_allowed" | "gateway_failed">;

/** An unpaid order is cancelled; a shop order gives back its pieces and its voucher use, as the sweep does. */
export async function cancelOrder(
  ctx: PaymentsContext,
  orderId: number,
  actorId: number,
): Promise<CancelResult> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return err("not_found");
    if (!canTransition(order.status, "cancelled")) return err("not_allowed");
    const at = ctx.now();
    const cancelled = await cancelOrderByOperator(tx, order, at);
    const stockBack = order.kind === "shop" && order.stockReleasedAt === null;
    if (stockBack) {
      await ctx.listings.releaseStock(tx, await goodsOf(tx, order.id));
      await freeVoucherUse(tx, order.id);
    }
    await ctx.recordAudit(tx, {
      actorId,
      action: "order.cancel",
      entity: "order",
      entityId: String(order.id),
      data: {
        before: { status: order.status },
        after: { status: cancelled.status, stockReturned: stockBack },
      },
    });
    return ok();
  });
}

/** The payment that paid the order: the last paid one. */
async function paidPaymentOf(ctx: PaymentsContext, orderId: number): Promise<Payment | null> {
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid")))
    .orderBy(desc(payments.id))
    .limit(1);
  return payment ?? null;
}

/**
 * A paid order (paid, shipped or delivered) is refunded in full: a card payment goes back through
 * its gateway first (idempotent there, so a retry after a failure never pays back twice), a
 * transfer or cash on delivery is sent back by hand. Then, in one transaction: the order moves to
 * `refunded`, the refund is recorded, a credit note corrects the tax document, pieces not yet
 * shipped go back to stock, and the customer gets a mail.
 */
export async function refundOrder(
  ctx: PaymentsContext,
  orderId: number,
  by: { actorId: number; reason?: string | null },
): Promise<RefundResult> {
  const payment = await paidPaymentOf(ctx, orderId);
  const byCard = payment !== null && payment.method !== "bank_transfer" && payment.providerPaymentId !== null;
  if (byCard) {
    const gateway = ctx.gateway;
    if (!gateway || gateway.provider !== payment.provider) return err("gateway_failed");
    const preview = await ctx.db.transaction((tx) => lockOrder(tx, orderId));
    if (!preview) return err("not_found");
    if (!canTransition(preview.status, "refunded")) return err("not_allowed");
    try {
      await gateway.refund(payment.providerPaymentId!, payment.amountMinor);
    } catch (error) {
      ctx.logger?.warn({ orderId, error: String(error) }, "the gateway refused an order's refund");
      return err("gateway_failed");
    }
  }
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return err("not_found");
    if (!canTransition(order.status, "refunded")) return err("not_allowed");
    const at = ctx.now();
    await markOrderRefunded(tx, order, at);
    const amountMinor = payment?.amountMinor ?? order.totalMinor;
    const note = await issueCreditNote(tx, order, at);
    await tx.insert(orderRefunds).values({
      orderId: order.id,
      paymentId: payment?.id ?? null,
      method: byCard ? payment!.method : "bank_transfer",
      amountMinor,
      reason: by.reason ?? null,
      creditNoteId: note?.id ?? null,
      createdBy: by.actorId,
      createdAt: at,
    });
    const stockBack = await returnUnshippedStock(ctx, tx, order);
    await ctx.orders.sendRefunded(tx, order, { amountMinor, byCard });
    await ctx.recordAudit(tx, {
      actorId: by.actorId,
      action: "order.refund",
      entity: "order",
      entityId: String(order.id),
      data: {
        before: { status: order.status },
        after: { status: "refunded", amountMinor, byCard, creditNote: note?.number ?? null, stockBack },
      },
    });
    return ok();
  });
}

/** A paid shop order that never left gives its pieces back; one on its way or delivered does not. */
async function returnUnshippedStock(
  ctx: PaymentsContext,
  tx: Parameters<typeof goodsOf>[0],
  order: Order,
): Promise<boolean> {
  if (order.kind !== "shop" || order.status !== "paid" || order.stockReleasedAt !== null) return false;
  await ctx.listings.releaseStock(tx, await goodsOf(tx, order.id));
  return true;
}
