import { and, desc, eq } from "drizzle-orm";
import type { OrderKind, OrderView } from "#core/contracts/payments.ts";
import { formatIban } from "#core/formats/iban.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import { isPaid } from "#core/lifecycles/order.ts";
import { invoiceNumberOf } from "../../invoicing/index.ts";
import type { MyListing } from "../../listings/index.ts";
import { cancelUnwantedOrder, type Order, shopOrderPayable, variableSymbolOf } from "../../orders/index.ts";
import type { PaymentsContext } from "../context.ts";
import { transferMessageText } from "../payment-text.ts";
import { buildSpayd } from "../spayd.ts";
import { payments } from "../tables.ts";

/**
 * An order as its page and the account's payments list show it (docs/product/payments.md): its
 * state, whether it can be paid now and how, the latest card attempt and the tax document.
 */

/** Whether an unpaid order's listing still wants it: a fee while awaiting payment, a promotion while live. */
export function stillWanted(kind: OrderKind, productStatus: string | null | undefined): boolean {
  if (kind === "listing_fee") return productStatus === "awaiting_payment";
  if (kind === "promotion") return productStatus === "active";
  return true;
}

/** How to pay the order by bank transfer to `iban`: the details and the QR payment's content. */
function bankTransferOf(order: Order, iban: string, locale: Locale): OrderView["bankTransfer"] {
  const variableSymbol = variableSymbolOf(order.id);
  const message = transferMessageText(locale, order.id);
  return {
    iban,
    ibanFormatted: formatIban(iban),
    variableSymbol,
    amountMinor: order.totalMinor,
    message,
    spayd: buildSpayd({
      iban,
      amountMinor: order.totalMinor,
      currency: order.currencyCode,
      variableSymbol,
      message,
    }),
  };
}

/**
 * Its listing no longer wants it (cancelled, expired, ended): the unpaid order is cancelled, so
 * that nobody pays for nothing and the payments page does not show it as due.
 */
async function cancelIfUnwanted(ctx: PaymentsContext, order: Order, listing: MyListing | null) {
  if (
    order.status !== "awaiting_payment" ||
    order.kind === "shop" ||
    stillWanted(order.kind, listing?.status)
  )
    return order;
  return (await cancelUnwantedOrder(ctx.db, order.id, ctx.now())) ?? order;
}

/** `account`: the transfer account when the caller already looked it up (a list of orders). */
export async function viewOrder(
  ctx: PaymentsContext,
  stored: Order,
  locale: Locale,
  account?: string | null,
): Promise<OrderView> {
  const listing =
    stored.productId !== null && stored.userId !== null
      ? await ctx.listings.listing(stored.userId, stored.productId, locale)
      : null;
  const order = await cancelIfUnwanted(ctx, stored, listing);
  const cardPayments = await ctx.db
    .select({ status: payments.status, updatedAt: payments.updatedAt, refundReason: payments.refundReason })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.method, "card")))
    .orderBy(desc(payments.id));
  const lastCard = cardPayments[0];
  const shop = order.kind === "shop";
  // Cash on delivery is paid to the carrier, and a released order no longer holds its goods.
  const payable = shop
    ? shopOrderPayable(order)
    : order.status === "awaiting_payment" && order.totalMinor > 0 && stillWanted(order.kind, listing?.status);
  const iban = payable ? (account === undefined ? await ctx.orders.bankAccount() : account) : null;
  return {
    id: order.id,
    hash: order.hash,
    kind: order.kind,
    status: order.status,
    listing: listing
      ? { id: listing.id, name: listing.name, url: listing.url, status: listing.status }
      : null,
    promotionDays: order.promotionDays,
    subtotalMinor: order.subtotalMinor,
    discountMinor: order.discountMinor,
    totalMinor: order.totalMinor,
    currencyCode: order.currencyCode,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    // A shop order's page is public (a guest has no account); a fee's lives in the account.
    summaryPath: shop
      ? localePath("orderSummary", locale, { id: order.id, hash: order.hash })
      : localePath("accountSummary", locale, { orderId: order.id, hash: order.hash }),
    payable,
    bankTransfer: payable && iban ? bankTransferOf(order, iban, locale) : null,
    card: payable && ctx.gateway !== null,
    lastCardPayment: lastCard ? { status: lastCard.status, at: lastCard.updatedAt.toISOString() } : null,
    toppedUntil: order.kind === "promotion" ? (listing?.toppedUntil ?? null) : null,
    invoiceNumber: isPaid(order.status) ? await invoiceNumberOf(ctx.db, order.id) : null,
    duplicateRefunded: cardPayments.some((payment) => payment.refundReason === "duplicate"),
    shop: shop ? await ctx.orders.shopDetails(order, locale) : null,
  };
}
