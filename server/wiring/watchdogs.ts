import { categorySummaries } from "#server/modules/catalog/index.ts";
import {
  type CatalogService,
  productSummaries,
  productsInStock,
  suppliesLiveBetween,
} from "#server/modules/listing-reads/index.ts";
import type { Notifier } from "#server/modules/messages/index.ts";
import { recipientsOf } from "#server/modules/users/index.ts";
import { createWatchdogService, registerWatchdogJobs } from "#server/modules/watchdog/index.ts";
import type { Base } from "./base.ts";

/** Watchdogs (server/modules/watchdog): users told of new listings and of products back in stock. */
export function wireWatchdogs(
  { db, jobs, logger }: Base,
  { notifier, catalog }: { notifier: Notifier; catalog: CatalogService },
) {
  const watchdogs = createWatchdogService({
    db,
    notifier,
    catalog,
    reads: { productSummaries, productsInStock, suppliesLiveBetween, categorySummaries, recipientsOf },
    logger,
  });
  void registerWatchdogJobs(jobs, watchdogs, logger).catch((err) =>
    logger.error({ err }, "could not schedule the watchdog jobs"),
  );
  return watchdogs;
}
