/**
 * The bottlings module's public face (issue 37, items 3 and 6; ADR 0091): the canonical record of
 * one product, a listing's link to it, its public page, the back office's merge and edit, and
 * watching a bottling. Its tables `bottlings`, `bottling_links`, `bottling_watches` and
 * `bottling_digests` stay inside; what it needs of listings, attributes and results comes through
 * the ports of ports.ts (server/wiring/bottlings.ts).
 *
 *   page(id, locale) -> { kind: "page", page } | { kind: "moved", id, slug } | null
 *   list({ q, page, locale }) -> { items, total, page }
 *   candidatesFor(userId, productId, locale) -> ok({ candidates, linkedId }) | err(LinkRefusal)
 *   link(userId, productId, bottlingId) / createFromListing(userId, productId) -> ok({ bottlingId })
 *   watch / unwatch / isWatching / watchesOf
 *   announcePending() / sendWeeklyDigests()   (jobs.ts)
 *   admin: list, detail, merge(actor, fromId, intoId), edit(actor, id, { names, attributes })
 */
export { isoWeek } from "./digest.ts";
export { BOTTLING_ANNOUNCE_QUEUE, BOTTLING_DIGEST_QUEUE, registerBottlingJobs } from "./jobs.ts";
export type { BottlingPage, BottlingPageAnswer } from "./page.ts";
export type { BottlingsPorts, ListingFact } from "./ports.ts";
/** Pure: a bottling's clean attributes and derived columns, for the bulk seed (server/db/seed/bulk-collector.ts). */
export { cleanAttributes, derivedColumns } from "./records.ts";
export { type BottlingsService, type BottlingsServiceDeps, createBottlingsService } from "./service.ts";
