/**
 * The archive of results and the price index (issue 37, items 4 and 5; ADR 0092;
 * docs/product/results.md, docs/product/price-index.md). It owns `sale_results` (one row per sold
 * auction or completed deal: price, date, fill level, bottling, what the archive searches; never a
 * seller or a buyer), `sale_result_cursors` (where the sweep has got to) and `price_index_levels`
 * (the frozen months). Its ports (contracts.ts) are wired in server/wiring/sale-results.ts.
 *
 *   auctionSold(tx, sale)                     the close's hook: a job records the result after the commit
 *   record(sales) -> new rows                 idempotent (one per listing and kind)
 *   sweep() -> new rows                       sold auctions and completed deals after the cursors (backfill)
 *   freezeIndex(now?) -> months frozen        the closed months not frozen yet, per scope
 *   archive(query, { locale, categoryIds })   one page of /vysledky
 *   indexLevels(categoryId | null), indexCategories()
 *   for the bottlings: resultsOf(bottlingId, { limit, before }), pricePoints(bottlingId) (monthly),
 *   relink(productIds, bottlingId), mergeBottlings(fromId, intoId)
 */
export { ARCHIVE_PAGE_SIZE, type ArchivePage, COUNT_CAP } from "./archive.ts";
export type {
  BottlingOf,
  CategoryNamesOf,
  CompletedDealsAfter,
  FillLevelOf,
  Sale,
  SaleFactsOf,
  SaleResultsPorts,
  SoldAuctionsAfter,
} from "./contracts.ts";
export { INDEX_QUEUE, RECORD_QUEUE, registerSaleResultsJobs, SWEEP_QUEUE } from "./jobs.ts";
/** The index job's month computation and the archive's search text, for the bulk seed (server/db/seed/bulk-results.ts). */
export { freezeIndexMonths } from "./price-index-job.ts";
export { resultSearchText } from "./record.ts";
export { createSaleResultsService, type SaleResultsService } from "./service.ts";
