import { and, desc, eq } from "drizzle-orm";
import type { AdminPayment } from "#core/contracts/payments.ts";
import type { PaymentStatus } from "#core/lifecycles/payment.ts";
import type { PaymentsContext } from "./context.ts";
import { payments } from "./tables.ts";

/**
 * Payments for the operator, newest first: by state (`refunded` lists the duplicates refunded
 * to their payers) and/or order.
 */
export async function adminPayments(
  ctx: PaymentsContext,
  filter: { status?: PaymentStatus; orderId?: number; limit?: number },
): Promise<AdminPayment[]> {
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        filter.status ? eq(payments.status, filter.status) : undefined,
        filter.orderId ? eq(payments.orderId, filter.orderId) : undefined,
      ),
    )
    .orderBy(desc(payments.id))
    .limit(filter.limit ?? 100);
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    method: row.method,
    provider: row.provider,
    providerPaymentId: row.providerPaymentId,
    status: row.status,
    amountMinor: row.amountMinor,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAsDuplicate: row.refundReason === "duplicate",
    refundedAt: row.refundedAt?.toISOString() ?? null,
  }));
}
