import type { AuctionSoldHook } from "#server/modules/bidding/index.ts";
import { allCategoryNames } from "#server/modules/catalog/index.ts";
import { completedDealsAfter } from "#server/modules/deals/index.ts";
import { fillLevelsOf } from "#server/modules/listing-evidence/index.ts";
import { saleFacts, soldAuctionsAfter } from "#server/modules/listing-reads/index.ts";
import {
  type BottlingOf,
  createSaleResultsService,
  type FillLevelOf,
  registerSaleResultsJobs,
} from "#server/modules/sale-results/index.ts";
import type { Base } from "./base.ts";

/**
 * The archive of results and the price index (server/modules/sale-results, issue 37; ADR 0092):
 * a listing's facts and the sold auctions from the listings' read side, the completed deals from
 * the deals, the fill level from the listing's evidence, the bottling from the bottlings module
 * (`bottlingOf`; none until it is wired: every result then has no bottling, and the bottlings'
 * `relink` fills them in). The close's hook on a sold auction is composed with the deals' one
 * (`withResults`), so the result's job is created in the close's transaction.
 */
export function wireSaleResults(
  { db, jobs, logger, database }: Pick<Base, "db" | "jobs" | "logger"> & Partial<Pick<Base, "database">>,
  options: { bottlingOf?: BottlingOf; fillLevelOf?: FillLevelOf } = {},
) {
  const saleResults = createSaleResultsService({
    db,
    // The archive's pages may read a replica (ADR 0099); recording and the index read the primary.
    readDb: database?.readDb,
    jobs,
    ports: {
      bottlingOf: options.bottlingOf ?? (async () => new Map()),
      fillLevelOf: options.fillLevelOf ?? ((ids) => fillLevelsOf(db, ids)),
      saleFacts,
      categoryNames: allCategoryNames,
      soldAuctionsAfter,
      completedDealsAfter,
    },
  });
  void registerSaleResultsJobs(jobs, saleResults, logger).catch((err) =>
    logger.error({ err }, "could not register the results' jobs"),
  );
  /** A sold auction's hook that records its result too, before handing on to `next` (the deals'). */
  const withResults =
    (next: AuctionSoldHook): AuctionSoldHook =>
    async (tx, sale) => {
      await saleResults.auctionSold(tx, sale);
      return next(tx, sale);
    };
  return { saleResults, withResults };
}
