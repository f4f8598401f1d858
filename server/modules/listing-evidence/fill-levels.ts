import { inArray, type SQL, sql } from "drizzle-orm";
import type { FillLevel } from "#core/contracts/listing-evidence.ts";
import type { Db } from "#server/db/client.ts";
import { listingEvidence } from "./tables.ts";

/** The listings' fill levels by id, those that have one (the archive of results' port `FillLevelOf`). */
export async function fillLevelsOf(db: Db, productIds: readonly number[]): Promise<Map<number, FillLevel>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ productId: listingEvidence.productId, fillLevel: listingEvidence.fillLevel })
    .from(listingEvidence)
    .where(inArray(listingEvidence.productId, ids));
  return new Map(rows.flatMap((row) => (row.fillLevel ? [[row.productId, row.fillLevel] as const] : [])));
}

/**
 * The listings' fill levels as a piece of another module's statement (ADR 0017): `(product_id,
 * fill_level)` rows of the listings in `productIds` (an int[] value) that state one; the
 * structured attributes read them with their own values, in one statement.
 */
export function fillLevelRowsSql(productIds: SQL): SQL {
  return sql`select e.product_id, e.fill_level from ${listingEvidence} e
    where e.product_id = any(${productIds}) and e.fill_level is not null`;
}
