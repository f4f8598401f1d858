import type { AttributeValues } from "#core/contracts/bottlings.ts";
import type { Locale } from "#core/i18n/index.ts";
import { localePath } from "#core/i18n/paths.ts";
import type { Db } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import type { AuditActor, RecordAudit } from "../admin/index.ts";
import type { Notifier } from "../messages/index.ts";
import { editBottling, mergeInto } from "./admin.ts";
import { announceListings } from "./announce.ts";
import { sendWeeklyDigests } from "./digest.ts";
import { bottlingsOf, candidatesFor, createFromListing, linkListing, linkOf } from "./links.ts";
import { bottlingList, bottlingPage } from "./page.ts";
import type { BottlingsContext, BottlingsPorts } from "./ports.ts";
import {
  bottlingRecord,
  linkedProductIds,
  sitemapBottlingStats,
  sitemapBottlings,
  suggestRecords,
  toView,
  watcherCounts,
} from "./records.ts";
import { isWatching, unwatch, watch, watchesOf } from "./watches.ts";

export type BottlingsServiceDeps = {
  db: Db;
  ports: BottlingsPorts;
  notifier: Pick<Notifier, "notify">;
  recordAudit: RecordAudit;
  now?: () => Date;
  logger?: Pick<Logger, "info" | "warn" | "error">;
};

/**
 * Bottlings (issue 37, items 3 and 6; ADR 0091): the canonical records, a listing's link to one,
 * the public page and list, the back office's merge and edit, watching and its notices. Answers in
 * codes (core/result.ts).
 */
export function createBottlingsService({
  db,
  ports,
  notifier,
  recordAudit,
  now = () => new Date(),
  logger,
}: BottlingsServiceDeps) {
  const ctx: BottlingsContext = { db, ports, notifier, recordAudit, now, logger };
  return {
    page: (id: number, locale: Locale, before?: number) => bottlingPage(ctx, id, locale, before),
    list: (query: { q?: string; page?: number; locale: Locale }) => bottlingList(ctx, query),
    /** The search box's few bottlings for the words typed: name, page and brand (issue 37). */
    suggest: async (q: string, locale: Locale, limit = 3) =>
      (await suggestRecords(db, q, limit)).map((record) => {
        const view = toView(record, locale);
        return {
          id: view.id,
          name: view.name,
          url: localePath("bottling", locale, { ref: `${view.id}-${view.slug}` }),
          context: view.brandName,
        };
      }),
    /** The bottling a listing is linked to, or null. */
    linkOf: (productId: number) => linkOf(db, productId),
    /** The bottlings of listings by product id (the archive of results' `bottlingOf`). */
    bottlingsOf: (productIds: readonly number[]) => bottlingsOf(db, productIds),
    /** "Je to tato láhev?": up to five proposals for the seller's own listing. */
    candidatesFor: (userId: number, productId: number, locale: Locale) =>
      candidatesFor(ctx, userId, productId, locale),
    link: (userId: number, productId: number, bottlingId: number) =>
      linkListing(ctx, userId, productId, bottlingId),
    createFromListing: (userId: number, productId: number) => createFromListing(ctx, userId, productId),
    watch: (userId: number, bottlingId: number) => watch(db, userId, bottlingId),
    unwatch: (userId: number, bottlingId: number) => unwatch(db, userId, bottlingId),
    isWatching: (userId: number, bottlingId: number) => isWatching(db, userId, bottlingId),
    watchesOf: (userId: number, locale: Locale) => watchesOf(db, userId, locale),
    /** The sitemap's active bottlings: their count and latest change, and a page of them by id. */
    sitemapStats: () => sitemapBottlingStats(db),
    sitemapEntries: (page: { offset: number; limit: number }) => sitemapBottlings(db, page),
    /** The minute's sweep: watchers told of linked listings that went live. */
    announcePending: () => announceListings(ctx),
    sendWeeklyDigests: () => sendWeeklyDigests(ctx),
    admin: {
      list: (query: { q?: string; page?: number; locale: Locale; merged?: boolean }) =>
        bottlingList(ctx, { ...query, statuses: query.merged ? ["active", "merged"] : ["active"] }),
      detail: async (id: number, locale: Locale) => {
        const record = await bottlingRecord(db, id);
        if (!record) return null;
        const watchers = await watcherCounts(db, [id]);
        const productIds = await linkedProductIds(db, id, 50);
        const listings = (await ports.listingCards(productIds, locale, false)).cards;
        return { bottling: toView(record, locale, watchers.get(id)), listings };
      },
      merge: (actor: AuditActor, fromId: number, intoId: number) => mergeInto(ctx, actor, fromId, intoId),
      edit: (
        actor: AuditActor,
        id: number,
        edit: { nameCs: string; nameEn: string | null; attributes: AttributeValues },
      ) => editBottling(ctx, actor, id, edit),
    },
  };
}

export type BottlingsService = ReturnType<typeof createBottlingsService>;
