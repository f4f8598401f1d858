import type { Locale } from "#core/i18n/index.ts";
import type { ResultsQuery } from "#core/schemas/results.ts";
import type { Db } from "#server/db/client.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import { caches, PUBLIC_FROM_JOB_TAG } from "#server/lib/cache.ts";
import { archivePage } from "./archive.ts";
import { mergeBottlings, pricePoints, relink, resultsOf } from "./bottlings.ts";
import type { Sale, SaleResultsPorts } from "./contracts.ts";
import { forgetIndexLevels, indexCategories, indexLevels } from "./index-levels.ts";
import { RECORD_QUEUE } from "./jobs.ts";
import { freezeIndexMonths } from "./price-index-job.ts";
import { recordSales } from "./record.ts";
import { sweepSales } from "./sweep.ts";

export type SaleResultsDeps = {
  db: Db;
  /** The archive's pages read here: a replica's reads, a second stale (ADR 0099); else `db`. */
  readDb?: Db;
  jobs: JobRunner;
  ports: SaleResultsPorts;
};

/**
 * The archive of results and the price index (issue 37, items 4 and 5; ADR 0092): recording
 * (a sold auction's job from the close's transaction, the sweep of sold auctions and completed
 * deals, which is also the backfill), the archive's pages, the frozen index, and the bottlings'
 * reads and moves.
 */
export function createSaleResultsService({ db, readDb = db, jobs, ports }: SaleResultsDeps) {
  /**
   * New results and frozen months show on public pages kept for anonymous visitors (the archive,
   * a bottling's results and chart, the price index; ADR 0027): they are recorded by jobs, after
   * the write or the auction's close that cleared those copies, so they clear them again, here and
   * on every instance (PUBLIC_FROM_JOB_TAG, sent by server/wiring/cache-invalidations.ts).
   */
  const shown = (added: number): number => {
    if (added > 0) caches.invalidate({ tag: PUBLIC_FROM_JOB_TAG });
    return added;
  };
  return {
    /**
     * The close's hook (in its transaction): the sale is recorded by a job created only if the
     * close commits, right after it (the ports read with the database, not the close's lock).
     */
    async auctionSold(tx: Db, sale: { productId: number; priceMinor: number; at: Date }): Promise<void> {
      const data: Sale = {
        productId: sale.productId,
        kind: "auction",
        priceMinor: sale.priceMinor,
        at: sale.at,
      };
      await jobs.send(RECORD_QUEUE, { ...data, at: sale.at.toISOString() }, { tx });
    },
    record: async (sales: Sale[]) => shown(await recordSales(db, ports, sales)),
    sweep: async () => shown(await sweepSales(db, ports)),
    archive: (query: ResultsQuery, options: Parameters<typeof archivePage>[2]) =>
      archivePage(readDb, query, options),
    /**
     * Freezes the closed months not frozen yet; a freeze that added months drops the kept levels
     * (index-levels.ts) and the kept public pages on every instance.
     */
    async freezeIndex(now = new Date()): Promise<number> {
      const frozen = await freezeIndexMonths(db, ports, now);
      if (frozen > 0) forgetIndexLevels();
      return shown(frozen);
    },
    /** A scope's frozen months, oldest first (null: the whole market); kept in memory until the next freeze. */
    indexLevels: (categoryId: number | null) => indexLevels(db, categoryId),
    /** The categories that have an index (kept the same way). */
    indexCategories: () => indexCategories(db),
    resultsOf: (
      bottlingId: number,
      options: { limit?: number; locale?: Locale; since?: Date; before?: number } = {},
    ) => resultsOf(db, bottlingId, options),
    pricePoints: (bottlingId: number) => pricePoints(db, bottlingId),
    relink: (productIds: readonly number[], bottlingId: number | null) => relink(db, productIds, bottlingId),
    mergeBottlings: (fromId: number, intoId: number) => mergeBottlings(db, fromId, intoId),
  };
}

export type SaleResultsService = ReturnType<typeof createSaleResultsService>;
