import { eq } from "drizzle-orm";
import { paymentRequestLifecycle } from "#core/lifecycles/payment-request.ts";
import type { Db } from "#server/db/client.ts";
import { dealPaymentRequests, type PaymentRequestRow } from "./tables.ts";

/**
 * The only place a payment request is created or its status written (docs/architecture.md,
 * "Lifecycles"): each operation applies its named transition of core/lifecycles/payment-request.ts
 * to the row read under its lock (`lockRequest`); a move the lifecycle refuses throws.
 */

export type NewPaymentRequest = Omit<
  typeof dealPaymentRequests.$inferInsert,
  "id" | "status" | "dealId" | "createdAt" | "updatedAt"
>;

export async function lockRequest(tx: Db, id: number): Promise<PaymentRequestRow | null> {
  const [row] = await tx
    .select()
    .from(dealPaymentRequests)
    .where(eq(dealPaymentRequests.id, id))
    .for("update");
  return row ?? null;
}

/** payment_request.send: a new open request (the caller withdrew the thread's open one first). */
export async function createRequest(tx: Db, values: NewPaymentRequest, at: Date): Promise<PaymentRequestRow> {
  const [row] = await tx
    .insert(dealPaymentRequests)
    .values({ ...values, status: paymentRequestLifecycle.create("send"), createdAt: at, updatedAt: at })
    .returning();
  return row;
}

/** accept (with the deal it made), decline, withdraw or expire: an open request closes. */
export async function closeRequest(
  tx: Db,
  request: PaymentRequestRow,
  name: "accept" | "decline" | "withdraw" | "expire",
  at: Date,
  dealId: number | null = null,
): Promise<PaymentRequestRow> {
  const status = paymentRequestLifecycle.move(name, request.status);
  const [row] = await tx
    .update(dealPaymentRequests)
    .set({ status, updatedAt: at, ...(dealId === null ? {} : { dealId }) })
    .where(eq(dealPaymentRequests.id, request.id))
    .returning();
  return row;
}
