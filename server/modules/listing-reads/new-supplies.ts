import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/** A product offered for sale that went live: when, and by whom (null: the operator's shop). */
export type NewSupply = { id: number; sellerId: number | null; appearedAt: Date };

/**
 * The offers (type supply) live now that went live after `after` and by `until` (their activation,
 * or their creation when they went live at once), newest first, at most `limit` of them: what the
 * stock watchdogs look at for their category and search finds, every minute. The newest `limit`
 * by `until` are read in products_live_supply_newest_idx's order and those after `after` kept (the
 * same rows): with `after` in the scan, the planner took every offer of the two days' look-back
 * in a bitmap and sorted them (7 917 rows, 160 ms at 100 000 listings; 22 ms in order).
 */
export async function suppliesLiveBetween(
  executor: Db,
  range: { after: Date; until: Date; limit: number },
): Promise<NewSupply[]> {
  const result = await executor.execute(sql`
    select * from (
      select id, seller_id, coalesce(activation_at, created_at) as appeared from products
      where status = 'active' and type = 'supply'
        and coalesce(activation_at, created_at) <= ${range.until.toISOString()}::timestamptz
      order by appeared desc limit ${range.limit}) newest
    where appeared > ${range.after.toISOString()}::timestamptz
    order by appeared desc`);
  const rows = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as {
    id: number;
    seller_id: number | null;
    appeared: string | Date;
  }[];
  return rows.map((row) => ({
    id: Number(row.id),
    sellerId: row.seller_id === null ? null : Number(row.seller_id),
    appearedAt: new Date(row.appeared),
  }));
}
