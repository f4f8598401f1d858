import type { PricePoint } from "#core/contracts/bottlings.ts";
import type { Locale } from "#core/i18n/index.ts";
import type { ResultsQuery } from "#core/schemas/results.ts";
import type { Db } from "#server/db/client.ts";
import { databaseKey } from "#server/db/database-key.ts";
import type { JobRunner } from "#server/jobs/runner.ts";
import { type Cache, caches, keptOrRead, PUBLIC_FROM_JOB_TAG } from "#server/lib/cache.ts";
import { archivePage } from "./archive.ts";
import { mergeBottlings, pricePoints, relink, resultsOf } from "./bottlings.ts";
import type { Sale, SaleResultsPorts } from "./contracts.ts";
import { forgetIndexLevels, indexCategories, indexLevels } from "./index-levels.ts";
import { RECORD_QUEUE } from "./jobs.ts";
import { freezeIndexMonths } from "./price-index-job.ts";
import { recordSales } from "./record.ts";
import { sweepSales } from "./sweep.ts";

/**
 * The bottlings' charts (ADR 0144): every result of a bottling by month, 1.3 ms of PostgreSQL for
 * the 1 561 results of the largest at 1 000 000 listings, on every view of its page. A chart
 * changes only when its results do: recorded, relinked or merged, each of which calls the
 * service's `shown`, which clears the charts here and on every instance; an hour at most all the
 * same. Per database (tests open several in one process).
 */
let charts: Cache<string, Promise<PricePoint[]>> | undefined;
const keptPoints = () =>
  (charts ??= caches.create<string, Promise<PricePoint[]>>({
    name: "sale-results.price-points",
    tags: [PUBLIC_FROM_JOB_TAG],
    maxEntries: 5_000,
    ttlMs: 60 * 60_000,
  }));

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
    sweep: async (signal?: AbortSignal) => shown(await sweepSales(db, ports, signal)),
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
    pricePoints: (bottlingId: number) =>
      keptOrRead(keptPoints(), `${databaseKey(db)}\n${bottlingId}`, () => pricePoints(db, bottlingId)),
    relink: async (productIds: readonly number[], bottlingId: number | null) =>
      shown(await relink(db, productIds, bottlingId)),
    mergeBottlings: async (fromId: number, intoId: number) => shown(await mergeBottlings(db, fromId, intoId)),
  };
}

export type SaleResultsService = ReturnType<typeof createSaleResultsService>;
