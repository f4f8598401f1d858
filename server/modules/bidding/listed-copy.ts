import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";

/**
 * The listings' copy of an auction's price and bid count (listed_price_minor, listed_bid_count;
 * ADR 0053). The listing indexes include the copy, not the live columns, so that a bid's update of
 * its row is a HOT update; bid_decision() leaves the copy behind, and this brings it up to date
 * (bid_listed_copy(), migration 0037: one update, only when it differs, under the row's lock).
 */
export async function copyListedState(db: Db, productId: number): Promise<void> {
  await db.execute(sql`select bid_listed_copy(${productId}::integer)`);
}

/** How long after an accepted bid its auction's copy is brought up to date (the bids between share it). */
export const LISTED_COPY_DELAY_MS = 1000;

/**
 * After an accepted bid: the auction's copy is brought up to date once, a second later, for every
 * bid of that second (a hot auction's copy is written once a second, not once a bid). A failure is
 * logged; the next bid, or the close, copies again.
 */
export function createListedCopies(db: Db, logger?: Pick<Logger, "error">) {
  const pending = new Map<number, NodeJS.Timeout>();
  return {
    soon(productId: number): void {
      if (pending.has(productId)) return;
      const timer = setTimeout(() => {
        pending.delete(productId);
        copyListedState(db, productId).catch((error: unknown) =>
          logger?.error({ err: error, productId }, "could not copy the auction's listed state"),
        );
      }, LISTED_COPY_DELAY_MS);
      // A pending copy does not keep the process alive (the close copies too).
      timer.unref();
      pending.set(productId, timer);
    },
  };
}
