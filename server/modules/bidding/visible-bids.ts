import { and, asc, eq, ne } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { bids } from "./tables.ts";

/**
 * An auction's bids anyone may see, oldest first, for its product page (the listings module's
 * `ProductPagePorts.bidsOf`, wired in server/services.ts). A leader's raised maximum (max_raise)
 * is not a bid anyone may see; the bidders' names are the users module's to give.
 */
export async function visibleBidsOf(
  db: Db,
  productId: number,
): Promise<{ amountMinor: number; at: Date; userId: number }[]> {
  return db
    .select({ amountMinor: bids.amountMinor, at: bids.createdAt, userId: bids.userId })
    .from(bids)
    .where(and(eq(bids.productId, productId), ne(bids.kind, "max_raise")))
    .orderBy(asc(bids.createdAt), asc(bids.id));
}
