import { and, eq, lt } from "drizzle-orm";
import { UNPAID_LISTING_EXPIRY_DAYS } from "#core/lifecycles/listing.ts";
import type { ListingsContext } from "./context.ts";
import { products } from "./tables/products.ts";
import { expire } from "./transitions.ts";

/**
 * Listings whose insertion fee stayed unpaid for UNPAID_LISTING_EXPIRY_DAYS expire (the
 * lifecycle's "never paid"): the nightly job's work. Returns their ids. A payment arriving at
 * the same moment wins or loses on the row lock; a fee paid after expiry is refunded.
 */
export async function expireUnpaid(ctx: Pick<ListingsContext, "db" | "now">): Promise<number[]> {
  const at = ctx.now();
  const before = new Date(at.getTime() - UNPAID_LISTING_EXPIRY_DAYS * 24 * 60 * 60 * 1000);
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.status, "awaiting_payment"), lt(products.createdAt, before)))
      .for("update", { skipLocked: true });
    return expire(
      tx,
      rows.map((row) => row.id),
      at,
    );
  });
}
