import { count, desc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { products } from "#server/modules/listings/tables/products.ts";

/** One of a seller's listings on the back office's user page. */
export type AdminUserListing = {
  id: number;
  name: string;
  format: (typeof products.$inferSelect)["format"];
  status: (typeof products.$inferSelect)["status"];
  /** The price now: the classified's price or the auction's current (else starting) price; minor units. */
  priceMinor: number | null;
  bidCount: number;
  createdAt: string;
};

/**
 * The listings a user sells, newest first (at most `limit`), and how many there are in all: the
 * back office's user page (docs/product/back-office.md, "Users").
 */
export async function listingsOfSeller(
  db: Db,
  sellerId: number,
  limit: number,
): Promise<{ rows: AdminUserListing[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.nameCs,
        format: products.format,
        status: products.status,
        priceMinor: products.priceMinor,
        currentPriceMinor: products.currentPriceMinor,
        startPriceMinor: products.startPriceMinor,
        bidCount: products.bidCount,
        createdAt: products.createdAt,
      })
      .from(products)
      .where(eq(products.sellerId, sellerId))
      .orderBy(desc(products.id))
      .limit(limit),
    db.select({ total: count() }).from(products).where(eq(products.sellerId, sellerId)),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      format: row.format,
      status: row.status,
      priceMinor: row.priceMinor ?? row.currentPriceMinor ?? row.startPriceMinor,
      bidCount: row.bidCount,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
  };
}
