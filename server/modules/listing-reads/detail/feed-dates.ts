import { inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { products } from "#server/modules/listings/tables/products.ts";

/**
 * When each of `ids` went live (its activation, else its creation: the "newest" order of the
 * listings), by id: the dates of a feed's entries (server/http/feeds.ts), which the cards do not
 * carry. A feed's few dozen ids, read by the primary key.
 */
export async function wentLiveAt(db: Db, ids: number[]): Promise<Map<number, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      at: sql<Date | string>`coalesce(${products.activationAt}, ${products.createdAt})`,
    })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, new Date(row.at)]));
}
