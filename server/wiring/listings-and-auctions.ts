import type { Locale } from "#core/i18n/index.ts";
import type { Db } from "#server/db/client.ts";
import { genericPlans } from "#server/db/prepared-client.ts";
import {
  type AuctionSoldHook,
  createBiddingService,
  registerBiddingJobs,
  scheduleBiddingSweep,
  visibleBidsOf,
} from "#server/modules/bidding/index.ts";
import type { ListingAttributesService } from "#server/modules/listing-attributes/index.ts";
import { createListingEvidenceService } from "#server/modules/listing-evidence/index.ts";
import { createListingImageStore } from "#server/modules/listing-photos/index.ts";
import {
  type CatalogService,
  contactItems,
  contactTarget,
  createProductDetailService,
  submittedListingCount,
} from "#server/modules/listing-reads/index.ts";
import { createListingsService, registerListingJobs } from "#server/modules/listings/index.ts";
import { createUploadLimiter } from "#server/modules/media/index.ts";
import type { MessagesService, Notifier } from "#server/modules/messages/index.ts";
import type { SettingsService } from "#server/modules/settings/index.ts";
import type { TrustBadgeSources } from "#server/modules/trust-badges/index.ts";
import { createListingQuotaService } from "#server/modules/users/index.ts";
import type { Base } from "./base.ts";
import { pagePeople } from "./page-people.ts";
import { wireTraders } from "./traders.ts";
import { wireTrust } from "./trust.ts";

/** What the listings and the auctions are wired with, from the areas wired before them. */
type ListingsAndAuctionsNeeds = {
  settings: SettingsService;
  catalog: CatalogService;
  notifier: Notifier;
  messages: MessagesService;
  /** The deals' hook on a sold auction (server/wiring/deals.ts). */
  onAuctionSold: AuctionSoldHook;
  /** The deals' strikes: two unpaid wins in 12 months suspend bidding (server/wiring/deals.ts). */
  biddingSuspended: (userId: number) => Promise<boolean>;
  /** The age checks' dates and methods for the badges (server/modules/age-check). */
  ageVerifications: TrustBadgeSources["ageVerifications"];
  /** The age check: an account that has not proved being 18+ may not bid (server/wiring/age-check.ts). */
  ageVerified?: (userId: number) => Promise<boolean>;
  /** A live deal through the site holds a listing ("Koupit"; server/wiring/deals.ts). */
  dealHolds?: (tx: Db, productId: number) => Promise<boolean>;
  /** The winner's deal of a sold auction, for their standing (server/wiring/deals.ts). */
  winnerDeal?: (productId: number, userId: number) => Promise<number | null>;
  /** Structured attributes per category (issue 37; wiring/collector-data.ts): the listings' hook. */
  listingAttributes: ListingAttributesService;
};

/**
 * The product page, auctions (bids under a row lock, their jobs (close, sweep, activation,
 * outbid notices) and the live stream: server/modules/bidding) and the users' listings (add,
 * edit, cancel, relist, whose jobs the bidding module schedules: server/modules/listings).
 */
/** The product page and the auctions (bids under a row lock, their jobs), for the listings to schedule. */
function wireProductPagesAndBidding(
  { db, jobs, mail, config, logger }: Base,
  {
    settings,
    notifier,
    onAuctionSold,
    biddingSuspended,
    ageVerified,
    winnerDeal,
    catalog,
  }: ListingsAndAuctionsNeeds,
  listingAttributes: ListingAttributesService,
) {
  // The product page shows the auction's bids, the seller's and bidders' accounts and the seller's
  // rating: the bidding, users and reviews modules answer them (server/modules/listing-reads/detail).
  // Lookups by key, each with one generic plan for every product (ADR 0050, genericPlans).
  const lookups = genericPlans(db);
  const productPages = createProductDetailService(db, settings, {
    bidsOf: (productId) => visibleBidsOf(lookups, productId),
    people: (ids, ratedId) => pagePeople(lookups, ids, ratedId),
    attributes: (productId, categoryId, locale) => listingAttributes.rowsOf(productId, categoryId, locale),
    categoryRows: () => catalog.activeCategoryRows(),
  });
  const listingQuota = createListingQuotaService(db, { submittedListings: submittedListingCount });
  const bidding = createBiddingService({
    db,
    jobs,
    mail,
    config,
    settings,
    notifier,
    logger,
    onAuctionSold,
    biddingSuspended,
    ageVerified,
    winnerDeal,
  });
  registerBiddingJobs(jobs, bidding, logger, {
    afterClose: crashAfterCloses(config.crashAfterAuctionCloses),
  });
  void scheduleBiddingSweep(jobs).catch((err) =>
    logger.error({ err }, "could not schedule the auction sweep"),
  );
  return { productPages, listingQuota, bidding };
}

export function wireListingsAndAuctions(base: Base, needs: ListingsAndAuctionsNeeds) {
  const { db, jobs, logger } = base;
  const { settings, catalog, notifier, messages, dealHolds } = needs;
  // The sellers' declarations (issue 36, item 2), which the badges and the listings' gate read.
  const traders = wireTraders(base, notifier);
  const trust = wireTrust(base, { traders, ageVerifications: needs.ageVerifications });
  // A spirit's evidence of authenticity: checked and saved by the listings' submission (its hook).
  const listingEvidence = createListingEvidenceService({ db, settings });
  const { listingAttributes } = needs;
  const { productPages, listingQuota, bidding } = wireProductPagesAndBidding(base, needs, listingAttributes);
  const listingImages = createListingImageStore(base.storage);
  // Image uploads per user (listing photos and avatars together): media/uploads.ts.
  const uploads = createUploadLimiter();
  const listingsService = createListingsService({
    db,
    uploads,
    settings,
    quota: listingQuota,
    scheduler: bidding,
    catalog,
    conversations: messages,
    notifier,
    images: listingImages,
    variants: base.imageVariants,
    logger,
    dealHolds,
    evidence: listingEvidence.hook,
    attributes: listingAttributes.hook,
    // Publishing waits for the seller's declaration (server/modules/traders; issue 36, item 2).
    sellerGate: (sellerId) => traders.publishRefusal(sellerId),
  });
  // The listings' service with the read side's "write to the seller" reads (ADR 0071's direction).
  const listings = {
    ...listingsService,
    contactTarget: (userId: number, productId: number, locale: Locale) =>
      contactTarget(db, userId, productId, locale),
    contactItems: (sellerId: number, locale: Locale, limit?: number) =>
      contactItems(db, sellerId, locale, limit),
    /** A listing's evidence of authenticity (server/modules/listing-evidence): the form's rules, the gallery. */
    evidence: listingEvidence,
    /** Structured attributes per category (server/modules/listing-attributes): the form, the table, the batch read. */
    attributes: listingAttributes,
  };
  void registerListingJobs(jobs, listingImages, listings, logger).catch((err) =>
    logger.error({ err }, "could not schedule the nightly listing sweep"),
  );
  return { productPages, listingQuota, bidding, listings, uploads, traders, ...trust };
}

/**
 * The crash test's fail point (TEST_CRASH_AFTER_AUCTION_CLOSES, NODE_ENV=test only): the process
 * kills itself right after its Nth auction close has committed, while the other close jobs are in
 * flight, so the test crashes mid-round however fast or slow the machine is.
 */
function crashAfterCloses(count: number | undefined): (() => void) | undefined {
  if (count === undefined) return undefined;
  let closed = 0;
  return () => {
    closed += 1;
    if (closed >= count) process.kill(process.pid, "SIGKILL");
  };
}
