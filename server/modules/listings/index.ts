/*
 * The listing's operations for other modules (the catalogue, the read side and the photos are
 * their own modules: ADR 0071). Each takes the caller's transaction (or database)
 * first and runs inside it: a payment's release commits with the paid order, a close with its
 * notices. The products table stays the listings module's own.
 *
 * Status moves (transitions.ts): each locks the row, checks the move against the lifecycle
 * (core/lifecycles/listing.ts), writes it and records it in product_status_changes.
 *   createListing(tx, values, { actorId, reason, at? }) -> id      a new listing in an initial status
 *   releaseAfterPayment(tx, id, at) -> Release | null              awaiting_payment -> scheduled | active (fee paid)
 *   activate(tx, id, at) -> Activation                             scheduled -> active at its date
 *   closeAuction(tx, id, { leader, at }) -> AuctionOutcome | null  active -> sold | ended (core/lifecycles/auction.ts)
 *   buyNow(tx, id, { buyerId, priceMinor, at })                    active auction -> sold (buy it now)
 *   markSold(tx, id, buyerId, { actorId, at })                     active classified -> sold
 *   sellThroughDeal(tx, id, buyerId, at) -> boolean                active classified -> sold (its deal paid)
 *   cancel(tx, id, { actorId, reason, at })                        -> cancelled
 *   expire(tx, ids, at) -> ids                                     awaiting_payment -> expired
 *   reject(tx, id, reason, { actorId, at }?) -> previous status     -> rejected (moderation)
 *   approve(tx, id, feeDue, { actorId, at })                       in_review -> awaiting_payment | scheduled | active
 *   reinstate(tx, id, to, { actorId, at })                         rejected -> its earlier status (a reversed complaint)
 *   cancelForDeletedAccount(tx, sellerId, at) -> ids               the seller's unfinished listings -> cancelled
 *
 * The auction's columns on the row (auction-rows.ts), no status written: the bidding module holds
 * the lock of `lockAuction` for every change it makes.
 *   lockAuction(tx, id) / readAuction(db, id) -> AuctionRow | null (null: no such auction)
 *   recordLeadingBid(tx, id, LeadingBid), extendAuctionEnd(tx, id, endsAt, at?),
 *   markEndingNoticeSent(tx, ids, at), overdueAuctionIds(db, now, limit?),
 *   auctionsEndingSoonIds(db, now, withinMs, limit?), dueActivationIds(db, now, limit?),
 *   runningAuctionsOf(db, userId) -> { selling, leading }
 * The monthly round's close slots (round-slots.ts): lockUnslottedLots(tx, round), setCloseSlot.
 * And for payments: lockListing(tx, id) (the row lock "pay" queues on), promote(tx, id, days, at).
 *
 * The shop's stock (stock.ts), no status written:
 *   shopProductsForCart(db, ids, locale) -> ShopProduct[]        the cart's products, prices and stock now
 *   reserveStock(tx, lines) -> StockReservation                  takes the pieces at the prices seen, or says why not
 *   releaseStock(tx, lines)                                      gives an unpaid order's pieces back
 */

export { createListingAdmin, type ListingAdmin } from "./admin/service.ts";
export type { AttributesSubject, ListingAttributesHook } from "./attributes-hook.ts";
export {
  type AuctionRow,
  auctionsEndingSoonIds,
  dueActivationIds,
  extendAuctionEnd,
  type LeadingBid,
  lockAuction,
  lockListing,
  markEndingNoticeSent,
  overdueAuctionIds,
  promote,
  readAuction,
  recordLeadingBid,
  runningAuctionsOf,
} from "./auction-rows.ts";
export { catalogProducts } from "./catalog-products.ts";
export type { SellerGate, ShopProduct, StockLine, StockProblem, StockReservation } from "./contracts.ts";
export { coverImage } from "./cover-image.ts";
export { createDiagnosticsListing } from "./diagnostics-auction.ts";
export type { EvidenceSubject, ListingEvidenceHook } from "./evidence-hook.ts";
export { registerListingJobs } from "./jobs.ts";
export { fillMissingLeaders } from "./leader-backfill.ts";
export {
  createListingModeration,
  type ListingModeration,
  type ListingScheduler,
} from "./moderation.ts";
export { maskUsername, pick, productPaths, SITEMAP_PRODUCT_STATUSES } from "./paths.ts";
export { createListingsPersonalData } from "./personal-data.ts";
export { lockUnslottedLots, type RoundLot, setCloseSlot } from "./round-slots.ts";
export { refreshSearchText } from "./search/search-index.ts";
export { createListingsService, type MyListing } from "./service.ts";
export { releaseStock, reserveStock, shopProductsForCart } from "./stock.ts";
export {
  type Activation,
  activate,
  buyNow,
  cancel,
  cancelForDeletedAccount,
  closeAuction,
  createListing,
  expire,
  markSold,
  type NewListing,
  type Release,
  reject,
  releaseAfterPayment,
  type StatusChange,
  sellThroughDeal,
} from "./transitions.ts";
