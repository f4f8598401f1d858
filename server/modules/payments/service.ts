import type { PaymentMethod } from "#core/contracts/payments.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { PaymentStatus } from "#core/lifecycles/payment.ts";
import type { TableQuery } from "#core/schemas/admin-table.ts";
import { adminPayments, adminPaymentsPage } from "./admin-payments.ts";
import { importBankStatement } from "./bank/import.ts";
import { bankStatementsPage, bankStatementWithLines, type STATEMENT_SORTS } from "./bank/read.ts";
import { assignStatementLine, ignoreStatementLine } from "./bank/resolve.ts";
import { markPaidByTransfer } from "./bank-transfer.ts";
import { handleNotification } from "./card/notifications.ts";
import { payByCard } from "./card/start.ts";
import { createPaymentsContext, type PaymentsServiceDeps, type PaymentUser } from "./context.ts";
import { orderListingFee } from "./fees.ts";
import type { CardGateway } from "./gateways.ts";
import { cancelOrder, refundOrder } from "./orders/admin-actions.ts";
import { adminOrderDetail } from "./orders/admin-detail.ts";
import { myOrders, orderByHash } from "./orders/read.ts";
import { orderPromotion, promotionOffer } from "./promotions.ts";
import { spaydQrSvg } from "./spayd.ts";

/**
 * How users pay the operator (docs/product/payments.md): insertion fees of listings, promotions
 * (topování) and shop orders, all orders of the orders module, paid through the same payments
 * and gateways; a shop order may also be paid in cash on delivery (the orders module's
 * fulfilment). An order is reached by its id and unguessable hash. Two ways to pay: a bank transfer
 * with a QR payment and the order number as variable symbol (marked paid by the operator), or a
 * card gateway (the test gateway here) whose state is read from the gateway, never from the
 * payer's return or a notification's body. Paying an order takes effect once: the order row is
 * locked, and a paid order is never paid again. Each use case is its own file; the payments'
 * statuses are written only in payment-transitions.ts, the orders' through the orders module.
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
    /** `idempotencyKey`: the form's hidden key or the API's header; a repeat answers the first order (ADR 0069). */
    orderPromotion: (
      user: PaymentUser,
      productId: number,
      days: unknown,
      locale: Locale,
      idempotencyKey?: string | null,
    ) => orderPromotion(ctx, user, productId, days, locale, idempotencyKey),
    orderListingFee: (user: PaymentUser, productId: number, locale: Locale, idempotencyKey?: string | null) =>
      orderListingFee(ctx, user, productId, locale, idempotencyKey),
    order: (id: number, hash: string, locale: Locale) => orderByHash(ctx, id, hash, locale),
    myOrders: (userId: number, locale: Locale, limit?: number) => myOrders(ctx, userId, locale, limit),
    payByCard: (id: number, hash: string, locale: Locale) => payByCard(ctx, id, hash, locale),
    handleNotification: (provider: string, rawBody: string, signature: string | undefined) =>
      handleNotification(ctx, provider, rawBody, signature),
    adminPayments: (filter: { status?: PaymentStatus; orderId?: number; limit?: number }) =>
      adminPayments(ctx, filter),
    adminPaymentsPage: (
      query: TableQuery<"createdAt" | "amountMinor" | "paidAt">,
      filter: { status?: PaymentStatus; method?: PaymentMethod },
    ) => adminPaymentsPage(ctx, query, filter),
    markPaidByTransfer: (orderId: number, actorId: number) => markPaidByTransfer(ctx, orderId, actorId),
    adminOrder: (id: number) => adminOrderDetail(ctx.db, id),
    cancelOrder: (orderId: number, actorId: number) => cancelOrder(ctx, orderId, actorId),
    refundOrder: (orderId: number, by: { actorId: number; reason?: string | null }) =>
      refundOrder(ctx, orderId, by),
    // The accountant's bank statements (bank/*.ts).
    importBankStatement: (file: { name: string; bytes: Uint8Array }, actorId: number) =>
      importBankStatement(ctx, file, actorId),
    bankStatements: (query: TableQuery<(typeof STATEMENT_SORTS)[number]>) =>
      bankStatementsPage(ctx.db, query),
    bankStatement: (id: number) => bankStatementWithLines(ctx.db, id),
    assignStatementLine: (ids: { statementId: number; lineId: number; orderId: number }, actorId: number) =>
      assignStatementLine(ctx, ids, actorId),
    ignoreStatementLine: (ids: { statementId: number; lineId: number }, actorId: number) =>
      ignoreStatementLine(ctx, ids, actorId),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
