import type { PaymentMethod } from "#core/contracts/payments.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { PaymentStatus } from "#core/lifecycles/payment.ts";
import type { AdminVoucherInput } from "#core/schemas/admin-orders-vouchers.ts";
import type { TableQuery } from "#core/schemas/admin-table.ts";
import type { Db } from "#server/db/client.ts";
import { adminPayments, adminPaymentsPage } from "./admin-payments.ts";
import { importBankStatement } from "./bank/import.ts";
import { bankStatementsPage, bankStatementWithLines, type STATEMENT_SORTS } from "./bank/read.ts";
import { assignStatementLine, ignoreStatementLine } from "./bank/resolve.ts";
import { bankAccount } from "./bank-account.ts";
import { markPaidByTransfer } from "./bank-transfer.ts";
import { handleNotification } from "./card/notifications.ts";
import { payByCard } from "./card/start.ts";
import { createPaymentsContext, type PaymentsServiceDeps, type PaymentUser } from "./context.ts";
import { orderListingFee } from "./fees.ts";
import { moveShopOrder } from "./fulfilment.ts";
import type { CardGateway } from "./gateways.ts";
import { cancelOrder, refundOrder } from "./orders/admin-actions.ts";
import {
  type AdminOrderFilter,
  adminOrderDetail,
  adminOrdersPage,
  type ORDER_SORTS,
} from "./orders/admin-read.ts";
import { invoiceOf, invoiceOfOrder } from "./orders/invoices.ts";
import { myOrders, orderByHash } from "./orders/read.ts";
import { orderPromotion, promotionOffer } from "./promotions.ts";
import { influencerStats } from "./shop/influencer.ts";
import { placeShopOrder, type ShopOrderInput } from "./shop/place.ts";
import { releaseExpiredReservations } from "./shop/release.ts";
import { saveVoucher, voucherForm, vouchersPage } from "./shop/voucher-admin.ts";
import { type VoucherCustomer, voucherForCart } from "./shop/vouchers.ts";
import { spaydQrSvg } from "./spayd.ts";

/**
 * One payments module for what users pay the operator (docs/product/payments.md): insertion
 * fees of listings, promotions (topování) and shop orders, with the same orders, payments and
 * gateways; a shop order may also be paid in cash on delivery. An order is reached by its id and unguessable hash. Two ways to pay: a bank transfer
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
    adminPaymentsPage: (
      query: TableQuery<"createdAt" | "amountMinor" | "paidAt">,
      filter: { status?: PaymentStatus; method?: PaymentMethod },
    ) => adminPaymentsPage(ctx, query, filter),
    markPaidByTransfer: (orderId: number, actorId: number) => markPaidByTransfer(ctx, orderId, actorId),
    adminOrders: (query: TableQuery<(typeof ORDER_SORTS)[number]>, filter: AdminOrderFilter) =>
      adminOrdersPage(ctx.db, query, filter),
    adminOrder: (id: number) => adminOrderDetail(ctx.db, id),
    cancelOrder: (orderId: number, actorId: number) => cancelOrder(ctx, orderId, actorId),
    refundOrder: (orderId: number, by: { actorId: number; reason?: string | null }) =>
      refundOrder(ctx, orderId, by),
    // The back office's vouchers (shop/voucher-admin.ts).
    vouchers: (query: TableQuery<"createdAt" | "code">) => vouchersPage(ctx, query),
    voucher: (id: number) => voucherForm(ctx, id),
    saveVoucher: (id: number | null, input: AdminVoucherInput, actorId: number) =>
      saveVoucher(ctx, id, input, actorId),
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
    markShipped: (orderId: number, by: { actorId: number; trackingNumber?: string | null }) =>
      moveShopOrder(ctx, orderId, "shipped", by),
    markDelivered: (orderId: number, actorId: number) =>
      moveShopOrder(ctx, orderId, "delivered", { actorId }),

    // The shop (server/modules/shop calls these; shop/*.ts here).
    /** Whether a code may go into this cart (`cartMinor`: the items after the group discount). */
    voucherForCart: (
      input: VoucherCustomer & { code: string; cartMinor: number; codesInCart: readonly string[]; at: Date },
    ) => voucherForCart(ctx.db, input),
    /** In the shop's transaction, after it took the pieces: the order, the voucher's use, the mail. */
    placeShopOrder: (tx: Db, input: ShopOrderInput) => placeShopOrder(ctx, tx, input),
    /** Cancels the unpaid shop orders whose reservation ended before `at`, giving their stock back. */
    releaseExpiredReservations: (at?: Date) => releaseExpiredReservations(ctx, at),
    influencerStats: (userId: number) => influencerStats(ctx.db, userId),
    /** An account for transfers is configured (card payments: `gateway` is not null). */
    bankTransferOffered: async () => (await bankAccount(ctx)) !== null,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
