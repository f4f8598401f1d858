import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { products } from "./tables/products.ts";

/**
 * A moderator's "demote" (DSA Art. 17, a restriction of visibility; docs/product/back-office.md,
 * "Moderation"): the listing stays in its status and reachable by its URL, but search, top placement
 * and the home page's promoted spots skip it (server/modules/listing-reads/browse reads `demoted_at`).
 * Not a lifecycle status: the listing's life (bids, end, sale) goes on unchanged.
 */

/** Demotes a listing; true when it was not demoted before, false when it already was or is unknown. */
export async function demoteListing(tx: Db, id: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set({ demotedAt: at })
    .where(and(eq(products.id, id), isNull(products.demotedAt)))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** Puts a demoted listing back among the others (a reversed decision); true when it was demoted. */
export async function restoreListingRank(tx: Db, id: number): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set({ demotedAt: null })
    .where(and(eq(products.id, id), isNotNull(products.demotedAt)))
    .returning({ id: products.id });
  return rows.length > 0;
}
