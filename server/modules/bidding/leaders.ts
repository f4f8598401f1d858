import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/**
 * Fills the leader columns of auctions whose bids were written without them (the demo data and
 * bulk seeds insert bid rows directly): the highest bid leads (the earlier one on a tie) with its
 * maximum, and the newest bid id is the live stream's starting point. Auctions that already have a
 * leader are left alone. Migration 0004 did the same for the rows that existed then.
 */
export async function backfillAuctionLeaders(executor: Pick<Db, "execute">) {
  await executor.execute(sql`
    update products as p
    set leader_id = b.user_id,
        leader_max_minor = greatest(coalesce(b.max_amount_minor, b.amount_minor), b.amount_minor),
        leader_since = b.created_at,
        last_bid_id = b.last_id
    from (
      select distinct on (product_id) product_id, user_id, amount_minor, max_amount_minor, created_at,
             max(id) over (partition by product_id) as last_id
      from bids
      where kind <> 'max_raise'
      order by product_id, amount_minor desc, id
    ) as b
    where p.id = b.product_id and p.format = 'auction' and p.leader_id is null`);
}
