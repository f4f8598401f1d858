import type { OrderView } from "#core/contracts/payments.ts";
import type { Locale } from "#core/i18n/index.ts";
import { findOrder, ordersOfUser } from "../../orders/index.ts";
import { syncCardPayments } from "../card/sync.ts";
import type { PaymentsContext } from "../context.ts";
import { viewOrder } from "./view.ts";

/**
 * The order behind id + hash, for whoever holds both. An open card payment's state is read from
 * the gateway first, so the page shows the result when the payer comes back even if the
 * gateway's notification has not arrived.
 */
export async function orderByHash(
  ctx: PaymentsContext,
  id: number,
  hash: string,
  locale: Locale,
): Promise<OrderView | null> {
  let order = await findOrder(ctx.db, id, hash);
  if (!order) return null;
  if (ctx.gateway) {
    await syncCardPayments(ctx, order.id);
    order = (await findOrder(ctx.db, id, hash))!;
  }
  return viewOrder(ctx, order, locale);
}

/** The user's orders, newest first (the account's Orders and payments): shop orders, fees and promotions. */
export async function myOrders(
  ctx: PaymentsContext,
  userId: number,
  locale: Locale,
  limit = 50,
): Promise<OrderView[]> {
  const rows = await ordersOfUser(ctx.db, userId, limit);
  const account = await ctx.orders.bankAccount();
  return Promise.all(rows.map((row) => viewOrder(ctx, row, locale, account)));
}
