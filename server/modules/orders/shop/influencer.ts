import { and, desc, eq } from "drizzle-orm";
import type { InfluencerStats } from "#core/contracts/shop.ts";
import { isPaid } from "#core/lifecycles/order.ts";
import { toPragueWallClock } from "#core/time/prague.ts";
import type { Db } from "#server/db/client.ts";
import { orders, vouchers } from "../tables.ts";

/**
 * An influencer's voucher and how it sold (docs/product/payments.md, "Vouchers"): the paid shop
 * orders that used it, their goods after every discount (what the influencer's margin is a share
 * of: no delivery, no fee), per month in Prague time, and the orders still awaiting payment. A
 * cash-on-delivery order counts once delivered (paid), not while it travels unpaid.
 */

type Totals = { orders: number; revenueMinor: number };

const marginOf = (revenueMinor: number, percent: number) => Math.round((revenueMinor * percent) / 100);

/** The user's newest voucher's statistics; null when they have none. */
export async function influencerStats(db: Db, userId: number): Promise<InfluencerStats | null> {
  const [voucher] = await db
    .select()
    .from(vouchers)
    .where(eq(vouchers.influencerUserId, userId))
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(1);
  if (!voucher) return null;
  const used = await db
    .select({
      status: orders.status,
      paidAt: orders.paidAt,
      subtotalMinor: orders.subtotalMinor,
      groupDiscountMinor: orders.groupDiscountMinor,
      voucherDiscountMinor: orders.voucherDiscountMinor,
    })
    .from(orders)
    .where(and(eq(orders.voucherId, voucher.id), eq(orders.kind, "shop")));
  const percent = voucher.marginPercent ?? 0;
  const all: Totals = { orders: 0, revenueMinor: 0 };
  const months = new Map<string, Totals>();
  let pendingOrders = 0;
  for (const order of used) {
    if (order.status === "awaiting_payment") pendingOrders += 1;
    if (!isPaid(order.status) || order.paidAt === null) continue;
    const revenue = order.subtotalMinor - order.groupDiscountMinor - order.voucherDiscountMinor;
    const wall = toPragueWallClock(order.paidAt);
    const month = `${wall.year}-${String(wall.month).padStart(2, "0")}`;
    const bucket = months.get(month) ?? { orders: 0, revenueMinor: 0 };
    months.set(month, { orders: bucket.orders + 1, revenueMinor: bucket.revenueMinor + revenue });
    all.orders += 1;
    all.revenueMinor += revenue;
  }
  return {
    code: voucher.code,
    kind: voucher.kind,
    value: voucher.value,
    marginPercent: percent,
    validTo: voucher.validTo?.toISOString() ?? null,
    orders: all.orders,
    revenueMinor: all.revenueMinor,
    marginMinor: marginOf(all.revenueMinor, percent),
    pendingOrders,
    months: [...months.entries()]
      .sort(([a], [b]) => (a < b ? 1 : -1))
      .map(([month, totals]) => ({ month, ...totals, marginMinor: marginOf(totals.revenueMinor, percent) })),
  };
}
