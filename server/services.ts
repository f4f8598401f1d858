import path from "node:path";
import { sql } from "drizzle-orm";
import { createDurableMailer, createMailTransport, type MailTransport } from "./adapters/mail.ts";
import { createSmsSender, type SmsSender, smsOutboxDir } from "./adapters/sms.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { createNotificationListener } from "./db/listen.ts";
import { createJobRunner, type JobRunner } from "./jobs/runner.ts";
import { createStreamSlots } from "./lib/stream-slots.ts";
import type { Logger } from "./logger.ts";
import { createAuditService, recordAudit } from "./modules/admin/index.ts";
import {
  createAuthPersonalData,
  createAuthService,
  createLoginThrottle,
  createSessionsService,
} from "./modules/auth/index.ts";
import {
  createAccountBids,
  createAuctionStreams,
  createBiddingPersonalData,
  createBiddingService,
  registerBiddingJobs,
  scheduleBiddingSweep,
} from "./modules/bidding/index.ts";
import { createBlogService, createCmsService } from "./modules/cms/index.ts";
import {
  categoryChains,
  categorySummaries,
  createAccountListingReads,
  createCatalogService,
  createListingImageStore,
  createListingsPersonalData,
  createListingsService,
  createProductDetailService,
  lockListing,
  productSummaries,
  productsInStock,
  promote,
  registerListingJobs,
  runningAuctionsOf,
  soldDealsOf,
  submittedListingCount,
  suppliesLiveBetween,
} from "./modules/listings/index.ts";
import { createCountryCheck, createListsService } from "./modules/lists/index.ts";
import { createImageVariants, createUploadLimiter } from "./modules/media/index.ts";
import {
  createMessagesPersonalData,
  createMessagesService,
  createNotifier,
  createUserStreams,
  registerMessageJobs,
} from "./modules/messages/index.ts";
import {
  createNewsletterPersonalData,
  createNewsletterService,
  followEmailChange,
} from "./modules/newsletter/index.ts";
import {
  createPaymentsPersonalData,
  createPaymentsService,
  createTestGateway,
} from "./modules/payments/index.ts";
import {
  createProfileReviews,
  createReviewsPersonalData,
  createReviewsService,
} from "./modules/reviews/index.ts";
import { createSettingsService } from "./modules/settings/index.ts";
import {
  createAccountDataService,
  createAccountOverviewService,
  createAccountServices,
  createListingQuotaService,
  createProfileService,
  createSignInAccounts,
  createVerificationService,
  invoiceDetailsOf,
  publicNamesOf,
  recipientsOf,
  saveNotificationSwitches,
  switchOffNotification,
} from "./modules/users/index.ts";
import {
  createWatchdogPersonalData,
  createWatchdogService,
  registerWatchdogJobs,
} from "./modules/watchdog/index.ts";
import { createWishlistPersonalData, createWishlistService } from "./modules/wishlist/index.ts";

/**
 * The composition root: every module's service, built once per process from the database and
 * the adapters. Routes and loaders reach business rules only through this object.
 *
 * The job runner is created here (so that modules can register their queues) but started by the
 * process entry, after migrations; tests pass their own runner and mail transport.
 */
export function createServices({
  database,
  config,
  logger,
  jobs = createJobRunner({ database, logger }),
  mailTransport,
  smsSender,
}: {
  database: Database;
  config: Config;
  logger: Logger;
  jobs?: JobRunner;
  mailTransport?: MailTransport;
  smsSender?: SmsSender;
}) {
  const db = database.db;
  const mail = createDurableMailer({
    jobs,
    logger,
    transport:
      mailTransport ??
      createMailTransport({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, "outbox"),
      }),
  });
  const sms =
    smsSender ??
    createSmsSender({ gateway: config.smsGateway, outboxDir: smsOutboxDir(config.dataDir), logger });
  // Account security and the overview (server/modules/users, server/modules/auth/sessions.ts).
  const catalog = createCatalogService(db);
  // Notices (system messages and their mails), reviews and conversations (server/modules/messages,
  // reviews): the notifier comes first, since bidding, listings, reviews and watchdogs tell users.
  // They read the users' and the listings' rows through these functions of the owners.
  const users = { recipientsOf, publicNamesOf, saveNotificationSwitches, switchOffNotification };
  const notifier = createNotifier({ db, mail, config, users, products: { productSummaries } });
  const reviews = createReviewsService({
    db,
    notifier,
    reads: { soldDealsOf, productSummaries, publicNamesOf },
  });
  const messages = createMessagesService({
    db,
    jobs,
    notifier,
    config,
    users,
    products: { productSummaries },
    reviewedDeals: reviews.reviewedDeals,
    logger,
  });
  registerMessageJobs(jobs, messages);
  const wishlist = createWishlistService({ db, reads: { productSummaries, categoryChains } });
  const productPages = createProductDetailService(db, createSettingsService(db));
  const listingQuota = createListingQuotaService(db, { submittedListings: submittedListingCount });
  // Auctions: bids under a row lock, their jobs (close, sweep, activation, outbid notices) and the
  // live stream (server/modules/bidding).
  const bidding = createBiddingService({
    db,
    jobs,
    mail,
    config,
    settings: createSettingsService(db),
    notifier,
    logger,
  });
  registerBiddingJobs(jobs, bidding, logger);
  void scheduleBiddingSweep(jobs).catch((err) =>
    logger.error({ err }, "could not schedule the auction sweep"),
  );
  // User listings: add, edit, cancel, relist; the bidding module schedules their jobs (server/modules/listings).
  const listingImages = createListingImageStore(path.join(config.dataDir, "uploads"));
  // Image uploads per user (listing photos and avatars together): media/uploads.ts.
  const uploads = createUploadLimiter();
  const listings = createListingsService({
    db,
    uploads,
    settings: createSettingsService(db),
    quota: listingQuota,
    scheduler: bidding,
    catalog,
    conversations: messages,
    notifier,
    images: listingImages,
    variants: createImageVariants({
      uploadsDir: path.join(config.dataDir, "uploads"),
      cacheDir: path.join(config.dataDir, "cache", "images"),
      logger,
    }),
    logger,
  });
  void registerListingJobs(jobs, listingImages, listings, logger).catch((err) =>
    logger.error({ err }, "could not schedule the nightly listing sweep"),
  );
  // Fees and promotions paid by bank transfer (QR payment) or a card gateway (server/modules/payments).
  const payments = createPaymentsService({
    db,
    settings: createSettingsService(db),
    notifier,
    listings: {
      listing: listings.listing,
      releaseAfterPayment: listings.releaseAfterPayment,
      lockListing,
      promote,
    },
    invoiceDetailsOf,
    recordAudit,
    bankAccountIban: config.bankAccountIban,
    logger,
  });
  const testGateway = config.testGateway
    ? createTestGateway({
        db,
        secret: config.testGateway.secret,
        notify: (rawBody, signature) => payments.handleNotification("test", rawBody, signature),
      })
    : null;
  payments.connectGateway(testGateway);
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
  // Live feeds (auction pages, the user's inbox) share one LISTEN connection (server/db/listen.ts).
  const listener = createNotificationListener({ database, logger });
  const auctionStreams = createAuctionStreams({ database, bidding, logger, listener });
  const userStreams = createUserStreams({ listener, counter: messages.counter, logger });
  // One per process, shared by the API, the web login and the account pages' password checks
  // (the web app is a separate bundle: a module-level instance would not be shared with it).
  const loginThrottle = createLoginThrottle(undefined, config.altchaHmacKey);
  // Accounts (server/modules/users, auth): the users module owns the accounts, auth the sessions;
  // each gets the other's functions, and the other modules' reads, from here.
  const sessions = createSessionsService(db);
  const audit = createAuditService(db);
  const newsletter = createNewsletterService(db, mail, config, { categorySummaries });
  const listingReads = createAccountListingReads(db);
  const accounts = createAccountServices({
    db,
    mail,
    config,
    logger,
    newsletter,
    followEmailChange,
    endSessions: sessions.endAll,
  });
  // What each module keeps about a user, for the data export and the account's deletion (in the
  // deletion's order: the listings first, the sessions last).
  const personalData = [
    createListingsPersonalData(db),
    createWishlistPersonalData(db, { productNames: listingReads.productNames }),
    createWatchdogPersonalData(db),
    createNewsletterPersonalData(db),
    createMessagesPersonalData(db),
    createBiddingPersonalData(db, { productNames: listingReads.productNames }),
    createReviewsPersonalData(db),
    createPaymentsPersonalData(db),
    createAuthPersonalData(db),
  ];
  return {
    db,
    jobs,
    mail,
    bidding,
    listings,
    payments,
    /** The test card gateway's own side (its payment page); null where it is off. */
    testGateway,
    auctionStreams,
    userStreams,
    /** Caps on open live streams per address and per user, across both feeds (stream-slots.ts). */
    streamSlots: createStreamSlots(),
    /** Ends every live stream (shutdown: the server would otherwise wait for them). */
    async stopLiveStreams() {
      await Promise.all([auctionStreams.stop(), userStreams.stop()]);
    },
    notifier,
    reviews,
    watchdogs,
    sms,
    logger,
    health: {
      async database(): Promise<boolean> {
        try {
          await db.execute(sql`select 1`);
          return true;
        } catch {
          return false;
        }
      },
    },
    auth: createAuthService(db, createSignInAccounts(db)),
    audit,
    lists: createListsService(db),
    catalog,
    settings: createSettingsService(db),
    cms: createCmsService(db),
    productPages,
    blog: createBlogService(db),
    profiles: createProfileService(db, {
      ...createProfileReviews(db),
      sellerFigures: listingReads.sellerFigures,
      productSummaries: listingReads.productSummaries,
    }),
    messages,
    wishlist,
    newsletter,
    accounts,
    sessions,
    verification: createVerificationService({ db, sms, logger }),
    listingQuota,
    accountOverview: createAccountOverviewService({
      advertisementStatistics: (userId) => catalog.advertisementStatistics(userId),
      notificationCounts: (userId) => messages.counter(userId),
      lastBidsOf: createAccountBids(db).lastBidsOf,
      productSummaries: listingReads.productSummaries,
      watchedProducts: async (userId, locale) =>
        (await wishlist.getForUser(userId, locale))?.items.map((item) => item.product) ?? [],
      productStates: (ids) => productPages.productStates(ids),
      quota: listingQuota,
      emailConfirmation: accounts.emailConfirmation,
    }),
    loginThrottle,
    accountData: createAccountDataService({
      db,
      mail,
      config,
      loginThrottle,
      emailConfirmation: accounts.emailConfirmation,
      endSessions: sessions.endAll,
      isKnownCountry: createCountryCheck(db),
      runningAuctionsOf,
      personalData,
      recordAudit,
      uploads,
      logger,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
