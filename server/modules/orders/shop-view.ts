import { asc, eq } from "drizzle-orm";
import type { DraftAddress, ShopOrderDetails } from "#core/contracts/shop.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { OrdersContext } from "./context.ts";
import { deliveryOf } from "./shop/setting.ts";
import { type Order, type OrderAddress, orderItems, vouchers } from "./tables.ts";

/**
 * A shop order's part of its summary page (docs/product/payments.md, "Shop orders"): the goods
 * with links to their pages, the delivery read against the `shop` setting, the payment method,
 * the addresses as given at checkout, the discounts apart, and how far it has travelled.
 */

/** An address snapshot as the summary shows it (the checkout's shape). */
function draftOf(address: OrderAddress | null): DraftAddress | null {
  if (!address) return null;
  return {
    name: address.name,
    street: address.street,
    city: address.city,
    zip: address.zip,
    countryCode: address.countryCode,
    isCompany: address.isCompany ?? Boolean(address.companyId),
    company: address.company ?? "",
    companyId: address.companyId ?? "",
    taxId: address.taxId ?? "",
  };
}

/** Whether a shop order can be paid online now: unpaid, by card or transfer, still holding its pieces. */
export function shopOrderPayable(order: Order): boolean {
  return (
    order.status === "awaiting_payment" &&
    order.paymentMethod !== "cod" &&
    order.stockReleasedAt === null &&
    order.totalMinor > 0
  );
}

export async function shopDetails(
  ctx: OrdersContext,
  order: Order,
  locale: Locale,
): Promise<ShopOrderDetails> {
  const items = await ctx.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const goods = items.filter((item) => item.kind === "item");
  const ids = goods.flatMap((item) => (item.productId === null ? [] : [item.productId]));
  const pages = new Map(
    (await ctx.listings.shopProducts(ctx.db, ids, locale)).map((p) => [p.productId, p.url]),
  );
  const [voucher] =
    order.voucherId === null
      ? []
      : await ctx.db.select({ code: vouchers.code }).from(vouchers).where(eq(vouchers.id, order.voucherId));
  return {
    lines: goods.map((item) => ({
      productId: item.productId,
      description: item.description,
      url: item.productId === null ? null : (pages.get(item.productId) ?? null),
      quantity: item.quantity,
      unitPriceMinor: item.unitPriceMinor,
      taxRate: item.taxRate,
    })),
    delivery: await deliveryOf(ctx.db, order.carrier ?? "", locale),
    payment: order.paymentMethod ?? "card",
    deliveryAddress: draftOf(order.deliveryAddress),
    invoiceAddress: draftOf(order.invoiceAddress),
    email: order.email,
    phone: order.phone,
    voucherCode: voucher?.code ?? null,
    groupDiscountMinor: order.groupDiscountMinor,
    voucherDiscountMinor: order.voucherDiscountMinor,
    deliveryMinor: order.deliveryMinor,
    paymentFeeMinor: order.paymentFeeMinor,
    trackingNumber: order.trackingNumber,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    reservedUntil: shopOrderPayable(order) ? (order.reservedUntil?.toISOString() ?? null) : null,
  };
}
