import type { Db } from "#server/db/client.ts";
import { categoryPathNames, searchText } from "#server/modules/catalog/index.ts";
import type { Sale, SaleResultsPorts } from "./contracts.ts";
import { saleResults } from "./tables.ts";

type CategoryRow = Awaited<ReturnType<SaleResultsPorts["categoryNames"]>>[number];

/** The archive's search text: the names, the brand and the category path in both languages. */
export function resultSearchText(
  facts: { nameCs: string; nameEn: string | null; brand: string | null; categoryId: number },
  categories: ReadonlyMap<number, CategoryRow>,
): string {
  const path = categoryPathNames(facts.categoryId, categories);
  return searchText([
    facts.nameCs,
    facts.nameEn,
    facts.brand,
    ...path.map((category) => category.nameCs),
    ...path.map((category) => category.nameEn),
  ]);
}

/**
 * Records sales as results, idempotently: one row per listing and kind (the unique index), so a
 * retried job, the sweep after the close's job or the backfill over both write nothing twice.
 * A sale whose listing is gone is skipped. Returns how many rows were new. Never in a transaction
 * (the ports read with the database).
 */
export async function recordSales(db: Db, ports: SaleResultsPorts, sales: readonly Sale[]): Promise<number> {
  const valid = sales.filter((sale) => sale.priceMinor > 0);
  if (valid.length === 0) return 0;
  const ids = valid.map((sale) => sale.productId);
  const [facts, fills, bottlings, categoryRows] = await Promise.all([
    ports.saleFacts(db, ids),
    ports.fillLevelOf(ids),
    ports.bottlingOf(ids),
    ports.categoryNames(db),
  ]);
  const categories = new Map(categoryRows.map((row) => [row.id, row]));
  const rows = valid.flatMap((sale) => {
    const fact = facts.get(sale.productId);
    if (!fact) return [];
    return [
      {
        productId: sale.productId,
        kind: sale.kind,
        categoryId: fact.categoryId,
        bottlingId: bottlings.get(sale.productId) ?? null,
        nameCs: fact.nameCs,
        nameEn: fact.nameEn,
        pathCs: fact.paths.cs,
        pathEn: fact.paths.en,
        priceMinor: sale.priceMinor,
        soldAt: sale.at,
        fillLevel: fills.get(sale.productId) ?? null,
        searchText: resultSearchText(fact, categories),
      },
    ];
  });
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(saleResults)
    .values(rows)
    .onConflictDoNothing({ target: [saleResults.productId, saleResults.kind] })
    .returning({ id: saleResults.id });
  return inserted.length;
}
