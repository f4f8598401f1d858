import { and, count, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { DayTally } from "#core/contracts/admin-dashboard.ts";
import type { Db } from "#server/db/client.ts";
import { dayBucketSql, fillDays, withinBounds } from "#server/lib/day-buckets.ts";
import { orders } from "./tables.ts";

const NO_TALLY: DayTally = { count: 0, amountMinor: 0 };

/**
 * The orders module's figures for the back office's dashboard (docs/product/back-office.md,
 * "Dashboard"): the orders waiting for the operator, and what was paid day by day.
 */
export function ordersDashboardFigures(db: Db) {
  /** Orders paid per day (by `paid_at`, index orders_paid_at_idx) of the given kinds. */
  async function paidByDay(bounds: readonly Date[], kinds: "shop" | "fees"): Promise<DayTally[]> {
    const bucket = dayBucketSql(orders.paidAt, bounds);
    const rows = await db
      .select({
        bucket,
        count: count(),
        amountMinor: sql<number>`coalesce(sum(${orders.totalMinor}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(
        and(
          withinBounds(orders.paidAt, bounds),
          kinds === "shop" ? eq(orders.kind, "shop") : inArray(orders.kind, ["listing_fee", "promotion"]),
        ),
      )
      .groupBy(sql`1`);
    return fillDays(rows, bounds, NO_TALLY, (row) => ({ count: row.count, amountMinor: row.amountMinor }));
  }

  return {
    /** Shop orders paid per day, with their totals. */
    shopOrdersPaidByDay: (bounds: readonly Date[]) => paidByDay(bounds, "shop"),
    /** Insertion fees and promotions paid per day, with their totals. */
    feesPaidByDay: (bounds: readonly Date[]) => paidByDay(bounds, "fees"),

    /**
     * Shop orders the operator is to hand to the carrier or over at a branch: paid ones, and
     * unpaid ones in cash on delivery (paid when delivered).
     */
    async ordersToShip(): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(orders)
        .where(
          and(
            eq(orders.kind, "shop"),
            or(
              eq(orders.status, "paid"),
              and(eq(orders.status, "awaiting_payment"), eq(orders.paymentMethod, "cod")),
            ),
          ),
        );
      return row.count;
    },

    /**
     * Unpaid orders a bank transfer may pay, so the operator watches the account for them: fees
     * and promotions (paid by transfer or card) and shop orders the customer pays by transfer.
     */
    async ordersAwaitingTransfer(): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(orders)
        .where(
          and(
            inArray(orders.status, ["new", "awaiting_payment"]),
            or(ne(orders.kind, "shop"), eq(orders.paymentMethod, "bank_transfer")),
          ),
        );
      return row.count;
    },
  };
}

export type OrdersDashboardFigures = ReturnType<typeof ordersDashboardFigures>;
