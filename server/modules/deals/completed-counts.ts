import { sql } from "drizzle-orm";
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
  const result = await db.execute(sql`
    select party.user_id, count(*)::int as count
      from ${deals} d cross join lateral unnest(array[d.buyer_id, d.seller_id]) as party(user_id)
     where d.status = 'completed' and party.user_id = any(${wanted})
     group by party.user_id`);
  const rows = rowsOf<{ user_id: number; count: number }>(result);
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.count)]));
}
