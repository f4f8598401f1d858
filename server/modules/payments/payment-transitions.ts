import { and, eq, inArray, isNull } from "drizzle-orm";
import type { RefundReason } from "#core/contracts/payments.ts";
import { paymentLifecycle } from "#core/lifecycles/payment.ts";
import type { Db } from "#server/db/client.ts";
import type { Order } from "../orders/index.ts";
import { type Payment, payments } from "./tables.ts";

/**
 * The only place a payment is created or its status written (docs/architecture.md,
 * "Lifecycles"): each named operation checks its move against core/lifecycles/payment.ts. A
 * payment's decision works on the row its caller locked after the order's (the order first, then
 * its payment, on every path); recording what the gateway did is a guarded update.
 */

/** Locks a payment (its order is locked first); null when missing. */
export async function lockPayment(tx: Db, paymentId: number): Promise<Payment | null> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  return payment ?? null;
}

/** The operator saw the order's bank transfer arrive: it is recorded as paid. */
export async function recordTransferPayment(
  tx: Db,
  order: Order,
  variableSymbol: string,
  at: Date,
): Promise<void> {
  const status = paymentLifecycle.create("record_transfer");
  await tx.insert(payments).values({
    orderId: order.id,
    method: "bank_transfer",
    provider: "bank",
    status,
    amountMinor: order.totalMinor,
    variableSymbol,
    paidAt: at,
  });
}

/** A card payment of a locked order, created before it is opened at the gateway. */
export async function createCardPayment(tx: Db, order: Order, provider: string): Promise<Payment> {
  const status = paymentLifecycle.create("open_card");
  const [created] = await tx
    .insert(payments)
    .values({ orderId: order.id, method: "card", provider, status, amountMinor: order.totalMinor })
    .returning();
  return created;
}

/**
 * The gateway opened the payment: its id there and where the payer goes. Only the first opening
 * is recorded (a concurrent start got the same gateway payment, idempotent per reference).
 */
export async function markCardPaymentOpened(
  db: Db,
  paymentId: number,
  opened: { providerPaymentId: string; redirectUrl: string },
  at: Date,
): Promise<void> {
  await db
    .update(payments)
    .set({
      providerPaymentId: opened.providerPaymentId,
      redirectUrl: opened.redirectUrl,
      status: "pending",
      updatedAt: at,
    })
    .where(
      and(
        eq(payments.id, paymentId),
        isNull(payments.providerPaymentId),
        // A guarded update: `payment.open_at_gateway` only from the statuses it leaves.
        inArray(payments.status, [...paymentLifecycle.sources("open_at_gateway")]),
      ),
    );
}

/** The gateway decided a locked open payment: paid or failed. */
export async function settleCardPayment(
  tx: Db,
  locked: Payment,
  state: "paid" | "failed",
  at: Date,
): Promise<void> {
  paymentLifecycle.move("settle", locked.status, state);
  await tx
    .update(payments)
    .set({ status: state, paidAt: state === "paid" ? at : null, updatedAt: at })
    .where(eq(payments.id, locked.id));
}

/**
 * A locked open payment the gateway reports paid for an order already paid: a duplicate, so it is
 * refunded. Decided here; the refund at the gateway follows once this has committed. The same for
 * a payment of a shop order released meanwhile whose pieces are sold out (`sold_out`).
 */
export async function markDuplicateRefunded(
  tx: Db,
  locked: Payment,
  at: Date,
  reason: RefundReason = "duplicate",
): Promise<Payment> {
  paymentLifecycle.move("refund_duplicate", locked.status);
  const [duplicate] = await tx
    .update(payments)
    .set({ status: "refunded", refundReason: reason, paidAt: at, updatedAt: at })
    .where(eq(payments.id, locked.id))
    .returning();
  return duplicate;
}

/** The gateway took a refunded payment's refund (recorded once). */
export async function recordGatewayRefund(db: Db, paymentId: number, at: Date): Promise<void> {
  await db
    .update(payments)
    .set({ refundedAt: at, updatedAt: at })
    .where(and(eq(payments.id, paymentId), isNull(payments.refundedAt)));
}
