import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { preparedOnce } from "#server/db/prepared-once.ts";
import { bids } from "./tables.ts";

/**
 * An auction's bids anyone may see, oldest first, for its product page (the listings module's
 * `ProductPagePorts.bidsOf`, wired in server/services.ts). A leader's raised maximum (max_raise)
 * is not a bid anyone may see; the bidders' names are the users module's to give. Prepared once
 * per database (preparedOnce): every auction's page reads it.
 */
const visibleBids = preparedOnce((db) =>
  db
    .select({
      id: bids.id,
      amountMinor: bids.amountMinor,
      at: bids.createdAt,
      userId: bids.userId,
      kind: bids.kind,
    })
    .from(bids)
    .where(and(eq(bids.productId, sql.placeholder("productId")), ne(bids.kind, "max_raise")))
    // By id, as the live history: the page's bids and the stream's continue one another.
    .orderBy(asc(bids.id))
    .prepare("visible_bids"),
);

export async function visibleBidsOf(
  db: Db,
  productId: number,
): Promise<{ id: number; amountMinor: number; at: Date; userId: number; automatic: boolean }[]> {
  const rows = await visibleBids(db).execute({ productId });
  return rows.map(({ kind, ...row }) => ({ ...row, automatic: kind === "automatic" }));
}
