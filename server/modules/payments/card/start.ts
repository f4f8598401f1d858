import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Locale } from "#core/i18n/index.ts";
import { isPaid, type OrderStatus } from "#core/lifecycles/order.ts";
import { OPEN_STATUSES } from "#core/lifecycles/payment.ts";
import { err, ok, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { findOrder, lockOrder, type Order } from "../../orders/index.ts";
import type { PaymentsContext } from "../context.ts";
import type { CardGateway } from "../gateways.ts";
import { viewOrder } from "../orders/view.ts";
import { cardPaymentText } from "../payment-text.ts";
import { createCardPayment, markCardPaymentOpened } from "../payment-transitions.ts";
import { type Payment, payments } from "../tables.ts";
import { syncCardPayments } from "./sync.ts";

/**
 * Starts a card payment of a payable order at the gateway: where to send the payer. An order
 * has one card payment open at a time: a start while one is open (not failed, expired or
 * declined at the gateway) sends the payer to it again, so that two starts (two tabs, a double
 * click, a retry) cannot both be paid. The order's row lock decides which start opens it.
 * Ok: the gateway's address; refused: not found, too many starts, paid already, not payable.
 */
export async function payByCard(
  ctx: PaymentsContext,
  id: number,
  hash: string,
  locale: Locale,
): Promise<Result<string, "not_found" | "limited" | "already_paid" | "not_payable">> {
  const found = await findOrder(ctx.db, id, hash);
  if (!found) return err("not_found");
  if (!(await ctx.cardStarts.attempt(String(found.id)))) return err("limited");
  // An open payment the payer has meanwhile paid or declined at the gateway is not reused.
  await syncCardPayments(ctx, found.id);
  const order = (await findOrder(ctx.db, id, hash))!;
  const current = await viewOrder(ctx, order, locale);
  const refused = (status: OrderStatus | "missing") =>
    err(status !== "missing" && isPaid(status) ? "already_paid" : "not_payable");
  const gateway = ctx.gateway;
  if (!current.payable || !gateway) return refused(order.status);
  const payment = await ctx.db.transaction((tx) => openOrReuse(tx, order.id, gateway));
  if (typeof payment === "string") return refused(payment);
  if (payment.providerPaymentId && payment.redirectUrl) return ok(payment.redirectUrl);
  // Opened at the gateway after the lock is released (no gateway call holds it); the payment's
  // id is the gateway's reference, so a concurrent start, or one after a crash right here,
  // gets the same gateway payment.
  const started = await gateway.create({
    reference: `payment-${payment.id}`,
    amountMinor: payment.amountMinor,
    currencyCode: order.currencyCode,
    description: cardPaymentText(locale, order.kind, current.listing?.name ?? null),
    returnPath: current.summaryPath,
    locale,
  });
  await markCardPaymentOpened(ctx.db, payment.id, started, ctx.now());
  return ok(started.redirectUrl);
}

/**
 * Under the order's lock: the order's open card payment, or a new one; the order's status when
 * it no longer awaits payment (paid or cancelled meanwhile).
 */
async function openOrReuse(
  tx: Db,
  orderId: number,
  gateway: CardGateway,
): Promise<Payment | OrderStatus | "missing"> {
  const locked = await lockOrder(tx, orderId);
  if (locked?.status !== "awaiting_payment") return locked?.status ?? "missing";
  return (await openCardPaymentOf(tx, locked, gateway)) ?? createCardPayment(tx, locked, gateway.provider);
}

/** The order's open card payment at this gateway, when it can be reused (its address is stored). */
async function openCardPaymentOf(tx: Db, order: Order, gateway: CardGateway): Promise<Payment | null> {
  const [open] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.method, "card"),
        eq(payments.provider, gateway.provider),
        inArray(payments.status, OPEN_STATUSES),
        // A payment opened before starts were reused has no stored redirect: not reusable.
        or(isNull(payments.providerPaymentId), sql`${payments.redirectUrl} is not null`),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return open ?? null;
}
