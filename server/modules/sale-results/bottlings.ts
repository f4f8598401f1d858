import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import type { ArchiveRow } from "#core/contracts/sale-results.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { saleResults } from "./tables.ts";

/**
 * What the bottlings module (issue 37, item 3) asks of the results, and what it tells them: a
 * bottling's results and price points, a listing linked to a bottling, two bottlings merged. The
 * frozen index months are never recomputed after a relink or a merge (docs/product/price-index.md).
 */

/** A bottling's results, newest first (sale_results_bottling_idx). */
export async function resultsOf(
  db: Db,
  bottlingId: number,
  options: { limit?: number; locale?: Locale; since?: Date } = {},
): Promise<ArchiveRow[]> {
  const rows = await db
    .select()
    .from(saleResults)
    .where(
      and(
        eq(saleResults.bottlingId, bottlingId),
        options.since ? gt(saleResults.soldAt, options.since) : undefined,
      ),
    )
    .orderBy(desc(saleResults.soldAt), desc(saleResults.id))
    .limit(Math.min(Math.max(options.limit ?? 50, 1), 500));
  const en = options.locale === "en";
  return rows.map((row) => ({
    id: row.id,
    productId: row.productId,
    kind: row.kind,
    name: en && row.nameEn ? row.nameEn : row.nameCs,
    path: en ? row.pathEn : row.pathCs,
    priceMinor: row.priceMinor,
    soldAt: row.soldAt.toISOString(),
    fillLevel: row.fillLevel,
  }));
}

/** A bottling's price points for its chart, oldest first. */
export async function pricePoints(
  db: Db,
  bottlingId: number,
): Promise<{ date: string; priceMinor: number }[]> {
  const rows = await db
    .select({ soldAt: saleResults.soldAt, priceMinor: saleResults.priceMinor })
    .from(saleResults)
    .where(eq(saleResults.bottlingId, bottlingId))
    .orderBy(asc(saleResults.soldAt), asc(saleResults.id))
    .limit(2000);
  return rows.map((row) => ({ date: row.soldAt.toISOString(), priceMinor: row.priceMinor }));
}

/** The listings' results now belong to this bottling (the bottlings' `linked`); returns how many moved. */
export async function relink(
  db: Db,
  productIds: readonly number[],
  bottlingId: number | null,
): Promise<number> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return 0;
  const moved = await db
    .update(saleResults)
    .set({ bottlingId })
    .where(inArray(saleResults.productId, ids))
    .returning({ id: saleResults.id });
  return moved.length;
}

/** A merged bottling's results move into the one it was merged into (the bottlings' `merged`). */
export async function mergeBottlings(db: Db, fromId: number, intoId: number): Promise<number> {
  if (fromId === intoId) return 0;
  const moved = await db
    .update(saleResults)
    .set({ bottlingId: intoId })
    .where(eq(saleResults.bottlingId, fromId))
    .returning({ id: saleResults.id });
  return moved.length;
}
