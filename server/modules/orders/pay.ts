import { formatShortDateTime } from "#core/formats/dates.ts";
import type { Db } from "#server/db/client.ts";
import { issueInvoice } from "../invoicing/index.ts";
import { variableSymbolOf } from "./bank-account.ts";
import type { OrdersContext } from "./context.ts";
import { invoicedOrder } from "./invoiced.ts";
import { sendShopPaymentReceived } from "./shop/mails.ts";
import type { Order } from "./tables.ts";
import { markOrderPaid } from "./transitions.ts";

/**
 * Paying an order takes effect once, in the transaction that marks it paid (docs/product/
 * payments.md, "Paying takes effect once"): the order is paid, its tax document issued, and its
 * listing gets what was paid for, or a shop order's customer the mail that it is. The caller holds
 * the order's lock and has checked it is unpaid.
 */
export async function payOrder(
  ctx: OrdersContext,
  tx: Db,
  locked: Order,
  at: Date,
  method: "bank_transfer" | "card",
): Promise<void> {
  await markOrderPaid(tx, locked, at, method);
  await issueInvoice(
    tx,
    await invoicedOrder(tx, locked),
    { method, variableSymbol: variableSymbolOf(locked.id) },
    at,
    ctx.invoiceDetailsOf,
  );
  if (locked.kind === "shop") return sendShopPaymentReceived(ctx, tx, locked);
  if (locked.productId === null) return;
  if (locked.kind === "listing_fee") await releaseListing(ctx, tx, locked, locked.productId);
  else if (locked.kind === "promotion" && locked.promotionDays)
    await promote(ctx, tx, locked, locked.productId, locked.promotionDays, at);
}

/** A fee releases the listing (the listings module says "payment received"). */
async function releaseListing(ctx: OrdersContext, tx: Db, order: Order, productId: number) {
  const released = await ctx.listings.releaseAfterPayment(productId, tx);
  if (!released)
    ctx.logger?.warn(
      { orderId: order.id, productId },
      "a listing fee was paid for a listing no longer awaiting payment: refund it",
    );
}

/**
 * A promotion moves the listing's top placement on by its days, counted from now or from the end
 * of a running promotion, and tells the seller until when.
 */
async function promote(ctx: OrdersContext, tx: Db, order: Order, productId: number, days: number, at: Date) {
  const promoted = await ctx.listings.promote(tx, productId, days, at);
  if (promoted?.sellerId != null && order.userId !== null)
    await ctx.notifier.notify(tx, order.userId, "payment_received", {
      productId,
      variant: "promotion",
      // One date format for both languages: the notice is written once, read in either.
      values: { until: formatShortDateTime(promoted.toppedUntil, "cs") },
      link: { page: "accountAdvertisements" },
    });
}
