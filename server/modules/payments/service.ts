import type { Locale } from "#core/i18n/index.ts";
import type { PaymentStatus } from "#core/lifecycles/payment.ts";
import { adminPayments } from "./admin-payments.ts";
import { markPaidByTransfer } from "./bank-transfer.ts";
import { handleNotification } from "./card/notifications.ts";
import { payByCard } from "./card/start.ts";
import { createPaymentsContext, type PaymentsServiceDeps, type PaymentUser } from "./context.ts";
import { orderListingFee } from "./fees.ts";
import { moveShopOrder } from "./fulfilment.ts";
import type { CardGateway } from "./gateways.ts";
import { invoiceOf, invoiceOfOrder } from "./invoices/read.ts";
import { myOrders, orderByHash } from "./orders/read.ts";
import { orderPromotion, promotionOffer } from "./promotions.ts";
import { spaydQrSvg } from "./spayd.ts";

/**
 * One payments module for what users pay the operator (docs/product/payments.md): insertion
 * fees of listings and promotions (topování); shop orders will use the same orders, payments and
 * gateways. An order is reached by its id and unguessable hash. Two ways to pay: a bank transfer
 * with a QR payment and the order number as variable symbol (marked paid by the operator), or a
 * card gateway (the test gateway here) whose state is read from the gateway, never from the
 * payer's return or a notification's body. Paying an order takes effect once: the order row is
 * locked, and a paid order is never paid again. Each use case is its own file; the orders' and
 * payments' statuses are written only in order-transitions.ts and payment-transitions.ts.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const ctx = createPaymentsContext(deps);
  return {
    /** The card gateway (the test gateway's page reaches it here); null = card payments off. */
    get gateway() {
      return ctx.gateway;
    },
    connectGateway(next: CardGateway | null) {
      ctx.gateway = next;
    },
    /** The QR code of a bank transfer's SPAYD content, as SVG. */
    qrSvg: spaydQrSvg,
    promotionOffer: (user: PaymentUser, productId: number, locale: Locale) =>
      promotionOffer(ctx, user, productId, locale),
    orderPromotion: (user: PaymentUser, productId: number, days: unknown, locale: Locale) =>
      orderPromotion(ctx, user, productId, days, locale),
    orderListingFee: (user: PaymentUser, productId: number, locale: Locale) =>
      orderListingFee(ctx, user, productId, locale),
    order: (id: number, hash: string, locale: Locale) => orderByHash(ctx, id, hash, locale),
    /** A tax document of the caller's, as issued; null for another user's or an unknown number. */
    invoice: (userId: number, number: string) => invoiceOf(ctx.db, userId, number),
    /** The tax document of the order behind id + hash, for whoever holds both; null for anything else. */
    invoiceByOrder: (id: number, hash: string) => invoiceOfOrder(ctx.db, id, hash),
    myOrders: (userId: number, locale: Locale, limit?: number) => myOrders(ctx, userId, locale, limit),
    payByCard: (id: number, hash: string, locale: Locale) => payByCard(ctx, id, hash, locale),
    handleNotification: (provider: string, rawBody: string, signature: string | undefined) =>
      handleNotification(ctx, provider, rawBody, signature),
    adminPayments: (filter: { status?: PaymentStatus; orderId?: number; limit?: number }) =>
      adminPayments(ctx, filter),
    markPaidByTransfer: (orderId: number, actorId: number) => markPaidByTransfer(ctx, orderId, actorId),
    markShipped: (orderId: number, by: { actorId: number; trackingNumber?: string | null }) =>
      moveShopOrder(ctx, orderId, "shipped", by),
    markDelivered: (orderId: number, actorId: number) =>
      moveShopOrder(ctx, orderId, "delivered", { actorId }),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
