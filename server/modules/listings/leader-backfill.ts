import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/**
 * Fills the leader columns of auctions that have none from `leaders`, a query the bidding module
 * composes over its bids (one row per product: product_id, user_id, max_minor, since, last_id).
 * The demo data and bulk seeds write bid rows directly; one statement keeps the backfill exact
 * (timestamps to the microsecond) and fast. Auctions that already have a leader are left alone.
 */
export async function fillMissingLeaders(executor: Pick<Db, "execute">, leaders: SQL): Promise<void> {
  await executor.execute(sql`
    update products as p
    set leader_id = b.user_id,
        leader_max_minor = b.max_minor,
        leader_since = b.since,
        last_bid_id = b.last_id
    from (${leaders}) as b
    where p.id = b.product_id and p.format = 'auction' and p.leader_id is null`);
}
