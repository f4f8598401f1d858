import type { InvoicePayload } from "#core/contracts/payments.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { AdminVoucherInput } from "#core/schemas/admin-orders-vouchers.ts";
import type { TableQuery } from "#core/schemas/admin-table.ts";
import type { Db } from "#server/db/client.ts";
import { type AdminOrderFilter, adminOrdersPage, type ORDER_SORTS } from "./admin-read.ts";
import { bankAccount } from "./bank-account.ts";
import { createOrdersContext, type OrdersServiceDeps } from "./context.ts";
import { moveShopOrder } from "./fulfilment.ts";
import { invoiceOf, invoiceOfOrder } from "./invoices.ts";
import { payOrder } from "./pay.ts";
import { holdRequestKey, orderOfRequestKey, type RequestKey } from "./request-keys.ts";
import { influencerStats } from "./shop/influencer.ts";
import { sendOrderRefunded } from "./shop/mails.ts";
import { placeShopOrder, type ShopOrderInput } from "./shop/place.ts";
import { releaseExpiredReservations, retakeReleasedStock } from "./shop/release.ts";
import { saveVoucher, voucherForm, vouchersPage } from "./shop/voucher-admin.ts";
import { type VoucherCustomer, voucherForCart } from "./shop/vouchers.ts";
import { shopDetails } from "./shop-view.ts";
import type { Order } from "./tables.ts";

/**
 * The orders (docs/product/payments.md): shop orders placed from the cart with their vouchers and
 * reserved stock, the fee and promotion orders the payments module opens, their fulfilment
 * (shipped, delivered) and what paying one sets off (the tax document, the listing's release or
 * promotion, the mail). Statuses are written only in transitions.ts. How an order is paid
 * (attempts, gateways, bank statements, refunds) is the payments module's, which calls the
 * operations at the end of this service in its own transactions.
 */
export function createOrdersService(deps: OrdersServiceDeps) {
  const ctx = createOrdersContext(deps);
  return {
    adminOrders: (query: TableQuery<(typeof ORDER_SORTS)[number]>, filter: AdminOrderFilter) =>
      adminOrdersPage(ctx.db, query, filter),
    markShipped: (orderId: number, by: { actorId: number; trackingNumber?: string | null }) =>
      moveShopOrder(ctx, orderId, "shipped", by),
    markDelivered: (orderId: number, actorId: number) =>
      moveShopOrder(ctx, orderId, "delivered", { actorId }),
    /** A tax document of the caller's, as issued; null for another user's or an unknown number. */
    invoice: (userId: number, number: string): Promise<InvoicePayload | null> =>
      invoiceOf(ctx.db, userId, number),
    /** The tax document of the order behind id + hash, for whoever holds both; null for anything else. */
    invoiceByOrder: (id: number, hash: string) => invoiceOfOrder(ctx.db, id, hash),
    // The back office's vouchers (shop/voucher-admin.ts).
    vouchers: (query: TableQuery<"createdAt" | "code">) => vouchersPage(ctx, query),
    voucher: (id: number) => voucherForm(ctx, id),
    saveVoucher: (id: number | null, input: AdminVoucherInput, actorId: number) =>
      saveVoucher(ctx, id, input, actorId),

    // The shop (server/modules/shop calls these; shop/*.ts here).
    /** Whether a code may go into this cart (`cartMinor`: the items after the group discount). */
    voucherForCart: (
      input: VoucherCustomer & { code: string; cartMinor: number; codesInCart: readonly string[]; at: Date },
    ) => voucherForCart(ctx.db, input),
    /** In the shop's transaction, after it took the pieces: the order, the voucher's use, the mail. */
    placeShopOrder: (tx: Db, input: ShopOrderInput) => placeShopOrder(ctx, tx, input),
    /** First in the shop's transaction: a concurrent request with the same key waits for this one (ADR 0069). */
    holdRequestKey: (tx: Db, key: RequestKey) => holdRequestKey(tx, key),
    /** The order an earlier request with the key made, the caller's; `executor`: in the caller's transaction. */
    orderOfRequestKey: (key: RequestKey, userId: number | null, executor?: Db) =>
      orderOfRequestKey(executor ?? ctx.db, key, userId),
    /** Cancels the unpaid shop orders whose reservation ended before `at`, giving their stock back. */
    releaseExpiredReservations: (at?: Date) => releaseExpiredReservations(ctx, at),
    influencerStats: (userId: number) => influencerStats(ctx.db, userId),
    /** An account for transfers is configured. */
    bankTransferOffered: async () => (await bankAccount(ctx)) !== null,

    // What the payments module does to an order, in its transaction (the caller holds the order's lock).
    /** The operator's account for transfers; `executor`: read in the caller's transaction. */
    bankAccount: (executor?: Db) => bankAccount(ctx, executor),
    /** The order is paid: its tax document, the listing's release or promotion, the shop's mail. */
    pay: (tx: Db, locked: Order, at: Date, method: "bank_transfer" | "card") =>
      payOrder(ctx, tx, locked, at, method),
    /** A released shop order paid after all takes its pieces again; false when they are gone. */
    retakeReleasedStock: (tx: Db, locked: Order, at: Date) => retakeReleasedStock(ctx, tx, locked, at),
    sendRefunded: (tx: Db, order: Order, refund: { amountMinor: number; byCard: boolean }) =>
      sendOrderRefunded(ctx, tx, order, refund),
    /** A shop order's lines, delivery and addresses as its summary shows them. */
    shopDetails: (order: Order, locale: Locale) => shopDetails(ctx, order, locale),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
