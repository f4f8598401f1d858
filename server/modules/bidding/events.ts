import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/** The PostgreSQL NOTIFY channel of auction changes; payloads carry ids only (sse.ts loads the rest). */
export const AUCTION_EVENTS_CHANNEL = "auction_events";

export type AuctionNotification = {
  productId: number;
  bidId?: number;
  event?: "bid" | "closed" | "activated" | "end_moved";
};

/**
 * Tells the live streams that an auction changed, inside the change's transaction: PostgreSQL
 * delivers a NOTIFY on commit only. The payload holds ids only, so that it stays far below
 * PostgreSQL's 8000-byte limit.
 */
export async function notifyAuctionChange(tx: Db, notification: AuctionNotification) {
  await tx.execute(sql`select pg_notify(${AUCTION_EVENTS_CHANNEL}, ${JSON.stringify(notification)})`);
}
