import { canTransition } from "#core/lifecycles/order.ts";
import type { PaymentsContext } from "./context.ts";
import { lockOrder, markOrderDelivered, markOrderShipped } from "./order-transitions.ts";

/** What the operator's move of a shop order ended in. */
export type FulfilmentResult = "shipped" | "delivered" | "not_found" | "not_shop" | "not_allowed";

/**
 * The operator hands a paid shop order to the carrier (with its tracking number when it has one),
 * or records it delivered, or handed over at a branch (docs/product/lifecycles.md, "Orders"). The
 * move is checked against the order lifecycle under the order's lock and audited with the status
 * before and after; a fee or a promotion order never travels.
 */
export async function moveShopOrder(
  ctx: PaymentsContext,
  orderId: number,
  to: "shipped" | "delivered",
  by: { actorId: number; trackingNumber?: string | null },
): Promise<FulfilmentResult> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return "not_found";
    if (order.kind !== "shop") return "not_shop";
    if (!canTransition(order.status, to)) return "not_allowed";
    const at = ctx.now();
    const moved =
      to === "shipped"
        ? await markOrderShipped(tx, order, { trackingNumber: by.trackingNumber ?? null, at })
        : await markOrderDelivered(tx, order, at);
    await ctx.recordAudit(tx, {
      actorId: by.actorId,
      action: `order.${to}`,
      entity: "order",
      entityId: String(order.id),
      data: {
        before: { status: order.status },
        after: { status: moved.status, trackingNumber: moved.trackingNumber },
      },
    });
    return to;
  });
}
