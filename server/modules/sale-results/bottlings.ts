import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { PricePoint } from "#core/contracts/bottlings.ts";
import type { ArchiveRow } from "#core/contracts/sale-results.ts";
import type { Locale } from "#core/i18n/index.ts";
import { PRAGUE_TIME_ZONE } from "#core/time/prague.ts";
import type { Db } from "#server/db/client.ts";
import { saleResults } from "./tables.ts";

/**
 * What the bottlings module (issue 37, item 3) asks of the results, and what it tells them: a
 * bottling's results and price points, a listing linked to a bottling, two bottlings merged. The
 * frozen index months are never recomputed after a relink or a merge (docs/product/price-index.md).
 */

/**
 * A bottling's results, newest first; `before`: a result's id, the page starts below it (keyset
 * pages: the bottling's page shows them twenty at a time). sale_results_bottling_idx: the
 * bottling's rows in date order.
 */
export async function resultsOf(
  db: Db,
  bottlingId: number,
  options: { limit?: number; locale?: Locale; since?: Date; before?: number } = {},
): Promise<ArchiveRow[]> {
  const { before } = options;
  // Only what a row shows: the search text and vector (hundreds of bytes a row) stay in the database.
  const rows = await db
    .select({
      id: saleResults.id,
      productId: saleResults.productId,
      categoryId: saleResults.categoryId,
      kind: saleResults.kind,
      nameCs: saleResults.nameCs,
      nameEn: saleResults.nameEn,
      pathCs: saleResults.pathCs,
      pathEn: saleResults.pathEn,
      priceMinor: saleResults.priceMinor,
      soldAt: saleResults.soldAt,
      fillLevel: saleResults.fillLevel,
    })
    .from(saleResults)
    .where(
      and(
        eq(saleResults.bottlingId, bottlingId),
        options.since ? gt(saleResults.soldAt, options.since) : undefined,
        // The cursor's row gives its own date: an instant in a URL would lose the microseconds.
        before === undefined
          ? undefined
          : sql`(${saleResults.soldAt}, ${saleResults.id}) < (select c.sold_at, c.id from sale_results c where c.id = ${before})`,
      ),
    )
    .orderBy(desc(saleResults.soldAt), desc(saleResults.id))
    .limit(Math.min(Math.max(options.limit ?? 50, 1), 500));
  const en = options.locale === "en";
  return rows.map((row) => ({
    id: row.id,
    productId: row.productId,
    categoryId: row.categoryId,
    kind: row.kind,
    name: en && row.nameEn ? row.nameEn : row.nameCs,
    path: en ? row.pathEn : row.pathCs,
    priceMinor: row.priceMinor,
    soldAt: row.soldAt.toISOString(),
    fillLevel: row.fillLevel,
  }));
}

/**
 * A bottling's chart, one point per Prague month, oldest first: aggregated here, so a bottling
 * with thousands of results sends a few dozen points, not every price (the page at scale, bench/README.md).
 */
export async function pricePoints(db: Db, bottlingId: number): Promise<PricePoint[]> {
  // The zone as a literal, not a parameter: the select's and the group's expressions must be
  // equal. date_trunc per row, the text only per month (to_char on every row costs more).
  const zone = sql.raw(`'${PRAGUE_TIME_ZONE}'`);
  const month = sql`date_trunc('month', ${saleResults.soldAt} at time zone ${zone})`;
  const rows = await db
    .select({
      month: sql<string>`to_char(${month}, 'YYYY-MM')`,
      median: sql<string>`percentile_cont(0.5) within group (order by ${saleResults.priceMinor})`,
      min: sql<string>`min(${saleResults.priceMinor})`,
      max: sql<string>`max(${saleResults.priceMinor})`,
      count: sql<number>`count(*)::int`,
    })
    .from(saleResults)
    .where(eq(saleResults.bottlingId, bottlingId))
    .groupBy(month)
    .orderBy(month);
  return rows.map((row) => ({
    month: row.month,
    medianMinor: Math.round(Number(row.median)),
    minMinor: Number(row.min),
    maxMinor: Number(row.max),
    count: Number(row.count),
  }));
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
