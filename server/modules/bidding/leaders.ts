import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { fillMissingLeaders } from "../listings/index.ts";

/**
 * Fills the leader columns of auctions whose bids were written without them (the demo data and
 * bulk seeds insert bid rows directly): the highest bid leads (the earlier one on a tie) with its
 * maximum, and the newest bid id is the live stream's starting point. Auctions that already have a
 * leader are left alone (the listings module writes the row). Migration 0004 did the same for the
 * rows that existed then.
 */
export async function backfillAuctionLeaders(executor: Pick<Db, "execute">) {
  await fillMissingLeaders(
    executor,
    sql`
      select distinct on (product_id) product_id, user_id,
             greatest(coalesce(max_amount_minor, amount_minor), amount_minor) as max_minor,
             created_at as since,
             max(id) over (partition by product_id) as last_id
      from bids
      where kind <> 'max_raise'
      order by product_id, amount_minor desc, id`,
  );
}
