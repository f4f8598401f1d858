import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/rows.ts";
import { deals } from "./tables.ts";

/**
 * How many deals through the site each account has finished, as buyer or seller: completed (the
 * money released to the seller), the "completed deals" badge of issue 36 (docs/product/trust.md,
 * "Badges"). A dispute's partial refund or a cancellation does not count.
 */
export async function completedDealCounts(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const wanted = sql`array[${sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  )}]`;
  // Two index reads (deals_buyer_id_idx, deals_seller_id_idx), not an unnest of every deal's two
  // parties filtered afterwards: that scanned all completed deals on each product page (bench/README.md).
  const result = await db.execute(sql`
    select party.user_id, count(*)::int as count
      from (select d.buyer_id as user_id from ${deals} d
             where d.buyer_id = any(${wanted}) and d.status = 'completed'
            union all
            select d.seller_id from ${deals} d
             where d.seller_id = any(${wanted}) and d.status = 'completed') party
     group by party.user_id`);
  const rows = rowsOf<{ user_id: number; count: number }>(result);
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.count)]));
}

/** Deals completed after (closed_at, id), oldest first, not an auction's (the archive of results' sweep). */
export async function completedDealsAfter(db: Db, after: { at: Date; id: number } | null, limit: number) {
  const from = after ?? { at: new Date(0), id: 0 };
  const result = await db.execute(sql`
    select id, product_id, price_minor, closed_at from ${deals}
     where status = 'completed' and source <> 'auction' and closed_at is not null
       and (closed_at, id) > (${from.at.toISOString()}::timestamptz, ${from.id}::int)
     order by closed_at, id limit ${limit}`);
  return rowsOf<{ id: number; product_id: number; price_minor: string; closed_at: string | Date }>(
    result,
  ).map((row) => ({
    dealId: Number(row.id),
    productId: Number(row.product_id),
    priceMinor: Number(row.price_minor),
    at: new Date(row.closed_at),
  }));
}

/**
 * The deals the account in `userId` finished, as buyer or seller, for another module's statement
 * (ADR 0017): a scalar subquery of completedDealCounts' two index reads.
 */
export function completedDealCountSql(userId: SQL): SQL {
  return sql`((select count(*) from ${deals} d where d.buyer_id = ${userId} and d.status = 'completed')
    + (select count(*) from ${deals} d where d.seller_id = ${userId} and d.status = 'completed'))::int`;
}
