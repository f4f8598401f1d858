import type { AgeProofProvider } from "#core/contracts/age-proof.ts";
import type { MarketplacePayments } from "#core/contracts/marketplace-payments.ts";
import type { MailTransport } from "./adapters/mail.ts";
import type { SmsSender } from "./adapters/sms.ts";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import { createJobRunner, type JobRunner } from "./jobs/runner.ts";
import type { ObjectStorage } from "./lib/object-storage.ts";
import type { Logger } from "./logger.ts";
import { createCatalogAdmin } from "./modules/catalog/index.ts";
import type { DealTermsSource } from "./modules/deals/index.ts";
import { createListingAdminReads } from "./modules/listing-admin-reads/index.ts";
import { createTermsIndex } from "./modules/listing-attributes/index.ts";
import { createCatalogService } from "./modules/listing-reads/index.ts";
import { catalogProducts, createListingAdmin, refreshSearchText } from "./modules/listings/index.ts";
import { createSettingsService } from "./modules/settings/index.ts";
import { wireAccountPages, wireAccounts } from "./wiring/accounts.ts";
import { wireAgeCheck, withAgeGates } from "./wiring/age-check.ts";
import { type Base, databaseHealth, filesOf, wireAdapters } from "./wiring/base.ts";
import { wireCollectorData } from "./wiring/collector-data.ts";
import { wireContent } from "./wiring/content.ts";
import { wireDashboard } from "./wiring/dashboard.ts";
import { wireDeals } from "./wiring/deals.ts";
import { wireListingsAndAuctions } from "./wiring/listings-and-auctions.ts";
import { wireLiveFeeds } from "./wiring/live-feeds.ts";
import { wireModeration } from "./wiring/moderation.ts";
import { wireNoticesAndConversations } from "./wiring/notices-and-conversations.ts";
import { wirePayments } from "./wiring/payments.ts";
import { wireShop } from "./wiring/shop.ts";
import { wireWatchdogs } from "./wiring/watchdogs.ts";

/** The back office's catalogue: categories, brands, packages (catalog) and any listing. */
function backOfficeCatalog(db: Db) {
  return {
    ...createCatalogAdmin(db, catalogProducts),
    ...createListingAdminReads(db),
    ...createListingAdmin(db),
  };
}

/**
 * The composition root: every module's service, built once per process from the database and
 * the adapters. Routes and loaders reach business rules only through this object.
 *
 * The job runner is created here (so that modules can register their queues) but started by the
 * process entry, after migrations; tests pass their own runner and mail transport. Each area is
 * wired in `server/wiring/`, in the order the areas need each other (and register their queues):
 * notices and conversations, listings and auctions, payments, watchdogs, live feeds, accounts.
 * One settings service serves every module that reads the settings; it keeps them in memory until
 * they change (server/db/notify-cache.ts), like the currencies, the category tree and banners.
 */
/** What the process entry or a test builds the services from. */
type ServiceOptions = {
  database: Database;
  config: Config;
  logger: Logger;
  jobs?: JobRunner;
  mailTransport?: MailTransport;
  smsSender?: SmsSender;
  /** The payment provider's marketplace port; by default the configured one (null: deals off). */
  marketplace?: MarketplacePayments | null;
  /** Where the deals read a listing's delivery options; by default the listings' own deal terms. */
  dealTerms?: DealTermsSource;
  /** The age check's providers; by default the configured ones (server/wiring/age-check.ts). */
  ageProofProviders?: AgeProofProvider[];
  /** Where files are kept (ADR 0094); by default the configured storage (DATA_DIR or a bucket). */
  storage?: ObjectStorage;
};

export function createServices(options: ServiceOptions) {
  const { database, logger, dealTerms } = options;
  const jobs = options.jobs ?? createJobRunner({ database, logger });
  const base = wireAdapters({ ...options, jobs });
  const { db, mail, sms } = base;
  // One settings service for every module, in memory until it changes (server/db/notify-cache.ts).
  const settings = createSettingsService(db, base.shellData);
  const { catalog, termsIndex } = catalogOf(base);
  const notices = wireNoticesAndConversations(base);
  const { notifier, messages, wishlist } = notices;
  const age = wireAgeCheck(base, { settings, providers: options.ageProofProviders });
  const dealServices = wireDeals(base, { settings, notifier, terms: dealTerms });
  // Attributes, bottlings, the archive of results and the price index (issue 37).
  const collector = wireCollectorData(base, { notifier, catalog });
  const listingAreas = wireListingsAndAuctions(base, {
    settings,
    catalog,
    notifier,
    messages,
    onAuctionSold: collector.withResults(dealServices.deals.onAuctionSold),
    biddingSuspended: dealServices.unpaidWins.biddingSuspended,
    ageVerified: age.ageVerified,
    ageVerifications: age.ageCheck.verificationsOf,
    dealHolds: dealServices.deals.holdsListing,
    winnerDeal: dealServices.deals.ownDealOf,
    listingAttributes: collector.listingAttributes,
  });
  const { productPages, listingQuota, bidding, listings, uploads } = listingAreas;
  const paymentAreas = wirePayments(base, { settings, notifier, listings });
  const { orders, payments } = paymentAreas;
  const watchdogs = wireWatchdogs(base, { notifier, catalog });
  const moderationServices = wireModeration(base, { notifier, scheduler: bidding });
  const liveFeeds = wireLiveFeeds(base, { bidding, messages });
  const accountServices = wireAccounts(base);
  const { shop } = wireShop(base, { settings, orders, payments, ...accountServices, ageCheck: age.shopGate });
  const accountPages = wireAccountPages(base, {
    ...accountServices,
    catalog,
    messages,
    wishlist,
    productPages,
    listingQuota,
    uploads,
  });
  return {
    db,
    jobs,
    mail,
    sms,
    logger,
    health: databaseHealth(db),
    termsIndex, // The live listing terms in memory (ADR 0129); undefined with TERMS_MEMORY=off.
    ...filesOf(base),
    settings,
    ...wireContent(base),
    ...notices, // The notifier, reviews, messages, wishlists and web push.
    // The catalogue's reads, its search box suggesting bottlings too (wiring/collector-data.ts).
    catalog: collector.catalog,
    catalogAdmin: backOfficeCatalog(db),
    // The product page, auctions, listings, traders, trust badges (server/wiring/listings-and-auctions.ts).
    ...listingAreas,
    // Orders, payments and the test card gateway's own side, null where it is off.
    ...paymentAreas,
    // Deals, disputes, deal terms, back office (wiring/deals.ts); paid behind the age check (age-check.ts).
    ...withAgeGates(dealServices, age),
    /** The operator's shop: cart, checkout, placing orders (server/modules/shop). */
    shop,
    watchdogs,
    // The archive of results and the price index (`saleResults`), the bottlings (`bottlings`).
    ...collector.services,
    /** Reports, decisions, complaints (`moderation`); the shill-bidding signals (`shillSignals`, ADR 0087). */
    ...moderationServices,
    /** The back office's dashboard: the queues and the week's figures by the caller's scopes. */
    dashboard: wireDashboard(base, { moderation: moderationServices.moderation, ...dealServices }),
    ...liveFeeds,
    ...accountServices,
    ...accountPages,
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * The catalogue's reads, and the live listing terms in memory they use (ADR 0129) unless
 * TERMS_MEMORY=off; main.ts starts the index (and a test that wants it).
 */
function catalogOf(base: Base) {
  const { db, database, listener, logger } = base;
  const termsIndex = base.config.termsMemory ? createTermsIndex({ db, listener, logger }) : undefined;
  const catalog = createCatalogService(db, base.shellData, refreshSearchText, database.readDb, termsIndex);
  return { catalog, termsIndex };
}
