import type { BottlingResults, DescribeAttributes } from "#core/contracts/bottlings.ts";
import { createListingAttributesService } from "#server/modules/listing-attributes/index.ts";
import { fillLevelRowsSql } from "#server/modules/listing-evidence/index.ts";
import type { CatalogService } from "#server/modules/listing-reads/index.ts";
import type { Notifier } from "#server/modules/messages/index.ts";
import type { Base } from "./base.ts";
import { wireBottlings } from "./bottlings.ts";
import { wireSaleResults } from "./sale-results.ts";

/**
 * Issue 37's collector data, wired to each other. The structured attributes (checked and saved by
 * the listings through their hook; the fill level among them the evidence's one, never a second
 * copy, ADR 0090) give the bottlings a listing's values to match and a bottling's labels. The
 * archive of results learns a result's
 * bottling from the bottlings (`bottlingOf`), and hears of links and merges (`reports`); the
 * bottlings' page and weekly digest read a bottling's results from the archive. Each side reaches
 * the other through a closure, so neither module imports the other. The catalogue's search box
 * suggests bottlings too (`catalog`: its autocomplete with the bottlings' `suggest`).
 */
export function wireCollectorData(
  base: Base,
  { notifier, catalog }: { notifier: Notifier; catalog: CatalogService },
) {
  const listingAttributes = createListingAttributesService({
    db: base.db,
    fillLevels: fillLevelRowsSql,
  });
  const describeAttributes: DescribeAttributes = async (values, locale, categoryId) =>
    (await listingAttributes.describe(categoryId, values, locale)).map((row) => ({
      key: row.key,
      label: row.label,
      value: row.text,
    }));
  const { saleResults, withResults } = wireSaleResults(base, {
    bottlingOf: (productIds) => bottlings.bottlingsOf(productIds),
  });
  const results: BottlingResults = {
    resultsOf: async (bottlingId, options) =>
      (await saleResults.resultsOf(bottlingId, options)).map((row) => ({
        id: row.id,
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
      listingAttributes: (productIds) => listingAttributes.attributeValuesOf([...productIds]),
      describeAttributes,
      results,
      reports: {
        linked: async (productIds, bottlingId) => void (await saleResults.relink(productIds, bottlingId)),
        merged: async (fromId, intoId) => void (await saleResults.mergeBottlings(fromId, intoId)),
      },
    },
  });
  // The search box suggests bottlings beside the listings and categories (docs/product/bottlings.md).
  const catalogWithBottlings: CatalogService = {
    ...catalog,
    autocomplete: async (q, locale) => {
      const [found, suggested] = await Promise.all([
        catalog.autocomplete(q, locale),
        bottlings.suggest(q, locale),
      ]);
      return suggested.length > 0 ? { ...found, bottlings: suggested } : found;
    },
  };
  return {
    listingAttributes,
    withResults,
    catalog: catalogWithBottlings,
    services: { saleResults, bottlings },
  };
}
