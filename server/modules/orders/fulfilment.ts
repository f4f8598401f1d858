import { err, ok, type Result } from "#core/result.ts";
import type { Db } from "#server/db/client.ts";
import { issueInvoice } from "../invoicing/index.ts";
import { variableSymbolOf } from "./bank-account.ts";
import type { OrdersContext } from "./context.ts";
import { invoicedOrder } from "./invoiced.ts";
import { sendShopOrderShipped } from "./shop/mails.ts";
import type { Order } from "./tables.ts";
import { canMoveShopOrder, lockOrder, markOrderDelivered, markOrderShipped } from "./transitions.ts";

/** What the operator's move of a shop order ended in. */
export type FulfilmentResult = Result<undefined, "not_found" | "not_shop" | "not_allowed">;

/**
 * The operator hands a paid shop order to the carrier (with its tracking number when it has one),
 * or records it delivered, or handed over at a branch (docs/product/lifecycles.md, "Orders"). The
 * move is checked against the order lifecycle under the order's lock and audited with the status
 * before and after; a fee or a promotion order never travels. A cash-on-delivery order ships
 * unpaid and is paid when delivered: its tax document is issued then, as a paid order's is when
 * its payment arrives. The customer gets a mail when the parcel is with the carrier.
 */
export async function moveShopOrder(
  ctx: OrdersContext,
  orderId: number,
  to: "shipped" | "delivered",
  by: { actorId: number; trackingNumber?: string | null },
): Promise<FulfilmentResult> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return err("not_found");
    if (order.kind !== "shop") return err("not_shop");
    if (!canMoveShopOrder(order, to)) return err("not_allowed");
    const at = ctx.now();
    const moved =
      to === "shipped"
        ? await markOrderShipped(tx, order, { trackingNumber: by.trackingNumber ?? null, at })
        : await deliver(ctx, tx, order, at);
    if (to === "shipped") await sendShopOrderShipped(ctx, tx, moved);
    await ctx.recordAudit(tx, {
      actorId: by.actorId,
      action: `order.${to}`,
      entity: "order",
      entityId: String(order.id),
      data: {
        before: { status: order.status },
        after: { status: moved.status, trackingNumber: moved.trackingNumber, paidAt: moved.paidAt },
      },
    });
    return ok();
  });
}

/** Delivered; cash on delivery is paid by it, and gets its tax document in the same transaction. */
async function deliver(ctx: OrdersContext, tx: Db, order: Order, at: Date): Promise<Order> {
  const delivered = await markOrderDelivered(tx, order, at);
  if (order.paidAt === null)
    await issueInvoice(
      tx,
      await invoicedOrder(tx, delivered),
      { method: "cod", variableSymbol: variableSymbolOf(order.id) },
      at,
      ctx.invoiceDetailsOf,
    );
  return delivered;
}
