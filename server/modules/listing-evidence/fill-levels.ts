import { inArray } from "drizzle-orm";
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
