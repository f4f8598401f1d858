import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { isPaid } from "#core/lifecycles/order.ts";
import { OPEN_STATUSES } from "#core/lifecycles/payment.ts";
import type { Db } from "#server/db/client.ts";
import { lockOrder, type Order } from "../../orders/index.ts";
import type { PaymentsContext } from "../context.ts";
import type { CardGateway, GatewayState } from "../gateways.ts";
import {
  lockPayment,
  markDuplicateRefunded,
  recordGatewayRefund,
  settleCardPayment,
} from "../payment-transitions.ts";
import { type Payment, payments } from "../tables.ts";

/**
 * A card payment's state is the gateway's word (docs/product/payments.md, "Card gateway"): read
 * from the gateway after a notification, the payer's return or a new start, and applied to the
 * payment and its order once.
 */

/**
 * A card payment's state from the gateway, applied to the payment and its order (once). A
 * payment that succeeds for an order already paid (two payments started before starts were
 * reused, a transfer marked paid while the card payment was open, a gateway paying twice) is
 * a duplicate: it is marked refunded and audited in the transaction that sees it, and refunded
 * at the gateway once that has committed (no gateway call holds the order's lock).
 */
export async function applyGatewayState(
  ctx: PaymentsContext,
  providerPaymentId: string,
  state: GatewayState | null,
): Promise<void> {
  const gateway = ctx.gateway;
  if (!gateway || state === null || state === "pending") return;
  const [found] = await ctx.db
    .select({ id: payments.id, orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.provider, gateway.provider), eq(payments.providerPaymentId, providerPaymentId)));
  if (!found) return;
  const refundDue = await ctx.db.transaction(async (tx): Promise<Payment | null> => {
    // Order first, then its payment: the same lock order as every other path.
    const order = await lockOrder(tx, found.orderId);
    const payment = await lockPayment(tx, found.id);
    if (!order || !payment) return null;
    // Decided earlier; its refund at the gateway may not have been done (a crash in between).
    if (payment.status === "refunded") return payment.refundedAt ? null : payment;
    if (payment.status !== "created" && payment.status !== "pending") return null;
    // The gateway's own refund of an open payment is no move of ours.
    if (state === "refunded") return null;
    return decide(ctx, tx, order, payment, state, gateway);
  });
  if (refundDue) await refundAtGateway(ctx, refundDue);
}

/** The locked open payment is paid or failed; paid for a paid order, it is a duplicate to refund. */
async function decide(
  ctx: PaymentsContext,
  tx: Db,
  order: Order,
  payment: Payment,
  state: "paid" | "failed",
  gateway: CardGateway,
): Promise<Payment | null> {
  const at = ctx.now();
  const paidTwice = state === "paid" && isPaid(order.status);
  // A shop order released meanwhile takes its pieces again; when they are gone, the payer gets the money back.
  if (paidTwice || (state === "paid" && !(await ctx.orders.retakeReleasedStock(tx, order, at)))) {
    const reason = paidTwice ? "duplicate" : "sold_out";
    const duplicate = await markDuplicateRefunded(tx, payment, at, reason);
    await ctx.recordAudit(tx, {
      actorId: null,
      action: `payment.refund_${reason}`,
      entity: "payment",
      entityId: String(payment.id),
      data: {
        orderId: order.id,
        provider: gateway.provider,
        providerPaymentId: payment.providerPaymentId,
        amountMinor: payment.amountMinor,
      },
    });
    ctx.logger?.warn(
      { orderId: order.id, paymentId: payment.id, reason },
      "a card payment succeeded for an order already paid, or whose pieces sold out: refunding it",
    );
    return duplicate;
  }
  await settleCardPayment(tx, payment, state, at);
  // Any unpaid order, a cancelled one too: its payer was charged and gets what they paid for.
  if (state === "paid") await ctx.orders.pay(tx, order, at, "card");
  return null;
}

/** Returns a duplicate payment's money at the gateway (idempotent there) and records that it did. */
async function refundAtGateway(ctx: PaymentsContext, payment: Payment): Promise<void> {
  const gateway = ctx.gateway;
  if (!gateway || payment.provider !== gateway.provider || !payment.providerPaymentId) return;
  await gateway.refund(payment.providerPaymentId, payment.amountMinor);
  await recordGatewayRefund(ctx.db, payment.id, ctx.now());
}

/**
 * Reads the order's open card payments from the gateway and applies their state, then does the
 * gateway refunds still due for the order's duplicates: the payer's return and a new start see
 * what the gateway knows even when its notification never came.
 */
export async function syncCardPayments(ctx: PaymentsContext, orderId: number): Promise<void> {
  const gateway = ctx.gateway;
  if (!gateway) return;
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, gateway.provider),
        or(
          inArray(payments.status, OPEN_STATUSES),
          and(eq(payments.status, "refunded"), isNull(payments.refundedAt)),
        ),
      ),
    );
  for (const payment of rows) {
    if (!payment.providerPaymentId) continue;
    try {
      if (payment.status === "refunded") await refundAtGateway(ctx, payment);
      else
        await applyGatewayState(
          ctx,
          payment.providerPaymentId,
          await gateway.status(payment.providerPaymentId),
        );
    } catch (err) {
      // The gateway is unreachable: the page shows what is known, the next look or notification retries.
      ctx.logger?.warn(
        { err, paymentId: payment.id },
        "could not read or refund a card payment at the gateway",
      );
    }
  }
}
