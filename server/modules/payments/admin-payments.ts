import { and, asc, count, desc, eq } from "drizzle-orm";
import type { AdminPayment, PaymentMethod } from "#core/contracts/payments.ts";
import type { PaymentStatus } from "#core/lifecycles/payment.ts";
import { pageWindow, type TablePage, type TableQuery } from "#core/schemas/admin-table.ts";
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
  return rows.map(toAdminPayment);
}

function toAdminPayment(row: typeof payments.$inferSelect): AdminPayment {
  return {
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
  };
}

/** The back office's payments table: every payment, paged and sorted on the server. */
export async function adminPaymentsPage(
  ctx: PaymentsContext,
  query: TableQuery<"createdAt" | "amountMinor" | "paidAt">,
  filter: { status?: PaymentStatus; method?: PaymentMethod },
): Promise<TablePage<AdminPayment>> {
  const where = and(
    filter.status ? eq(payments.status, filter.status) : undefined,
    filter.method ? eq(payments.method, filter.method) : undefined,
    query.q && /^\d{1,9}$/.test(query.q) ? eq(payments.orderId, Number(query.q)) : undefined,
  );
  const column = {
    createdAt: payments.createdAt,
    amountMinor: payments.amountMinor,
    paidAt: payments.paidAt,
  }[query.sort ?? "createdAt"];
  const { limit, offset } = pageWindow(query);
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(where)
    .orderBy(query.dir === "asc" ? asc(column) : desc(column), desc(payments.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await ctx.db.select({ total: count() }).from(payments).where(where);
  return { rows: rows.map(toAdminPayment), total, page: query.page, size: query.size };
}
