import type { BottlingResults } from "#core/contracts/bottlings.ts";
import type { CatalogService } from "#server/modules/listing-reads/index.ts";
import type { Notifier } from "#server/modules/messages/index.ts";
import type { Base } from "./base.ts";
import { wireBottlings } from "./bottlings.ts";
import { wireSaleResults } from "./sale-results.ts";

/**
 * Issue 37's collector data, wired to each other: the archive of results learns a result's
 * bottling from the bottlings (`bottlingOf`), and hears of links and merges (`reports`); the
 * bottlings' page and weekly digest read a bottling's results from the archive. Each side reaches
 * the other through a closure, so neither module imports the other.
 */
export function wireCollectorData(
  base: Base,
  { notifier, catalog }: { notifier: Notifier; catalog: CatalogService },
) {
  const { saleResults, withResults } = wireSaleResults(base, {
    bottlingOf: (productIds) => bottlings.bottlingsOf(productIds),
  });
  const results: BottlingResults = {
    resultsOf: async (bottlingId, options) =>
      (await saleResults.resultsOf(bottlingId, options)).map((row) => ({
        productId: row.productId,
        priceMinor: row.priceMinor,
        date: row.soldAt,
        fillLevel: row.fillLevel,
        kind: row.kind,
      })),
    pricePoints: (bottlingId) => saleResults.pricePoints(bottlingId),
  };
  const bottlings = wireBottlings(base, {
    notifier,
    catalog,
    ports: {
      results,
      reports: {
        linked: async (productIds, bottlingId) => void (await saleResults.relink(productIds, bottlingId)),
        merged: async (fromId, intoId) => void (await saleResults.mergeBottlings(fromId, intoId)),
      },
    },
  });
  return { saleResults, withResults, bottlings };
}
