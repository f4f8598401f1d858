import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import type { CatalogService } from "../listing-reads/index.ts";
import type { Notifier } from "../messages/index.ts";
import { deliverPending } from "./deliver.ts";
import { createWatchdogFeeds } from "./feeds.ts";
import { listWatchdogs } from "./list.ts";
import type { WatchdogReads } from "./ports.ts";
import { createWatchdogSettings } from "./settings.ts";
import { findNewProducts, findRestocks } from "./sweep.ts";
import type { WatchdogDelivery } from "./tables.ts";

/**
 * Stock watchdogs (issue 7; docs/product/messages-and-reviews.md, "Watchdogs (hlídací pes)"): a
 * signed-in user asks to be told when a sold-out shop product is back in stock, or when a new
 * product appears in a category or matches a search; told at once or in a daily digest, as a system
 * message and an e-mail (the notifier).
 *
 * A sweep every minute finds what is new (sweep.ts): a product watchdog fires once when its product
 * is active with stock again (and re-arms when it sells out); category and search watchdogs look at
 * the products that went live since their cursor (with a few minutes' overlap, so a listing whose
 * transaction committed late is still seen) through the catalogue's own category tree and search.
 * Each find is a hit row keyed by watchdog and product, so overlapping sweeps tell a product once.
 * Immediate watchdogs deliver their hits in the same sweep; daily ones at 8:00 Prague time
 * (deliver.ts, jobs.ts).
 */
export function createWatchdogService(deps: {
  db: Db;
  notifier: Pick<Notifier, "notify">;
  catalog: Pick<CatalogService, "listProducts">;
  /** The listings' and the users' reads (server/services.ts). */
  reads: WatchdogReads;
  logger?: Pick<Logger, "info" | "warn" | "error">;
}) {
  const { db, reads } = deps;
  const service = {
    /** The user's watchdogs, newest first, described in the requested language. */
    list: (userId: number, locale: Locale) => listWatchdogs(db, reads, userId, locale),
    ...createWatchdogSettings({ db, reads }),
    /** A search watchdog's public feed: its token's words, the user's tokens, a reset (feeds.ts). */
    ...createWatchdogFeeds(db),

    /**
     * The minute's sweep: finds what is new for every watchdog, then delivers the immediate ones.
     * Returns how many notices went out.
     */
    async sweep(now = new Date()): Promise<number> {
      await findRestocks(deps, now);
      await findNewProducts(deps, now);
      return service.deliverPending("immediate", now);
    },

    /** Delivers the waiting hits of every watchdog with this delivery (the sweep; the daily digest). */
    deliverPending: (delivery: WatchdogDelivery, now = new Date()) => deliverPending(deps, delivery, now),
  };
  return service;
}

export type WatchdogService = ReturnType<typeof createWatchdogService>;
